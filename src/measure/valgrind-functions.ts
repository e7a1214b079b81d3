/**
 * Per-function and per-line costs from cachegrind's and callgrind's out files (the `fl=` / `fn=`
 * sections the totals parser, cachegrind.ts, skips), and callgrind's call graph (`cfn=` / `calls=`):
 * where the counted instructions (and with the cache simulation, misses) went. Pure.
 *
 * Format (valgrind's docs/cl-format.html, cachegrind's the subset without calls and compression):
 * - `fl=` / `fi=` / `fe=` name the source file of the cost lines after them (`fi`/`fe`: an inlined
 *   function's file), `fn=` the function they are in, `ob=` its object (program or library);
 * - callgrind compresses names: `fn=(12) name` defines id 12, a later `fn=(12)` refers to it (one id
 *   space for files, one for functions, one for objects);
 * - a cost line is a position and the costs of the events in `events:` order (missing ones are 0);
 *   callgrind's positions may be relative (`+3`, `-2`) or the same as the previous (`*`);
 * - `cob=` / `cfi=` / `cfn=` name the function the next `calls=<count> <position>` line calls, and the
 *   cost line after `calls=` is that call's inclusive cost (at the caller's line), not the caller's own.
 * Callgrind marks recursion depths as `name'2`: counted as `name`. Cachegrind repeats a function's
 * `fn=` under every file its inlined code came from: there a function is one by object and name, and
 * its file is the one most of its own instructions are in.
 *
 * Everything in a file may have been written by the pull request's code: names and paths are text to
 * be escaped where shown, never trusted; their length is capped; anything not in the format is a
 * ParseError (keeping the text), never a silently smaller count. The own costs must add up to
 * callgrind's `totals:` line, the sum of what it wrote, or without one (cachegrind) to the summary (but
 * for the few more callgrind's cache simulation puts in it): a file cut short does not. Callgrind's
 * `summary:` is its running count, which a forked process inherits: in a whole-process count of a
 * PostgreSQL backend (forked, zeroed at its start) it was thousands of instructions off the costs written.
 */
import path from "node:path";
import { ParseError } from "../common/errors.js";

/**
 * How many instructions more than its cost lines callgrind's summary may count with the cache
 * simulation on: a real PostgreSQL backend's file, toggled on in PostgresMain, summed 2 under its
 * summary of 13,030,766 with --cache-sim=yes and exactly to it without (the cost lines summed by hand
 * alike). Without the simulation the sum must be exact.
 */
const CACHE_SIM_SUMMARY_EXTRA = 8;

/** Instructions, first-level and last-level misses (zero without the cache simulation). */
export type Cost = [ir: number, l1: number, ll: number];

/** A function's identity across files and sides: the object's base name, the source file, the name. */
export interface FunctionId {
  /** the program or library, base name only (the build's prefix differs between sides) */
  object: string;
  /** as the debug info names it; "???" without debug info */
  file: string;
  name: string;
}

export interface FunctionCost extends FunctionId {
  /** executed in the function itself */
  self: Cost;
  /** own cost by source line: `file\tline` (an inlined function's lines are in its own file) */
  lines: Record<string, Cost>;
  /** callgrind: the inclusive cost of the calls it received, by caller key and the caller's line: `callerKey\u0001line` */
  callers: Record<string, Cost>;
  /** callgrind: the inclusive cost of the calls it made */
  callees: Cost;
}

export interface FunctionProfile {
  /** whether the file had a call graph (callgrind) */
  callGraph: boolean;
  /** the sum of every function's own cost: the file's summary */
  total: Cost;
  /** by functionKey */
  functions: Record<string, FunctionCost>;
}

/** What a name or path from a file may be at most (a C++ name of nested templates runs to kilobytes). */
export const MAX_NAME_CHARS = 1000;
/** Functions per profile at most: a server's busiest run touches some thousands. */
export const MAX_FUNCTIONS = 100_000;

export const functionKey = (id: FunctionId): string => `${id.object}\u0000${id.file}\u0000${id.name}`;

export function functionIdOf(key: string): FunctionId {
  const [object = "", file = "", name = ""] = key.split("\u0000");
  return { object, file, name };
}

export const lineKey = (file: string, line: number): string => `${file}\t${line}`;

export function lineOf(key: string): { file: string; line: number } {
  const tab = key.lastIndexOf("\t");
  return { file: key.slice(0, tab), line: Number(key.slice(tab + 1)) };
}

export const callerKey = (caller: string, line: number): string => `${caller}\u0001${line}`;

export function callerOf(key: string): { caller: string; line: number } {
  const at = key.lastIndexOf("\u0001");
  return { caller: key.slice(0, at), line: Number(key.slice(at + 1)) };
}

export const zeroCost = (): Cost => [0, 0, 0];

export function addInto(into: Cost, cost: Readonly<Cost>, factor = 1): void {
  into[0] += factor * cost[0];
  into[1] += factor * cost[1];
  into[2] += factor * cost[2];
}

const L1_MISS_EVENTS = ["I1mr", "D1mr", "D1mw"];
const LL_MISS_EVENTS = ["ILmr", "DLmr", "DLmw"];

/** Header lines (`key: value`) of both formats; anything else before the body is not ours. */
const HEADER_KEYS = new Set(["version", "creator", "pid", "cmd", "part", "thread", "desc", "positions", "events", "event", "summary", "totals"]);
/** Jump lines (--collect-jumps): positions of jumps, no cost of their own to a function. */
const JUMP_KEYS = new Set(["jump", "jcnd", "jfi", "jfn"]);

/** Names from a file: control characters out, capped (they end up in comments and logs). */
function cleanName(raw: string): string {
  // eslint-disable-next-line no-control-regex -- a name with control characters is someone's trick
  const text = raw.replace(/[\u0000-\u001f\u007f]/g, "");
  return text.length > MAX_NAME_CHARS ? `${text.slice(0, MAX_NAME_CHARS)}…` : text;
}

/** `name'2` (callgrind's recursion depth) is `name`. */
const withoutRecursionDepth = (name: string): string => name.replace(/'\d+$/, "");

/**
 * The per-function costs of one out file (`file` names it in errors). `cacheSim`: the events include
 * the miss counts, which become the misses of every cost.
 */
export function parseFunctionCosts(raw: string, file: string, { cacheSim = false }: { cacheSim?: boolean } = {}): FunctionProfile {
  const fail = (message: string): never => {
    throw new ParseError(`${file}: ${message}`, raw);
  };
  const lines = raw.split(/\r?\n/);
  let events: string[] | null = null;
  /** whether the events include the cache simulation's misses, whose summary may count a few instructions more */
  let simulated = false;
  let summary: string | null = null;
  let totalsLine: string | null = null;
  let positions = 1;
  const functions = new Map<string, FunctionCost>();
  const names = { file: new Map<string, string>(), fn: new Map<string, string>(), ob: new Map<string, string>() };
  /** `(12) name` defines, `(12)` refers, `name` is itself (cachegrind, or callgrind without compression) */
  const resolve = (space: keyof typeof names, value: string, lineNo: number): string => {
    const match = /^\((\d+)\)(?: (.*))?$/.exec(value);
    if (!match) return cleanName(value);
    const [, id, name] = match as unknown as [string, string, string | undefined];
    if (name !== undefined) {
      const clean = cleanName(name);
      names[space].set(id, clean);
      return clean;
    }
    return names[space].get(id) ?? fail(`line ${lineNo}: ${space} id (${id}) used before it was named`);
  };
  let object = "";
  let fileName = "???";
  let sourceFile = "???";
  let current: FunctionCost | null = null;
  let call: { object?: string; file?: string; name?: string } = {};
  let pendingCall: string | null = null;
  let callGraph = false;
  let callgrind = false;
  let eventIndex = { ir: -1, l1: [] as number[], ll: [] as number[] };
  const lastPosition: number[] = [];
  const total = zeroCost();

  const functionAt = (id: FunctionId): FunctionCost => {
    const key = functionKey(id);
    let fn = functions.get(key);
    if (!fn) {
      if (functions.size >= MAX_FUNCTIONS) fail(`more than ${MAX_FUNCTIONS} functions`);
      fn = { ...id, self: zeroCost(), lines: {}, callers: {}, callees: zeroCost() };
      functions.set(key, fn);
    }
    return fn;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const lineNo = i + 1;
    if (line === "" || line.startsWith("#")) continue;
    const first = line.charCodeAt(0);
    const isCost = (first >= 48 && first <= 57) || line[0] === "+" || line[0] === "-" || line[0] === "*";
    if (isCost) {
      if (!events) fail(`line ${lineNo}: a cost line before the "events:" line`);
      if (!current) fail(`line ${lineNo}: a cost line outside any "fn=" section`);
      const fields = line.trim().split(/\s+/);
      if (fields.length < positions) fail(`line ${lineNo}: a cost line without its position`);
      let sourceLine = 0;
      for (let p = 0; p < positions; p++) {
        const field = fields[p]!;
        const previous = lastPosition[p] ?? 0;
        const value = field === "*" ? previous : field[0] === "+" ? previous + Number(field.slice(1)) : field[0] === "-" ? previous - Number(field.slice(1)) : Number(field.startsWith("0x") ? field : field);
        if (!Number.isSafeInteger(value) || value < 0) fail(`line ${lineNo}: position "${field}" is not one`);
        lastPosition[p] = value;
        if (p === positions - 1) sourceLine = value;
      }
      const counts = fields.slice(positions);
      if (counts.length > events!.length) fail(`line ${lineNo}: ${counts.length} costs for ${events!.length} events`);
      const valueOf = (index: number): number => {
        const text = counts[index];
        if (text === undefined) return 0;
        const value = Number(text);
        if (!/^\d+$/.test(text) || !Number.isSafeInteger(value)) fail(`line ${lineNo}: cost "${text}" is not a count`);
        return value;
      };
      const cost: Cost = [valueOf(eventIndex.ir), eventIndex.l1.reduce((a, e) => a + valueOf(e), 0), eventIndex.ll.reduce((a, e) => a + valueOf(e), 0)];
      const fn = current!;
      if (pendingCall !== null) {
        // the inclusive cost of the call just announced, at the caller's line
        const callee = functions.get(pendingCall)!;
        const key = callerKey(functionKey(fn), sourceLine);
        addInto((callee.callers[key] ??= zeroCost()), cost);
        addInto(fn.callees, cost);
        pendingCall = null;
      } else {
        addInto(fn.self, cost);
        addInto((fn.lines[lineKey(sourceFile, sourceLine)] ??= zeroCost()), cost);
        addInto(total, cost);
      }
      continue;
    }
    if (pendingCall !== null) fail(`line ${lineNo}: "calls=" is not followed by its cost line`);
    const spec = /^([a-z]+)=(.*)$/.exec(line);
    if (spec) {
      const [, key, value] = spec as unknown as [string, string, string];
      switch (key) {
        case "ob":
          object = path.basename(resolve("ob", value, lineNo));
          break;
        case "fl":
          fileName = resolve("file", value, lineNo);
          sourceFile = fileName;
          break;
        case "fi":
        case "fe":
          sourceFile = resolve("file", value, lineNo);
          break;
        case "fn":
          current = functionAt({ object, file: callgrind ? fileName : "", name: withoutRecursionDepth(resolve("fn", value, lineNo)) });
          sourceFile = fileName;
          break;
        case "cob":
          call.object = path.basename(resolve("ob", value, lineNo));
          break;
        case "cfi":
        case "cfl":
          call.file = resolve("file", value, lineNo);
          break;
        case "cfn":
          call.name = withoutRecursionDepth(resolve("fn", value, lineNo));
          break;
        case "calls": {
          if (!current) fail(`line ${lineNo}: "calls=" outside any "fn=" section`);
          if (call.name === undefined) fail(`line ${lineNo}: "calls=" without the "cfn=" it calls`);
          if (!/^\d+ +\S+/.test(value)) fail(`line ${lineNo}: "calls=${value}" is not a count and a position`);
          pendingCall = functionKey(functionAt({ object: call.object ?? object, file: call.file ?? fileName, name: call.name! }));
          call = {};
          callGraph = true;
          break;
        }
        default:
          if (!JUMP_KEYS.has(key)) fail(`line ${lineNo}: unknown line "${cleanName(line).slice(0, 80)}"`);
      }
      continue;
    }
    const header = /^([a-z]+):(.*)$/.exec(line);
    if (header && HEADER_KEYS.has(header[1]!)) {
      const [, key, value] = header as unknown as [string, string, string];
      if (key === "creator") {
        callgrind = value.trim().startsWith("callgrind");
      } else if (key === "events") {
        if (events) fail('more than one "events:" line');
        events = value.trim().split(/\s+/);
        const index = (name: string) => events!.indexOf(name);
        eventIndex = { ir: index("Ir"), l1: L1_MISS_EVENTS.map(index), ll: LL_MISS_EVENTS.map(index) };
        if (eventIndex.ir < 0) fail(`no instruction counts (events: ${events.join(" ")})`);
        if (cacheSim && [...eventIndex.l1, ...eventIndex.ll].some((e) => e < 0)) fail(`no cache misses (events: ${events.join(" ")}): not counted with --cache-sim=yes?`);
        simulated = [...eventIndex.l1, ...eventIndex.ll].every((e) => e >= 0);
        if (!cacheSim) eventIndex = { ir: eventIndex.ir, l1: [], ll: [] };
      } else if (key === "positions") {
        positions = value.trim().split(/\s+/).length;
      } else if (key === "summary") {
        if (summary !== null) fail('more than one "summary:" line');
        summary = value.trim();
      } else if (key === "totals") {
        if (totalsLine !== null) fail('more than one "totals:" line');
        totalsLine = value.trim();
      }
      continue;
    }
    fail(`line ${lineNo}: unknown line "${cleanName(line).slice(0, 80)}"`);
  }
  if (pendingCall !== null) fail('the file ends after "calls=" without its cost line: cut short?');
  if (!events) fail('no "events:" line: not a cachegrind or callgrind out file');
  if (summary === null) fail('no "summary:" line: the process had not finished writing it');
  const irOf = (line: string) => Number(line.split(/\s+/)[eventIndex.ir] ?? "0");
  const summaryIr = irOf(summary!);
  if (functions.size === 0 && summaryIr > 0) fail(`no "fn=" sections for a summary of ${summaryIr} instructions`);
  if (totalsLine !== null) {
    if (irOf(totalsLine) !== total[0]) fail(`the functions' own instructions add up to ${total[0]}, the totals line says ${irOf(totalsLine)}: cut short?`);
  } else {
    const extra = summaryIr - total[0];
    if (extra !== 0 && !(simulated && extra > 0 && extra <= CACHE_SIM_SUMMARY_EXTRA)) fail(`the functions' own instructions add up to ${total[0]}, the summary says ${summaryIr}: cut short?`);
  }
  return { callGraph, total, functions: Object.fromEntries(callgrind ? functions : [...functions.values()].map((fn) => withMainFile(fn))) };
}

/** A cachegrind function's file: the one most of its own instructions are in. */
function withMainFile(fn: FunctionCost): [string, FunctionCost] {
  const byFile = new Map<string, number>();
  for (const [key, cost] of Object.entries(fn.lines)) {
    const { file } = lineOf(key);
    byFile.set(file, (byFile.get(file) ?? 0) + cost[0]);
  }
  const file = [...byFile].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? "???";
  const placed = { ...fn, file };
  return [functionKey(placed), placed];
}

/** parseFunctionCosts, or its one-line error: where the cost went is an aid, never a reason to lose a count. */
export function functionsOrError(raw: string, file: string, options: { cacheSim?: boolean } = {}): FunctionProfile | { error: string } {
  try {
    return parseFunctionCosts(raw, file, options);
  } catch (e) {
    return { error: (e as Error).message };
  }
}

/** Adds `profile` (times `factor`) into `into`: the processes of one run summed, or a run of N taken from one of 2N. */
export function addProfile(into: FunctionProfile, profile: FunctionProfile, factor = 1): void {
  into.callGraph ||= profile.callGraph;
  addInto(into.total, profile.total, factor);
  for (const [key, fn] of Object.entries(profile.functions)) {
    const target = (into.functions[key] ??= { object: fn.object, file: fn.file, name: fn.name, self: zeroCost(), lines: {}, callers: {}, callees: zeroCost() });
    addInto(target.self, fn.self, factor);
    addInto(target.callees, fn.callees, factor);
    for (const [line, cost] of Object.entries(fn.lines)) addInto((target.lines[line] ??= zeroCost()), cost, factor);
    for (const [caller, cost] of Object.entries(fn.callers)) addInto((target.callers[caller] ??= zeroCost()), cost, factor);
  }
}

export const emptyProfile = (): FunctionProfile => ({ callGraph: false, total: zeroCost(), functions: {} });

/** `WaitEventAdjustEpoll.isra.0` is `WaitEventAdjustEpoll`: the suffixes of gcc's copies of a function (its clones, its cold part). */
export const withoutCloneSuffix = (name: string): string => name.replace(/(?:\.(?:isra|constprop|part|cold|localalias|lto_priv)(?:\.\d+)?)+$/, "");

/**
 * glibc malloc's functions (2.36 to 2.41; names as callgrind gives them, gcc's clone suffixes taken off
 * by withoutOwnCosts): what a step counted without the allocator leaves out. Their own costs follow the
 * free lists and arenas that earlier work left (an earlier connection's thread, a copy's load), not only
 * the work counted: docs/verdict.md, "Counted without the allocator". C++'s operator new and delete
 * stay counted: they are thin wrappers around malloc and free, the same work every time.
 */
export const GLIBC_ALLOCATOR_FUNCTIONS: ReadonlySet<string> = new Set([
  ...["malloc", "free", "realloc", "calloc", "cfree", "memalign", "posix_memalign", "aligned_alloc", "valloc", "pvalloc", "malloc_usable_size"],
  ...["__libc_malloc", "__libc_free", "__libc_realloc", "__libc_calloc", "__libc_memalign", "__libc_valloc", "__libc_pvalloc", "_mid_memalign"],
  ...["_int_malloc", "_int_free", "_int_realloc", "_int_memalign", "_int_free_merge_chunk", "_int_free_create_chunk", "_int_free_maybe_consolidate"],
  ...["unlink_chunk", "malloc_consolidate", "sysmalloc", "sysmalloc_mmap", "sysmalloc_mmap_fallback", "systrim", "munmap_chunk", "mremap_chunk"],
  ...["heap_trim", "shrink_heap", "grow_heap", "new_heap", "alloc_new_heap", "alloc_perturb", "free_perturb", "ptmalloc_init", "malloc_init"],
  ...["arena_get2", "arena_get_retry", "get_free_list", "reused_arena", "_int_new_arena", "tcache_init", "tcache_thread_shutdown", "__malloc_arena_thread_freeres"],
]);

/**
 * `profile` without the functions `names` names (in whatever object or file, gcc's clones of them too), and the sum of their own
 * costs, which the profile's total no longer has: a count that leaves some functions' work out by
 * subtraction rather than by callgrind's toggles. Their callees' costs stay. The call graph goes: its
 * inclusive costs would still hold what was taken off, and where this is used (postgres-counting.ts on
 * arm64) callgrind's call tracking is what went wrong; own costs by function and line are what it has.
 */
export function withoutOwnCosts(profile: FunctionProfile, names: ReadonlySet<string>): { profile: FunctionProfile; removed: Cost } {
  const removed = zeroCost();
  const functions: Record<string, FunctionCost> = {};
  for (const [key, fn] of Object.entries(profile.functions)) {
    if (names.has(withoutCloneSuffix(fn.name))) addInto(removed, fn.self);
    else functions[key] = { ...fn, callers: {}, callees: zeroCost() };
  }
  const total: Cost = [...profile.total];
  addInto(total, removed, -1);
  return { profile: { callGraph: false, total, functions }, removed };
}

/**
 * The source tree's path of a file the debug info names (an absolute path under wherever the build
 * compiled it), or null when it is not a file of the tree: the longest trailing part of the path
 * that names one of `treeFiles` (the commit's files). Only a file the commit has can be linked.
 */
export function treePathOf(file: string, treeFiles: ReadonlySet<string>): string | null {
  const parts = path.posix.normalize(file).split("/");
  for (let i = 0; i < parts.length; i++) {
    const candidate = parts.slice(i).join("/");
    if (candidate !== "" && !candidate.startsWith("..") && treeFiles.has(candidate)) return candidate;
  }
  return null;
}

/**
 * `profile` with the source tree's files named relative to its root (treePathOf), so that two builds
 * compiled in different directories name them alike; other files (the C library's, "???") stay as
 * they are. Returns the tree's files the profile names.
 */
export function relativeToTree(profile: FunctionProfile, treeFiles: ReadonlySet<string>): { profile: FunctionProfile; inTree: string[] } {
  const memo = new Map<string, string>();
  const inTree = new Set<string>();
  const rename = (file: string): string => {
    let renamed = memo.get(file);
    if (renamed === undefined) {
      const relative = treePathOf(file, treeFiles);
      if (relative !== null) inTree.add(relative);
      renamed = relative ?? file;
      memo.set(file, renamed);
    }
    return renamed;
  };
  const renameKey = (key: string) => {
    const id = functionIdOf(key);
    return functionKey({ ...id, file: rename(id.file) });
  };
  const out = emptyProfile();
  out.callGraph = profile.callGraph;
  addInto(out.total, profile.total);
  for (const fn of Object.values(profile.functions)) {
    const lines: Record<string, Cost> = {};
    for (const [key, cost] of Object.entries(fn.lines)) {
      const { file, line } = lineOf(key);
      addInto((lines[lineKey(rename(file), line)] ??= zeroCost()), cost);
    }
    const callers: Record<string, Cost> = {};
    for (const [key, cost] of Object.entries(fn.callers)) {
      const { caller, line } = callerOf(key);
      addInto((callers[callerKey(renameKey(caller), line)] ??= zeroCost()), cost);
    }
    const file = rename(fn.file);
    addProfile(out, { callGraph: profile.callGraph, total: zeroCost(), functions: { [functionKey({ ...fn, file })]: { ...fn, file, lines, callers } } });
  }
  return { profile: out, inTree: [...inTree].sort() };
}

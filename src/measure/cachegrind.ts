/**
 * Cachegrind's output file (valgrind --tool=cachegrind --cachegrind-out-file=...), format of valgrind
 * 3.x: `desc:` lines, `cmd: <program and arguments>`, `events: Ir ...` naming the columns, per-line
 * counts under `fl=`/`fn=`, and last `summary: <one total per event>`. Cachegrind writes the file
 * when the process exits, so a file without its summary line is not finished (or was cut short).
 * Callgrind's dumps share the header (`cmd:`, `events:`, `summary:` before the counts) and end with
 * `totals:`: parseCachegrindOut reads both.
 *
 * With the cache simulation (--cache-sim=yes) the events are `Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw`:
 * first-level (I1, D1) and last-level (IL, DL) misses of instruction reads, data reads and data
 * writes. Callgrind leaves out the trailing zeros of a cost line (a process that counted nothing
 * writes `summary: 0`); valgrind's format description (cl-format.html, "If less numbers than event
 * types are given, the costs default to zero for the remaining event types") makes them zeros.
 */
import { ParseError } from "../common/errors.js";
import { describedCaches, type SimulatedCaches } from "./simulated-caches.js";

/** The cache simulation's misses. */
export interface CacheMisses {
  /** first-level misses: I1mr + D1mr + D1mw */
  l1: number;
  /** last-level misses: ILmr + DLmr + DLmw (each also counted as a first-level miss) */
  ll: number;
}

export interface CachegrindTotals {
  /** the `cmd:` line: the program and arguments the process ran */
  command: string;
  /** Ir: instructions executed by the process, all its threads */
  instructions: number;
  /** with `cacheSim`: the misses of the cache simulation */
  cacheMisses?: CacheMisses;
  /** with `cacheSim`: the caches simulated, as the `desc:` lines describe them */
  caches?: SimulatedCaches;
}

const L1_MISS_EVENTS = ["I1mr", "D1mr", "D1mw"];
const LL_MISS_EVENTS = ["ILmr", "DLmr", "DLmw"];

/** The summary line is the last thing cachegrind writes: without it the file is still being written. */
export function isCompleteCachegrindOut(text: string): boolean {
  return /^summary:/m.test(text);
}

/** `totals:` is the last thing callgrind writes in a dump: without it the dump is still being written. */
export function isCompleteCallgrindOut(text: string): boolean {
  return /^totals:/m.test(text);
}

/**
 * The totals of an out file or dump. With `cacheSim` (valgrind ran with --cache-sim=yes) its misses
 * and the caches simulated too: an events line without every miss event, or a file that does not
 * describe its caches, is a ParseError, never a count of zero misses.
 */
export function parseCachegrindOut(raw: string, { cacheSim = false }: { cacheSim?: boolean } = {}): CachegrindTotals {
  const text = raw.replace(/\r\n?/g, "\n");
  const eventsLines = [...text.matchAll(/^events:((?: +\S+)+) *$/gm)];
  if (eventsLines.length !== 1) throw new ParseError(`cachegrind output has ${eventsLines.length} "events:" lines, expected 1: not a cachegrind out file?`, raw);
  const events = eventsLines[0]![1]!.trim().split(/ +/);
  const ir = events.indexOf("Ir");
  if (ir < 0) throw new ParseError(`cachegrind output counts no instructions (events: ${events.join(" ")})`, raw);
  const summaries = [...text.matchAll(/^summary:((?: +\S+)+) *$/gm)];
  if (summaries.length !== 1) {
    throw new ParseError(summaries.length === 0 ? "cachegrind output has no summary line: the process has not finished writing it" : "cachegrind output has more than one summary line", raw);
  }
  const totals = summaries[0]![1]!.trim().split(/ +/);
  if (totals.length > events.length) throw new ParseError(`cachegrind summary has ${totals.length} totals for ${events.length} events`, raw);
  const total = (event: string): number => {
    const index = events.indexOf(event);
    if (index < 0) throw new ParseError(`cachegrind output has no ${event} count (events: ${events.join(" ")}): not counted with --cache-sim=yes?`, raw);
    const value = Number(totals[index] ?? "0");
    if (!Number.isSafeInteger(value) || value < 0) throw new ParseError(`cachegrind ${event} total is not a count: "${totals[index]}"`, raw);
    return value;
  };
  const instructions = Number(totals[ir]);
  if (!Number.isSafeInteger(instructions) || instructions <= 0) throw new ParseError(`cachegrind instruction total is not a positive count: "${totals[ir]}"`, raw);
  const command = /^cmd: (.*)$/m.exec(text)?.[1];
  if (command === undefined) throw new ParseError('cachegrind output has no "cmd:" line', raw);
  if (!cacheSim) return { command, instructions };
  const sum = (names: readonly string[]) => names.reduce((acc, name) => acc + total(name), 0);
  const caches = describedCaches(text);
  if (!caches) throw new ParseError('cachegrind output does not describe its I1, D1 and LL caches once each ("desc: I1 cache: ..." lines)', raw);
  return { command, instructions, cacheMisses: { l1: sum(L1_MISS_EVENTS), ll: sum(LL_MISS_EVENTS) }, caches };
}

/**
 * KCachegrind's "Cycle Estimation" (CEst, libcore/globalconfig.cpp of KDE/kcachegrind: Ir + 10 Bm +
 * 10 L1m + 20 Ge + 100 L2m + 100 LLm), with what callgrind counts here (no branch simulation, no
 * global bus events, no separate L2): Ir + 10 x first-level misses + 100 x last-level misses. A
 * last-level miss is also a first-level miss, so it weighs 110 instructions. Rather than iai's
 * (L1 hits + 5 x LL hits + 35 x RAM hits, data accesses counted as hits): KCachegrind shows CEst for
 * the same out file, and without misses it is the instruction count (docs/verdict.md).
 */
export const CYCLES_PER_L1_MISS = 10;
export const CYCLES_PER_LL_MISS = 100;

export function estimatedCycles(instructions: number, misses: CacheMisses): number {
  return instructions + CYCLES_PER_L1_MISS * misses.l1 + CYCLES_PER_LL_MISS * misses.ll;
}

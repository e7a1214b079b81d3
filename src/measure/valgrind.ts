/**
 * Running a server under valgrind's cachegrind to count instructions: the command line, whether
 * valgrind is there, whether it choked on the build's instructions, and the out files it leaves.
 */
import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { execa } from "execa";
import { childEnv } from "../trust/child-env.js";
import { BuildNotCountableError, CountingUnavailableError, PipelineError } from "../common/errors.js";
import { isCompleteCachegrindOut, isCompleteCallgrindOut, parseCachegrindOut, type CacheMisses } from "./cachegrind.js";
import { cacheSimArgs, cachesText, sameCaches, type SimulatedCaches } from "./simulated-caches.js";
import { onCpus } from "./cpu-affinity.js";
import type { OsUser } from "../trust/unprivileged.js";
import { readAsUser, sizeAsUser } from "../trust/user-files.js";
import { addProfile, emptyProfile, functionsOrError, withoutOwnCosts, type FunctionProfile } from "./valgrind-functions.js";

const OUT_PREFIX = "cg.";
/** What is read of one out file or dump: a complete count is far smaller. */
const MAX_COUNT_BYTES = 64 * 1024 * 1024;
/** What is read of valgrind's messages in one go. */
const MAX_LOG_BYTES = 4 * 1024 * 1024;

/**
 * The command that starts valgrind on `cpus` (taskset may widen the affinity a server was started
 * with, within the run's own CPUs), or plain valgrind where no CPUs are given.
 */
export function valgrindOn(cpus: readonly number[] | undefined): string[] {
  const { file, args } = onCpus({ file: "valgrind", args: [] }, cpus);
  return [file, ...args];
}

/** The caches valgrind simulates as well as counting instructions (src/measure/simulated-caches.ts); absent: no simulation. */
export interface CacheSim {
  cacheSim?: SimulatedCaches;
}

/**
 * valgrind's arguments to count the instructions of `program` and of every process it forks (a fork
 * runs the same program under the same valgrind), one out file per process, written when it exits.
 * No branch simulation, and no cache simulation unless `cacheSim`: instructions only, at about 6
 * times native run time. No vgdb: it would leave a FIFO per process in /tmp.
 */
export function cachegrindArgs(outDir: string, program: string, { cacheSim }: CacheSim = {}): string[] {
  return ["--tool=cachegrind", ...(cacheSim ? cacheSimArgs(cacheSim) : ["--cache-sim=no"]), "--branch-sim=no", "--vgdb=no", `--cachegrind-out-file=${path.join(outDir, `${OUT_PREFIX}%p`)}`, program];
}

/**
 * As cachegrindArgs, under callgrind: in every process, only the instructions executed while an odd
 * number of calls of the functions `toggles` names (and what they call) are running: collection starts
 * off, and each of them toggles it on entry and back on return, so one called inside another is not
 * counted (a main loop counted, the waits inside it not). One out file per process, written when it
 * exits. No cache simulation unless `cacheSim`: the caches are then simulated while collection is off
 * too (in test/fixtures/cachegrind/pointer-chase.callgrind the uncollected setup left lines in the
 * last-level cache that the collected walk hits), and misses are counted where instructions are.
 * No `toggles`: everything each process executes is collected, and a forked process starts with its
 * parent's costs; `zeroBefore` names a function a child calls first, where they are dropped.
 */
export function callgrindPerProcessArgs(outDir: string, program: string, toggles: readonly string[], { cacheSim, zeroBefore }: CacheSim & { zeroBefore?: string } = {}): string[] {
  return [
    "--tool=callgrind",
    ...(cacheSim ? cacheSimArgs(cacheSim) : []),
    // no toggles: the whole process, from its start
    toggles.length === 0 ? "--collect-atstart=yes" : "--collect-atstart=no",
    ...toggles.map((name) => `--toggle-collect=${name}`),
    ...(zeroBefore === undefined ? [] : [`--zero-before=${zeroBefore}`]),
    "--vgdb=no",
    `--callgrind-out-file=${path.join(outDir, `${OUT_PREFIX}%p`)}`,
    program,
  ];
}

/**
 * valgrind's options (the program and its arguments follow them) to count, in the program's process, only the instructions executed inside calls
 * of the functions `collectIn` matches (callgrind's --toggle-collect pattern, e.g. "dispatch_command*"),
 * whichever thread runs them; counts are written when `vgdbDump` asks (vgdb's FIFOs in `outDir`), as
 * `<outDir>/cg.<pid>.<dump number>`, each since the previous dump. No cache simulation unless
 * `cacheSim`, so the counts are instructions only.
 */
export function callgrindArgs(outDir: string, collectIn: string, { cacheSim }: CacheSim = {}): string[] {
  return [
    "--tool=callgrind",
    ...(cacheSim ? cacheSimArgs(cacheSim) : []),
    "--collect-atstart=no",
    `--toggle-collect=${collectIn}`,
    "--vgdb=yes",
    `--vgdb-prefix=${path.join(outDir, "vgdb")}`,
    `--callgrind-out-file=${path.join(outDir, `${OUT_PREFIX}%p`)}`,
    `--log-file=${valgrindLogFile(outDir)}`,
  ];
}

/** Where callgrindArgs has valgrind write its own messages. */
export const valgrindLogFile = (outDir: string): string => path.join(outDir, "valgrind.log");

/** Runs vgdb: as the process's user (vgdb finds the process by its user's name), with a timeout. */
export type VgdbRunner = (file: string, args: string[]) => Promise<{ failed: boolean; all?: string }>;

/**
 * Asks the callgrind of process `pid` (started with callgrindArgs(outDir, ...)) to write its counts
 * since the last dump, and returns the dump's text (parseCachegrindOut reads it) once it is complete,
 * its file removed. The dump is read as `user`, who writes `outDir`.
 */
export async function vgdbDump(outDir: string, pid: number, user: OsUser | null, run: VgdbRunner): Promise<string> {
  const before = new Set(await dumpFiles(outDir, pid));
  const vgdb = await run("vgdb", [`--vgdb-prefix=${path.join(outDir, "vgdb")}`, `--pid=${pid}`, "dump"]);
  const written = (await dumpFiles(outDir, pid)).filter((file) => !before.has(file));
  if (vgdb.failed || written.length !== 1) {
    throw new PipelineError(`vgdb could not get a callgrind dump of process ${pid} (${written.length} new dump files)`, vgdb.all ?? "");
  }
  const file = path.join(outDir, written[0]!);
  const text = ((await readAsUser(user, file, MAX_COUNT_BYTES)) ?? "").toString("utf8");
  await rm(file);
  if (!isCompleteCallgrindOut(text)) throw new PipelineError(`the callgrind dump of process ${pid} is incomplete`, tail(text, 10));
  return text;
}

/**
 * Switches the instrumentation of the callgrind of process `pid` (started with callgrindArgs(outDir,
 * ...)) off or on, and checks that it took (callgrind answers its monitor command's query with
 * "instrumentation: on" or "off"). Off, the process runs at about nulgrind's speed, nothing counted
 * and no cache simulated; each switch discards every translation, unwinds every thread's call stack
 * and empties the simulated caches, so what runs next starts from cold caches.
 */
export async function vgdbInstrumentation(outDir: string, pid: number, on: boolean, run: VgdbRunner): Promise<void> {
  const vgdb = (...command: string[]) => run("vgdb", [`--vgdb-prefix=${path.join(outDir, "vgdb")}`, `--pid=${pid}`, ...command]);
  const state = on ? "on" : "off";
  const switched = await vgdb("instrumentation", state);
  const asked = switched.failed ? switched : await vgdb("instrumentation");
  if (asked.failed || !new RegExp(`^instrumentation: ${state}$`, "m").test(asked.all ?? "")) {
    throw new PipelineError(`vgdb could not switch the instrumentation of process ${pid}'s callgrind ${state}`, tail(`${switched.all ?? ""}\n${switched === asked ? "" : (asked.all ?? "")}`, 20));
  }
}

/** Callgrind's dump files of process `pid` in `outDir`. */
async function dumpFiles(outDir: string, pid: number): Promise<string[]> {
  const prefix = `${OUT_PREFIX}${pid}.`;
  return (await readdir(outDir)).filter((name) => name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)));
}

/** A growing log file that `user` writes, read (as `user`) from an offset: what a process wrote to it since then. */
export function logReader(file: string, user: OsUser | null): { size(): Promise<number>; since(offset: number): Promise<string> } {
  return {
    size: () => sizeAsUser(user, file),
    since: async (offset) => ((await readAsUser(user, file, MAX_LOG_BYTES, offset)) ?? "").toString("utf8"),
  };
}

/**
 * Restarts a server under valgrind and prepares it for counted runs (e.g. warms its caches). When
 * either fails the server is restarted plain; a start that failed is BuildNotCountableError (with
 * valgrind's message where it cannot run the build, and the log's tail), a failed preparation its own error.
 */
export async function restartUnderValgrind(
  engine: string,
  server: { underValgrind(): Promise<void>; plain(): Promise<void>; prepare(): Promise<void> },
  log: ReturnType<typeof logReader>,
): Promise<void> {
  const startedAt = await log.size();
  try {
    await server.underValgrind();
  } catch (e) {
    const logged = await log.since(startedAt);
    await server.plain();
    const excerpt = e instanceof PipelineError && e.logExcerpt ? e.logExcerpt : tail(logged);
    throw new BuildNotCountableError(`${engine} does not run under valgrind: ${unsupportedInstruction(logged) ?? (e as Error).message}`, excerpt);
  }
  try {
    await server.prepare();
  } catch (e) {
    await server.plain();
    throw e;
  }
}

/**
 * A counted client run against a server under valgrind: its result, unless valgrind reported in `log`
 * an instruction it cannot run (BuildNotCountableError; it says so before the server dies of it, so
 * before the client notices) or the server (`isAlive`) did not survive the run.
 */
export async function runCounted<T>(engine: string, log: ReturnType<typeof logReader>, isAlive: () => boolean, run: () => Promise<T>): Promise<T> {
  const offset = await log.size();
  const result = await run();
  const logged = await log.since(offset);
  const unsupported = unsupportedInstruction(logged);
  if (unsupported) throw new BuildNotCountableError(`valgrind cannot run this build: ${unsupported}`, tail(logged));
  if (!isAlive()) throw new PipelineError(`${engine} exited during the counted run`);
  return result;
}

/** The last lines of a log, for an error's excerpt. */
export function tail(text: string, lines = 40): string {
  return text.trimEnd().split("\n").slice(-lines).join("\n");
}

/** valgrind's version; CountingUnavailableError when it is not installed. */
export async function valgrindVersion(): Promise<string> {
  const result = await execa("valgrind", ["--version"], { env: childEnv(process.env), extendEnv: false, reject: false, timeout: 30_000 });
  if (result.failed) throw new CountingUnavailableError("valgrind is not installed (Debian: apt-get install valgrind)");
  return result.stdout.trim();
}

/**
 * The line of a valgrind log that says it cannot run the program's code (an instruction set it does
 * not implement, such as AVX-512 from -march=native), or null.
 */
export function unsupportedInstruction(log: string): string | null {
  const line = (/^.*Unrecognised instruction at address.*$/m.exec(log) ?? /^.*unhandled instruction bytes.*$/m.exec(log))?.[0];
  return line?.replace(/^==\d+== /, "").trim() ?? null;
}

/** pids of the out files in `outDir`. */
export async function countedPids(outDir: string): Promise<number[]> {
  return (await readdir(outDir)).filter((name) => /^cg\.\d+$/.test(name)).map((name) => Number(name.slice(OUT_PREFIX.length)));
}

/** Removes the out files of `pids` (a later process may get the same pid and must not find an old count). */
export async function removeCounts(outDir: string, pids: readonly number[]): Promise<void> {
  await Promise.all(pids.map((pid) => rm(path.join(outDir, `${OUT_PREFIX}${pid}`), { force: true })));
}

/** What a counted run cost: its instructions, and with the cache simulation its misses and the caches its out files say were simulated. */
export interface Counts {
  instructions: number;
  cacheMisses?: CacheMisses;
  caches?: SimulatedCaches;
  /** where they went, by function (valgrind-functions.ts); an out file it could not read leaves its one-line error, the totals unaffected */
  functions?: FunctionProfile | { error: string };
  /** the seconds reading them by function took (a part of the counting pass's time, not of the count) */
  functionsSeconds?: number;
}

/** What readCounts leaves out of a count besides what valgrind was told not to collect. */
export interface Subtracted {
  /** functions whose own costs come off each process's count (withoutOwnCosts): the count needs every file read by function */
  lessOwnCostOf?: ReadonlySet<string>;
}

/**
 * The instructions (and with `cacheSim` the cache misses) of the processes `pids`, summed from their
 * out files (of `tool`, written by `user` and read as it) once each is complete (valgrind writes it
 * while the process exits), less the own costs of `lessOwnCostOf`; PipelineError after `timeoutMs`.
 */
export async function readCounts(
  outDir: string,
  pids: readonly number[],
  timeoutMs: number,
  tool: "cachegrind" | "callgrind",
  user: OsUser | null,
  { cacheSim, lessOwnCostOf }: CacheSim & Subtracted = {},
): Promise<Counts> {
  const isComplete = tool === "callgrind" ? isCompleteCallgrindOut : isCompleteCachegrindOut;
  const deadline = performance.now() + timeoutMs;
  const total: Required<Omit<Counts, "functions" | "functionsSeconds" | "caches">> = { instructions: 0, cacheMisses: { l1: 0, ll: 0 } };
  let functions: NonNullable<Counts["functions"]> = emptyProfile();
  let functionsSeconds = 0;
  for (const pid of pids) {
    const file = path.join(outDir, `${OUT_PREFIX}${pid}`);
    for (;;) {
      const text = ((await readAsUser(user, file, MAX_COUNT_BYTES)) ?? "").toString("utf8");
      // under callgrind's toggles a process that never entered a counted function has nothing counted
      if (isComplete(text)) {
        if (!(tool === "callgrind" && /^totals: 0$/m.test(text))) {
          const what = `the ${tool} count of process ${pid}`;
          let counted = countsOf(text, { cacheSim }, what);
          if (lessOwnCostOf || !("error" in functions)) {
            const started = performance.now();
            let parsed = functionsOrError(text, file, { cacheSim: cacheSim !== undefined });
            if (lessOwnCostOf) ({ counted, functions: parsed } = lessOwnCosts(counted, parsed, lessOwnCostOf, what));
            if ("error" in parsed) functions = parsed;
            else if (!("error" in functions)) addProfile(functions, parsed);
            functionsSeconds += (performance.now() - started) / 1000;
          }
          total.instructions += counted.instructions;
          if (counted.cacheMisses) {
            total.cacheMisses.l1 += counted.cacheMisses.l1;
            total.cacheMisses.ll += counted.cacheMisses.ll;
          }
        }
        break;
      }
      if (performance.now() > deadline) {
        const what = text ? "is incomplete" : "was not written";
        throw new PipelineError(`the ${tool} count of process ${pid} ${what} ${Math.round(timeoutMs / 1000)} s after the run`, tail(text, 10));
      }
      await sleep(100);
    }
  }
  return cacheSim ? { ...total, caches: cacheSim, functions, functionsSeconds } : { instructions: total.instructions, functions, functionsSeconds };
}

/**
 * `counted` (of `what`) less the own costs of the functions `names` in its by-function `parsed`, and
 * the profile without them. The count is the costs written (the totals line), not a summary: a forked
 * process's summary is its parent's running count.
 */
export function lessOwnCosts(counted: Counts, parsed: FunctionProfile | { error: string }, names: ReadonlySet<string>, what: string): { counted: Counts; functions: FunctionProfile } {
  // without its functions the count cannot be made: an error, not a count with their costs still in it
  if ("error" in parsed) throw new PipelineError(`${what} cannot be read by function to take the own costs of the functions left out off it: ${parsed.error}`);
  const less = withoutOwnCosts(parsed, names);
  const [instructions, l1, ll] = less.profile.total;
  return { counted: { ...counted, instructions, ...(counted.cacheMisses && { cacheMisses: { l1, ll } }) }, functions: less.profile };
}

/** functionsOrError, and the seconds it took: what keeping where the cost went adds to a count (logged per counted step). */
export function timedFunctions(text: string, what: string, options: { cacheSim?: boolean }): Required<Pick<Counts, "functions" | "functionsSeconds">> {
  const started = performance.now();
  const functions = functionsOrError(text, what, options);
  return { functions, functionsSeconds: (performance.now() - started) / 1000 };
}

/**
 * The counts of one out file or dump `text` (of `what`); with `cacheSim`, its misses too, which must be
 * of the caches asked for as its `desc:` lines describe them: misses of other caches (valgrind falls
 * back to the host's for a level it was not given) would be judged as the same count's.
 */
export function countsOf(text: string, { cacheSim }: CacheSim, what: string): Counts {
  const counted = parseCachegrindOut(text, { cacheSim: cacheSim !== undefined });
  if (!cacheSim || !counted.cacheMisses || !counted.caches) return { instructions: counted.instructions };
  if (!sameCaches(counted.caches, cacheSim)) {
    const described = text.split("\n").filter((line) => line.startsWith("desc: ")).join("\n");
    throw new PipelineError(`${what} simulated ${cachesText(counted.caches)}, not the ${cachesText(cacheSim)} asked for`, described);
  }
  return { instructions: counted.instructions, cacheMisses: counted.cacheMisses, caches: cacheSim };
}

/**
 * The counting pass of the deterministic channel, after the QPS rounds: every variant's server runs
 * under an instruction counter, and per step (variants interleaved, so a pass cut short leaves
 * pairs) a warm-up run where runs share a server, then `repeats` pairs of runs of N and 2N
 * operations per client:
 *
 *   instructions per op = (I(2N) - I(N)) / (ops(2N) - ops(N))
 *
 * and, counted with the cache simulation (a profile that judges estimated cycles), first-level and
 * last-level misses per op and estimated cycles per op (src/measure/cachegrind.ts) by the same difference.
 *
 * Connecting, the client's setup queries and the backend's start and exit cost the same in both runs
 * and cancel out. ops is what the driver's parser reports, the unit of the QPS channel.
 *
 * A step that writes changes what the next run reads (dead rows, split pages, a grown table): the work
 * per operation then drifts from run to run, and I(2N) - I(N) is not the same difference twice. Where
 * the counter can copy the data (a server's counter: the loaded database copied afresh), every counted
 * run of such a step starts from a fresh copy, all with the same operations (run number 0: one seed),
 * so the run of 2N repeats the run of N and goes on, and no warm-up is needed where a copy shares
 * nothing with the run before (PostgreSQL: a new database and backend); a threaded server keeps
 * state across databases (MariaDB), so a warm-up run on a copy comes first there. Elsewhere the runs
 * follow each other on the same data, numbered from 0, alike on every variant: a driver whose steps
 * write draws other rows in each (src/driver/sysbench.ts).
 *
 * Where nothing can be counted (valgrind missing, an engine without a counter: alike for every
 * variant) the samples are "unavailable" with the reason (n/a). A variant whose build cannot be counted
 * (it does not start or dies under valgrind, or valgrind cannot run it) gets an error sample with the
 * log on every step left, and is not run again; a run that fails gets an error sample with its log, and
 * the other steps go on. The I/O (servers, clients) comes in through hooks, as in interleave.ts.
 *
 * Counts do not depend on what else runs on the machine, so the variants of a step are counted
 * `concurrency` at a time (each on its own server: valgrind runs a process on one CPU at a time, and
 * two of them on two CPUs halve the pass); samples keep the variants' order. Steps whose counted runs
 * are the same (one `countedAs` and N) are counted once: the later ones get the first's counts.
 */
import type { BenchmarkStep } from "../driver/types.js";
import { BuildNotCountableError, CountingUnavailableError, ParseError, PipelineError } from "../common/errors.js";
import { estimatedCycles, type CacheMisses } from "../measure/cachegrind.js";
import { cachesText, sameCaches, type SimulatedCaches } from "../measure/simulated-caches.js";
import type { InstructionSample, OkInstructionSample, Variant } from "../results/schema.js";
import { addProfile, emptyProfile, type FunctionProfile } from "../measure/valgrind-functions.js";
import type { StepProfile } from "../compare/functions.js";

export interface CountingPlan {
  /** N: operations per client of the shorter run */
  opsPerClient: number;
  repeats: number;
  /** N by step id where the profile overrides it */
  opsPerClientByStep?: Record<string, number>;
  /** variants counted at the same time (default 1) */
  concurrency?: number;
}

/** A counted fixed-count run: the operations the client reported and the instructions (and cache misses, when simulated, with the caches simulated) of the work that served them. */
export interface CountedRun {
  ops: number;
  instructions: number;
  cacheMisses?: CacheMisses;
  caches?: SimulatedCaches;
  /** by function, where the counter has them (an out file it could not read: its error) */
  functions?: FunctionProfile | { error: string };
  /** the seconds reading them by function took */
  functionsSeconds?: number;
}

export interface Counter {
  readonly tool: OkInstructionSample["tool"];
  /** whose work is counted, e.g. "serving backends" */
  readonly counted: string;
  /** whether a run leaves state the next one reuses (a server's caches, catalogs, plans), so a warm-up run comes first */
  readonly warmUp: boolean;
  /** present where a counted run of a step that writes can start from a fresh copy of the data (InstructionCounter.freshCopy) */
  freshCopy?(): Promise<unknown>;
  /** whether a run on a fresh copy still leaves server state the next one reuses, so a warm-up run on a copy comes first (InstructionCounter.warmUpOnCopies) */
  readonly warmUpOnCopies?: boolean;
}

export interface CountingHooks {
  /** The variant's server under the counter; CountingUnavailableError when nothing can be counted here, BuildNotCountableError when its build cannot be. */
  start(variant: Variant): Promise<Counter>;
  /**
   * Counted run number `run` (from 0 per step and variant, on the same data) of `perClient` operations
   * per client (loading the step's data first if needed); with `freshCopy`, on a fresh copy of the data
   * made by the variant's counter.
   */
  run(step: BenchmarkStep, variant: Variant, perClient: number, run: number, freshCopy?: boolean): Promise<CountedRun>;
  /** The variant's server back to normal (not called once the run is cancelled). */
  stop(variant: Variant): Promise<void>;
  /** aborted when the run is cancelled: the pass ends with its reason, not with error samples for the runs left */
  signal: AbortSignal;
  log(line: string): void;
  /** seconds, monotonic */
  now(): number;
  /** A step's per-function costs of a variant, differenced as its totals (2N - N, summed over the repeats), or why there are none. */
  profiled?(step: BenchmarkStep, variant: Variant, profile: StepProfile | { error: string }): Promise<void>;
}

/** The runs' per-function costs summed as (long - short), over the repeats; the first out file that could not be read is the error. */
function addDifference(into: StepProfile | { error: string } | null, short: CountedRun, long: CountedRun): StepProfile | { error: string } | null {
  if (!short.functions || !long.functions || (into && "error" in into)) return into;
  if ("error" in short.functions) return short.functions;
  if ("error" in long.functions) return long.functions;
  const sum = into ?? { ops: 0, cacheSim: short.cacheMisses !== undefined, profile: emptyProfile() };
  sum.ops += long.ops - short.ops;
  addProfile(sum.profile, long.functions);
  addProfile(sum.profile, short.functions, -1);
  return sum;
}

/** What a sample's `counted` adds when its counts carry the cache simulation's misses. */
export const CACHES_SIMULATED = "caches simulated";
/** What a sample's `counted` adds when its counts leave glibc's allocator out (BenchmarkStep.withoutAllocator). */
export const WITHOUT_ALLOCATOR = "less the own costs of glibc's allocator (malloc, free and their internals)";
/** What a sample's `counted` adds when each of its runs started from a fresh copy of the data. */
export const ON_FRESH_COPIES = "each run on a fresh copy of the loaded data";

type DifferencedCount = Pick<OkInstructionSample, "ops" | "instructions" | "instructions_per_op" | "l1_misses_per_op" | "ll_misses_per_op" | "estimated_cycles_per_op" | "caches">;

/** Pure: the difference of the runs of N and 2N operations per client. */
export function differencedCount(short: CountedRun, long: CountedRun): DifferencedCount {
  const ops = long.ops - short.ops;
  const instructions = long.instructions - short.instructions;
  if (ops <= 0) throw new PipelineError(`the longer counted run did ${long.ops} operations, the shorter ${short.ops}: no difference to divide by`);
  if (instructions <= 0) {
    throw new PipelineError(`the longer counted run took ${long.instructions} instructions, the shorter ${short.instructions}: the count did not grow with the work`);
  }
  const counted = { ops, instructions, instructions_per_op: instructions / ops };
  if (!short.cacheMisses && !long.cacheMisses) return counted;
  if (!short.cacheMisses || !long.cacheMisses || !short.caches || !long.caches) throw new PipelineError("one of the counted runs of N and 2N has cache misses and the other not: not comparable");
  if (!sameCaches(short.caches, long.caches)) throw new PipelineError(`the counted runs of N and 2N simulated different caches: ${cachesText(short.caches)} and ${cachesText(long.caches)}`);
  // a difference: where a step misses next to nothing, it can come out a little below zero
  const misses = { l1: long.cacheMisses.l1 - short.cacheMisses.l1, ll: long.cacheMisses.ll - short.cacheMisses.ll };
  const cycles = estimatedCycles(instructions, misses);
  if (cycles <= 0) throw new PipelineError(`the estimated cycles of the longer counted run did not grow with the work (${cycles} more than the shorter's)`);
  return { ...counted, l1_misses_per_op: misses.l1 / ops, ll_misses_per_op: misses.ll / ops, estimated_cycles_per_op: cycles / ops, caches: long.caches };
}

/** Relative spread of values: (max - min) / median. */
export function relativeSpread(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
  return (sorted[sorted.length - 1]! - sorted[0]!) / median;
}

/** A sample's error from what was thrown: the message and the lines that explain it (a parse error's input, else the stack). */
export function failure(e: unknown): { message: string; log_excerpt: string } {
  if (e instanceof PipelineError) return { message: e.message, log_excerpt: e.logExcerpt };
  if (e instanceof ParseError) return { message: e.message, log_excerpt: e.excerpt() };
  const error = e as Error;
  return { message: error.message, log_excerpt: error.stack ?? "" };
}

/**
 * `work` for every item, `concurrency` at a time, results in the items' order. Every started piece of
 * work ends before this returns or throws (a counter is never stopped under a running count); the
 * first failure is rethrown.
 */
async function inGroups<T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += concurrency) {
    const settled = await Promise.allSettled(items.slice(i, i + concurrency).map(work));
    for (const outcome of settled) {
      if (outcome.status === "rejected") throw outcome.reason;
      results.push(outcome.value);
    }
  }
  return results;
}

/** Pure: a sample counted for `countedFor`, as `step`'s (ok samples say whose runs they are). */
function sharedSample(sample: InstructionSample, step: string, countedFor: string): InstructionSample {
  return sample.status === "ok" ? { ...sample, step, counted: `${sample.counted}; the runs counted for ${countedFor}` } : { ...sample, step };
}

export async function countInstructions(steps: readonly BenchmarkStep[], variants: readonly Variant[], plan: CountingPlan, hooks: CountingHooks): Promise<InstructionSample[]> {
  const samples: InstructionSample[] = [];
  const counters = new Map<string, Counter>();
  /** why a variant cannot be counted ("unavailable"), or why starting its counter failed ("error") */
  const excluded = new Map<string, { status: "unavailable"; reason: string } | { status: "error"; error: { message: string; log_excerpt: string } }>();
  const exclude = (variant: Variant, e: unknown) =>
    excluded.set(variant.id, e instanceof CountingUnavailableError ? { status: "unavailable", reason: e.message } : { status: "error", error: failure(e) });
  const concurrency = Math.max(1, plan.concurrency ?? 1);
  /** by `countedAs` and N: the step counted first and its samples */
  const countedOnce = new Map<string, { step: string; samples: InstructionSample[] }>();
  // the time reading and writing the per-function costs took, over every step and variant
  let functionsTotal = 0;
  const passStarted = hooks.now();

  /** One step of one variant: a warm-up where runs share a server, then the repeats; its samples. */
  const countVariant = async (step: BenchmarkStep, variant: Variant, perClient: number): Promise<InstructionSample[]> => {
    const counter = counters.get(variant.id);
    const reason = excluded.get(variant.id);
    if (reason || !counter) {
      return [reason?.status === "unavailable" ? { step: step.id, variant: variant.id, status: "unavailable", reason: reason.reason } : { step: step.id, variant: variant.id, repeat: 0, status: "error", error: reason?.error ?? { message: "not counted", log_excerpt: "" } }];
    }
    const counted: InstructionSample[] = [];
    const freshCopy = step.writes === true && counter.freshCopy !== undefined;
    const how = [counter.counted, ...(step.countedRun ? [step.countedRun] : []), ...(freshCopy ? [ON_FRESH_COPIES] : []), ...(step.withoutAllocator ? [WITHOUT_ALLOCATOR] : [])].join("; ");
    const started = hooks.now();
    const perOp: number[] = [];
    const cyclesPerOp: number[] = [];
    let repeat = 0;
    let run = 0;
    let profile: StepProfile | { error: string } | null = null;
    let functionsSeconds = 0;
    try {
      /** the next run: from a fresh copy, always run 0 (the same operations) */
      const next = (n: number) => (freshCopy ? hooks.run(step, variant, n, 0, true) : hooks.run(step, variant, n, run++));
      // Caches, catalogs and plans settle before the first pair (a fresh copy has none of the last
      // run's, unless the server keeps them), over all that the longer run reaches: a warm-up of N left
      // the first 2N run's second half cold in a server that lives on, and in MariaDB's simulated
      // last-level cache that first difference of each step missed 5-20 times as often as the next two
      // (estimated cycles spread 1.7-4.2% where instructions spread 0.2%: 5 A/A runs of mariadb-quick,
      // 2026-12-05).
      if (freshCopy ? counter.warmUpOnCopies === true : counter.warmUp) await next(2 * perClient);
      for (; repeat < plan.repeats; repeat++) {
        const short = await next(perClient);
        const long = await next(2 * perClient);
        const count = differencedCount(short, long);
        // per-function costs only where they are kept
        if (hooks.profiled) {
          const differencing = hooks.now();
          profile = addDifference(profile, short, long);
          functionsSeconds += (short.functionsSeconds ?? 0) + (long.functionsSeconds ?? 0) + hooks.now() - differencing;
        }
        perOp.push(count.instructions_per_op);
        if (count.estimated_cycles_per_op !== undefined) cyclesPerOp.push(count.estimated_cycles_per_op);
        // counts with and without the cache simulation are not judged against each other
        const whose = count.estimated_cycles_per_op === undefined ? how : `${how}; ${CACHES_SIMULATED}`;
        counted.push({ step: step.id, variant: variant.id, repeat, status: "ok", tool: counter.tool, counted: whose, ...count });
      }
    } catch (e) {
      hooks.signal.throwIfAborted();
      if (e instanceof CountingUnavailableError) {
        exclude(variant, e);
        counted.push({ step: step.id, variant: variant.id, status: "unavailable", reason: e.message });
      } else {
        if (e instanceof BuildNotCountableError) exclude(variant, e);
        counted.push({ step: step.id, variant: variant.id, repeat, status: "error", error: failure(e) });
      }
      hooks.log(`instructions ${step.id} ${variant.id}: ${e instanceof CountingUnavailableError ? "n/a" : "ERROR"} ${(e as Error).message}`);
    }
    // where the cost went is an aid: failing to keep it loses no count
    if (profile && hooks.profiled) {
      const writing = hooks.now();
      await hooks.profiled(step, variant, profile).catch((e: Error) => hooks.log(`instructions ${step.id} ${variant.id}: per-function costs not kept: ${e.message}`));
      functionsSeconds += hooks.now() - writing;
    }
    functionsTotal += functionsSeconds;
    if (perOp.length > 0) {
      const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;
      const cycles = cyclesPerOp.length > 0 ? `, ${mean(cyclesPerOp).toFixed(0)} est. cycles/op` : "";
      const cyclesSpread = cyclesPerOp.length > 0 ? `; est. cycles/op spread ${(relativeSpread(cyclesPerOp) * 100).toFixed(2)}%` : "";
      hooks.log(
        `instructions ${step.id} ${variant.id}: ${mean(perOp).toFixed(0)} instr/op${cycles} (N = ${perClient} per client, ${perOp.length} repeats, ` +
          `spread ${(relativeSpread(perOp) * 100).toFixed(2)}%${cyclesSpread}) in ${(hooks.now() - started).toFixed(0)} s` +
          (profile ? `, ${functionsSeconds.toFixed(1)} s of it keeping where the cost went` : ""),
      );
    }
    return counted;
  };

  try {
    await inGroups(variants, concurrency, async (variant) => {
      try {
        counters.set(variant.id, await hooks.start(variant));
      } catch (e) {
        hooks.signal.throwIfAborted();
        exclude(variant, e);
        hooks.log(`instructions: ${variant.id} cannot be counted: ${(e as Error).message}`);
      }
    });
    for (const step of steps) {
      if (step.uncounted) {
        for (const variant of variants) samples.push({ step: step.id, variant: variant.id, status: "unavailable", reason: step.uncounted });
        hooks.log(`instructions ${step.id}: n/a, ${step.uncounted}`);
        continue;
      }
      const perClient = plan.opsPerClientByStep?.[step.id] ?? plan.opsPerClient;
      const sameRuns = step.countedAs === undefined ? undefined : `${step.countedAs} N=${perClient}`;
      const countedBefore = sameRuns === undefined ? undefined : countedOnce.get(sameRuns);
      if (countedBefore) {
        samples.push(...countedBefore.samples.map((sample) => sharedSample(sample, step.id, countedBefore.step)));
        hooks.log(`instructions ${step.id}: the same counted runs as ${countedBefore.step}, its counts`);
        continue;
      }
      const counted = (await inGroups(variants, concurrency, (variant) => countVariant(step, variant, perClient))).flat();
      if (sameRuns !== undefined) countedOnce.set(sameRuns, { step: step.id, samples: counted });
      samples.push(...counted);
    }
  } finally {
    // A cancelled run's cleanup stops the servers and removes their data: bringing them back from
    // counting then would only race it.
    for (const variant of hooks.signal.aborted ? [] : variants) {
      if (!counters.has(variant.id)) continue;
      try {
        await hooks.stop(variant);
      } catch (e) {
        hooks.log(`instructions: ${variant.id}'s server did not come back from counting: ${(e as Error).message}`);
      }
    }
  }
  if (hooks.profiled) hooks.log(`instructions: keeping where the cost went took ${functionsTotal.toFixed(1)} s (summed over the variants) of a pass of ${(hooks.now() - passStarted).toFixed(0)} s`);
  return samples;
}

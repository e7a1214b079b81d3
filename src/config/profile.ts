/**
 * Benchmark profiles (profiles/<name>.yaml, or a fork's own file): the steps, the schedule (rounds,
 * measured seconds, warm-up, time budget) and the server settings. Data, so adding a step or a
 * profile touches no code.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { DRIVERS, stepFromDefinition, type Driver } from "../driver/index.js";
import { ENGINE_NAMES, engineByName } from "../engine/index.js";
import type { BenchmarkStep, WorkloadFiles } from "../driver/types.js";
import { InputError } from "../common/errors.js";
import { parseCpuList } from "../measure/cpu-affinity.js";
import { firstIssue, jsonPath, validateYaml } from "../common/validate.js";
import { DEFAULT_SIMULATED_CACHES, SimulatedCachesSchema } from "../measure/simulated-caches.js";
import { SPENDING_FUNCTIONS } from "../compare/alpha-spending.js";
import { deafLook, deafLookMessage, scheduleDesign, type DeafLook } from "../schedule/sequential.js";
import { DEFAULT_THRESHOLDS } from "../compare/types.js";
import { MAX_LIFTED_FAIL_ABOVE, SPREAD_MULTIPLE, tooNoisyToCount } from "../compare/instructions.js";
import { pathInRepo, readJudgingFile, type JudgingCommit } from "./judging-files.js";
import { readWorkloadFiles } from "./workload-files.js";
import { ThresholdOverrideSchema, ThresholdsInputSchema } from "./thresholds.js";

const SettingValue = z.union([z.string(), z.number(), z.boolean()]);
const cpuList = z.string().refine((text) => parseCpuList(text) !== null, 'not a CPU list such as "0" or "0-3,6"');

const opsPerClient = z.number().int().positive().max(1_000_000);

export const InstructionsSchema = z
  .object({
    /** N of the runs of N and 2N operations per client (pgbench transactions, sysbench events) */
    ops_per_client: opsPerClient,
    /**
     * differenced pairs of runs per step and variant: their spread shows the count's noise. At least 3:
     * the verdict needs the two sides' repeats apart, and one or two repeats show no spread to be apart by.
     */
    repeats: z.number().int().min(3, "at least 3: with fewer, the repeats show no spread and the rule that they must not overlap judges nothing").max(20).default(3),
    /** N for steps whose operations cost much more (or less) than the default's: step id -> N */
    ops_per_client_by_step: z.record(z.string(), opsPerClient).optional(),
    /**
     * Steps the channel leaves out on this profile's engine and settings, with the measured reason (their
     * samples are "unavailable", n/a in the report): step id -> why its count does not repeat
     */
    uncounted_steps: z.record(z.string(), z.string().min(1)).optional(),
    /**
     * Steps whose CPU verdict is of instructions per operation alone although estimated cycles are
     * counted (judge: estimated_cycles), with the measured reason: their simulated misses vary between
     * identical runs more than a failing line can allow (step id -> why). Estimated cycles are shown beside.
     */
    judged_on_instructions: z.record(z.string(), z.string().min(1)).optional(),
    /**
     * Steps counted without the own costs of glibc's allocator (malloc, free and their internals:
     * src/measure/valgrind-functions.ts), with the measured reason: counted whole, they spread between
     * identical runs by what earlier work left in the allocator's free lists (step id -> why). The
     * results' `counted` says so; a change that adds allocations shows there only as its calls.
     */
    counted_without_allocator: z.record(z.string(), z.string().min(1)).optional(),
    aa_spread_by_step: z
      .record(z.string(), z.number().min(0).max(1))
      .optional()
      .describe(
        "step id -> the spread of its instruction count measured by A/A runs (the largest (max - min) / median of one side's repeats over the series, a fraction: 0.0004 is 0.04%; `npm run bench:instructions-aa` writes these lines). " +
          `The step's margin is the larger of this and the spread of the base's repeats in the run; its failing and warning lines are at least 1 + ${SPREAD_MULTIPLE} x the margin, its improvement line at most 1 - ${SPREAD_MULTIPLE} x it. ` +
          `A step whose recorded spread would put its failing line above ${MAX_LIFTED_FAIL_ABOVE} is not counted (n/a with the reason). See docs/verdict.md`,
      ),
    /**
     * What decides a counted step's CPU verdict: estimated cycles per operation (instructions + 10 x
     * first-level + 100 x last-level cache misses, from valgrind's cache simulation: it sees a change
     * that adds cache misses, or removes them at the cost of a few more instructions), or instructions
     * per operation alone (a shorter counting pass, blind to memory stalls). Instructions per
     * operation are reported either way. The default is estimated cycles for every profile, shipped or
     * a fork's own: a gate that cannot see a memory stall passes one (docs/verdict.md).
     */
    judge: z.enum(["instructions", "estimated_cycles"]).default("estimated_cycles"),
    /** the caches the simulation models where estimated cycles are judged (default: src/measure/simulated-caches.ts, the same on every runner) */
    caches: SimulatedCachesSchema.default(DEFAULT_SIMULATED_CACHES),
  })
  .strict();

/** The most clients an `auto` sweep reaches unless the profile says otherwise: the field measures up to 128 threads. */
export const DEFAULT_MAX_CLIENTS = 128;

/**
 * The runner listings and the docs expand `auto` sweeps for: the 2-core machine the profiles'
 * expected_minutes are measured on. A run expands them for the CPUs it may use (makePlan).
 */
export const REFERENCE_CORES = 2;

/**
 * A client-count sweep (the field measures 1 to 128 threads): the step runs once per count, each a step
 * of its own (pgbench.select-only.prepared.c1 ... .c8; sysbench's .t2 ... .t8), with its own verdict;
 * reports show the group's relative QPS per count side by side, and a chart of it.
 */
export const SweepSchema = z
  .object({
    /** "auto": powers of two from 1 up to twice the runner's CPUs, and that top count (sweepCounts); or the counts, rising */
    clients: z
      .union([
        z.literal("auto"),
        z
          .array(z.number().int().positive().max(1024))
          .min(2)
          .max(16)
          .refine((counts) => counts.every((n, i) => i === 0 || n > counts[i - 1]!), "client counts must rise, each once: e.g. [1, 2, 4, 8]"),
      ])
      .default("auto"),
    /** the highest count an `auto` sweep reaches, whatever the runner's CPUs (default 128) */
    max_clients: z.number().int().min(2).max(1024).optional(),
  })
  .strict()
  .refine((s) => s.max_clients === undefined || s.clients === "auto", { message: "max_clients limits clients: auto; a list of counts is measured as given", path: ["max_clients"] });

export type Sweep = z.output<typeof SweepSchema>;

/**
 * The client counts of a sweep on a runner with `cores` CPUs: a list as given; `auto` the powers of two
 * below the top count, then the top: twice the CPUs (where contention shows once every CPU is busy),
 * at most max_clients. 2 CPUs: 1, 2, 4; 6 CPUs: 1, 2, 4, 8, 12; 64 CPUs: 1, 2, 4, ... 128.
 */
export function sweepCounts(sweep: Sweep, cores: number): number[] {
  if (sweep.clients !== "auto") return sweep.clients;
  const top = Math.min(2 * cores, sweep.max_clients ?? DEFAULT_MAX_CLIENTS);
  const counts: number[] = [];
  for (let n = 1; n < top; n *= 2) counts.push(n);
  return [...counts, top];
}

export const ProfileSchema = z
  .object({
    name: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/),
    version: z.number().int().nonnegative(),
    engine: z.enum(ENGINE_NAMES).describe("a registered engine (src/engine/index.ts); every step's driver must be able to measure it"),
    description: z.string(),
    /** minutes of a run with both builds cached on an idle 2-core machine (loads, rounds, counting), as measured (docs/measurements.md); absent: not measured */
    expected_minutes: z.number().positive().optional(),
    schedule: z
      .object({
        /** rounds per step; each round measures every variant once, in ABBA order */
        rounds: z.number().int().min(2),
        /** rounds a step gets even when the time budget is spent */
        min_rounds: z.number().int().min(2),
        /** seconds of each measured interval */
        duration_s: z.number().int().positive(),
        /** seconds of the unrecorded run per variant before a step's first round */
        warmup_s: z.number().int().nonnegative(),
        /** total seconds of measuring for all steps; no more rounds are added beyond it */
        time_budget_s: z.number().positive().nullable(),
        /** adaptive rounds: after min_rounds, look every this many rounds and stop a step whose verdict is settled (src/schedule/sequential.ts) */
        look_every: z.number().int().positive().optional(),
        /** how the looks share alpha; default pocock */
        spending: z.enum(SPENDING_FUNCTIONS).optional(),
        /** restart every variant's server every this many rounds of a step, each followed by warmup_s (src/schedule/interleave.ts restartsBefore); servers only */
        restart_every: z.number().int().positive().optional(),
        /**
         * QPS spread between server processes, from A/A runs of the base (`npm run bench:qps-rule -- --process-spread`):
         * the QPS drop test of a step whose rounds share a server process adds it to their noise (docs/verdict.md)
         */
        process_spread: z
          .object({
            /** A/A blocks (pairs of processes) the spreads were estimated from: their degrees of freedom */
            df: z.number().int().positive(),
            /** step id -> standard deviation of the log QPS ratio's offset between pairs of processes */
            sd_by_step: z.record(z.string(), z.number().min(0).max(1)),
          })
          .strict()
          .optional(),
      })
      .strict()
      .refine((s) => s.min_rounds <= s.rounds, { message: "min_rounds must not exceed rounds", path: ["min_rounds"] }),
    /** server and client on separate CPUs (src/measure/cpu-affinity.ts): "split", or explicit taskset lists; an embedded engine's one process: "split" or { process } */
    cpu_affinity: z.union([z.literal("split"), z.object({ server: cpuList, client: cpuList }).strict(), z.object({ process: cpuList }).strict()]).optional(),
    /** the engine's settings (PostgreSQL: postgresql.conf lines; an embedded engine: the options its instance takes) */
    server_settings: z.record(z.string(), SettingValue),
    /** the deterministic channel: instructions per operation counted under valgrind (src/schedule/instructions.ts); absent: not counted */
    instructions: InstructionsSchema.optional(),
    thresholds: ThresholdsInputSchema.optional(),
    overrides: z.array(ThresholdOverrideSchema).optional(),
    steps: z.array(z.object({ driver: z.string(), sweep: SweepSchema.optional() }).passthrough()).min(1),
  })
  .strict();

export type ProfileFile = z.infer<typeof ProfileSchema>;

export interface Profile extends Omit<ProfileFile, "steps"> {
  steps: BenchmarkStep[];
  /** sha256 of the file's text: two different files named alike are not the same profile */
  hash: string;
  source: string;
}

/**
 * Every alpha a step may be tested at with these thresholds and overrides must be able to reject at
 * every round count the time budget may stop a step at; else the first such alpha and stop. Under
 * adaptive rounds a step is tested at alpha shared by the run's `tests` QPS tests (compare's
 * testedThresholds); fixed rounds are judged by the drop test, which reaches any level.
 */
export function scheduleDeafness(schedule: ProfileFile["schedule"], rounds: number, alphas: readonly number[], tests: number): { alpha: number; deaf: DeafLook } | null {
  const { minRounds, design } = scheduleDesign(schedule, rounds);
  for (const alpha of new Set(alphas.map((a) => (design ? a / tests : a)))) {
    const deaf = deafLook(design, minRounds, rounds, alpha);
    if (deaf) return { alpha, deaf };
  }
  return null;
}

/** The alphas steps may be tested at: the run's (defaults < `thresholds`) and every override's. */
export function alphasOf(thresholds: { alpha?: number } | undefined, overrides: readonly { alpha?: number }[] | undefined): number[] {
  return [thresholds?.alpha ?? DEFAULT_THRESHOLDS.alpha, ...(overrides ?? []).flatMap((o) => (o.alpha === undefined ? [] : [o.alpha]))];
}

/** Why an embedded engine's server_settings must stay empty (the profile's and the config file's alike). */
export function embeddedSettingsMessage(engine: string): string {
  return `the ${engine} engine is embedded and takes no server_settings: give its options in the steps' parameters`;
}

/**
 * One step per client count (the driver's `clients` parameter), each id naming its count, grouped
 * under the id without it. `stepAt` makes a step from parameters; `fail` is an error about the
 * definition's field.
 */
function sweptSteps(driver: Driver & { name: string }, parameters: Record<string, unknown>, counts: readonly number[], stepAt: (parameters: Record<string, unknown>) => BenchmarkStep, fail: (message: string, field: string) => Error): BenchmarkStep[] {
  const parameter = driver.clients;
  if (parameter === undefined) throw fail(`the ${driver.name} driver has no client count to sweep`, "sweep");
  if (parameter in parameters) throw fail(`${parameter} is set by sweep.clients: remove it`, parameter);
  const steps = counts.map((clients) => stepAt({ ...parameters, [parameter]: clients }));
  const groups = steps.map((step, i) => step.id.replace(new RegExp(`\\.[ct]${counts[i]}$`), ""));
  if (new Set(groups).size !== 1 || new Set(steps.map((s) => s.id)).size !== steps.length) {
    throw fail(`the ${driver.name} step ids do not name the client count (${steps.map((s) => s.id).join(", ")})`, "sweep");
  }
  return steps.map((step, i) => ({ ...step, sweep: { group: groups[0]!, clients: counts[i]! } }));
}

/**
 * `cores`: the CPUs the run may use, which `auto` sweeps are expanded for (sweepCounts); `files`: the
 * files its steps name, as read (readWorkloadFiles). Its hash covers them: a changed script is another profile.
 */
export function parseProfile(text: string, source: string, cores = REFERENCE_CORES, files: WorkloadFiles = new Map()): Profile {
  const profile = validateYaml(ProfileSchema, text, source);
  if (engineByName(profile.engine).kind === "embedded") {
    if (Object.keys(profile.server_settings).length > 0) throw new InputError(embeddedSettingsMessage(profile.engine), source, jsonPath(["server_settings"]));
    if (profile.schedule.restart_every !== undefined) {
      throw new InputError(`the ${profile.engine} engine is embedded: it has no server to restart (every run is a process of its own)`, source, jsonPath(["schedule", "restart_every"]));
    }
  }
  const defined = profile.steps.map(({ driver, sweep, ...parameters }, i) => {
    const at = (...field: (string | number)[]) => jsonPath(["steps", i, ...field]);
    const stepAt = (stepParameters: Record<string, unknown>) => {
      try {
        return stepFromDefinition({ driver, parameters: stepParameters }, profile.engine, files);
      } catch (e) {
        if (e instanceof z.ZodError) {
          const issue = firstIssue(e);
          throw new InputError(issue.message, source, at(...issue.path));
        }
        if (e instanceof InputError) throw new InputError(e.message, source, at("driver"));
        throw e;
      }
    };
    const known = DRIVERS[driver];
    // an unknown driver fails as an unswept step does, naming steps[i].driver
    if (!sweep || !known) return [stepAt(parameters)];
    return sweptSteps({ ...known, name: driver }, parameters, sweepCounts(sweep, cores), stepAt, (message, field) => new InputError(message, source, at(field)));
  });
  const uncounted = profile.instructions?.uncounted_steps ?? {};
  const spreads = profile.instructions?.aa_spread_by_step ?? {};
  // a reason of the driver's own (db_bench's paced writer) stays: it holds on every profile; then the
  // profile's measured reason, then a recorded A/A spread too wide to judge the step by
  const uncountedReason = (id: string) => uncounted[id] ?? (spreads[id] === undefined ? null : tooNoisyToCount(spreads[id]));
  const withoutAllocator = profile.instructions?.counted_without_allocator ?? {};
  const steps = defined.flat().map((step) => {
    const reason = step.uncounted === undefined ? uncountedReason(step.id) : null;
    const counted = reason === null ? step : { ...step, uncounted: reason };
    const lessAllocator = withoutAllocator[step.id];
    return lessAllocator === undefined ? counted : { ...counted, withoutAllocator: lessAllocator };
  });
  const seen = new Set<string>();
  defined.forEach((definedSteps, i) =>
    definedSteps.forEach((step) => {
      if (seen.has(step.id)) throw new InputError(`two steps are both "${step.id}"`, source, jsonPath(["steps", i]));
      seen.add(step.id);
    }),
  );
  for (const field of ["ops_per_client_by_step", "uncounted_steps", "aa_spread_by_step", "judged_on_instructions", "counted_without_allocator"] as const) {
    for (const id of Object.keys(profile.instructions?.[field] ?? {})) {
      if (!seen.has(id)) throw new InputError(`no step "${id}" in this profile`, source, jsonPath(["instructions", field, id]));
    }
  }
  for (const step of steps) {
    if (step.withoutAllocator !== undefined && step.uncounted !== undefined) {
      throw new InputError(`step "${step.id}" is not counted: counted_without_allocator names steps that are`, source, jsonPath(["instructions", "counted_without_allocator", step.id]));
    }
  }
  if (profile.instructions?.judge === "instructions" && Object.keys(profile.instructions.judged_on_instructions ?? {}).length > 0) {
    throw new InputError("every step is judged on instructions already (judge: instructions): judged_on_instructions names the exceptions to judge: estimated_cycles", source, "$.instructions.judged_on_instructions");
  }
  for (const id of Object.keys(profile.schedule.process_spread?.sd_by_step ?? {})) {
    if (!seen.has(id)) throw new InputError(`no step "${id}" in this profile`, source, jsonPath(["schedule", "process_spread", "sd_by_step", id]));
  }
  // Without a time budget no step stops before its last round; plan.ts checks again with the budget, rounds and variants in force.
  // Alpha is shared by the steps' tests (one head against the base here).
  const deafness = profile.schedule.time_budget_s === null ? null : scheduleDeafness(profile.schedule, profile.schedule.rounds, alphasOf(profile.thresholds, profile.overrides), steps.length);
  if (deafness) throw new InputError(deafLookMessage(deafness.deaf, deafness.alpha), source, "schedule.min_rounds");
  const hash = createHash("sha256").update(text);
  for (const [given, file] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) hash.update(`\0${given}\0${file.text}`);
  return { ...profile, steps, hash: hash.digest("hex"), source };
}

/** A profile's text with the files its steps name read relative to `dir` (at `at` when inside its repository). */
async function parseProfileAndFiles(text: string, source: string, dir: string, at: JudgingCommit | null, cores: number): Promise<Profile> {
  const files = await readWorkloadFiles(validateYaml(ProfileSchema, text, source).steps, dir, at, source);
  return parseProfile(text, source, cores, files);
}

/** Directory shipped with db-bench-gate, found upwards from this module (sources and bundle alike). */
export function builtinDir(name: string): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, name, ".")) && existsSync(path.join(dir, "package.json"))) return path.join(dir, name);
    if (path.dirname(dir) === dir) throw new Error(`db-bench-gate's ${name}/ directory is missing from this installation`);
  }
}

/**
 * A profile by built-in name (pg-quick), shipped with db-bench-gate, or by path to a file: read at the
 * trusted commit `at` when it lies in the repository (judging-files.ts), from disk otherwise; its
 * `auto` sweeps expanded for `cores` CPUs.
 */
export async function loadProfile(nameOrPath: string, at: JudgingCommit | null = null, cores = REFERENCE_CORES): Promise<Profile> {
  const isPath = nameOrPath.includes("/") || /\.ya?ml$/.test(nameOrPath);
  if (isPath) {
    const { text, source } = await readJudgingFile(nameOrPath, at, "profile");
    const inRepo = at && pathInRepo(at.repo, nameOrPath);
    if (inRepo) at.profiles.add(inRepo);
    return parseProfileAndFiles(text, source, path.dirname(path.resolve(nameOrPath)), at, cores);
  }
  const file = path.join(builtinDir("profiles"), `${nameOrPath}.yaml`);
  const text = await readFile(file, "utf8").catch((e: NodeJS.ErrnoException) => {
    if (e.code === "ENOENT") throw new InputError(`no built-in profile "${nameOrPath}"`, "--profile");
    throw new InputError(`cannot read the profile: ${e.code ?? e.message}`, file);
  });
  return parseProfileAndFiles(text, file, path.dirname(file), at, cores);
}

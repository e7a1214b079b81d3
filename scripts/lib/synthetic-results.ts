/**
 * Valid results documents with seeded lognormal noise, for tests of compare, report and the CLI.
 *
 *   syntheticResults({ steps: ["scan", "point"], rounds: 10, noise: 0.02, effects: { head: { scan: 0.95 } }, seed: 7 })
 *
 * Every sample is `qps x effect x exp(noise x N(0,1)) x exp(drift x N(0,1) of its round)`; per-op metrics
 * and p95 latency get their own noise and effects. Rounds are interleaved ABBA (even rounds in variant
 * order, odd rounds reversed), as the scheduler writes them. Same options, same document.
 */
import type { ProcessSpread } from "../../src/compare/stats.js";
import type { InstructionSample, Metrics, MetricKey, Results, Sample } from "../../src/results/schema.js";

/** mulberry32: a small, fast, well-mixed 32-bit PRNG; uniform in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box-Muller) from a uniform generator. */
export function normalRandom(random: () => number): number {
  const u = 1 - random(); // in (0, 1]: log(u) is finite
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

export interface SyntheticError {
  step: string;
  variant: string;
  round: number;
  message?: string;
  log_excerpt?: string;
}

/** Instruction counts of every step and variant: differenced runs of `ops` operations, `repeats` times. */
export interface SyntheticInstructions {
  /** instructions per op of the base, every step; default 39,590 (pgbench select-only, issue 9) */
  perOp?: number;
  /** default 3 */
  repeats?: number;
  /** lognormal sigma of each repeat; default 0.0001 (counts repeat to about 0.01%) */
  noise?: number;
  /** factors: variant -> step -> factor (1.01 = 1% more instructions per op) */
  effects?: Record<string, Record<string, number>>;
  /** these steps and variants could not be counted */
  unavailable?: { step: string; variant: string; reason: string }[];
  /** these counts fail instead */
  errors?: { step: string; variant: string; repeat: number; message?: string; log_excerpt?: string }[];
  /** these steps are not counted at all */
  skip?: string[];
}

export interface SyntheticOptions {
  /** step ids; default ["point-query.range100.pk1"] */
  steps?: string[];
  /** variant ids, the first is the base; default ["base", "head"] */
  variants?: string[];
  /** default 10 */
  rounds?: number;
  /** lognormal sigma of every sample's QPS, metrics and latency (0.03 = 3%); default 0.03 */
  noise?: number;
  /** lognormal sigma of a per-round factor shared by all variants of the round (machine drift); default 0 */
  drift?: number;
  /**
   * every variant's server restarts every this many rounds of a step: each sample records its process
   * (samples[].process), and each process has its own speed (processNoise); absent: no process recorded
   */
  restartEvery?: number;
  /** lognormal sigma of each server process's own speed factor (restartEvery); default 0 */
  processNoise?: number;
  /** the spread between processes every step records (steps[].qps_process_spread); absent: none */
  processSpread?: ProcessSpread;
  /** QPS factors: variant -> step -> factor (0.95 = 5% slower); latency moves by the inverse */
  effects?: Record<string, Record<string, number>>;
  /** per-op metric factors: variant -> step -> metric -> factor */
  metricEffects?: Record<string, Record<string, Partial<Record<MetricKey, number>>>>;
  /** QPS of the base, every step; default 10,000 */
  qps?: number;
  /** per-op metrics of the base (zeros stay zero); null: no host counters; default cpu 250 us, cs 1.5, no reads, 4 wKB */
  metrics?: Metrics | null;
  /** p95 latency of the base in ms; null: the driver gives none; default 2 */
  latencyP95Ms?: number | null;
  /** default 1 */
  seed?: number;
  /** these samples fail instead */
  errors?: SyntheticError[];
  /** the instructions array; absent: none (the run did not count) */
  instructions?: SyntheticInstructions;
}

export const DEFAULT_SYNTHETIC_METRICS: Metrics = { cpu_us_per_op: 250, cs_per_op: 1.5, r_per_op: 0, rkb_per_op: 0, wkb_per_op: 4 };

const SAMPLE_SECONDS = 10;
const START = Date.parse("2025-01-06T10:00:00Z");

export function syntheticResults(options: SyntheticOptions = {}): Results {
  const {
    steps = ["point-query.range100.pk1"],
    variants = ["base", "head"],
    rounds = 10,
    noise = 0.03,
    drift = 0,
    restartEvery,
    processNoise = 0,
    processSpread,
    effects = {},
    metricEffects = {},
    qps = 10_000,
    metrics = DEFAULT_SYNTHETIC_METRICS,
    latencyP95Ms = 2,
    seed = 1,
    errors = [],
    instructions,
  } = options;
  const random = seededRandom(seed);
  const lognormal = (sigma: number) => Math.exp(sigma * normalRandom(random));
  const samples: Sample[] = [];
  const at = () => new Date(START + samples.length * SAMPLE_SECONDS * 1000).toISOString();

  for (const step of steps) {
    // each variant's process of each block of rounds: its number within the step and its speed
    const processFactors = new Map<string, number>();
    const processOf = (variant: string, round: number) => {
      const block = Math.floor(round / restartEvery!);
      const key = `${variant}/${block}`;
      if (!processFactors.has(key)) processFactors.set(key, lognormal(processNoise));
      return { block, factor: processFactors.get(key)! };
    };
    for (let round = 0; round < rounds; round++) {
      const roundFactor = lognormal(drift);
      const order = round % 2 === 0 ? variants : [...variants].reverse();
      order.forEach((variant, position) => {
        const common = { step, variant, round, position, started_at: at(), duration_s: SAMPLE_SECONDS };
        const failure = errors.find((e) => e.step === step && e.variant === variant && e.round === round);
        if (failure) {
          const message = failure.message ?? "pgbench exited with code 1";
          samples.push({ ...common, status: "error", error: { message, log_excerpt: failure.log_excerpt ?? `FATAL: ${message}` } });
          return;
        }
        const effect = effects[variant]?.[step] ?? 1;
        const process = restartEvery === undefined ? null : processOf(variant, round);
        const opsPerSecond = qps * effect * roundFactor * (process?.factor ?? 1) * lognormal(noise);
        const metricFactors = metricEffects[variant]?.[step] ?? {};
        samples.push({
          ...common,
          status: "ok",
          ops: opsPerSecond * SAMPLE_SECONDS,
          ops_per_s: opsPerSecond,
          ...(process && { process: process.block }),
          latency_ms: latencyP95Ms === null ? null : { avg: null, p95: (latencyP95Ms / effect) * lognormal(noise), p99: null },
          metrics:
            metrics === null
              ? null
              : (Object.fromEntries(Object.entries(metrics).map(([key, value]) => [key, value * (metricFactors[key as MetricKey] ?? 1) * lognormal(noise)])) as Metrics),
          client_cpu_share: 0.2,
        });
      });
    }
  }

  const counts = instructions && syntheticInstructions(instructions, steps, variants, lognormal);

  // valid by construction (compare.test.ts checks it with the schema): parsing 4,000 documents would double the simulation's time
  return {
    schema: "db-bench-gate/results",
    version: 1,
    run: {
      id: `synthetic-${seed}`,
      started_at: new Date(START).toISOString(),
      finished_at: at(),
      tool: "synthetic-results (test helper)",
      budget_exhausted: false,
      notes: [],
    },
    fingerprint: {
      arch: "x86_64",
      cpu_model: "Synthetic CPU @ 3.0GHz",
      cores: 2,
      smt: false,
      memory_mib: 8192,
      kernel: "6.1.0-synthetic",
      os: "Debian GNU/Linux 12 (bookworm)",
      compiler: { name: "gcc", version: "12.2.0" },
      runner: { name: null, labels: [] },
      hostname_hash: "0123456789abcdef",
    },
    engine: { name: "postgresql", version: "15.8" },
    profile: { name: "synthetic", version: 1, hash: "synthetic" },
    base_variant: variants[0] ?? "base",
    variants: variants.map((id, i) => ({
      id,
      commit: (i + 1).toString(16).padStart(7, "c"),
      ref: id,
      flags: { cflags: "-O2", cxxflags: "-O2", ldflags: "", configure_args: [] },
      build_id: `build-${id}`,
    })),
    steps: steps.map((id) => ({ id, driver: "synthetic", parameters: {}, ...(processSpread && { qps_process_spread: processSpread }) })),
    samples,
    ...(counts && { instructions: counts }),
  };
}

const INSTRUCTION_OPS = 2000;

function syntheticInstructions(options: SyntheticInstructions, steps: string[], variants: string[], lognormal: (sigma: number) => number): InstructionSample[] {
  const { perOp = 39_590, repeats = 3, noise = 0.0001, effects = {}, unavailable = [], errors = [], skip = [] } = options;
  return steps
    .filter((step) => !skip.includes(step))
    .flatMap((step) =>
      variants.flatMap((variant): InstructionSample[] => {
        const missing = unavailable.find((u) => u.step === step && u.variant === variant);
        if (missing) return [{ step, variant, status: "unavailable", reason: missing.reason }];
        return Array.from({ length: repeats }, (_, repeat): InstructionSample => {
          const failure = errors.find((e) => e.step === step && e.variant === variant && e.repeat === repeat);
          if (failure) {
            const message = failure.message ?? "valgrind exited with code 1";
            return { step, variant, repeat, status: "error", error: { message, log_excerpt: failure.log_excerpt ?? `==1234== ${message}` } };
          }
          const instructionsPerOp = perOp * (effects[variant]?.[step] ?? 1) * lognormal(noise);
          return {
            step,
            variant,
            repeat,
            status: "ok",
            tool: "cachegrind",
            ops: INSTRUCTION_OPS,
            instructions: instructionsPerOp * INSTRUCTION_OPS,
            instructions_per_op: instructionsPerOp,
            counted: "serving backends",
          };
        });
      }),
    );
}

/** The comparison document: what compare computes from results and what report renders. Plain data. */
import type { Fingerprint, LsmMetricKey, MetricKey, NoiseFloor, Results, Step, Variant } from "../results/schema.js";
import type { BlockDropTest } from "./stats.js";

export interface Thresholds {
  /** a significant relative QPS below this is a regression (fails the check) */
  fail_below: number;
  /** a significant relative QPS below this (but not below fail_below) is a warning */
  warn_below: number;
  /** a significant relative QPS above this is an improvement */
  improve_above: number;
  /** significance level of the test; the interval is the matching (1 - alpha) interval */
  alpha: number;
  /** relative instructions per op above this, with the repeats of both sides apart, is a regression (fails the check) */
  instructions_fail_above: number;
  /** relative instructions per op above this (but not above instructions_fail_above), repeats apart, is a warning */
  instructions_warn_above: number;
  /** relative instructions per op below this, repeats apart, is an improvement */
  instructions_improve_below: number;
}

/** Thresholds for the steps whose id matches `step` (a glob such as `scan*` or `pgbench.*.c1`). */
export interface ThresholdOverride extends Partial<Thresholds> {
  step: string;
}

/**
 * Instruction counts repeat to about 0.01% (issue 9: 39,590 / 39,586 per transaction), so a 1% change is
 * far outside their spread: it is a warning, 2% fails, 1% less is an improvement. See docs/verdict.md.
 */
export const DEFAULT_THRESHOLDS: Thresholds = {
  // a significant drop (one-sided, alpha over the run's steps) whose estimate is below 0.97 fails: a
  // true 5% drop's estimate is below it most of the time (docs/verdict-quality.md, "QPS: the rate that fails the gate")
  fail_below: 0.97,
  warn_below: 0.98,
  improve_above: 1.05,
  alpha: 0.01,
  instructions_fail_above: 1.02,
  instructions_warn_above: 1.005,
  instructions_improve_below: 0.99,
};

/** QPS verdicts, worst first; "n/a": the run measured no QPS (instructions only), never a failure. */
export const VERDICTS = ["regression", "error", "warning", "unstable", "missing", "n/a", "improvement", "unchanged"] as const;
export type Verdict = (typeof VERDICTS)[number];

/** A ratio variant/base with its interval; for QPS > 1 is faster, for per-op metrics and latency > 1 is worse. */
export interface RatioEstimate {
  estimate: number;
  ci_low: number;
  ci_high: number;
  /** confidence level of [ci_low, ci_high], e.g. 0.99 */
  confidence: number;
  /** two-sided p-value of "no change"; null when there are too few values for a test */
  p_value: number | null;
  /** pairs (paired) or base + variant values (unpaired) behind the estimate */
  n: number;
}

/** Medians over the rounds of one variant of one step, as the field's absolute metrics tables show them. */
export interface AbsoluteSummary {
  variant: string;
  ops_per_s: number | null;
  metrics: Record<MetricKey, number> | null;
  latency_p95_ms: number | null;
  /** medians of the drivers that report them (avg, p99: db_bench; p50, p90: ibench); max: the highest of any round */
  latency_avg_ms: number | null;
  latency_p50_ms: number | null;
  latency_p90_ms: number | null;
  latency_p99_ms: number | null;
  /** db_bench's p99.9 */
  latency_p99_9_ms: number | null;
  latency_max_ms: number | null;
  /** median percent of a round's time writes were stalled (db_bench's steps that write); null where not reported */
  stall_percent: number | null;
  /** medians of an LSM engine's write counters per operation (db_bench's steps that write); null where no round reported them */
  lsm_metrics: Record<LsmMetricKey, number | null> | null;
  /** a query step's background writer: median rows/s it wrote; null without one */
  writer_rows_per_s: number | null;
  /** median database size after a round, bytes; null where the engine does not tell it */
  database_bytes: number | null;
  /** the server's peak memory (summed Pss) in the round that used the most, bytes; null where not measured */
  server_rss_bytes: number | null;
  /** highest client CPU share seen in any round: the worst case is what matters for "is the client the bottleneck" */
  client_cpu_share: number | null;
  ok_samples: number;
  error_samples: number;
  duration_s: number;
}

/** The instruction channel adds "n/a": neither side was counted (a step the profile leaves out, no valgrind on the runner), never a failure. */
export const INSTRUCTION_VERDICTS = ["regression", "error", "warning", "unstable", "missing", "n/a", "improvement", "unchanged"] as const;
export type InstructionVerdict = (typeof INSTRUCTION_VERDICTS)[number];

/** The verdicts a user can make fail the check (input fail-on, CLI --fail-on); gate.ts decides with them. */
export const FAIL_ON = ["regression", "error", "missing", "unstable", "warning", "unjudged"] as const;
export type FailOn = (typeof FAIL_ON)[number];

/** Who accepted the PR's regressions: the accept label, set by someone with triage rights after the last push. */
export interface Acceptance {
  label: string;
  by: string;
}

/** The counted repeats of one variant of one step. */
export interface InstructionSide {
  variant: string;
  /** median instructions per operation over the repeats */
  median: number;
  min: number;
  max: number;
  /** (max - min) / median: the spread of the repeats */
  spread: number;
  repeats: number;
  tool: "cachegrind" | "callgrind" | "perf";
  /** whose work was counted, e.g. "serving backends" */
  counted: string;
}

/** Relative instructions per op: median(variant) / median(base), and the range min(variant) / max(base) .. max(variant) / min(base). */
export interface InstructionRatio {
  estimate: number;
  low: number;
  high: number;
}

export interface InstructionErrorSummary {
  variant: string;
  repeat: number;
  message: string;
  log_excerpt: string;
}

/**
 * The lines a step's ratio was judged against: the thresholds, moved out by K x the step's margin where
 * that is wider (src/compare/instructions.ts instructionLines; docs/verdict.md).
 */
export interface InstructionLines {
  /** a ratio above this, repeats apart, is a regression */
  fail_above: number;
  /** a ratio above this (not above fail_above), repeats apart, is a warning */
  warn_above: number;
  /** a ratio below this, repeats apart, is an improvement */
  improve_below: number;
  /** the step's margin: the larger of its recorded A/A spread and the base's own spread in this run */
  margin: number;
  /** which of the two the margin is: the profile's recorded A/A spread, or the spread of the base's repeats */
  margin_source: "aa" | "base repeats";
  /** K: the lines are 1 ± k x margin where that is wider than the thresholds */
  k: number;
}

/** The deterministic channel of one variant of one step: its own verdict, next to the QPS verdict. */
export interface InstructionComparison {
  /** the step's CPU verdict: of estimated cycles per op when they were counted and judged (estimated_cycles without not_judged), else of instructions per op */
  verdict: InstructionVerdict;
  /** one short sentence: why this verdict; for n/a the reason the step was not counted */
  reason: string;
  /** instructions per op: null unless both sides have ok counts */
  ratio: InstructionRatio | null;
  /** the lines the ratio was judged against; null with the ratio */
  lines: InstructionLines | null;
  base: InstructionSide | null;
  variant: InstructionSide | null;
  errors: InstructionErrorSummary[];
  /**
   * Estimated cycles per op by the same rule and thresholds, present when both sides were counted
   * with the cache simulation (a profile that judges them): `verdict` and `reason` above are then
   * these; the instructions are compared (ratio, sides) and shown, not judged.
   */
  estimated_cycles?: EstimatedCyclesComparison;
}

/** Estimated cycles per op of both sides: the verdict of the instruction channel's rule on them, and what it saw. */
export interface EstimatedCyclesComparison {
  verdict: InstructionVerdict;
  reason: string;
  /** instructions per op's own verdict and reason by the same rule, shown next to the judged one */
  instructions: { verdict: InstructionVerdict; reason: string };
  ratio: InstructionRatio;
  base: InstructionSide;
  variant: InstructionSide;
  /**
   * Present where the step's profile judges it on instructions alone (instructions.judged_on_instructions):
   * why. The comparison's verdict and reason are then the instructions', and these are shown beside.
   */
  not_judged?: string;
}

export interface SampleErrorSummary {
  variant: string;
  round: number;
  message: string;
  log_excerpt: string;
}

export interface VariantComparison {
  variant: string;
  verdict: Verdict;
  /** one short sentence: why this verdict (e.g. "0.93 < 0.95 and p = 0.002 < 0.01") */
  reason: string;
  /** the step's thresholds; alpha is the level the test used (an adaptive look's, see configured_alpha) */
  thresholds: Thresholds;
  /** the step's configured alpha, present when an adaptive look tested at another level */
  configured_alpha?: number;
  /** the step's A/A noise floor (capped) when one applied: a significant drop below fail_below within it is a warning */
  noise_floor?: number;
  /** why the step's floor was not applied, or that it was capped */
  noise_floor_note?: string;
  qps: RatioEstimate | null;
  /** the one-sided drop test a regression needs under the one-sided-t rule; absent under signed-rank */
  qps_drop_test?: DropTestResult;
  metrics: Record<MetricKey, RatioEstimate | null>;
  /** an LSM engine's write counters per operation, variant / base (null: not reported, or 0 on a side) */
  lsm_metrics: Record<LsmMetricKey, RatioEstimate | null>;
  latency_p95: RatioEstimate | null;
  /** "why" hints for regressed or warned steps: CPU/op, context switches/op, IO/op up */
  hints: string[];
  errors: SampleErrorSummary[];
  /** null when the run counted no instructions for this step (no instructions array, or none of this step) */
  instructions: InstructionComparison | null;
}

export interface StepComparison {
  step: string;
  driver: string;
  parameters: Record<string, string | number | boolean>;
  /** one client count of a swept step (Step.sweep) */
  sweep?: NonNullable<Step["sweep"]>;
  absolute: AbsoluteSummary[];
  variants: VariantComparison[];
}

export interface ComparisonContext {
  run_id: string;
  started_at: string;
  finished_at: string;
  budget_exhausted: boolean;
  /** false: the run skipped the QPS rounds (--instructions-only) */
  qps_measured: boolean;
  cpu_placement: Results["run"]["cpu_placement"] | null;
  notes: string[];
  fingerprint: Fingerprint;
  engine: Results["engine"];
  profile: Results["profile"];
  variants: Variant[];
  /** for unpaired comparisons: the run the base numbers came from */
  baseline: { run_id: string; fingerprint: Fingerprint; variant: Variant } | null;
}

export interface Comparison {
  schema: "db-bench-gate/comparison";
  version: 1;
  /** column label when several comparisons are shown side by side (architecture, runner); null for one */
  label: string | null;
  /** paired: interleaved rounds of one run; unpaired: against a stored baseline from another run */
  mode: "paired" | "unpaired";
  base_variant: string;
  /** the compared variants (all but the base), in column order */
  variants: string[];
  thresholds: Thresholds;
  overrides: ThresholdOverride[];
  steps: StepComparison[];
  /** QPS verdicts of every step and variant */
  counts: Record<Verdict, number>;
  /** instruction verdicts of every step and variant that has one; null when the run counted no instructions */
  instruction_counts: Record<InstructionVerdict, number> | null;
  /** pass or fail under fail_on and accepted, in either channel (gate.ts): what the exit code says */
  verdict: "fail" | "pass";
  /** the verdict in words, as the comment's headline says it: why it failed, or what passed and what could not be judged */
  verdict_summary: string;
  /** the verdicts that fail it (--fail-on, input fail-on) */
  fail_on: FailOn[];
  /** who accepted its regressions (the accept label); null when none did */
  accepted: Acceptance | null;
  context: ComparisonContext;
}

/**
 * How a QPS drop is tested for a regression (docs/verdict.md#the-qps-channel). one-sided-t: a one-sided
 * paired t-test on the per-round log ratios at alpha shared over the comparison's steps (Bonferroni),
 * so a run's false failures stay at or below alpha; it applies to paired runs of fixed rounds, and
 * adaptive or baseline comparisons keep signed-rank. signed-rank: the two-sided exact signed-rank
 * test at alpha per step (the rule before 2026-12-02).
 */
export const QPS_RULES = ["one-sided-t", "signed-rank"] as const;
export type QpsRule = (typeof QPS_RULES)[number];

/** The one-sided drop test of one step's QPS under the one-sided-t rule. */
export interface DropTestResult {
  /** one-sided p-value of "no drop" */
  p_value: number;
  /** the level it is compared with: alpha / tests */
  level: number;
  /** QPS comparisons in the run that share alpha (steps times compared variants) */
  tests: number;
  /** the t statistic's degrees of freedom */
  df: number;
  /** pairs of server processes (base's, variant's) the rounds came from */
  blocks: number;
  /** how the rounds were tested (stats.ts BlockDropTest); unrecorded: the samples do not say which process measured them, each round is taken as its own */
  method: BlockDropTest["method"] | "unrecorded";
}

export interface CompareOptions {
  /** default one-sided-t where it applies (QPS_RULES) */
  qpsRule?: QpsRule;
  baseVariant?: string;
  thresholds?: Partial<Thresholds>;
  overrides?: ThresholdOverride[];
  label?: string | null;
  /** per-step A/A noise of the runner (default: the baseline's, else the run's own noise_floor) */
  noiseFloor?: NoiseFloor[];
  /** the verdicts that fail the comparison (default regression, error) */
  failOn?: readonly FailOn[];
  /** the PR's regressions were accepted: they pass */
  acceptance?: Acceptance | null;
  /** comparisons gated together in one report (one column per architecture): their tests share alpha; default 1 */
  columns?: number;
}

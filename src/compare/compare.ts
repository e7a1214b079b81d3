/**
 * Results -> Comparison: relative QPS, per-op metrics and p95 latency of every variant against the base,
 * per step, with a verdict. Pure: data in, data out.
 *
 * Ratios are estimated on log values (a ratio is a shift of logs) by the rank statistics of stats.ts:
 * paired by round within one run (compareRun), unpaired against a stored baseline (compareAgainstBaseline).
 * A ratio needs positive values on both sides: when any value is 0 (IO per op often is) the ratio is
 * null, never NaN or Infinity; the absolute medians still show the values.
 */
import { max, median } from "simple-statistics";
import { InputError } from "../common/errors.js";
import { LSM_METRIC_KEYS, METRIC_KEYS, METRIC_NAMES, type InstructionSample, type LsmMetricKey, type MetricKey, type NoiseFloor, type OkSample, type Results, type Sample, type Step } from "../results/schema.js";
import { runLabels } from "../results/run-labels.js";
import { lookAlpha } from "./alpha-spending.js";
import { DEFAULT_FAIL_ON, decideGate, verdictWords } from "./gate.js";
import { indexByStepAndVariant } from "./index-samples.js";
import { compareInstructions, indexInstructionSamples } from "./instructions.js";
import { chooseNoiseFloor, NOISE_FLOOR_CAP, type FloorChoice } from "./noise.js";
import { brief, checkRatios, formatChange, formatLimit, valueAgainst } from "./reason.js";
import { blockDropTest, pairedShift, unpairedShift, type ShiftEstimate } from "./stats.js";
import { thresholdResolver } from "./thresholds.js";
import {
  INSTRUCTION_VERDICTS,
  VERDICTS,
  type AbsoluteSummary,
  type CompareOptions,
  type Comparison,
  type DropTestResult,
  type ComparisonContext,
  type RatioEstimate,
  type SampleErrorSummary,
  type InstructionVerdict,
  type QpsRule,
  type StepComparison,
  type Thresholds,
  type Verdict,
  type VariantComparison,
} from "./types.js";

/** Reads one value from an ok sample; null when the sample does not have it. */
type Pick = (sample: OkSample) => number | null;
const opsPerSecond: Pick = (s) => s.ops_per_s;
const latencyP95: Pick = (s) => s.latency_ms?.p95 ?? null;
const metric =
  (key: MetricKey): Pick =>
  (s) =>
    s.metrics?.[key] ?? null;
const lsmMetric =
  (key: LsmMetricKey): Pick =>
  (s) =>
    s.lsm_metrics?.[key] ?? null;

interface Estimate {
  ratio: RatioEstimate;
  /** smallest p-value this many values could give: the verdict needs it to tell "too few values" from "no change" */
  min_p_value: number;
  /** paired: the per-round log ratios the estimate is from (the drop test's data); null unpaired */
  logRatios: number[] | null;
  /**
   * paired: the log ratios grouped by the pair of processes (base's, variant's) that measured them, or
   * null when the samples do not record their processes (results from before 2026-12-04)
   */
  blocks: number[][] | null;
}

/** Estimates the ratio variant/base of one value of one step's samples at confidence 1 - alpha; null without usable values. */
type RatioEstimator = (pick: Pick, alpha: number) => Estimate | null;

function ratioOf(shift: ShiftEstimate, logRatios: number[] | null, blocks: number[][] | null): Estimate {
  const { estimate, ci_low, ci_high, confidence, p_value, n } = shift;
  return {
    ratio: { estimate: Math.exp(estimate), ci_low: Math.exp(ci_low), ci_high: Math.exp(ci_high), confidence, p_value, n },
    min_p_value: shift.min_p_value,
    logRatios,
    blocks,
  };
}

/** The log ratios grouped by the pair of processes that measured them; null when a sample does not say. */
function processBlocks(pairs: readonly (readonly [OkSample, OkSample])[], logRatios: readonly number[]): number[][] | null {
  if (pairs.some(([b, v]) => b.process === undefined || v.process === undefined)) return null;
  const blocks = new Map<string, number[]>();
  pairs.forEach(([b, v], i) => {
    const key = `${b.process}/${v.process}`;
    const block = blocks.get(key) ?? [];
    block.push(logRatios[i]!);
    blocks.set(key, block);
  });
  return [...blocks.values()];
}

const isOk = (s: Sample): s is OkSample => s.status === "ok";
const present = (v: number | null): v is number => v !== null;

/** Pairs the variant's and the base's samples of the same round, where both are ok: per-round log ratios. */
function pairedEstimator(base: readonly Sample[], variant: readonly Sample[]): RatioEstimator {
  const baseByRound = new Map(base.filter(isOk).map((s) => [s.round, s]));
  const pairs = variant.filter(isOk).flatMap((v) => {
    const b = baseByRound.get(v.round);
    return b ? [[b, v] as const] : [];
  });
  return (pick, alpha) => {
    const picked = pairs.filter(([b, v]) => present(pick(b)) && present(pick(v)));
    const values = picked.map(([b, v]) => [pick(b)!, pick(v)!] as const);
    if (values.length === 0 || values.some(([b, v]) => b <= 0 || v <= 0)) return null;
    // a difference of logs: v / b itself can overflow where both values are valid
    const logRatios = values.map(([b, v]) => Math.log(v) - Math.log(b));
    return ratioOf(pairedShift(logRatios, alpha), logRatios, processBlocks(picked, logRatios));
  };
}

/** All ok samples of each side against each other: runs measured at different times. */
function unpairedEstimator(base: readonly Sample[], variant: readonly Sample[]): RatioEstimator {
  return (pick, alpha) => {
    const b = base.filter(isOk).map(pick).filter(present);
    const v = variant.filter(isOk).map(pick).filter(present);
    if (b.length === 0 || v.length === 0 || [...b, ...v].some((x) => x <= 0)) return null;
    return ratioOf(unpairedShift(v.map(Math.log), b.map(Math.log), alpha), null, null);
  };
}

const pText = (p: number) => (p >= 0.001 || p === 0 ? String(Number(p.toPrecision(2))) : p.toExponential(1));
/** A significance level in a reason: two significant digits (an adaptive look's level is a long fraction). */
const levelText = (alpha: number) => String(Number(alpha.toPrecision(2)));

interface Decision {
  verdict: Verdict;
  reason: string;
}

/** The samples of one variant of one step, under the name the comparison shows. */
interface Side {
  label: string;
  samples: readonly Sample[];
  /** the step is one of the side's run's steps (a stored baseline may have steps the current run does not) */
  measured?: boolean;
}

/**
 * The verdict of one variant of one step; the first rule that holds wins. q is the QPS ratio with its
 * (1 - alpha) interval [lo, hi], "significant" is p < alpha (alpha: the look's level under adaptive
 * rounds), F the step's A/A noise floor (0 without one, at most NOISE_FLOOR_CAP):
 *
 *   1. a sample failed                                  error
 *   1b. the variant's run has the step but no sample    error (the base measured it: the head's loss, not a gap)
 *   2. a side has no ok sample, or no round pairs them  missing
 *   2b. a background writer fell behind its rate        unstable (the step's QPS means nothing: not judged)
 *   2c. the smallest possible p is not below alpha      unstable (too few values to test)
 *   3. drop found, q < fail_below, q < 1 - F            regression
 *   4. drop found or significant, q < warn_below        warning (with q < fail_below: within the noise floor,
 *                                                       or only the two-sided test found it)
 *   5. significant, q > improve_above                   improvement
 *   6. lo < fail_below                                  unstable (cannot rule out a regression)
 *   7. otherwise                                        unchanged
 *
 * "Drop found": under the one-sided-t rule (paired runs of fixed rounds, the default) the one-sided
 * t-test's p is below alpha / tests (`drop`), which holds a run's false failures at or below alpha
 * over all its steps; under signed-rank, "significant".
 *
 * The floor moves one line only: rule 3's. So it can turn a regression into a warning, never a
 * warning, an unstable step, a significant drop or an improvement into "unchanged".
 */
function decide(base: Side, variant: Side, errors: SampleErrorSummary[], qps: Estimate | null, t: Thresholds, floor: number, drop: DropTestResult | null): Decision {
  const [first] = errors;
  if (first) {
    const count = errors.length === 1 ? "1 sample" : `${errors.length} samples`;
    return { verdict: "error", reason: `${count} failed; ${first.variant} round ${first.round}: ${brief(first.message)}` };
  }
  const baseOk = base.samples.filter(isOk).length;
  if (variant.samples.length === 0 && variant.measured && baseOk > 0) {
    return { verdict: "error", reason: `no sample of ${variant.label}, while ${base.label} has ${baseOk === 1 ? "1 ok sample" : `${baseOk} ok samples`}` };
  }
  const without = [base, variant].filter((side) => !side.samples.some(isOk)).map((side) => side.label);
  if (without.length > 0) return { verdict: "missing", reason: `no ok samples of ${without.join(" or ")}` };
  if (!qps) return { verdict: "missing", reason: `no round has ok samples of both ${base.label} and ${variant.label}` };
  const behind = writerFellBehind(base, variant);
  if (behind) return { verdict: "unstable", reason: behind };

  const { ratio: q, min_p_value } = qps;
  const p = q.p_value ?? 1;
  const significant = p < t.alpha;
  // 3 decimals or more, so a value never reads as the limit it is compared with (tables keep 2)
  const limits = [t.fail_below, t.warn_below, t.improve_above];
  const qpsText = `relative QPS ${valueAgainst(q.estimate, limits)} (${valueAgainst(q.ci_low, limits)}–${valueAgainst(q.ci_high, limits)})`;
  const alphaText = levelText(t.alpha);
  const significance = `p = ${pText(p)} < ${alphaText}`;
  const floorText = `the A/A noise floor ±${(floor * 100).toFixed(1)}%`;
  // before any rule that fails: a drop test on fewer pairs than the exact test needs would lean on normality alone
  if (!significant && min_p_value >= t.alpha) {
    return { verdict: "unstable", reason: `too few values (n = ${q.n}): the smallest possible p-value ${pText(min_p_value)} is not below ${alphaText}` };
  }
  const dropFound = drop ? drop.p_value < drop.level : significant;
  const dropText = drop
    ? `one-sided t-test p = ${pText(drop.p_value)} ${dropFound ? "<" : "is not below"} ${levelText(drop.level)} (α ${alphaText} over ${drop.tests === 1 ? "1 test" : `${drop.tests} tests`}${unitsText(drop)})`
    : significance;
  if (dropFound && q.estimate < t.fail_below && q.estimate < 1 - floor) return { verdict: "regression", reason: `${qpsText} is below ${formatLimit(t.fail_below)}, ${dropText}` };
  if (dropFound && q.estimate < t.fail_below) return { verdict: "warning", reason: `${qpsText} is below ${formatLimit(t.fail_below)} but within ${floorText}, ${dropText}` };
  if (significant && q.estimate < t.fail_below) return { verdict: "warning", reason: `${qpsText} is below ${formatLimit(t.fail_below)}, ${significance}, but ${dropText}` };
  if ((dropFound || significant) && q.estimate < t.warn_below) return { verdict: "warning", reason: `${qpsText} is below ${formatLimit(t.warn_below)}, ${dropFound ? dropText : significance}` };
  if (significant && q.estimate > t.improve_above) return { verdict: "improvement", reason: `${qpsText} is above ${formatLimit(t.improve_above)}, ${significance}` };
  if (q.ci_low < t.fail_below) {
    return { verdict: "unstable", reason: `${qpsText} reaches below ${formatLimit(t.fail_below)} and p = ${pText(p)}: too noisy to rule out a regression` };
  }
  return {
    verdict: "unchanged",
    reason: significant ? `${qpsText}, ${significance}, is within ${formatLimit(t.warn_below)}–${formatLimit(t.improve_above)}` : `${qpsText}, p = ${pText(p)}: no significant change`,
  };
}

const QPS_NOT_MEASURED: Decision = { verdict: "n/a", reason: "QPS not measured: the run counted instructions per operation only (--instructions-only)" };

/** cpu/op must have risen by at least this share of the QPS loss to be named as its likely cause. */
const CPU_SHARE_OF_LOSS = 0.5;
/** Context switches or IO per op must have risen by more than this to be worth a hint. */
const NOTABLE_RISE = 0.1;
const IO_METRICS = ["r_per_op", "rkb_per_op", "wkb_per_op"] as const;

/** Why QPS fell, as far as the per-op metrics tell: more CPU per op, more context switches (contention), more IO. */
function whyHints(qps: RatioEstimate, metrics: Record<MetricKey, RatioEstimate | null>): string[] {
  const rise = (key: MetricKey) => {
    const ratio = metrics[key];
    return ratio ? ratio.estimate - 1 : null;
  };
  const hints: string[] = [];
  const cpu = rise("cpu_us_per_op");
  if (cpu !== null && cpu > 0 && cpu >= CPU_SHARE_OF_LOSS * (1 - qps.estimate)) hints.push(`${METRIC_NAMES.cpu_us_per_op} ${formatChange(cpu)}`);
  const cs = rise("cs_per_op");
  if (cs !== null && cs > NOTABLE_RISE) hints.push(`${METRIC_NAMES.cs_per_op} ${formatChange(cs)} (context switches: contention?)`);
  const io = IO_METRICS.flatMap((key) => {
    const r = rise(key);
    return r !== null && r > NOTABLE_RISE ? [`${METRIC_NAMES[key]} ${formatChange(r)}`] : [];
  });
  if (io.length > 0) hints.push(`IO/op up: ${io.join(", ")}`);
  return hints;
}

/** Why a query step's background writer makes its QPS meaningless (it fell behind its rate in some round), or null. */
function writerFellBehind(...sides: Side[]): string | null {
  const behind = sides.flatMap(({ label, samples }) =>
    samples.flatMap((s) => (s.status === "ok" && s.background_writer && !s.background_writer.kept_rate ? [{ label, round: s.round, writer: s.background_writer }] : [])),
  );
  const [first] = behind;
  if (!first) return null;
  // a round counts once, however many of its samples (base and variant) fell behind
  const count = new Set(behind.map((b) => b.round)).size;
  const rounds = count === 1 ? "1 round" : `${count} rounds`;
  return `the background writer fell behind its ${first.writer.target_rows_per_s} rows/s in ${rounds} (${first.label} round ${first.round}: ${first.writer.rows_per_s.toFixed(0)} rows/s): QPS not judged`;
}

function errorsOf({ label, samples }: Side): SampleErrorSummary[] {
  return samples.flatMap((s) => (s.status === "error" ? [{ variant: label, round: s.round, message: s.error.message, log_excerpt: s.error.log_excerpt }] : []));
}

function summarize(label: string, samples: readonly Sample[]): AbsoluteSummary {
  const ok = samples.filter(isOk);
  const medianOf = (pick: Pick) => {
    const values = ok.map(pick).filter(present);
    return values.length > 0 ? median(values) : null;
  };
  const maxOf = (pick: Pick) => {
    const values = ok.map(pick).filter(present);
    return values.length > 0 ? max(values) : null;
  };
  return {
    variant: label,
    ops_per_s: medianOf(opsPerSecond),
    metrics: ok.some((s) => s.metrics) ? (Object.fromEntries(METRIC_KEYS.map((k) => [k, medianOf(metric(k))])) as Record<MetricKey, number>) : null,
    latency_p95_ms: medianOf(latencyP95),
    latency_avg_ms: medianOf((s) => s.latency_ms?.avg ?? null),
    latency_p50_ms: medianOf((s) => s.latency_ms?.p50 ?? null),
    latency_p90_ms: medianOf((s) => s.latency_ms?.p90 ?? null),
    latency_p99_ms: medianOf((s) => s.latency_ms?.p99 ?? null),
    latency_p99_9_ms: medianOf((s) => s.latency_ms?.p99_9 ?? null),
    latency_max_ms: maxOf((s) => s.latency_ms?.max ?? null),
    stall_percent: medianOf((s) => s.stall_percent ?? null),
    lsm_metrics: ok.some((s) => s.lsm_metrics) ? (Object.fromEntries(LSM_METRIC_KEYS.map((k) => [k, medianOf(lsmMetric(k))])) as Record<LsmMetricKey, number | null>) : null,
    writer_rows_per_s: medianOf((s) => s.background_writer?.rows_per_s ?? null),
    database_bytes: medianOf((s) => s.database_bytes ?? null),
    server_rss_bytes: maxOf((s) => s.server_rss_bytes ?? null),
    client_cpu_share: maxOf((s) => s.client_cpu_share),
    ok_samples: ok.length,
    error_samples: samples.length - ok.length,
    duration_s: samples.reduce((sum, s) => sum + s.duration_s, 0),
  };
}

/** Samples by step id, then by variant id; a second sample of the same step, variant and round is refused. */
const indexSamples = (results: Results) => indexByStepAndVariant(results.samples, { field: "samples", what: "sample", unit: (s) => ({ name: "round", value: s.round }) });

interface Plan {
  mode: Comparison["mode"];
  results: Results;
  baseLabel: string;
  variants: string[];
  steps: Step[];
  samplesOf: (step: string, label: string) => Sample[];
  /** null: the run (or the stored baseline) counted no instructions */
  instructionsOf: ((step: string, label: string) => InstructionSample[]) | null;
  estimator: (base: readonly Sample[], variant: readonly Sample[]) => RatioEstimator;
  baseline: ComparisonContext["baseline"];
  noiseFloor: readonly NoiseFloor[];
  qpsRule: QpsRule;
  /** QPS comparisons that can fail the gate together (steps times compared variants times report columns): they share alpha */
  tests: number;
  /** steps not compared, and why (a stored baseline's step of another definition): "missing" with the reason */
  refused?: ReadonlyMap<string, string>;
}

/**
 * The level a step's QPS is tested at, alpha shared by every test that can fail the gate (family-wise):
 * a step measured with adaptive rounds at the nominal level of its number of pairs (alpha-spending.ts)
 * under alpha / tests, the scheduler's own level (run/stage-measure.ts); a comparison against a stored baseline
 * at alpha / tests. Paired runs of fixed rounds keep alpha: their drop test divides it itself (dropTest).
 */
function testedThresholds(plan: Plan, t: Thresholds, pairs: number | undefined): Thresholds {
  if (plan.mode === "unpaired") return { ...t, alpha: t.alpha / plan.tests };
  const design = plan.results.run.sequential;
  if (!design || pairs === undefined) return t;
  return { ...t, alpha: lookAlpha({ minRounds: design.min_rounds, maxRounds: design.max_rounds, lookEvery: design.look_every, spending: design.spending }, t.alpha / plan.tests, pairs) };
}

/** The floor's part of a variant's comparison: the spread applied, or why the step's floor was not. */
function floorFields(choice: FloorChoice): { noise_floor?: number; noise_floor_note?: string } {
  switch (choice.kind) {
    case "none":
      return {};
    case "not-applied":
      return { noise_floor_note: choice.note };
    case "applied":
      return {
        noise_floor: choice.spread,
        ...(choice.capped && { noise_floor_note: `the A/A noise floor ±${(choice.measured * 100).toFixed(1)}% is capped at ±${(NOISE_FLOOR_CAP * 100).toFixed(0)}%` }),
      };
  }
}

/**
 * The one-sided drop test of a step's QPS where the one-sided-t rule applies (paired, fixed rounds);
 * null elsewhere. Its units are the pairs of server processes the rounds came from (stats.ts
 * blockDropTest); results that do not record processes are tested round by round, as before.
 */
function dropTest(plan: Plan, step: Step, qps: Estimate | null, t: Thresholds): DropTestResult | null {
  if (plan.qpsRule !== "one-sided-t" || plan.mode !== "paired" || plan.results.run.sequential || !qps?.logRatios) return null;
  const test = blockDropTest(qps.blocks ?? qps.logRatios.map((x) => [x]), step.qps_process_spread ?? null);
  return { p_value: test.p_value, level: t.alpha / plan.tests, tests: plan.tests, df: test.df, blocks: test.blocks, method: qps.blocks ? test.method : "unrecorded" };
}

/** What the drop test's units were, for its reason; empty where every round had processes of its own or none were recorded. */
function unitsText(drop: DropTestResult): string {
  const pairs = drop.blocks === 1 ? "1 pair of server processes" : `${drop.blocks} pairs of server processes`;
  switch (drop.method) {
    case "rounds":
    case "unrecorded":
      return "";
    case "recorded":
      return `; rounds from ${pairs}, their A/A spread added, df ${drop.df.toFixed(1)}`;
    case "block-means":
      return `; the means of ${pairs} tested (no A/A spread between processes recorded)`;
    case "untestable":
      return `; every round from ${pairs} and no A/A spread between processes recorded: a drop cannot be told from their offset`;
  }
}

function compareVariant(plan: Plan, step: Step, label: string, configured: Thresholds): VariantComparison {
  const refused = plan.refused?.get(step.id);
  if (refused !== undefined) return refusedVariant(plan, step, label, configured, refused);
  const base: Side = { label: plan.baseLabel, samples: plan.samplesOf(step.id, plan.baseLabel) };
  const variant: Side = { label, samples: plan.samplesOf(step.id, label), measured: plan.results.steps.some((s) => s.id === step.id) };
  const estimator = plan.estimator(base.samples, variant.samples);
  const where = `step ${step.id}, ${label} against ${base.label}`;
  const estimate: RatioEstimator = (pick, alpha) => {
    const found = estimator(pick, alpha);
    if (found) checkRatios([found.ratio.estimate, found.ratio.ci_low, found.ratio.ci_high], where, "samples");
    return found;
  };
  const atConfigured = estimate(opsPerSecond, configured.alpha);
  const pairs = atConfigured?.ratio.n;
  const t = testedThresholds(plan, configured, pairs);
  // A floor describes estimates of so many rounds: pairs, or (unpaired) the rounds of the variant judged.
  const rounds = plan.mode === "paired" ? pairs : variant.samples.filter(isOk).length;
  const floor = pairs === undefined || rounds === undefined ? ({ kind: "none" } as const) : chooseNoiseFloor(plan.noiseFloor, step.id, rounds, plan.results.fingerprint);
  // Estimated again only when the tested alpha differs: the interval depends on alpha, n does not.
  const qps = t.alpha === configured.alpha ? atConfigured : estimate(opsPerSecond, t.alpha);
  const metrics = Object.fromEntries(METRIC_KEYS.map((k) => [k, estimate(metric(k), t.alpha)?.ratio ?? null])) as Record<MetricKey, RatioEstimate | null>;
  const errors = [...errorsOf(base), ...errorsOf(variant)];
  const drop = dropTest(plan, step, qps, t);
  const { verdict, reason } =
    plan.results.run.qps_measured === false ? QPS_NOT_MEASURED : decide(base, variant, errors, qps, t, floor.kind === "applied" ? floor.spread : 0, drop);
  const instructions = plan.instructionsOf
    ? compareInstructions({ label: plan.baseLabel, samples: plan.instructionsOf(step.id, plan.baseLabel) }, { label, samples: plan.instructionsOf(step.id, label) }, t, {
        aaSpread: step.instructions_aa_spread,
        judgedAlone: step.instructions_judged_alone,
      })
    : null;
  if (instructions?.ratio) checkRatios([instructions.ratio.estimate, instructions.ratio.low, instructions.ratio.high], `${where}, instructions per op`, "instructions");
  const cycles = instructions?.estimated_cycles?.ratio;
  if (cycles) checkRatios([cycles.estimate, cycles.low, cycles.high], `${where}, estimated cycles per op`, "instructions");
  return {
    variant: label,
    verdict,
    reason,
    thresholds: t,
    ...(t.alpha !== configured.alpha && { configured_alpha: configured.alpha }),
    ...floorFields(floor),
    qps: qps?.ratio ?? null,
    ...(drop && { qps_drop_test: drop }),
    metrics,
    lsm_metrics: Object.fromEntries(LSM_METRIC_KEYS.map((k) => [k, estimate(lsmMetric(k), t.alpha)?.ratio ?? null])) as Record<LsmMetricKey, RatioEstimate | null>,
    latency_p95: estimate(latencyP95, t.alpha)?.ratio ?? null,
    hints: qps && (verdict === "regression" || verdict === "warning") ? whyHints(qps.ratio, metrics) : [],
    errors,
    instructions,
  };
}

/** A variant's comparison with the base's samples and counts left out: its own shown, its verdicts "missing" for `reason`. */
function refusedVariant(plan: Plan, step: Step, label: string, configured: Thresholds, reason: string): VariantComparison {
  const alone: Plan = { ...plan, refused: undefined, samplesOf: (s, l) => (l === plan.baseLabel ? [] : plan.samplesOf(s, l)), instructionsOf: plan.instructionsOf && ((s, l) => (l === plan.baseLabel ? [] : plan.instructionsOf!(s, l))) };
  const compared = compareVariant(alone, step, label, configured);
  return { ...compared, verdict: "missing", reason, hints: [], ...(compared.instructions && { instructions: { ...compared.instructions, verdict: "missing", reason } }) };
}

/**
 * The steps of `current` whose definition (definition_hash: a custom step's scripts and options) is not
 * the stored baseline's step's of the same id, and why they are not compared.
 */
export function changedDefinitions(current: Results, baseline: Results): Map<string, string> {
  const before = new Map(baseline.steps.map((s) => [s.id, s.definition_hash]));
  const refused = new Map<string, string>();
  for (const step of current.steps) {
    if (!before.has(step.id) || before.get(step.id) === step.definition_hash) continue;
    const hash = (h: string | undefined) => (h === undefined ? "none" : h.slice(0, 12));
    refused.set(step.id, `not compared: the step's definition changed since the baseline (definition hash ${hash(before.get(step.id))}, now ${hash(step.definition_hash)}); a new baseline measures it`);
  }
  return refused;
}

function buildComparison(plan: Plan, options: CompareOptions): Comparison {
  // What the run was judged by when measured (Results.thresholds), then what the caller gives explicitly.
  const stored = plan.results.thresholds;
  const overrides = [...(stored?.overrides ?? []), ...(options.overrides ?? [])];
  const thresholds = thresholdResolver({ ...stored?.run, ...options.thresholds }, overrides);
  const steps: StepComparison[] = plan.steps.map((step) => {
    const t = thresholds.forStep(step.id);
    return {
      step: step.id,
      driver: step.driver,
      parameters: step.parameters,
      ...(step.sweep && { sweep: step.sweep }),
      absolute: [plan.baseLabel, ...plan.variants].map((label) => summarize(label, plan.samplesOf(step.id, label))),
      variants: plan.variants.map((label) => compareVariant(plan, step, label, t)),
    };
  });
  const counts = Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Record<Verdict, number>;
  for (const step of steps) for (const v of step.variants) counts[v.verdict]++;
  const instructionCounts = plan.instructionsOf ? (Object.fromEntries(INSTRUCTION_VERDICTS.map((v) => [v, 0])) as Record<InstructionVerdict, number>) : null;
  if (instructionCounts) for (const step of steps) for (const v of step.variants) if (v.instructions) instructionCounts[v.instructions.verdict]++;
  const { run, fingerprint, engine, profile, variants } = plan.results;
  const failOn = [...(options.failOn ?? DEFAULT_FAIL_ON)];
  const accepted = options.acceptance ?? null;
  const gated = [{ steps, label: options.label ?? null }];
  const gate = decideGate(gated, failOn, accepted);
  return {
    schema: "db-bench-gate/comparison",
    version: 1,
    label: options.label ?? null,
    mode: plan.mode,
    base_variant: plan.baseLabel,
    variants: plan.variants,
    thresholds: thresholds.run,
    overrides,
    steps,
    counts,
    instruction_counts: instructionCounts,
    verdict: gate.verdict,
    verdict_summary: verdictWords(gated, gate),
    fail_on: failOn,
    accepted,
    context: {
      run_id: run.id,
      started_at: run.started_at,
      finished_at: run.finished_at,
      budget_exhausted: run.budget_exhausted,
      qps_measured: run.qps_measured ?? true,
      cpu_placement: run.cpu_placement ?? null,
      notes: run.notes,
      fingerprint,
      engine,
      profile,
      variants,
      baseline: plan.baseline,
    },
  };
}

function variantOf(results: Results, id: string, what: string) {
  const variant = results.variants.find((v) => v.id === id);
  if (!variant) throw new InputError(`"${id}" is not a variant of ${what} (${results.variants.map((v) => v.id).join(", ")})`, undefined, "base_variant");
  return variant;
}

/** Every variant of one run against its base variant, paired by interleaved round. */
export function compareRun(results: Results, options: CompareOptions = {}): Comparison {
  const baseLabel = options.baseVariant ?? results.base_variant;
  variantOf(results, baseLabel, "the run");
  const variants = results.variants.map((v) => v.id).filter((id) => id !== baseLabel);
  if (variants.length === 0) throw new InputError(`the run has no variant besides the base ${baseLabel}: nothing to compare (compare against a baseline instead)`, undefined, "variants");
  return buildComparison(
    {
      mode: "paired",
      results,
      baseLabel,
      variants,
      steps: results.steps,
      samplesOf: indexSamples(results),
      instructionsOf: results.instructions ? indexInstructionSamples(results.instructions) : null,
      estimator: pairedEstimator,
      baseline: null,
      noiseFloor: options.noiseFloor ?? results.noise_floor ?? [],
      qpsRule: options.qpsRule ?? "one-sided-t",
      tests: results.steps.length * variants.length * (options.columns ?? 1),
    },
    options,
  );
}

/**
 * One comparison per runner's run of the same pull request (a column each: x86_64, aarch64), gated
 * together: every column's tests share alpha.
 */
export function compareColumns(runs: readonly Results[], options: CompareOptions = {}): Comparison[] {
  const labels = runLabels(runs);
  return runs.map((results, i) => compareRun(results, { ...options, label: labels[i] ?? null, columns: runs.length }));
}

/** Prefix of the base column in unpaired comparisons; ':' cannot occur in a variant id, so it never clashes with the current run's ids. */
export const BASELINE_LABEL_PREFIX = "baseline:";

/**
 * Every variant of `current` against the base variant of a stored `baseline` run (options.baseVariant
 * picks another variant of the baseline), unpaired. The caller checks that the fingerprints match.
 * Steps of either run are compared; a step the other run lacks is "missing".
 */
export function compareAgainstBaseline(current: Results, baseline: Results, options: CompareOptions = {}): Comparison {
  const baseVariant = variantOf(baseline, options.baseVariant ?? baseline.base_variant, "the baseline");
  const baseLabel = `${BASELINE_LABEL_PREFIX}${baseVariant.id}`;
  const currentSamples = indexSamples(current);
  const baselineSamples = indexSamples(baseline);
  const currentSteps = new Set(current.steps.map((s) => s.id));
  const currentInstructions = current.instructions && indexInstructionSamples(current.instructions);
  const baselineInstructions = baseline.instructions && indexInstructionSamples(baseline.instructions);
  return buildComparison(
    {
      mode: "unpaired",
      results: current,
      baseLabel,
      variants: current.variants.map((v) => v.id),
      steps: [...current.steps, ...baseline.steps.filter((s) => !currentSteps.has(s.id))],
      samplesOf: (step, label) => (label === baseLabel ? baselineSamples(step, baseVariant.id) : currentSamples(step, label)),
      // both runs must have counted: a baseline from before counting has nothing to compare against
      instructionsOf:
        currentInstructions && baselineInstructions
          ? (step, label) => (label === baseLabel ? baselineInstructions(step, baseVariant.id) : currentInstructions(step, label))
          : null,
      estimator: unpairedEstimator,
      baseline: { run_id: baseline.run.id, fingerprint: baseline.fingerprint, variant: baseVariant },
      noiseFloor: options.noiseFloor ?? baseline.noise_floor ?? [],
      // unpaired: no rounds to pair, the signed-rank rule judges (QPS_RULES)
      qpsRule: "signed-rank",
      tests: current.steps.length * current.variants.length * (options.columns ?? 1),
      refused: changedDefinitions(current, baseline),
    },
    options,
  );
}

/**
 * The deterministic channel: relative instructions per operation of a variant against its base, per
 * step, with its own verdict. Pure: data in, data out.
 *
 * Counts are not timed, so their repeats agree to about 0.01% and no test statistic is needed: the
 * ratio is median(variant) / median(base), and a change counts only when the variant's median is
 * outside the base's repeats (median(variant) / max(base) .. median(variant) / min(base) on one side
 * of 1). The variant's own spread never decides for it: a variant whose repeats spread wider than the
 * step's lines allow is an `error` of its own (a PR that makes its work vary would otherwise dodge the
 * channel), and a ratio past a threshold with the variant's median inside the base's repeats is
 * `unstable`: the base's spread is too wide to tell. The same rule serves a paired run and a stored
 * baseline: counts do not drift with the machine's load.
 *
 * Some steps' counts spread more (a step that writes rows at random: 2-3.5%), so their lines are moved
 * out by K x the step's margin (instructionLines): an A/A pair of such a step must not fail.
 */
import { max, median, min } from "simple-statistics";
import { indexByStepAndVariant } from "./index-samples.js";
import { cachesText, DEFAULT_SIMULATED_CACHES } from "../measure/simulated-caches.js";
import type { InstructionSample, OkInstructionSample } from "../results/schema.js";
import { brief, formatLimit, valueAgainst } from "./reason.js";
import type { InstructionComparison, InstructionErrorSummary, InstructionLines, InstructionRatio, InstructionSide, InstructionVerdict, Thresholds } from "./types.js";

/**
 * K: a step's failing line is at least 1 + K x its margin, its improvement line at most 1 - K x it. In
 * the A/A series of pg-quick and mariadb-quick no run came near a line at any K (docs/verdict-quality.md):
 * a step's A/A ratio strayed from 1 by at most 0.75 of its recorded spread where that spread can move
 * a line; 2 leaves a factor of 2.7 over that for the runs not yet seen.
 */
export const SPREAD_MULTIPLE = 2;

/**
 * The highest a spread may lift a step's failing line: a step whose recorded A/A spread would lift it
 * higher is not counted (profile.ts), and a spread seen in a run lifts it no higher.
 */
export const MAX_LIFTED_FAIL_ABOVE = 1.05;
/** The same limit below 1, for the improvement line. */
const MIN_LOWERED_IMPROVE_BELOW = 0.95;

/** The instruction samples of one variant of one step, under the name the comparison shows. */
export interface InstructionSamples {
  label: string;
  samples: readonly InstructionSample[];
}

const isOk = (s: InstructionSample): s is OkInstructionSample => s.status === "ok";

/** Counts by step id and variant id; a second count of the same step, variant and repeat is refused. */
export const indexInstructionSamples = (samples: readonly InstructionSample[]) =>
  indexByStepAndVariant(samples, { field: "instructions", what: "count", unit: (s) => (s.status === "unavailable" ? null : { name: "repeat", value: s.repeat }) });

/**
 * How a count was made: counts of different tools, of different processes, or of different simulated
 * caches are not comparable. A count with estimated cycles that does not record its caches is from
 * before they were recorded, when the default was the only simulation.
 */
export const howCounted = (s: Pick<OkInstructionSample, "tool" | "counted" | "caches" | "estimated_cycles_per_op">): string =>
  `${s.tool} (${s.counted})${s.estimated_cycles_per_op === undefined ? "" : `, ${cachesText(s.caches ?? DEFAULT_SIMULATED_CACHES)}`}`;

/** What the rule can judge: instructions per op, or estimated cycles per op (counted with the cache simulation). */
type Judged = "instructions_per_op" | "estimated_cycles_per_op";
const JUDGED_NAME: Record<Judged, string> = { instructions_per_op: "instr/op", estimated_cycles_per_op: "est. cycles/op" };

/** One side's repeats of the judged metric: the summary and the per-op values it summarizes, in repeat order. */
interface Counted {
  side: InstructionSide;
  values: number[];
}

/** The repeats of one side; null without ok counts (or, for estimated cycles, when a count has none). */
function countedOf({ label, samples }: InstructionSamples, judged: Judged): Counted | null {
  const ok = samples.filter(isOk).sort((a, b) => a.repeat - b.repeat);
  const [first] = ok;
  const values = ok.flatMap((s) => (s[judged] === undefined ? [] : [s[judged]]));
  if (!first || values.length < ok.length) return null;
  const middle = median(values);
  const lowest = min(values);
  const highest = max(values);
  const side = { variant: label, median: middle, min: lowest, max: highest, spread: (highest - lowest) / middle, repeats: values.length, tool: first.tool, counted: first.counted };
  return { side, values };
}

function errorsOf({ label, samples }: InstructionSamples): InstructionErrorSummary[] {
  return samples.flatMap((s) => (s.status === "error" ? [{ variant: label, repeat: s.repeat, message: s.error.message, log_excerpt: s.error.log_excerpt }] : []));
}

/** 1 + k x spread as a line is shown: rounded out to 3 decimals, so that the line judged is the line read. */
const liftedAbove = (spread: number, k: number) => Math.ceil((1 + k * spread) * 1000 - 1e-9) / 1000;
const liftedBelow = (spread: number, k: number) => Math.floor((1 - k * spread) * 1000 + 1e-9) / 1000;

/** 2.0%, 0.44%, 12%: a spread in a reason. */
const spreadText = (spread: number) => `${spread >= 0.1 ? Math.round(spread * 100) : (spread * 100).toPrecision(2)}%`;

/**
 * Why a step whose recorded A/A spread lifts its failing line past MAX_LIFTED_FAIL_ABOVE is not
 * counted (its n/a reason), or null when it is counted: a line that high would let real changes pass.
 */
export function tooNoisyToCount(aaSpread: number, k = SPREAD_MULTIPLE): string | null {
  const line = liftedAbove(aaSpread, k);
  if (line <= MAX_LIFTED_FAIL_ABOVE) return null;
  return `its A/A instruction spread ${spreadText(aaSpread)} would put the failing line at ${line.toFixed(3)}, past ${formatLimit(MAX_LIFTED_FAIL_ABOVE)}: not counted`;
}

/**
 * The lines of one step: the thresholds, moved out where 1 ± k x margin is wider. The margin is the
 * larger of the step's recorded A/A spread and the spread of the base's repeats in this run; never the
 * variant's, which would let a head widen its own line by counting noisily. The warning line moves with
 * the failing line: a warning that an A/A pair of the step gets as often as not would be noise in the
 * comment, so on a noisy step a change is flagged only past what its A/A runs reach. A base spread
 * lifts the lines no further than MAX_LIFTED_FAIL_ABOVE (and MIN_LOWERED_IMPROVE_BELOW): a run whose
 * base counted that noisily still fails a change past 5% whose repeats are apart.
 */
export function instructionLines(t: Thresholds, aaSpread: number | undefined, baseSpread: number, k = SPREAD_MULTIPLE): InstructionLines {
  const fromAa = aaSpread !== undefined && aaSpread >= baseSpread;
  const margin = fromAa ? aaSpread : baseSpread;
  const above = Math.min(liftedAbove(margin, k), MAX_LIFTED_FAIL_ABOVE);
  const below = Math.max(liftedBelow(margin, k), MIN_LOWERED_IMPROVE_BELOW);
  return {
    fail_above: Math.max(t.instructions_fail_above, above),
    warn_above: Math.max(t.instructions_warn_above, above),
    improve_below: Math.min(t.instructions_improve_below, below),
    margin,
    margin_source: fromAa ? "aa" : "base repeats",
    k,
  };
}

/**
 * What a ratio is judged by: its estimate, and the variant's median over the base's repeats,
 * median(variant) / max(base) .. median(variant) / min(base). The variant's own extremes are not in it:
 * a variant whose repeats spread would otherwise reach back over 1 and be `unstable` by its own doing.
 */
interface JudgedRange {
  estimate: number;
  low: number;
  high: number;
}

const judgedRange = (base: InstructionSide, variant: InstructionSide): JudgedRange => ({ estimate: variant.median / base.median, low: variant.median / base.max, high: variant.median / base.min });

function ratioText(r: JudgedRange, lines: InstructionLines, judged: Judged, labels: Labels): string {
  const limits = [lines.fail_above, lines.warn_above, lines.improve_below];
  return `relative ${JUDGED_NAME[judged]} ${valueAgainst(r.estimate, limits)} (${labels.variant}'s median over ${labels.base}'s repeats ${valueAgainst(r.low, limits)}–${valueAgainst(r.high, limits)})`;
}

/** The two sides' names, as the reasons say them. */
interface Labels {
  base: string;
  variant: string;
}

/** `fails above 1.04: A/A spread 2.0% × 2` when the margin moved a line from the thresholds `t`, else null. */
export function liftedLinesText(lines: InstructionLines, t: Thresholds, baseLabel: string): string | null {
  const { k } = lines;
  const moved = [
    lines.fail_above > t.instructions_fail_above ? `fails above ${formatLimit(lines.fail_above)}` : lines.warn_above > t.instructions_warn_above ? `warns above ${formatLimit(lines.warn_above)}` : null,
    lines.improve_below < t.instructions_improve_below ? `improves below ${formatLimit(lines.improve_below)}` : null,
  ].filter((m) => m !== null);
  if (moved.length === 0) return null;
  const source = lines.margin_source === "aa" ? "A/A spread" : `spread of ${baseLabel}'s repeats`;
  const capped = liftedAbove(lines.margin, k) > MAX_LIFTED_FAIL_ABOVE ? `, capped at ${formatLimit(MAX_LIFTED_FAIL_ABOVE)}` : "";
  return `${moved.join(", ")}: ${source} ${spreadText(lines.margin)} × ${k}${capped}`;
}

/**
 * Regression, warning or improvement when the ratio is past its line and the variant's median is outside
 * the base's repeats; unstable when it is inside them, or when the base's repeats reach past the failing line.
 */
function judge(r: JudgedRange, lines: InstructionLines, judged: Judged, labels: Labels): { verdict: InstructionVerdict; reason: string } {
  const outside = r.low > 1 || r.high < 1;
  const text = ratioText(r, lines, judged, labels);
  const { fail_above: fail, warn_above: warn, improve_below: improve } = lines;
  const separate = `${labels.variant}'s median is outside ${labels.base}'s repeats`;
  if (outside && r.estimate > fail) return { verdict: "regression", reason: `${text} is above ${formatLimit(fail)}; ${separate}` };
  if (outside && r.estimate > warn) return { verdict: "warning", reason: `${text} is above ${formatLimit(warn)}; ${separate}` };
  if (outside && r.estimate < improve) return { verdict: "improvement", reason: `${text} is below ${formatLimit(improve)}; ${separate}` };
  const crossed = r.estimate > warn ? `above ${formatLimit(warn)}` : r.estimate < improve ? `below ${formatLimit(improve)}` : null;
  if (crossed && !outside) return { verdict: "unstable", reason: `spread too wide: ${text} is ${crossed}, but ${labels.variant}'s median is inside ${labels.base}'s repeats` };
  if (r.high > fail) return { verdict: "unstable", reason: `spread too wide: ${text} reaches above ${formatLimit(fail)}` };
  return { verdict: "unchanged", reason: `${text} is within ${formatLimit(improve)}..${formatLimit(warn)}` };
}

/** 41,000 / 45,100 / 45,100: a side's repeats in a reason. */
const repeatsText = (values: readonly number[]) => values.map((v) => v.toLocaleString("en-US", { maximumSignificantDigits: 6 })).join(" / ");

const SPREAD_NOUN: Record<Judged, string> = { instructions_per_op: "instruction counts", estimated_cycles_per_op: "estimated cycles" };

/**
 * Why the variant's repeats spread more than the step allows, or null. Allowed: its failing line's
 * distance from 1 (1 + K x the larger of its recorded A/A spread and the base's spread in this run, at
 * least the failing threshold), or the base's own spread in this run where that is wider (a base past
 * the 1.05 cap). Within the line's distance every repeat is that close to the median judged, so what
 * the median leaves out is less than a change the line fails; past it a variant could hide a regression
 * in some of its repeats. Not the warning line: steps without a recorded spread count up to 0.7% apart
 * in A/A runs (mariadb-sysbench), and a head 1.2% apart there is noise, not a finding. The base's spread
 * is never a finding itself: a pull request cannot make its base count noisily, and a variant no
 * noisier than its base is the step's noise.
 */
function variantTooNoisy(base: Counted, variant: Counted, lines: InstructionLines, judged: Judged, labels: Labels): string | null {
  const byLine = lines.fail_above - 1;
  const allowed = Math.max(byLine, base.side.spread);
  if (variant.side.spread <= allowed + 1e-12) return null;
  const why = allowed === byLine ? `its failing line ${formatLimit(lines.fail_above)}` : `${labels.base}'s own spread`;
  return (
    `${labels.variant}'s ${SPREAD_NOUN[judged]} vary by ${spreadText(variant.side.spread)}, ${labels.base}'s by ${spreadText(base.side.spread)}: ` +
    `more than the ${spreadText(allowed)} the step allows (${why}); ` +
    `${labels.variant}'s repeats ${repeatsText(variant.values)}, ${labels.base}'s ${repeatsText(base.values)} ${JUDGED_NAME[judged]}`
  );
}

/** What moves a step's lines (instructionLines): its recorded A/A spread, and K; and which metric its profile judges. */
export interface SpreadRule {
  /** the profile's aa_spread_by_step entry of the step; absent: none recorded */
  aaSpread?: number;
  /** default SPREAD_MULTIPLE; bench:instructions-aa tries others */
  k?: number;
  /** the profile's judged_on_instructions entry of the step: why its estimated cycles are shown, not judged */
  judgedAlone?: string;
}

/**
 * One variant against its base. Precedence: error (a count failed, or one side was counted and the
 * other could not be, or has no counts at all: it fails the gate), n/a (neither side could be counted:
 * a step the profile does not count, a machine without valgrind; never a failure), missing (the base
 * has no counts: a step the stored baseline did not have), then the ratio's rule, in which a variant
 * counted more noisily than the step allows is an error too. Null when neither side has any sample of
 * this step: the step was not counted.
 */
export function compareInstructions(base: InstructionSamples, variant: InstructionSamples, t: Thresholds, rule: SpreadRule = {}): InstructionComparison | null {
  if (base.samples.length === 0 && variant.samples.length === 0) return null;
  const errors = [...errorsOf(base), ...errorsOf(variant)];
  const counted = { base: countedOf(base, "instructions_per_op"), variant: countedOf(variant, "instructions_per_op") };
  const sides = { base: counted.base?.side ?? null, variant: counted.variant?.side ?? null };
  const none = { ratio: null, lines: null, ...sides, errors };
  const [firstError] = errors;
  if (firstError) {
    const count = errors.length === 1 ? "1 count" : `${errors.length} counts`;
    return { verdict: "error", reason: `${count} failed; ${firstError.variant} repeat ${firstError.repeat}: ${brief(firstError.message)}`, ...none };
  }
  const unavailable = [base, variant].flatMap(({ label, samples }) => samples.flatMap((s) => (s.status === "unavailable" ? [{ label, reason: s.reason }] : [])));
  const [countedSide, uncountedSide] = sides.base ? [base, variant] : [variant, base];
  // One side counted and the other not is that side's own doing (a build that crashes or hangs under
  // valgrind, or that valgrind refuses): passing it would skip the channel that judges CPU cost.
  if (unavailable.length > 0 && (sides.base || sides.variant)) {
    const reasons = [...new Set(unavailable.map((u) => u.reason))].join("; ");
    return { verdict: "error", reason: `counted for ${countedSide.label} but not for ${uncountedSide.label}: ${reasons}`, ...none };
  }
  if (unavailable.length > 0) {
    const reasons = new Set(unavailable.map((u) => u.reason));
    return { verdict: "n/a", reason: reasons.size === 1 ? [...reasons].join("") : unavailable.map((u) => `${u.label}: ${u.reason}`).join("; "), ...none };
  }
  const ways = [base, variant].map(({ label, samples }) => ({ label, ways: [...new Set(samples.filter(isOk).map(howCounted))] }));
  if (new Set(ways.flatMap((w) => w.ways)).size > 1) {
    return { verdict: "error", reason: `counted differently, not comparable: ${ways.map((w) => `${w.label} by ${w.ways.join(" and ")}`).join(", ")}`, ...none };
  }
  // a counted base against a variant without a single sample: a truncated or merged results file, or a
  // head that never got counted; passing it would skip the channel like an uncountable head would
  if (sides.base && variant.samples.length === 0) return { verdict: "error", reason: `counted for ${base.label}, but ${variant.label} has no instruction counts of the step`, ...none };
  if (!counted.base || !counted.variant) {
    const without = [counted.base ? null : base.label, counted.variant ? null : variant.label].filter((l) => l !== null);
    return { verdict: "missing", reason: `no instruction counts of ${without.join(" or ")}`, ...none };
  }
  const labels = { base: base.label, variant: variant.label };
  const ratio = ratioOf(counted.base.side, counted.variant.side);
  const byInstructions = judged(counted.base, counted.variant, t, rule, labels, "instructions_per_op");
  const cycles = { base: countedOf(base, "estimated_cycles_per_op"), variant: countedOf(variant, "estimated_cycles_per_op") };
  if (!cycles.base || !cycles.variant) return { ...byInstructions, ratio, ...sides, errors };
  // counted with the cache simulation: the CPU verdict is the estimated cycles'
  const cyclesRatio = ratioOf(cycles.base.side, cycles.variant.side);
  const byCycles = judged(cycles.base, cycles.variant, t, rule, labels, "estimated_cycles_per_op");
  const { lines: _instructionLines, ...instructions } = byInstructions;
  const estimated = { verdict: byCycles.verdict, reason: byCycles.reason, instructions, ratio: cyclesRatio, base: cycles.base.side, variant: cycles.variant.side };
  // the profile's measured exception: the step's simulated misses vary more than a line allows
  if (rule.judgedAlone !== undefined) {
    return { ...byInstructions, reason: `${byInstructions.reason}; est. cycles/op not judged on this step: ${rule.judgedAlone}`, ratio, ...sides, errors, estimated_cycles: { ...estimated, not_judged: rule.judgedAlone } };
  }
  return { ...byCycles, ratio, ...sides, errors, estimated_cycles: estimated };
}

/**
 * The verdict of one metric on the step's lines (moved by its recorded spread or the base's), the moved
 * lines named in the reason. A variant that spreads more than the lines allow is an error unless its
 * median is a regression already (both fail; the regression says more, and its reason names the spread).
 */
function judged(base: Counted, variant: Counted, t: Thresholds, rule: SpreadRule, labels: Labels, metric: Judged): { verdict: InstructionVerdict; reason: string; lines: InstructionLines } {
  const lines = instructionLines(t, rule.aaSpread, base.side.spread, rule.k);
  const byMedian = judge(judgedRange(base.side, variant.side), lines, metric, labels);
  const noisy = variantTooNoisy(base, variant, lines, metric, labels);
  const { verdict, reason } = noisy === null ? byMedian : byMedian.verdict === "regression" ? { verdict: "regression" as const, reason: `${byMedian.reason}; ${noisy}` } : { verdict: "error" as const, reason: noisy };
  const lifted = liftedLinesText(lines, t, labels.base);
  return { verdict, reason: lifted === null ? reason : `${reason}; ${lifted}`, lines };
}

/** median(variant) / median(base), from min(variant) / max(base) to max(variant) / min(base). */
function ratioOf(base: InstructionSide, variant: InstructionSide): InstructionRatio {
  return { estimate: variant.median / base.median, low: variant.min / base.max, high: variant.max / base.min };
}

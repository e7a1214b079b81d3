/**
 * The deterministic channel: relative instructions per operation of a variant against its base, per
 * step, with its own verdict. Pure: data in, data out.
 *
 * Counts are not timed, so their repeats agree to about 0.01% and no test statistic is needed: the
 * ratio is median(variant) / median(base), its range min(variant) / max(base) .. max(variant) / min(base),
 * and a change counts only when that whole range is on one side of 1 (the two sides' repeats do not
 * overlap). A ratio past a threshold whose repeats overlap is `unstable`: the spread is too wide to tell.
 * The same rule serves a paired run and a stored baseline: counts do not drift with the machine's load.
 */
import { max, median, min } from "simple-statistics";
import { indexByStepAndVariant } from "./index-samples.js";
import type { InstructionSample, OkInstructionSample } from "../results/schema.js";
import { brief, formatLimit, valueAgainst } from "./reason.js";
import type { InstructionComparison, InstructionErrorSummary, InstructionRatio, InstructionSide, InstructionVerdict, Thresholds } from "./types.js";

/** The instruction samples of one variant of one step, under the name the comparison shows. */
export interface InstructionSamples {
  label: string;
  samples: readonly InstructionSample[];
}

const isOk = (s: InstructionSample): s is OkInstructionSample => s.status === "ok";

/** Counts by step id and variant id; a second count of the same step, variant and repeat is refused. */
export const indexInstructionSamples = (samples: readonly InstructionSample[]) =>
  indexByStepAndVariant(samples, { field: "instructions", what: "count", unit: (s) => (s.status === "unavailable" ? null : { name: "repeat", value: s.repeat }) });

/** How a count was made: counts of different tools, or of different processes, are not comparable. */
export const howCounted = (s: Pick<OkInstructionSample, "tool" | "counted">): string => `${s.tool} (${s.counted})`;

/** What the rule can judge: instructions per op, or estimated cycles per op (counted with the cache simulation). */
type Judged = "instructions_per_op" | "estimated_cycles_per_op";
const JUDGED_NAME: Record<Judged, string> = { instructions_per_op: "instr/op", estimated_cycles_per_op: "est. cycles/op" };

/** The repeats of one side; null without ok counts (or, for estimated cycles, when a count has none). */
function sideOf({ label, samples }: InstructionSamples, judged: Judged = "instructions_per_op"): InstructionSide | null {
  const ok = samples.filter(isOk);
  const [first] = ok;
  if (!first) return null;
  const values = ok.flatMap((s) => (s[judged] === undefined ? [] : [s[judged]]));
  if (values.length < ok.length) return null;
  const middle = median(values);
  const lowest = min(values);
  const highest = max(values);
  return { variant: label, median: middle, min: lowest, max: highest, spread: (highest - lowest) / middle, repeats: values.length, tool: first.tool, counted: first.counted };
}

function errorsOf({ label, samples }: InstructionSamples): InstructionErrorSummary[] {
  return samples.flatMap((s) => (s.status === "error" ? [{ variant: label, repeat: s.repeat, message: s.error.message, log_excerpt: s.error.log_excerpt }] : []));
}

function ratioText(r: InstructionRatio, t: Thresholds, judged: Judged): string {
  const limits = [t.instructions_fail_above, t.instructions_warn_above, t.instructions_improve_below];
  return `relative ${JUDGED_NAME[judged]} ${valueAgainst(r.estimate, limits)} (range ${valueAgainst(r.low, limits)}–${valueAgainst(r.high, limits)})`;
}

/** Regression, warning or improvement when the ratio is past its threshold and the ranges do not overlap; unstable when they do. */
function judge(r: InstructionRatio, t: Thresholds, judged: Judged = "instructions_per_op"): { verdict: InstructionVerdict; reason: string } {
  const apart = r.low > 1 || r.high < 1;
  const text = ratioText(r, t, judged);
  const separate = "the repeats of the two sides do not overlap";
  if (apart && r.estimate > t.instructions_fail_above) return { verdict: "regression", reason: `${text} is above ${formatLimit(t.instructions_fail_above)}; ${separate}` };
  if (apart && r.estimate > t.instructions_warn_above) return { verdict: "warning", reason: `${text} is above ${formatLimit(t.instructions_warn_above)}; ${separate}` };
  if (apart && r.estimate < t.instructions_improve_below) return { verdict: "improvement", reason: `${text} is below ${formatLimit(t.instructions_improve_below)}; ${separate}` };
  const crossed = r.estimate > t.instructions_warn_above ? `above ${formatLimit(t.instructions_warn_above)}` : r.estimate < t.instructions_improve_below ? `below ${formatLimit(t.instructions_improve_below)}` : null;
  if (crossed && !apart) return { verdict: "unstable", reason: `spread too wide: ${text} is ${crossed}, but the repeats of the two sides overlap` };
  if (r.high > t.instructions_fail_above) return { verdict: "unstable", reason: `spread too wide: ${text} reaches above ${formatLimit(t.instructions_fail_above)}` };
  return { verdict: "unchanged", reason: `${text} is within ${formatLimit(t.instructions_improve_below)}..${formatLimit(t.instructions_warn_above)}` };
}

/**
 * One variant against its base. Precedence: error (a count failed, or one side was counted and the
 * other could not be: it fails the gate), n/a (neither side could be counted: a step the profile does
 * not count, a machine without valgrind; never a failure), missing (one side has no counts), then the
 * ratio's rule. Null when neither side has any sample of this step: the step was not counted.
 */
export function compareInstructions(base: InstructionSamples, variant: InstructionSamples, t: Thresholds): InstructionComparison | null {
  if (base.samples.length === 0 && variant.samples.length === 0) return null;
  const errors = [...errorsOf(base), ...errorsOf(variant)];
  const sides = { base: sideOf(base), variant: sideOf(variant) };
  const none = { ratio: null, ...sides, errors };
  const [firstError] = errors;
  if (firstError) {
    const count = errors.length === 1 ? "1 count" : `${errors.length} counts`;
    return { verdict: "error", reason: `${count} failed; ${firstError.variant} repeat ${firstError.repeat}: ${brief(firstError.message)}`, ...none };
  }
  const unavailable = [base, variant].flatMap(({ label, samples }) => samples.flatMap((s) => (s.status === "unavailable" ? [{ label, reason: s.reason }] : [])));
  const [counted, uncounted] = sides.base ? [base, variant] : [variant, base];
  // One side counted and the other not is that side's own doing (a build that crashes or hangs under
  // valgrind, or that valgrind refuses): passing it would skip the channel that judges CPU cost.
  if (unavailable.length > 0 && (sides.base || sides.variant)) {
    const reasons = [...new Set(unavailable.map((u) => u.reason))].join("; ");
    return { verdict: "error", reason: `counted for ${counted.label} but not for ${uncounted.label}: ${reasons}`, ...none };
  }
  if (unavailable.length > 0) {
    const reasons = new Set(unavailable.map((u) => u.reason));
    return { verdict: "n/a", reason: reasons.size === 1 ? [...reasons].join("") : unavailable.map((u) => `${u.label}: ${u.reason}`).join("; "), ...none };
  }
  const ways = [base, variant].map(({ label, samples }) => ({ label, ways: [...new Set(samples.filter(isOk).map(howCounted))] }));
  if (new Set(ways.flatMap((w) => w.ways)).size > 1) {
    return { verdict: "error", reason: `counted differently, not comparable: ${ways.map((w) => `${w.label} by ${w.ways.join(" and ")}`).join(", ")}`, ...none };
  }
  if (!sides.base || !sides.variant) {
    const without = [sides.base ? null : base.label, sides.variant ? null : variant.label].filter((l) => l !== null);
    return { verdict: "missing", reason: `no instruction counts of ${without.join(" or ")}`, ...none };
  }
  const ratio = ratioOf(sides.base, sides.variant);
  const byInstructions = judge(ratio, t);
  const cycles = { base: sideOf(base, "estimated_cycles_per_op"), variant: sideOf(variant, "estimated_cycles_per_op") };
  if (!cycles.base || !cycles.variant) return { ...byInstructions, ratio, ...sides, errors };
  // counted with the cache simulation: the CPU verdict is the estimated cycles'
  const cyclesRatio = ratioOf(cycles.base, cycles.variant);
  const byCycles = judge(cyclesRatio, t, "estimated_cycles_per_op");
  return { ...byCycles, ratio, ...sides, errors, estimated_cycles: { ...byCycles, instructions: byInstructions, ratio: cyclesRatio, base: cycles.base, variant: cycles.variant } };
}

/** median(variant) / median(base), from min(variant) / max(base) to max(variant) / min(base). */
function ratioOf(base: InstructionSide, variant: InstructionSide): InstructionRatio {
  return { estimate: variant.median / base.median, low: variant.min / base.max, high: variant.max / base.min };
}

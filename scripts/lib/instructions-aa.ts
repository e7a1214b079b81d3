/**
 * A series of instruction-count A/A runs (`run --base X --head X`, each an independent run) and what it
 * says about the spread rule (src/compare/instructions.ts): per step the spread of one side's repeats,
 * the A/A ratios, the spread to record (the largest one side showed), the smallest K at which no run
 * would fail, and the verdicts every run gets with those spreads and a given K; the same for runs with
 * a real change (how many are flagged, how many fail). Pure: results in, summary out.
 * scripts/bench-instructions-aa.ts does the I/O.
 */
import { median } from "simple-statistics";
import { stringify } from "yaml";
import { compareInstructions, indexInstructionSamples, SPREAD_MULTIPLE, tooNoisyToCount } from "../../src/compare/instructions.js";
import { thresholdResolver } from "../../src/compare/thresholds.js";
import { INSTRUCTION_VERDICTS, type InstructionComparison, type InstructionVerdict } from "../../src/compare/types.js";
import { InputError } from "../../src/common/errors.js";
import type { Results, Variant } from "../../src/results/schema.js";

/** One results file, named for the summary. */
export interface NamedResults {
  name: string;
  results: Results;
}

/** One variant of one run against its base, step by step. */
interface Judged {
  run: string;
  step: string;
  comparison: InstructionComparison;
  /** the step's instructions_fail_above: the failing line before any spread lifts it */
  floor: number;
}

export interface AaStepSummary {
  step: string;
  /** runs (variant against base) with ok counts on both sides */
  runs: number;
  /** (max - min) / median of one side's repeats, over the 2N sides of N runs */
  spread_within: { median: number; max: number } | null;
  /** median(head) / median(base) of each run */
  ratios: { min: number; max: number } | null;
  /** the spread to record (aa_spread_by_step): the largest within-side spread of the series */
  recorded_spread: number | null;
  /**
   * The smallest K (to 0.01) at which no run is a regression at the instructions_fail_above floor with
   * the recorded spread as the margin; 0 when none is at any K; null when no K helps (no spread to scale)
   */
  k_needed: number | null;
  /** with the recorded spread and K: the step is not counted, and why (tooNoisyToCount) */
  not_counted: string | null;
  /** each run's verdict with the recorded spread and K, in the order of the runs */
  verdicts: InstructionVerdict[];
}

export interface RunOutcome {
  run: string;
  /** steps that are a regression or an error: the run fails */
  failing: string[];
  /** steps that are a warning or a regression: flagged in the comment */
  flagged: string[];
}

export interface VariantSeries {
  runs: RunOutcome[];
  /** runs with at least one flagged step */
  flagged: number;
  /** runs with at least one failing step */
  failing: number;
}

export interface AaSummary {
  k: number;
  steps: AaStepSummary[];
  runs: RunOutcome[];
  failing_runs: number;
  /** the largest of the steps' k_needed: the smallest K at which no A/A run fails on any step; null when no K does */
  k_needed: number | null;
  /** the lines to paste under the profile's `instructions:` */
  yaml: string;
  /** --variant-results: runs with a real change, judged with the same spreads and K */
  variant: VariantSeries | null;
}

/** The variants of a run judged against its base: every other one, or (A/A) those of the base's commit. */
function variantsOf({ name, results }: NamedResults, aaOnly: boolean): Variant[] {
  const others = results.variants.filter((v) => v.id !== results.base_variant);
  if (!aaOnly) return others;
  const baseCommit = results.variants.find((v) => v.id === results.base_variant)?.commit;
  const same = others.filter((v) => v.commit === baseCommit);
  if (same.length === 0) throw new InputError(`no variant has the base's commit ${baseCommit ?? "?"}: not an A/A run (run --base X --head X)`, name, "variants");
  return same;
}

/** The variants of every run against its base, with the step's recorded spread (if any) and K. */
function judgeRuns(runs: readonly NamedResults[], spreads: ReadonlyMap<string, number>, k: number, aaOnly: boolean): Judged[] {
  return runs.flatMap((named) => {
    const { name, results } = named;
    const samplesOf = indexInstructionSamples(results.instructions ?? []);
    const thresholds = thresholdResolver(results.thresholds?.run, results.thresholds?.overrides);
    const others = variantsOf(named, aaOnly);
    return others.flatMap((variant) =>
      results.steps.flatMap((step): Judged[] => {
        const base = { label: results.base_variant, samples: samplesOf(step.id, results.base_variant) };
        const aaSpread = spreads.get(step.id);
        const t = thresholds.forStep(step.id);
        const comparison = compareInstructions(base, { label: variant.id, samples: samplesOf(step.id, variant.id) }, t, { aaSpread, k });
        if (!comparison) return [];
        const skipped = aaSpread === undefined ? null : tooNoisyToCount(aaSpread, k);
        const run = others.length > 1 ? `${name} ${variant.id}` : name;
        // the profile loader leaves such a step out of the count: n/a, as a run with these spreads would give
        const judged = skipped === null ? comparison : { ...comparison, verdict: "n/a" as const, reason: skipped, ratio: null, lines: null };
        return [{ run, step: step.id, comparison: judged, floor: t.instructions_fail_above }];
      }),
    );
  });
}

function outcomes(judged: readonly Judged[]): RunOutcome[] {
  const runs = [...new Set(judged.map((j) => j.run))];
  const steps = (run: string, verdicts: readonly InstructionVerdict[]) => judged.filter((j) => j.run === run && verdicts.includes(j.comparison.verdict)).map((j) => j.step);
  return runs.map((run) => ({ run, failing: steps(run, ["regression", "error"]), flagged: steps(run, ["regression", "warning"]) }));
}

const roundUp = (value: number, step: number) => Math.ceil(value / step - 1e-9) * step;

/** The spread to write: two significant digits, rounded up (a recorded spread may only be wider than measured). */
function recordedValue(spread: number): number {
  if (spread === 0) return 0;
  const unit = 10 ** (Math.floor(Math.log10(spread)) - 1);
  return Number(roundUp(spread, unit).toPrecision(2));
}

/** K at which a run apart by `ratio` is no regression: its line 1 + K x spread reaches the ratio. */
function kFor(ratio: number, spread: number): number {
  return Number(roundUp((ratio - 1) / spread, 0.01).toFixed(2));
}

export function summarizeAa(aa: readonly NamedResults[], options: { k?: number; variant?: readonly NamedResults[] } = {}): AaSummary {
  const k = options.k ?? SPREAD_MULTIPLE;
  const bare = judgeRuns(aa, new Map(), k, true);
  const stepIds = [...new Set(bare.map((j) => j.step))];
  const recorded = new Map<string, number>();
  const measured = stepIds.map((step) => {
    const compared = bare.filter((j) => j.step === step && j.comparison.ratio !== null);
    // what the step is judged on: estimated cycles where they were counted; the spread recorded covers
    // instructions too, whose own verdict is shown beside them by the same lines
    const sides = compared
      .flatMap(({ comparison: c }) => [c.base, c.variant, ...(c.estimated_cycles ? [c.estimated_cycles.base, c.estimated_cycles.variant] : [])])
      .flatMap((side) => (side ? [side.spread] : []));
    const ratios = compared.map((j) => j.comparison.estimated_cycles?.ratio ?? j.comparison.ratio!);
    const spread = sides.length > 0 ? recordedValue(Math.max(...sides)) : null;
    if (spread !== null) recorded.set(step, spread);
    // a run fails at the floor when its repeats are apart and its ratio is above instructions_fail_above
    const failing = ratios.flatMap((ratio, i) => ((ratio.low > 1 || ratio.high < 1) && ratio.estimate > compared[i]!.floor ? [ratio.estimate] : []));
    const kNeeded = failing.length === 0 ? 0 : spread ? Math.max(...failing.map((ratio) => kFor(ratio, spread))) : null;
    return {
      step,
      runs: compared.length,
      spread_within: sides.length > 0 ? { median: median(sides), max: Math.max(...sides) } : null,
      ratios: ratios.length > 0 ? { min: Math.min(...ratios.map((r) => r.estimate)), max: Math.max(...ratios.map((r) => r.estimate)) } : null,
      recorded_spread: spread,
      k_needed: kNeeded,
    };
  });
  const judged = judgeRuns(aa, recorded, k, true);
  const steps: AaStepSummary[] = measured.map((m) => ({
    ...m,
    not_counted: m.recorded_spread === null ? null : tooNoisyToCount(m.recorded_spread, k),
    verdicts: judged.filter((j) => j.step === m.step).map((j) => j.comparison.verdict),
  }));
  const runs = outcomes(judged);
  const needed = steps.map((s) => s.k_needed);
  const variantRuns = options.variant ? outcomes(judgeRuns(options.variant, recorded, k, false)) : null;
  return {
    k,
    steps,
    runs,
    failing_runs: runs.filter((r) => r.failing.length > 0).length,
    k_needed: needed.includes(null) ? null : Math.max(0, ...(needed as number[])),
    yaml: spreadYaml(recorded, runs.length),
    variant: variantRuns && {
      runs: variantRuns,
      flagged: variantRuns.filter((r) => r.flagged.length > 0).length,
      failing: variantRuns.filter((r) => r.failing.length > 0).length,
    },
  };
}

/** `aa_spread_by_step:` and a line per step, indented to go under a profile's `instructions:`. */
function spreadYaml(recorded: ReadonlyMap<string, number>, runs: number): string {
  const body = stringify({ aa_spread_by_step: Object.fromEntries(recorded) }).trimEnd();
  const comment = `# the largest (max - min) / median of one side's repeats over ${runs} A/A runs (npm run bench:instructions-aa)`;
  return [comment, ...body.split("\n")].map((line) => `  ${line}`).join("\n") + "\n";
}

/** Verdict counts of a step over the runs, e.g. "2 unchanged, 1 unstable". */
export function verdictCounts(verdicts: readonly InstructionVerdict[]): string {
  return INSTRUCTION_VERDICTS.flatMap((v) => {
    const n = verdicts.filter((x) => x === v).length;
    return n > 0 ? [`${n} ${v}`] : [];
  }).join(", ");
}

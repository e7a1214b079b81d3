/**
 * Verdict quality from long interleaved sessions: trials are windows of consecutive rounds of a real
 * session (or resamples of its rounds), each judged by compareRun exactly as a gate run of that many
 * rounds would be, fixed or adaptive. Pure: results in, rates out. scripts/bench-verdict.ts does the I/O.
 */
import jStat from "jstat";
import { median, quantileSorted } from "simple-statistics";
import type { OkSample, Results, Sample } from "../../src/results/schema.js";
import type { SequentialDesign } from "../../src/compare/alpha-spending.js";
import { sequentialLook } from "../../src/schedule/sequential.js";
import { compareRun } from "../../src/compare/compare.js";
import { pairedShift, type ProcessSpread } from "../../src/compare/stats.js";
import type { Thresholds, Verdict } from "../../src/compare/types.js";

/** A trial design: a fixed number of rounds, or adaptive rounds. */
export type TrialDesign = { kind: "fixed"; rounds: number } | { kind: "adaptive"; design: SequentialDesign };

export function designLabel(d: TrialDesign): string {
  return d.kind === "fixed" ? `fixed ${d.rounds} rounds` : `adaptive ${d.design.minRounds}..${d.design.maxRounds} every ${d.design.lookEvery} (${d.design.spending})`;
}

const roundsNeeded = (d: TrialDesign): number => (d.kind === "fixed" ? d.rounds : d.design.maxRounds);

/** One variant of one step of a session against the session's base, round by round. */
export interface SessionSeries {
  session: string;
  step: string;
  variant: string;
  /** log(QPS variant / QPS base) of each round where both are ok, in round order */
  logRatios: number[];
  /** median seconds from the start of one sample to the next in this step: what one sample costs */
  sampleWallS: number;
}

const isOk = (s: Sample): s is OkSample => s.status === "ok";

export function sessionSeries(results: Results): SessionSeries[] {
  const out: SessionSeries[] = [];
  for (const step of results.steps) {
    const samples = results.samples.filter((s) => s.step === step.id).sort((a, b) => a.started_at.localeCompare(b.started_at));
    const gaps = samples.slice(1).map((s, i) => (Date.parse(s.started_at) - Date.parse(samples[i]!.started_at)) / 1000);
    const base = new Map(samples.filter((s) => s.variant === results.base_variant && isOk(s)).map((s) => [s.round, s as OkSample]));
    for (const variant of results.variants) {
      if (variant.id === results.base_variant) continue;
      const logRatios = samples
        .filter((s): s is OkSample => s.variant === variant.id && isOk(s) && base.has(s.round))
        .sort((a, b) => a.round - b.round)
        .map((s) => Math.log(s.ops_per_s / base.get(s.round)!.ops_per_s));
      if (logRatios.length > 0) out.push({ session: results.run.id, step: step.id, variant: variant.id, logRatios, sampleWallS: gaps.length ? median(gaps) : 0 });
    }
  }
  return out;
}

/** A results document of one base/head step whose rounds have these log ratios (base QPS 1000): what compareRun judges. */
export function pairsResults(template: Results, logRatios: readonly number[], sequential?: SequentialDesign): Results {
  return runResults(template, [{ step: "trial", logRatios }], sequential);
}

/**
 * One step's rounds for runResults: their log ratios and, where known, the pair of server processes
 * each round came from (the same number on both sides) and the A/A spread between such pairs.
 */
export interface StepRounds {
  step: string;
  logRatios: readonly number[];
  processes?: readonly number[];
  spread?: ProcessSpread;
}

/** A results document of base/head steps, each with its rounds' log ratios (base QPS 1000): a whole run for compareRun to judge. */
export function runResults(template: Results, steps: readonly StepRounds[], sequential?: SequentialDesign): Results {
  const sample = (step: string, variant: string, round: number, ops_per_s: number, process: number | undefined): OkSample => ({
    step,
    variant,
    round,
    position: variant === "base" ? 0 : 1,
    started_at: template.run.started_at,
    duration_s: 1,
    status: "ok",
    ops: ops_per_s,
    ops_per_s,
    ...(process !== undefined && { process }),
    latency_ms: null,
    metrics: null,
    client_cpu_share: null,
  });
  const variant = template.variants[0]!;
  return {
    ...template,
    run: {
      ...template.run,
      ...(sequential
        ? { sequential: { min_rounds: sequential.minRounds, max_rounds: sequential.maxRounds, look_every: sequential.lookEvery, spending: sequential.spending } }
        : { sequential: undefined }),
    },
    base_variant: "base",
    variants: [
      { ...variant, id: "base" },
      { ...variant, id: "head" },
    ],
    steps: steps.map(({ step, spread }) => ({ id: step, driver: "trial", parameters: {}, ...(spread && { qps_process_spread: spread }) })),
    samples: steps.flatMap(({ step, logRatios, processes }) =>
      logRatios.flatMap((lr, round) => [sample(step, "base", round, 1000, processes?.[round]), sample(step, "head", round, 1000 * Math.exp(lr), processes?.[round])]),
    ),
    instructions: undefined,
    noise_floor: undefined,
    thresholds: undefined,
  };
}

export interface Trial {
  verdict: Verdict;
  estimate: number | null;
  /** p-value below the alpha the verdict used */
  significant: boolean;
  rounds: number;
}

/** The verdict a gate run gets when its rounds have these log ratios in this order (adaptive: it stops where the rule says). */
export function judge(template: Results, logRatios: readonly number[], design: TrialDesign, thresholds: Thresholds): Trial {
  let used = logRatios.slice(0, roundsNeeded(design));
  if (design.kind === "adaptive") {
    for (let n = 2; n <= used.length; n++) {
      if (sequentialLook(design.design, thresholds, used.slice(0, n)).outcome !== "continue") {
        used = used.slice(0, n);
        break;
      }
    }
  }
  const comparison = compareRun(pairsResults(template, used, design.kind === "adaptive" ? design.design : undefined), { thresholds });
  const v = comparison.steps[0]!.variants[0]!;
  const p = v.qps?.p_value;
  return { verdict: v.verdict, estimate: v.qps?.estimate ?? null, significant: p !== null && p !== undefined && p < v.thresholds.alpha, rounds: used.length };
}

/** Every window of consecutive rounds of the series that the design needs (overlapping: not independent). */
export function windowTrials(template: Results, series: SessionSeries, design: TrialDesign, thresholds: Thresholds): Trial[] {
  const need = roundsNeeded(design);
  const trials: Trial[] = [];
  for (let start = 0; start + need <= series.logRatios.length; start++) trials.push(judge(template, series.logRatios.slice(start, start + need), design, thresholds));
  return trials;
}

/** Trials of rounds drawn with replacement from the series, shifted by log(factor): assumes rounds are exchangeable. */
export function resampledTrials(template: Results, logRatios: readonly number[], factor: number, design: TrialDesign, thresholds: Thresholds, count: number, random: () => number): Trial[] {
  const need = roundsNeeded(design);
  const shift = Math.log(factor);
  return Array.from({ length: count }, () => {
    const drawn = Array.from({ length: need }, () => logRatios[Math.floor(random() * logRatios.length)]! + shift);
    return judge(template, drawn, design, thresholds);
  });
}

/** The ratio a whole series measures: Hodges-Lehmann estimate with its 1 - alpha interval. */
export function seriesRatio(logRatios: readonly number[], alpha: number): { estimate: number; ci_low: number; ci_high: number; n: number } {
  const s = pairedShift(logRatios, alpha);
  return { estimate: Math.exp(s.estimate), ci_low: Math.exp(s.ci_low), ci_high: Math.exp(s.ci_high), n: s.n };
}

/**
 * Clopper-Pearson (exact) interval of a rate of `successes` in `n` trials at confidence 1 - alpha,
 * from beta quantiles. `successes` may be fractional: a rate over overlapping windows is given the
 * weight of its disjoint windows (rate x disjoint), the number of trials that are nearly independent.
 */
export function rateInterval(successes: number, n: number, alpha = 0.05): [number, number] {
  if (n <= 0) return [0, 1];
  const low = successes <= 0 ? 0 : jStat.beta.inv(alpha / 2, successes, n - successes + 1);
  const high = successes >= n ? 1 : jStat.beta.inv(1 - alpha / 2, successes + 1, n - successes);
  return [low, high];
}

/** A rate with its count and its 95% Clopper-Pearson interval over `independent` trials (disjoint windows, or resamples; the trials themselves by default). */
export function rateCell(rate: number, trials: number, independent = trials): string {
  const [low, high] = rateInterval(rate * independent, independent);
  return `${(rate * 100).toFixed(1)}% (${Math.round(rate * trials)}/${trials}) [${(low * 100).toFixed(1)}–${(high * 100).toFixed(1)}%]`;
}

export interface TrialSummary {
  trials: number;
  verdicts: Partial<Record<Verdict, number>>;
  regression_rate: number;
  /** regression or warning */
  flagged_rate: number;
  unstable_rate: number;
  significant_rate: number;
  estimate: { p1: number; p25: number; median: number; p75: number; p99: number } | null;
  mean_rounds: number;
}

export function summarizeTrials(trials: readonly Trial[]): TrialSummary {
  const n = trials.length;
  const verdicts: Partial<Record<Verdict, number>> = {};
  for (const t of trials) verdicts[t.verdict] = (verdicts[t.verdict] ?? 0) + 1;
  const rate = (pred: (t: Trial) => boolean) => (n ? trials.filter(pred).length / n : 0);
  const estimates = trials.flatMap((t) => (t.estimate === null ? [] : [t.estimate])).sort((a, b) => a - b);
  const q = (p: number) => quantileSorted(estimates, p);
  return {
    trials: n,
    verdicts,
    regression_rate: rate((t) => t.verdict === "regression"),
    flagged_rate: rate((t) => t.verdict === "regression" || t.verdict === "warning"),
    unstable_rate: rate((t) => t.verdict === "unstable"),
    significant_rate: rate((t) => t.significant),
    estimate: estimates.length ? { p1: q(0.01), p25: q(0.25), median: q(0.5), p75: q(0.75), p99: q(0.99) } : null,
    mean_rounds: n ? trials.reduce((s, t) => s + t.rounds, 0) / n : 0,
  };
}

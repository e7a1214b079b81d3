/**
 * Adaptive rounds: a group-sequential rule on one step's paired per-round log ratios. Pure.
 *
 * Looks are planned at minRounds, minRounds + lookEvery, ..., maxRounds. At each look the exact
 * signed-rank test runs at a nominal level taken from a Lan-DeMets alpha-spending function (Pocock-
 * or O'Brien-Fleming-like) of the information fraction n / maxRounds: the level of a look is what the
 * function has spent by then minus what the earlier looks could spend. A look whose n pairs cannot reach
 * its level (the exact test's smallest p-value, 2 / 2^n, is not below it) can never reject, so it spends
 * nothing and its share carries on. By the union bound, P(significant at any look | no change) <= the
 * sum of the levels of the looks that can reject = the spending function at the last look <= alpha;
 * a regression verdict needs significance, so false alarms stay at or below alpha (and a one-sided
 * regression at or below alpha / 2). The bound ignores the looks' correlation, so it is conservative.
 *
 * The levels (alpha spending) are compare/alpha-spending.ts: compare tests a step at its look's level.
 *
 * A step stops at a look when its verdict is settled: significant at the look's level (regression,
 * warning, improvement or a significant "unchanged" no further round can undo), or the look's interval
 * lies within [warn_below, improve_above] (nothing but "unchanged" is possible). Otherwise it continues,
 * up to maxRounds. compare uses lookAlpha(design, alpha, n) for a step with n pairs, so its verdict is the
 * one the rule stopped on; a step the time budget cut at an unplanned n is tested at that n's level too
 * (spending functions allow unplanned looks).
 */
import { lookAlpha, plannedLooks, smallestPValue, type SequentialDesign, type Spending } from "../compare/alpha-spending.js";
import { pairedShift, type ShiftEstimate } from "../compare/stats.js";
import type { Thresholds } from "../compare/types.js";
import type { OkSample, Sample } from "../results/schema.js";

/**
 * A profile's schedule at `rounds` rounds: its minimum rounds (at most `rounds`) and its sequential
 * design, null without adaptive rounds (no look_every).
 */
export function scheduleDesign(schedule: { min_rounds: number; look_every?: number; spending?: Spending }, rounds: number): { minRounds: number; design: SequentialDesign | null } {
  const minRounds = Math.min(schedule.min_rounds, rounds);
  return { minRounds, design: schedule.look_every === undefined ? null : { minRounds, maxRounds: rounds, lookEvery: schedule.look_every, spending: schedule.spending ?? "pocock" } };
}

/**
 * The rounds at which the time budget may stop a step: the planned looks under adaptive rounds (the
 * scheduler finishes the rounds up to the next look), any number from minRounds on otherwise.
 */
export function budgetStops(design: SequentialDesign | null, minRounds: number, maxRounds: number): number[] {
  if (design) return plannedLooks(design);
  return Array.from({ length: maxRounds - minRounds + 1 }, (_, i) => minRounds + i);
}

export interface DeafLook {
  /** pairs at the look */
  n: number;
  /** its nominal level */
  level: number;
  /** the smallest p-value n pairs can give, not below the level */
  smallestP: number;
  /** the smallest minRounds whose every stop can reject, or null when none up to maxRounds can */
  minRoundsNeeded: number | null;
}

/**
 * The first place the budget may stop a step (budgetStops) whose test cannot reject at level alpha:
 * a step stopped there would be "unstable" however large its change. Null when every stop can reject.
 */
export function deafLook(design: SequentialDesign | null, minRounds: number, maxRounds: number, alpha: number): DeafLook | null {
  const firstDeaf = (min: number) => {
    const candidate = design && { ...design, minRounds: min };
    for (const n of budgetStops(candidate, min, maxRounds)) {
      const level = candidate ? lookAlpha(candidate, alpha, n) : alpha;
      if (smallestPValue(n) >= level) return { n, level, smallestP: smallestPValue(n) };
    }
    return null;
  };
  const deaf = firstDeaf(minRounds);
  if (!deaf) return null;
  let needed: number | null = null;
  for (let min = minRounds + 1; min <= maxRounds && needed === null; min++) if (!firstDeaf(min)) needed = min;
  return { ...deaf, minRoundsNeeded: needed };
}

/** One line for an input error: which stop cannot reject, and what min_rounds would fix it. */
export function deafLookMessage(deaf: DeafLook, alpha: number): string {
  const fix = deaf.minRoundsNeeded === null ? "no min_rounds up to rounds can: raise rounds or alpha" : `min_rounds ${deaf.minRoundsNeeded} or more can`;
  const round = (x: number) => Number(x.toPrecision(2));
  return `a step the time budget stops at ${deaf.n} rounds cannot be significant at alpha ${alpha}: the level there is ${round(deaf.level)} and the smallest possible p-value of ${deaf.n} pairs is ${round(deaf.smallestP)}; ${fix}`;
}

export type LookOutcome =
  /** significant at the look's level: the verdict is settled */
  | "changed"
  /** the interval is within [warn_below, improve_above]: only "unchanged" is possible */
  | "unchanged"
  /** the last planned look */
  | "final"
  /** not a look, or nothing settled yet */
  | "continue";

export interface Look {
  n: number;
  /** the nominal level at n pairs */
  alpha: number;
  outcome: LookOutcome;
  /** the shift of the log ratios at the look's level; null when n is not a look */
  shift: ShiftEstimate | null;
}

/** Whether a step with these per-round log ratios (variant / base) stops after its last round. */
export function sequentialLook(design: SequentialDesign, thresholds: Thresholds, logRatios: readonly number[]): Look {
  const n = logRatios.length;
  const alpha = lookAlpha(design, thresholds.alpha, n);
  if (n >= design.maxRounds) return { n, alpha, outcome: "final", shift: null };
  if (!plannedLooks(design).includes(n)) return { n, alpha, outcome: "continue", shift: null };
  const shift = pairedShift(logRatios, alpha);
  if (shift.min_p_value >= alpha) return { n, alpha, outcome: "continue", shift };
  if (shift.p_value < alpha) return { n, alpha, outcome: "changed", shift };
  const within = Math.exp(shift.ci_low) >= thresholds.warn_below && Math.exp(shift.ci_high) <= thresholds.improve_above;
  return { n, alpha, outcome: within ? "unchanged" : "continue", shift };
}

/**
 * Why a step needs no more rounds: every variant's look against the base settled it (from minRounds on,
 * a variant with a failed sample is settled too: its verdict is "error" whatever follows). Null to go on.
 */
export function settledStep(design: SequentialDesign, thresholds: Thresholds, baseVariant: string, stepSamples: readonly Sample[]): string | null {
  const rounds = new Set(stepSamples.map((s) => s.round)).size;
  if (rounds < design.minRounds) return null;
  const ok = stepSamples.filter((s): s is OkSample => s.status === "ok");
  const base = new Map(ok.filter((s) => s.variant === baseVariant).map((s) => [s.round, s.ops_per_s]));
  const variants = [...new Set(stepSamples.map((s) => s.variant))].filter((v) => v !== baseVariant);
  const reasons: string[] = [];
  for (const variant of variants) {
    if (stepSamples.some((s) => s.variant === variant && s.status === "error")) {
      reasons.push(`${variant}: a sample failed`);
      continue;
    }
    const logRatios = ok.filter((s) => s.variant === variant && base.has(s.round)).map((s) => Math.log(s.ops_per_s / base.get(s.round)!));
    const look = sequentialLook(design, thresholds, logRatios);
    if (look.outcome === "continue") return null;
    reasons.push(`${variant}: ${look.outcome === "changed" ? "significant" : "within the thresholds"} at alpha ${Number(look.alpha.toPrecision(2))}`);
  }
  if (stepSamples.some((s) => s.variant === baseVariant && s.status === "error")) return null;
  return `${stepSamples[0]?.step ?? "step"}: settled after ${rounds} of ${design.maxRounds} rounds (${reasons.join("; ")})`;
}

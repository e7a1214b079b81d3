/**
 * The noise floor of a step on a runner: how far relative QPS strays from 1.00 when nothing changed
 * (A/A: the same build as both variants), measured over disjoint windows of as many rounds as the
 * verdicts it is applied to. It may only soften a verdict, never hide one: a significant drop below
 * fail_below that stays within the floor is a warning instead of a regression; warnings, unstable
 * steps, drops beyond the floor and improvements are untouched (the rule table is in compare.ts). Pure.
 */
import { median, quantileSorted } from "simple-statistics";
import type { Fingerprint, NoiseFloor } from "../results/schema.js";
import { pairedShift } from "./stats.js";

/** Quantile of |1 - relative QPS| over A/A windows that makes the floor. */
export const NOISE_FLOOR_QUANTILE = 0.99;
/**
 * Fewest disjoint A/A windows a floor is computed from: with fewer, the quantile is the largest of a
 * handful of values, and a session too short for that many windows does not describe the runner.
 */
export const MIN_NOISE_WINDOWS = 10;
/**
 * Largest spread the floor may have: the failing threshold never drops below 1 - 0.10 = 0.90. The
 * gate exists to catch losses of a few percent; a runner whose A/A estimates stray by more than 10%
 * cannot tell those from noise at all, and a loss of more than 10% at p < alpha is a regression on any
 * runner. A larger measured floor is capped, and the comparison says so (noise_floor_capped).
 */
export const NOISE_FLOOR_CAP = 0.1;
/** 1.4826 x MAD estimates the standard deviation of normal values, robust to outliers. */
const MAD_TO_SD = 1.4826;

/** The floor a comparison may use for one step: the one measured at `pairs` rounds on this runner, or why none applies. */
export type FloorChoice = { kind: "applied"; spread: number; measured: number; capped: boolean } | { kind: "none" } | { kind: "not-applied"; note: string };

export function chooseNoiseFloor(floors: readonly NoiseFloor[], step: string, pairs: number, runner: Pick<Fingerprint, "hostname_hash">): FloorChoice {
  const ofStep = floors.filter((f) => f.step === step);
  if (ofStep.length === 0) return { kind: "none" };
  const here = ofStep.filter((f) => f.hostname_hash === runner.hostname_hash);
  if (here.length === 0) return { kind: "not-applied", note: `the A/A noise floor was measured on another runner (${ofStep[0]!.hostname_hash}): not applied` };
  const floor = here.find((f) => f.rounds === pairs);
  if (!floor) return { kind: "not-applied", note: `the A/A noise floor was measured at ${here.map((f) => f.rounds).join(", ")} rounds, this verdict at ${pairs}: not applied` };
  const spread = Math.min(floor.relative_spread, NOISE_FLOOR_CAP);
  return { kind: "applied", spread, measured: floor.relative_spread, capped: floor.relative_spread > NOISE_FLOOR_CAP };
}

/** 1.4826 x the median absolute deviation: the standard deviation of normal values, robust to outliers. */
export function robustSd(values: readonly number[]): number {
  const center = median([...values]);
  return MAD_TO_SD * median(values.map((x) => Math.abs(x - center)));
}

/**
 * The noise floor of one step at `rounds` rounds from the per-round log ratios (variant / base) of
 * A/A sessions, one array per session: the relative-QPS estimate of every disjoint window of `rounds`
 * consecutive rounds of a session (windows never span two sessions), and the spread of single rounds.
 * Null when the sessions hold fewer than MIN_NOISE_WINDOWS such windows.
 */
export function noiseFloorFromAA(step: string, sessions: readonly (readonly number[])[], rounds: number, runner: Pick<Fingerprint, "hostname_hash">, source: string): NoiseFloor | null {
  const deviations: number[] = [];
  for (const logRatios of sessions) {
    for (let start = 0; start + rounds <= logRatios.length; start += rounds) {
      // alpha only shapes the interval, which is not used here
      deviations.push(Math.abs(1 - Math.exp(pairedShift(logRatios.slice(start, start + rounds), 0.01).estimate)));
    }
  }
  if (deviations.length < MIN_NOISE_WINDOWS) return null;
  deviations.sort((a, b) => a - b);
  return {
    step,
    relative_spread: quantileSorted(deviations, NOISE_FLOOR_QUANTILE),
    log_ratio_sd: robustSd(sessions.flat()),
    rounds,
    windows: deviations.length,
    disjoint: true,
    hostname_hash: runner.hostname_hash,
    source,
  };
}

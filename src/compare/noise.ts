/**
 * The noise floor of a step on a runner: how far relative QPS strays from 1.00 when nothing changed
 * (A/A: the same build as both variants), and the thresholds it implies. Like ClickHouse's per-query
 * thresholds from historical A/A runs, a step whose A/A estimates stray by 4% gets its failing threshold
 * lowered to 0.96 if it was above that: a change within a step's own noise is not called a regression.
 * Pure.
 */
import { median, quantileSorted } from "simple-statistics";
import type { NoiseFloor } from "../results/schema.js";
import { pairedShift } from "./stats.js";
import type { Thresholds } from "./types.js";

/** Quantile of |1 - relative QPS| over A/A trials that makes the floor: 1 in 100 A/A trials strays further. */
export const NOISE_FLOOR_QUANTILE = 0.99;
/** 1.4826 x MAD estimates the standard deviation of normal values, robust to outliers. */
const MAD_TO_SD = 1.4826;

/** Thresholds widened to the step's noise floor: fail_below and warn_below at most 1 - spread, improve_above at least 1 + spread. */
export function thresholdsAboveNoise(t: Thresholds, relativeSpread: number): Thresholds {
  return {
    ...t,
    fail_below: Math.min(t.fail_below, 1 - relativeSpread),
    warn_below: Math.min(t.warn_below, 1 - relativeSpread),
    improve_above: Math.max(t.improve_above, 1 + relativeSpread),
  };
}

/**
 * The noise floor of one step from the per-round log ratios (variant / base) of an A/A session: the
 * relative-QPS estimate of every window of `rounds` consecutive rounds (windows overlap: they are not
 * independent runs), and the spread of the single rounds.
 */
export function noiseFloorFromAA(step: string, logRatios: readonly number[], rounds: number, source: string): NoiseFloor {
  if (logRatios.length < rounds) throw new Error(`the A/A session of ${step} has ${logRatios.length} rounds, fewer than ${rounds}`);
  const deviations: number[] = [];
  for (let start = 0; start + rounds <= logRatios.length; start++) {
    // alpha only shapes the interval, which is not used here
    deviations.push(Math.abs(1 - Math.exp(pairedShift(logRatios.slice(start, start + rounds), 0.01).estimate)));
  }
  deviations.sort((a, b) => a - b);
  const center = median([...logRatios]);
  return {
    step,
    relative_spread: quantileSorted(deviations, NOISE_FLOOR_QUANTILE),
    log_ratio_sd: MAD_TO_SD * median(logRatios.map((x) => Math.abs(x - center))),
    rounds,
    trials: deviations.length,
    source,
  };
}

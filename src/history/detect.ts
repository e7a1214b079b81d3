/**
 * Change points of the history, per step and channel (median QPS, instructions per operation), on the
 * logs of the values (a change is relative), with E-divisive means. A change's size is the
 * Hodges-Lehmann ratio of the values after it to those before it within its segment, with Moses'
 * interval at the test's level; it is a regression when QPS falls below fail_below or instructions per
 * operation rise above instructions_fail_above. Pure.
 */
import { eDivisive } from "../compare/change-point.js";
import { unpairedShift } from "../compare/stats.js";
import type { RatioEstimate, Thresholds } from "../compare/types.js";
import { currentSteps, stepSeries, type Channel, type HistoryFile, type SeriesPoint } from "./record.js";

/** E-divisive's customary level (ecp, Otava): each change is tested at it, and its interval is at 1 − this. */
export const CHANGE_SIG_LEVEL = 0.05;

export interface HistoryChange {
  step: string;
  channel: Channel;
  /** the newest value before the change and the first after it: the commit range that holds it */
  lastGood: SeriesPoint;
  firstBad: SeriesPoint;
  /** after / before: QPS below 1 is slower; instructions per op above 1 is more work */
  size: RatioEstimate;
  pValue: number;
  regression: boolean;
  series: SeriesPoint[];
}

function sizeOf(values: number[], index: number, segment: { start: number; end: number }): RatioEstimate {
  const logs = values.map(Math.log);
  const shift = unpairedShift(logs.slice(index, segment.end), logs.slice(segment.start, index), CHANGE_SIG_LEVEL);
  return { estimate: Math.exp(shift.estimate), ci_low: Math.exp(shift.ci_low), ci_high: Math.exp(shift.ci_high), confidence: shift.confidence, p_value: shift.p_value, n: shift.n };
}

function isRegression(channel: Channel, size: RatioEstimate, t: Thresholds): boolean {
  return channel === "qps" ? size.estimate < t.fail_below : size.estimate > t.instructions_fail_above;
}

/** Every significant change of every current step in both channels, oldest step order first. */
export function detectChanges(history: HistoryFile, thresholdsOf: (step: string) => Thresholds, options: { seed?: number; permutations?: number } = {}): HistoryChange[] {
  const changes: HistoryChange[] = [];
  for (const step of currentSteps(history)) {
    for (const channel of ["qps", "instructions"] as const) {
      const series = stepSeries(history, step, channel);
      const values = series.map((p) => p.value);
      for (const point of eDivisive(values.map(Math.log), { sigLevel: CHANGE_SIG_LEVEL, ...options })) {
        const size = sizeOf(values, point.index, point.segment);
        changes.push({
          step,
          channel,
          lastGood: series[point.index - 1]!,
          firstBad: series[point.index]!,
          size,
          pValue: point.pValue,
          regression: isRegression(channel, size, thresholdsOf(step)),
          series,
        });
      }
    }
  }
  return changes;
}

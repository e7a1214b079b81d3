/**
 * Change points of the history, per step and channel (median QPS, instructions per operation), on the
 * logs of the values (a change is relative), with E-divisive means. A change's size is the
 * Hodges-Lehmann ratio of the values after it to those before it within its segment, with Moses'
 * interval at 1 − CHANGE_SIG_LEVEL; it is a regression when QPS falls below fail_below or instructions per
 * operation rise above instructions_fail_above. A QPS change is placed at its step's instruction change
 * when the QPS data supports a change there too (placedAtInstructionChange). Pure.
 */
import { eDivisive } from "../compare/change-point.js";
import { rankSumTest, unpairedShift } from "../compare/stats.js";
import type { RatioEstimate, Thresholds } from "../compare/types.js";
import { currentSteps, stepSeries, type Channel, type HistoryFile, type SeriesPoint } from "./record.js";

/** The level of a change's size interval (Moses, at 1 − this) and of placing a QPS change at an instruction change. */
export const CHANGE_SIG_LEVEL = 0.05;

/**
 * Each channel's permutation test. Instructions per op: E-divisive's customary level and permutations
 * (ecp's), seen three runs after a change: the channel is near-deterministic and its threshold
 * (instructions_fail_above) guards its alerts. QPS: 0.01 with 999 permutations, because the history is
 * tested again after every run: synthetic 60-run histories of one step with no change, tested after each
 * run, raised a false QPS alert in 23-30 of 100 at 0.05 and 5 of 100 at 0.01 (npm run
 * bench:history-alerts, docs/history.md).
 * The price: a QPS change needs about 10 runs of history to be significant at all.
 */
export type ChannelTests = Record<Channel, { sigLevel: number; permutations: number }>;
export const CHANGE_TEST: ChannelTests = {
  instructions: { sigLevel: 0.05, permutations: 199 },
  qps: { sigLevel: 0.01, permutations: 999 },
};

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
  /** the channel whose split placed the range: a QPS change can be placed at its step's instruction change */
  placedBy: Channel;
  /** the part of the series [start, end) the change was found in and is sized against */
  segment: { start: number; end: number };
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

/** E-divisive's default: a change needs this many values on each side */
const MIN_SIDE = 2;

/** seed: of the permutations (default 1); tests: each channel's test, CHANGE_TEST by default (the benchmark compares others) */
export interface DetectOptions {
  seed?: number;
  tests?: ChannelTests;
}

function channelChanges(history: HistoryFile, step: string, channel: Channel, thresholds: Thresholds, options: DetectOptions): HistoryChange[] {
  const series = stepSeries(history, step, channel);
  const values = series.map((p) => p.value);
  return eDivisive(values.map(Math.log), { ...(options.tests ?? CHANGE_TEST)[channel], minSize: MIN_SIDE, seed: options.seed ?? 1 }).map((point) => {
    const size = sizeOf(values, point.index, point.segment);
    return {
      step,
      channel,
      lastGood: series[point.index - 1]!,
      firstBad: series[point.index]!,
      size,
      pValue: point.pValue,
      regression: isRegression(channel, size, thresholds),
      placedBy: channel,
      segment: point.segment,
      series,
    };
  });
}

/**
 * A QPS change placed at the same step's instruction change (the deterministic channel, exact where
 * QPS scatters). Under noise, E-divisive's QPS split can land a run or two off the commit that made the
 * change; the alert would then blame an innocent neighbour, in an issue of its own. Placed when the
 * instruction change is the opposite way (fewer QPS, more instructions) and large enough to explain it,
 * lies within the segment the QPS change was found in with no other QPS change between the two, splitting
 * the QPS series there is itself a significant change the same way, and the runs between the two splits
 * (those that change side) are not significantly unlike the side they join: one slow run before the
 * commit is noise, four fast ones after it are a later change. Tests: rank-sum at CHANGE_SIG_LEVEL. The
 * nearest such instruction change wins; none: the QPS change stays where its own split put it.
 */
function placedAtInstructionChange(change: HistoryChange, instructions: readonly HistoryChange[], qps: readonly HistoryChange[], thresholds: Thresholds): HistoryChange {
  const { series, segment } = change;
  const at = series.indexOf(change.firstBad);
  const values = series.map((p) => p.value);
  const logs = values.map(Math.log);
  const slower = change.size.estimate < 1;
  const otherQpsAt = qps.filter((c) => c !== change).map((c) => series.indexOf(c.firstBad));
  const placements = instructions
    // the opposite way, and large enough to be this change: at least half its size on the log scale (a
    // CPU-bound step's QPS moves about as its instructions per op do; a 1% instruction change does not
    // explain a 30% slowdown, and must not pull it to its commit)
    .filter((d) => d.size.estimate > 1 === slower && Math.abs(Math.log(d.size.estimate)) >= Math.abs(Math.log(change.size.estimate)) / 2)
    .map((d) => series.findIndex((p) => p.commit === d.firstBad.commit))
    .filter((j) => j !== at && j >= segment.start + MIN_SIDE && j <= segment.end - MIN_SIDE)
    .filter((j) => !otherQpsAt.some((k) => k >= Math.min(at, j) && k <= Math.max(at, j)))
    .filter((j) => {
      const between = logs.slice(Math.min(at, j), Math.max(at, j));
      const joined = j < at ? logs.slice(at, segment.end) : logs.slice(segment.start, at);
      return rankSumTest(between, joined).p_value >= CHANGE_SIG_LEVEL;
    })
    .map((j) => ({ j, size: sizeOf(values, j, segment) }))
    .filter(({ size }) => (size.p_value ?? 1) < CHANGE_SIG_LEVEL && size.estimate < 1 === slower)
    .sort((a, b) => Math.abs(a.j - at) - Math.abs(b.j - at));
  const nearest = placements[0];
  if (!nearest) return change;
  return {
    ...change,
    lastGood: series[nearest.j - 1]!,
    firstBad: series[nearest.j]!,
    size: nearest.size,
    regression: isRegression("qps", nearest.size, thresholds),
    placedBy: "instructions",
  };
}

/** Every significant change of every current step in both channels, oldest step order first, QPS before instructions. */
export function detectChanges(history: HistoryFile, thresholdsOf: (step: string) => Thresholds, options: DetectOptions = {}): HistoryChange[] {
  return currentSteps(history).flatMap((step) => {
    const thresholds = thresholdsOf(step);
    const instructions = channelChanges(history, step, "instructions", thresholds, options);
    const qps = channelChanges(history, step, "qps", thresholds, options);
    return [...qps.map((c) => placedAtInstructionChange(c, instructions, qps, thresholds)), ...instructions];
  });
}

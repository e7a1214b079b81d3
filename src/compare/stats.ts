/**
 * Distribution-free location statistics: Hodges-Lehmann shift estimates with the matching rank-test
 * intervals and p-values. Pure and deterministic. compare.ts applies them to log values, so a shift
 * here is a log ratio there.
 *
 * - Paired (one sample of differences): Wilcoxon signed-rank test; estimate = median of the Walsh
 *   averages; interval = Tukey's interval between order statistics of the Walsh averages.
 * - Unpaired (two samples): Mann-Whitney (Wilcoxon rank-sum) test; estimate = median of all pairwise
 *   differences; interval = Moses' interval between order statistics of those differences.
 *
 * The n² Walsh averages or pairwise differences are never materialised: their median and interval ends are
 * selected in O(n log n) (order-statistics.ts), so a step with 70,000 rounds takes linear memory.
 *
 * Null distributions are exact (dynamic programming over ranks) up to EXACT_MAX_N values per side, and
 * normal approximations with continuity correction above. Conventions, as R's wilcox.test:
 * - zero differences are dropped from the signed-rank test (Wilcoxon's method) but kept in the estimate
 *   and the interval: a zero is a real observation of "no change";
 * - ties get midranks; the exact p-value is then the exact permutation p-value of the midrank statistic
 *   (R switches to the normal approximation instead); the normal approximation corrects its variance
 *   for ties;
 * - the interval uses the untied null distribution; with continuous data (log ratios of measurements)
 *   "the interval excludes 0" and "p < alpha" then agree exactly.
 */
import jStat from "jstat";
import { errorFunction, mean, probit, sampleStandardDeviation, sum } from "simple-statistics";
import { pairwiseDifferences, walshAverages, type CandidateShifts } from "./order-statistics.js";

/** Largest number of values (pairs, or values per side) for which the null distribution is computed exactly. */
export const EXACT_MAX_N = 50;

export interface ShiftEstimate {
  /** Hodges-Lehmann estimate of the shift */
  estimate: number;
  ci_low: number;
  ci_high: number;
  /**
   * Coverage of [ci_low, ci_high] under the null distribution used: at least the requested 1 - alpha
   * (a little more, ranks being discrete), less only when there are too few values to reach it.
   */
  confidence: number;
  /** two-sided p-value of "no shift" */
  p_value: number;
  /** smallest two-sided p-value that this many (untied) values can give: when >= alpha nothing can be significant */
  min_p_value: number;
  /** pairs (paired) or the values of both samples together (unpaired) */
  n: number;
  method: "exact" | "normal";
}

export interface RankTest {
  /** R's statistic: V (sum of the ranks of the positive differences) or W (rank sum of x minus its minimum) */
  statistic: number;
  p_value: number;
  method: "exact" | "normal";
}

/** Standard normal CDF; simple-statistics' errorFunction is accurate to ~1e-7 (its table-based CDF only to 1e-4). */
export function normalCdf(z: number): number {
  return 0.5 * (1 + errorFunction(z / Math.SQRT2));
}

/** The null distribution of an integer-valued rank statistic S: P(S <= s) and P(S >= s). */
interface NullDistribution {
  cdf(s: number): number;
  sf(s: number): number;
}

/** From a probability mass function over 0, 1, 2, ...; tails are summed separately so small tails stay precise. */
function exactDistribution(pmf: Float64Array): NullDistribution {
  const lower = new Float64Array(pmf.length);
  const upper = new Float64Array(pmf.length);
  let acc = 0;
  for (let i = 0; i < pmf.length; i++) lower[i] = acc += pmf[i] ?? 0;
  acc = 0;
  for (let i = pmf.length - 1; i >= 0; i--) upper[i] = acc += pmf[i] ?? 0;
  return {
    cdf: (s) => {
      const i = Math.floor(s + 1e-9);
      return i < 0 ? 0 : i >= pmf.length ? 1 : (lower[i] ?? 1);
    },
    sf: (s) => {
      const i = Math.ceil(s - 1e-9);
      return i < 0 ? 1 : i >= pmf.length ? 0 : (upper[i] ?? 0);
    },
  };
}

/** Normal approximation with continuity correction for a statistic on a grid of step 1 (or 1/2 with midranks). */
function normalDistribution(mean: number, sd: number): NullDistribution {
  return {
    cdf: (s) => (sd > 0 ? normalCdf((s + 0.5 - mean) / sd) : s >= mean ? 1 : 0),
    sf: (s) => (sd > 0 ? normalCdf((mean - s + 0.5) / sd) : s <= mean ? 1 : 0),
  };
}

function twoSidedP(dist: NullDistribution, statistic: number): number {
  return Math.min(1, 2 * Math.min(dist.cdf(statistic), dist.sf(statistic)));
}

/** The values in ascending order (a typed array sorts natively, without a comparator: 20 times faster at 100,000 values). */
const ascending = (values: readonly number[]) => Float64Array.from(values).sort();

/** Index of the first sorted value >= v (orAbove: > v). */
function searchSorted(sorted: Float64Array, v: number, orAbove: boolean): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (orAbove ? (sorted[mid] as number) <= v : (sorted[mid] as number) < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Twice the midranks (1-based, ties averaged) of the values: integers, so they can index exact distributions. */
function doubledMidranks(values: readonly number[], sorted: Float64Array): number[] {
  // the ties of v hold the 1-based ranks first + 1 .. last, so twice their mean is first + last + 1
  return values.map((v) => searchSorted(sorted, v, false) + searchSorted(sorted, v, true) + 1);
}

/** Sum over tie groups of t^3 - t, for the tie-corrected variances. */
function tieSum(sorted: Float64Array): number {
  let sum = 0;
  for (let start = 0; start < sorted.length; ) {
    let end = start + 1;
    while (end < sorted.length && sorted[end] === sorted[start]) end++;
    const t = end - start;
    sum += t * t * t - t;
    start = end;
  }
  return sum;
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** Divides integer scores by their common factor, which keeps the dynamic programs small. */
function reduceScores(scores: readonly number[]): { scores: number[]; unit: number } {
  const unit = scores.reduce(gcd, 0) || 1;
  return { scores: scores.map((s) => s / unit), unit };
}

/** Probabilities of the sum of the scores that get a "+" when every sign is a fair coin flip. */
function signFlipPmf(scores: readonly number[]): Float64Array {
  const pmf = new Float64Array(scores.reduce((a, b) => a + b, 0) + 1);
  pmf[0] = 1;
  let reach = 0;
  for (const s of scores) {
    reach += s;
    for (let t = reach; t >= 0; t--) pmf[t] = 0.5 * (pmf[t] ?? 0) + (t >= s ? 0.5 * (pmf[t - s] ?? 0) : 0);
  }
  return pmf;
}

/** Probabilities of the sum of `m` scores drawn without replacement from `scores`, all subsets equally likely. */
function subsetSumPmf(scores: readonly number[], m: number): Float64Array {
  const maxSum = [...scores]
    .sort((a, b) => b - a)
    .slice(0, m)
    .reduce((a, b) => a + b, 0);
  const width = maxSum + 1;
  // ways[k * width + s]: number of k-subsets of the scores seen so far summing to s; doubles, since
  // C(100, 50) exceeds 2^53 (the relative error stays tiny)
  const ways = new Float64Array((m + 1) * width);
  ways[0] = 1;
  scores.forEach((score, seen) => {
    for (let k = Math.min(seen + 1, m); k >= 1; k--) {
      const row = k * width;
      const previous = row - width - score;
      for (let s = maxSum; s >= score; s--) ways[row + s] = (ways[row + s] ?? 0) + (ways[previous + s] ?? 0);
    }
  });
  const pmf = ways.slice(m * width);
  const total = pmf.reduce((a, b) => a + b, 0);
  return pmf.map((w) => w / total);
}

/** The untied null distribution of a count statistic, with its mean and standard deviation. */
interface CountNull {
  dist: NullDistribution;
  mean: number;
  sd: number;
}

const signedRankNulls = new Map<number, CountNull>();
const rankSumNulls = new Map<string, CountNull>();

/** V = number of positive Walsh averages = sum of the ranks of the positive differences, for n untied pairs. */
function signedRankNull(n: number): CountNull {
  let counts = signedRankNulls.get(n);
  if (!counts) {
    const mean = (n * (n + 1)) / 4;
    const sd = Math.sqrt((n * (n + 1) * (2 * n + 1)) / 24);
    const ranks = Array.from({ length: n }, (_, i) => i + 1);
    counts = { dist: n > EXACT_MAX_N ? normalDistribution(mean, sd) : exactDistribution(signFlipPmf(ranks)), mean, sd };
    signedRankNulls.set(n, counts);
  }
  return counts;
}

/** U = number of positive differences x - y = rank sum of x minus its minimum, for untied samples of m and n. */
function rankSumNull(m: number, n: number): CountNull {
  const key = `${m},${n}`;
  let counts = rankSumNulls.get(key);
  if (!counts) {
    const mean = (m * n) / 2;
    const sd = Math.sqrt((m * n * (m + n + 1)) / 12);
    const ranks = Array.from({ length: m + n }, (_, i) => i + 1);
    const exact = () => exactDistribution(subsetSumPmf(ranks, m).subarray((m * (m + 1)) / 2));
    counts = { dist: m > EXACT_MAX_N || n > EXACT_MAX_N ? normalDistribution(mean, sd) : exact(), mean, sd };
    rankSumNulls.set(key, counts);
  }
  return counts;
}

/** Wilcoxon signed-rank test of "the differences are symmetric about 0", two-sided. */
export function signedRankTest(differences: readonly number[]): RankTest {
  const nonZero = differences.filter((d) => d !== 0);
  const n = nonZero.length;
  if (n === 0) return { statistic: 0, p_value: 1, method: "exact" };
  const magnitudes = nonZero.map(Math.abs);
  const sorted = ascending(magnitudes);
  const doubled = doubledMidranks(magnitudes, sorted);
  const ties = tieSum(sorted);
  const positive = (scores: readonly number[]) => nonZero.reduce((sum, d, i) => sum + (d > 0 ? (scores[i] as number) : 0), 0);
  const statistic = positive(doubled) / 2;
  if (n > EXACT_MAX_N) {
    const { mean, sd } = signedRankNull(n);
    const tiedSd = Math.sqrt(sd * sd - ties / 48);
    return { statistic, p_value: twoSidedP(normalDistribution(mean, tiedSd), statistic), method: "normal" };
  }
  if (ties === 0) return { statistic, p_value: twoSidedP(signedRankNull(n).dist, statistic), method: "exact" };
  const { scores } = reduceScores(doubled);
  return { statistic, p_value: twoSidedP(exactDistribution(signFlipPmf(scores)), positive(scores)), method: "exact" };
}

/** Mann-Whitney (Wilcoxon rank-sum) test of "x and y come from the same distribution", two-sided. */
export function rankSumTest(x: readonly number[], y: readonly number[]): RankTest {
  const m = x.length;
  const n = y.length;
  const pooled = [...x, ...y];
  const sorted = ascending(pooled);
  const doubled = doubledMidranks(pooled, sorted);
  const ties = tieSum(sorted);
  const ofX = (scores: readonly number[]) => scores.slice(0, m).reduce((a, b) => a + b, 0);
  const statistic = ofX(doubled) / 2 - (m * (m + 1)) / 2;
  if (m > EXACT_MAX_N || n > EXACT_MAX_N) {
    const { mean, sd } = rankSumNull(m, n);
    const N = m + n;
    const tiedSd = Math.sqrt(sd * sd * (1 - ties / (N * (N - 1) * (N + 1))));
    return { statistic, p_value: twoSidedP(normalDistribution(mean, tiedSd), statistic), method: "normal" };
  }
  if (ties === 0) return { statistic, p_value: twoSidedP(rankSumNull(m, n).dist, statistic), method: "exact" };
  const { scores } = reduceScores(doubled);
  return { statistic, p_value: twoSidedP(exactDistribution(subsetSumPmf(scores, m)), ofX(scores)), method: "exact" };
}

/**
 * The interval between the k-th smallest and the k-th largest of the candidate shifts (Walsh averages or
 * pairwise differences), k from the untied null distribution of their count statistic: the largest k
 * whose two tails stay below alpha, as R's wilcox.test(conf.int = TRUE) does.
 */
function rankInterval(shifts: CandidateShifts, { dist, mean, sd }: CountNull, alpha: number) {
  // c = largest count with 2 P(S <= c) < alpha: start from the normal quantile, then step to the boundary
  let c = Math.max(-1, Math.floor(mean - 0.5 + sd * probit(alpha / 2)));
  while (c >= 0 && 2 * dist.cdf(c) >= alpha) c--;
  while (2 * dist.cdf(c + 1) < alpha) c++;
  // with too few values even the extremes are not enough (c = -1): take them anyway, and say how little they cover
  const k = Math.max(1, c + 1);
  return {
    ci_low: shifts.kth(k),
    ci_high: shifts.kth(shifts.size - k + 1),
    confidence: Math.max(0, 1 - 2 * dist.cdf(k - 1)),
    min_p_value: Math.min(1, 2 * dist.cdf(0)),
  };
}

/** Hodges-Lehmann shift of paired differences with Tukey's interval at 1 - alpha and the Wilcoxon signed-rank p-value. */
export function pairedShift(differences: readonly number[], alpha: number): ShiftEstimate {
  const n = differences.length;
  if (n === 0) throw new Error("pairedShift needs at least one difference");
  const walsh = walshAverages(differences);
  return {
    estimate: walsh.median(),
    ...rankInterval(walsh, signedRankNull(n), alpha),
    p_value: signedRankTest(differences).p_value,
    n,
    method: n > EXACT_MAX_N ? "normal" : "exact",
  };
}

/** Hodges-Lehmann shift of x relative to y with Moses' interval at 1 - alpha and the Mann-Whitney p-value. */
export function unpairedShift(x: readonly number[], y: readonly number[], alpha: number): ShiftEstimate {
  const m = x.length;
  const n = y.length;
  if (m === 0 || n === 0) throw new Error("unpairedShift needs values on both sides");
  const differences = pairwiseDifferences(x, y);
  return {
    estimate: differences.median(),
    ...rankInterval(differences, rankSumNull(m, n), alpha),
    p_value: rankSumTest(x, y).p_value,
    n: m + n,
    method: m > EXACT_MAX_N || n > EXACT_MAX_N ? "normal" : "exact",
  };
}

export interface DropTest {
  /** mean difference over its standard error */
  t: number;
  /** degrees of freedom: pairs - 1 */
  df: number;
  /** one-sided p-value of "no drop" against "the mean difference is below 0" */
  p_value: number;
}

/**
 * One-sided paired t-test for a drop: p = P(T(n-1) <= t), t = mean / (sd / sqrt n). Its p-values are
 * continuous, so a small level (the run's alpha shared over its steps) can be reached with 8 pairs,
 * where the exact signed-rank test's smallest one-sided p-value is 1/256. Its level assumes the
 * differences are roughly normal; an outlier widens sd, which makes it conservative rather than wrong.
 * Fewer than 2 differences cannot be tested (p = 1).
 */
export function dropTTest(differences: readonly number[]): DropTest {
  const n = differences.length;
  if (n < 2) return { t: 0, df: Math.max(0, n - 1), p_value: 1 };
  const m = mean(differences as number[]);
  const sd = sampleStandardDeviation(differences as number[]);
  const df = n - 1;
  // identical differences: no spread to test against, the sign alone decides
  if (sd === 0) return { t: m < 0 ? -Infinity : m > 0 ? Infinity : 0, df, p_value: m < 0 ? 0 : 1 };
  const t = m / (sd / Math.sqrt(n));
  return { t, df, p_value: jStat.studentt.cdf(t, df) };
}

/** The spread of a step's QPS between server processes, measured by A/A runs: what rounds of one process cannot show. */
export interface ProcessSpread {
  /** standard deviation of the offset of one pair of processes' log ratio (head process over base process) */
  sd: number;
  /** degrees of freedom of `sd` (at least 1): the A/A blocks (one pair of processes each) it was estimated from */
  df: number;
}

/** A drop test over rounds grouped by the processes that measured them. */
export interface BlockDropTest extends DropTest {
  /** pairs of processes (blocks) the rounds came from */
  blocks: number;
  /**
   * rounds: every round its own processes, the rounds' spread holds the processes' too (t-test on the rounds);
   * recorded: rounds within a block against the recorded spread between blocks (Satterthwaite's df);
   * block-means: a t-test on the blocks' means (no spread recorded, 2 blocks or more);
   * untestable: one block and no recorded spread: a process offset cannot be told from a change
   */
  method: "rounds" | "recorded" | "block-means" | "untestable";
}

/**
 * One-sided test for a drop of log ratios that come in blocks, each block measured by one pair of
 * server processes. Each process has its own speed (memory layout, placement), so a round is
 * d = drop + u(block) + e(round): rounds of one block share u, and a t-test on the rounds takes u's
 * spread for noise that averages out over rounds, which it does not (issue 35). The mean of all rounds
 * has variance s_w²/n + s_u² Σ m_b² / n² (m_b rounds in block b); s_w comes from the rounds within
 * blocks (n - k degrees of freedom), s_u from `spread` recorded by A/A runs, and the t statistic's
 * degrees of freedom from Satterthwaite's formula. Without a recorded spread the blocks' means are
 * the units (a t-test with k - 1 degrees of freedom); one block then cannot be tested (p = 1).
 */
export function blockDropTest(blocks: readonly (readonly number[])[], spread: ProcessSpread | null): BlockDropTest {
  const filled = blocks.filter((b) => b.length > 0);
  const k = filled.length;
  const n = sum(filled.map((b) => b.length));
  if (k === n) return { ...dropTTest(filled.flat()), blocks: k, method: "rounds" };
  if (!spread) {
    if (k < 2) return { t: 0, df: 0, p_value: 1, blocks: k, method: "untestable" };
    return { ...dropTTest(filled.map((b) => mean(b as number[]))), blocks: k, method: "block-means" };
  }
  const all = filled.flat();
  const m = mean(all);
  const within = sum(filled.map((b) => sum(b.map((x) => (x - mean(b as number[])) ** 2)))) / (n - k);
  const withinPart = within / n;
  const betweenPart = (spread.sd ** 2 * sum(filled.map((b) => b.length ** 2))) / n ** 2;
  const variance = withinPart + betweenPart;
  const df = variance === 0 ? n - k : variance ** 2 / (withinPart ** 2 / (n - k) + betweenPart ** 2 / spread.df);
  if (variance === 0) return { t: m < 0 ? -Infinity : m > 0 ? Infinity : 0, df, p_value: m < 0 ? 0 : 1, blocks: k, method: "recorded" };
  const t = m / Math.sqrt(variance);
  return { t, df, p_value: jStat.studentt.cdf(t, df), blocks: k, method: "recorded" };
}

/**
 * The spread between pairs of server processes from A/A blocks (log ratios grouped by the pair of
 * processes that measured them; the true ratio is 1), as a profile records it. A block's mean is
 * u + ē, so the blocks' mean square about 0 (MSB) less the rounds' own share (W = s_w² Σ 1/m_b / K,
 * s_w pooled within blocks) estimates u's variance. That estimate is noisy (10 A/A runs give 20
 * blocks) and an underestimate makes the drop test fail A/A runs more often than alpha, so the
 * recorded variance is the estimate (at least 0) plus one standard error of it,
 * sqrt(2 MSB² / K + 2 W² / df_w): simulated (scripts/bench-qps-process.ts), the point estimate alone
 * let 1.3-2% of A/A runs fail at 1-2% per-process offsets, this keeps them at or below 1%.
 * Blocks of one round tell nothing about s_w and are left out. Null without 2 blocks of 2 rounds or more.
 */
export function processSpreadFromAa(blocks: readonly (readonly number[])[]): ProcessSpread | null {
  const usable = blocks.filter((b) => b.length >= 2);
  const k = usable.length;
  if (k < 2) return null;
  const means = usable.map((b) => mean(b as number[]));
  const withinDf = sum(usable.map((b) => b.length - 1));
  const within = sum(usable.map((b, i) => sum(b.map((x) => (x - means[i]!) ** 2)))) / withinDf;
  const meanSquare = sum(means.map((m) => m * m)) / k;
  const roundsShare = (within * sum(usable.map((b) => 1 / b.length))) / k;
  const standardError = Math.sqrt((2 * meanSquare ** 2) / k + (2 * roundsShare ** 2) / withinDf);
  return { sd: Math.sqrt(Math.max(0, meanSquare - roundsShare) + standardError), df: k };
}

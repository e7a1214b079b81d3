/**
 * Change points of a series: E-divisive with means (Matteson & James 2014, "A nonparametric approach for
 * multiple change point analysis of multivariate data", JASA 109:505) with its permutation test, in the
 * form MongoDB's and Otava's performance tooling use (the segment's end fixed, κ = the end, and the
 * distance exponent α = 1). Pure: data in, data out; the permutations come from a seeded generator, so
 * the same series always gives the same answer.
 *
 * No maintained Node library implements it (npm has none for E-divisive; the R package ecp and Python's
 * signal-processing-algorithms are the references): this is a direct implementation, checked in
 * test/unit/change-point.test.ts against the statistic computed from its definition.
 */
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";

export interface ChangePoint {
  /** index of the first value after the change */
  index: number;
  /** the divergence statistic Q̂ at this split of its segment */
  statistic: number;
  /** permutation p-value: (1 + permutations at least as divergent) / (1 + permutations) */
  pValue: number;
  /** the segment [start, end) the change was found in, against which its size is measured */
  segment: { start: number; end: number };
}

export interface EDivisiveOptions {
  /** significance level of each permutation test (default 0.05, as ecp and Otava) */
  sigLevel?: number;
  /** permutations per test (default 199, as ecp) */
  permutations?: number;
  /** fewest values on each side of a change (default 2: a change needs two points after it to be seen) */
  minSize?: number;
  /** seed of the permutations (default 1) */
  seed?: number;
}

/**
 * Q̂(τ) = m·k/(m+k) · Ê, with X the m values before τ and Y the k values from τ:
 * Ê = 2/(mk)·Σ|x−y| − 2/(m(m−1))·Σ_{i<j}|xᵢ−xⱼ| − 2/(k(k−1))·Σ_{i<j}|yᵢ−yⱼ| (a side of one value has no within-term).
 */
function divergence(m: number, k: number, cross: number, withinX: number, withinY: number): number {
  const e = (2 * cross) / (m * k) - (m > 1 ? (2 * withinX) / (m * (m - 1)) : 0) - (k > 1 ? (2 * withinY) / (k * (k - 1)) : 0);
  return ((m * k) / (m + k)) * e;
}

/**
 * The best split of values[order[start..end)] and its Q̂, in O(n²): the within and cross sums are
 * updated as τ moves right by one. Null when the segment is shorter than two sides of minSize.
 */
function bestSplit(values: readonly number[], order: readonly number[], start: number, end: number, minSize: number): { index: number; statistic: number } | null {
  const n = end - start;
  if (n < 2 * minSize) return null;
  const v = (i: number) => values[order[i]!]!;
  // τ = start + 1: X = [start], Y = [start+1, end)
  let withinX = 0;
  let withinY = 0;
  for (let i = start + 1; i < end; i++) for (let j = i + 1; j < end; j++) withinY += Math.abs(v(i) - v(j));
  let cross = 0;
  for (let j = start + 1; j < end; j++) cross += Math.abs(v(start) - v(j));
  let best: { index: number; statistic: number } | null = null;
  for (let tau = start + 1; tau <= end - minSize; tau++) {
    if (tau - start >= minSize) {
      const q = divergence(tau - start, end - tau, cross, withinX, withinY);
      if (!best || q > best.statistic) best = { index: tau, statistic: q };
    }
    if (tau === end - minSize) break;
    // move the value at τ from Y to X
    const moving = v(tau);
    let toX = 0;
    for (let i = start; i < tau; i++) toX += Math.abs(v(i) - moving);
    let toY = 0;
    for (let j = tau + 1; j < end; j++) toY += Math.abs(moving - v(j));
    withinX += toX;
    withinY -= toY;
    cross += toY - toX;
  }
  return best;
}

/**
 * The statistically significant change points of `series`, in index order. Hierarchical, as ecp's
 * e.divisive: the best split over all current segments is tested against the best split over all of
 * them with each segment's values permuted within it (ecp's sig.test and perm.cluster); when
 * significant it is kept and the search goes on in the pieces, else the search ends.
 */
export function eDivisive(series: readonly number[], options: EDivisiveOptions = {}): ChangePoint[] {
  const sigLevel = options.sigLevel ?? 0.05;
  const permutations = options.permutations ?? 199;
  const minSize = Math.max(1, options.minSize ?? 2);
  if (!series.every(Number.isFinite)) throw new Error("eDivisive needs finite values");
  const rng = xoroshiro128plus(options.seed ?? 1);
  const identity = series.map((_, i) => i);
  const found: ChangePoint[] = [];
  const bounds = [0, series.length];
  for (;;) {
    let candidate: ChangePoint | null = null;
    for (let s = 0; s + 1 < bounds.length; s++) {
      const start = bounds[s]!;
      const end = bounds[s + 1]!;
      const split = bestSplit(series, identity, start, end, minSize);
      if (split && (!candidate || split.statistic > candidate.statistic)) candidate = { ...split, pValue: 1, segment: { start, end } };
    }
    if (!candidate || candidate.statistic <= 0) break;
    const order = [...identity];
    let asLarge = 0;
    for (let r = 0; r < permutations; r++) {
      // as ecp's sig.test: every current segment shuffled within itself (Fisher-Yates), the best split over all of them
      let best = -Infinity;
      for (let s = 0; s + 1 < bounds.length; s++) {
        const start = bounds[s]!;
        const end = bounds[s + 1]!;
        for (let i = end - 1; i > start; i--) {
          const j = uniformInt(rng, start, i);
          [order[i], order[j]] = [order[j]!, order[i]!];
        }
        best = Math.max(best, bestSplit(series, order, start, end, minSize)?.statistic ?? -Infinity);
      }
      // a relative tolerance: permutations that reproduce the observed split must count as "as large"
      if (best >= candidate.statistic * (1 - 1e-12)) asLarge++;
      // already past the level whatever the rest give: not significant, and the search ends (the rest
      // cannot change that; a change kept always has all its permutations behind its p-value)
      if ((1 + asLarge) / (1 + permutations) > sigLevel) break;
    }
    candidate.pValue = (1 + asLarge) / (1 + permutations);
    if (candidate.pValue > sigLevel) break;
    found.push(candidate);
    bounds.push(candidate.index);
    bounds.sort((a, b) => a - b);
  }
  return found.sort((a, b) => a.index - b.index);
}

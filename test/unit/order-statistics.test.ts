/**
 * The O(n log n) selection of Walsh averages and pairwise differences against the quadratic reference:
 * every candidate materialised and sorted, as stats.ts did before (the sizes used here reach both the
 * sorting shortcut and the pivoting path of the selection, with and without ties).
 */
import { describe, expect, it } from "vitest";
import { pairwiseDifferences, walshAverages, type CandidateShifts } from "../../src/compare/order-statistics.js";
import { pairedShift, unpairedShift } from "../../src/compare/stats.js";
import { normalRandom, seededRandom } from "../../scripts/lib/synthetic-results.js";

/** The quadratic reference: every Walsh average, in the order and with the arithmetic of the enumeration. */
function sortedWalsh(d: readonly number[]): Float64Array {
  const walsh = new Float64Array((d.length * (d.length + 1)) / 2);
  let w = 0;
  for (let i = 0; i < d.length; i++) for (let j = i; j < d.length; j++) walsh[w++] = ((d[i] as number) + (d[j] as number)) / 2;
  return walsh.sort();
}

function sortedDifferences(x: readonly number[], y: readonly number[]): Float64Array {
  const differences = new Float64Array(x.length * y.length);
  let k = 0;
  for (const xi of x) for (const yj of y) differences[k++] = xi - yj;
  return differences.sort();
}

function middle(sorted: Float64Array): number {
  const half = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[half] as number) : ((sorted[half - 1] as number) + (sorted[half] as number)) / 2;
}

/** Random samples: continuous, coarsely rounded (many ties), or with a few distinct values only; never -0 (see order-statistics.ts). */
function sample(n: number, random: () => number, kind: number): number[] {
  return Array.from({ length: n }, () => {
    const v = 0.05 * normalRandom(random) + 0.01;
    if (kind === 0) return v;
    if (kind === 1) return Math.round(v * 200) / 200 + 0;
    return Math.floor(random() * 4) - 1.5;
  });
}

function expectSameOrderStatistics(shifts: CandidateShifts, sorted: Float64Array, random: () => number, everyK: boolean) {
  expect(shifts.size).toBe(sorted.length);
  expect(shifts.median()).toBe(middle(sorted));
  const ks = everyK ? Array.from({ length: sorted.length }, (_, i) => i + 1) : Array.from({ length: 50 }, () => 1 + Math.floor(random() * sorted.length));
  for (const k of [1, sorted.length, ...ks]) expect(shifts.kth(k), `k = ${k} of ${sorted.length}`).toBe(sorted[k - 1]);
}

/** The interval of a shift estimate is the k-th smallest and the k-th largest candidate for one k. */
function expectSymmetricOrderStatistics(sorted: Float64Array, low: number, high: number) {
  const ks = [...sorted.keys()].filter((i) => sorted[i] === low).map((i) => i + 1);
  expect(ks.some((k) => sorted[sorted.length - k] === high)).toBe(true);
}

describe("Walsh averages without materialising them", () => {
  it("give every order statistic and the median the sorted enumeration gives, bit for bit", () => {
    const random = seededRandom(2024);
    for (let trial = 0; trial < 60; trial++) {
      const n = trial < 20 ? 1 + Math.floor(random() * 40) : 90 + Math.floor(random() * 160);
      const d = sample(n, random, trial % 3);
      expectSameOrderStatistics(walshAverages(d), sortedWalsh(d), random, trial === 0 || trial === 20);
    }
  });

  it("give pairedShift the estimate and interval of the quadratic enumeration", () => {
    const random = seededRandom(77);
    for (let trial = 0; trial < 30; trial++) {
      const d = sample(2 + Math.floor(random() * 250), random, trial % 3);
      const sorted = sortedWalsh(d);
      const shift = pairedShift(d, 0.05);
      expect(shift.estimate).toBe(middle(sorted));
      expectSymmetricOrderStatistics(sorted, shift.ci_low, shift.ci_high);
    }
  });
});

describe("pairwise differences without materialising them", () => {
  it("give every order statistic and the median the sorted enumeration gives, bit for bit", () => {
    const random = seededRandom(4048);
    for (let trial = 0; trial < 60; trial++) {
      const large = trial >= 20;
      const m = large ? 40 + Math.floor(random() * 200) : 1 + Math.floor(random() * 30);
      const n = large ? 40 + Math.floor(random() * 200) : 1 + Math.floor(random() * 30);
      const x = sample(m, random, trial % 3);
      const y = sample(n, random, (trial + 1) % 3);
      expectSameOrderStatistics(pairwiseDifferences(x, y), sortedDifferences(x, y), random, trial === 0 || trial === 20);
    }
  });

  it("give unpairedShift the estimate and interval of the quadratic enumeration, unbalanced samples included", () => {
    const random = seededRandom(91);
    for (let trial = 0; trial < 30; trial++) {
      const m = 1 + Math.floor(random() * (trial % 2 ? 8 : 200));
      const n = 1 + Math.floor(random() * 300);
      const x = sample(m, random, trial % 3);
      const y = sample(n, random, trial % 3);
      const sorted = sortedDifferences(x, y);
      const shift = unpairedShift(x, y, 0.05);
      expect(shift.estimate).toBe(middle(sorted));
      expectSymmetricOrderStatistics(sorted, shift.ci_low, shift.ci_high);
    }
  });
});

describe("large samples", () => {
  it("select among 2 billion Walsh averages of 70,000 differences in linear memory", () => {
    const random = seededRandom(5);
    const d = sample(70_000, random, 1);
    const walsh = walshAverages(d);
    expect(walsh.size).toBe(2_450_035_000);
    // the extremes are (min + min) / 2 and (max + max) / 2; the median of values on a 1/200 grid is on a 1/400 grid
    expect(walsh.kth(1)).toBe(d.reduce((a, b) => Math.min(a, b)));
    expect(walsh.kth(walsh.size)).toBe(d.reduce((a, b) => Math.max(a, b)));
    const median = walsh.median();
    expect(Math.abs(median * 400 - Math.round(median * 400))).toBeLessThan(1e-6);
  });
});

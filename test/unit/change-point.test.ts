import { describe, expect, it } from "vitest";
import { eDivisive } from "../../src/compare/change-point.js";
import { normalRandom, seededRandom } from "../../scripts/lib/synthetic-results.js";

/** Q̂ at split τ computed straight from Matteson & James's definition (α = 1), in O(n²) per τ: the reference. */
function definitionQ(values: number[], tau: number): number {
  const x = values.slice(0, tau);
  const y = values.slice(tau);
  const m = x.length;
  const k = y.length;
  let cross = 0;
  for (const a of x) for (const b of y) cross += Math.abs(a - b);
  const within = (side: number[]) => {
    if (side.length < 2) return 0;
    let sum = 0;
    for (let i = 0; i < side.length; i++) for (let j = i + 1; j < side.length; j++) sum += Math.abs(side[i]! - side[j]!);
    return sum / ((side.length * (side.length - 1)) / 2);
  };
  return ((m * k) / (m + k)) * ((2 * cross) / (m * k) - within(x) - within(y));
}

/** A seeded normal sample (the synthetic results' generator), so the test data never changes. */
function noise(n: number, seed: number, sd: number): number[] {
  const random = seededRandom(seed);
  return Array.from({ length: n }, () => sd * normalRandom(random));
}

describe("E-divisive with means", () => {
  it("its statistic is the definition's maximum over the splits", () => {
    const values = [1.0, 1.02, 0.99, 1.01, 1.2, 1.18, 1.21, 1.22, 0.5, 0.52];
    const [first] = eDivisive(values, { minSize: 2, permutations: 99 }).sort((a, b) => b.statistic - a.statistic);
    const reference = Array.from({ length: values.length - 3 }, (_, i) => i + 2).map((tau) => ({ tau, q: definitionQ(values, tau) }));
    const best = reference.reduce((a, b) => (b.q > a.q ? b : a));
    expect(first!.index).toBe(best.tau);
    expect(first!.statistic).toBeCloseTo(best.q, 10);
  });

  it("finds a step of 8 deterministic counts at its first changed value, and its permutation p-value is the exact one", () => {
    // 4 equal values then 4 others: of the C(8,4) = 70 arrangements only the observed one and its mirror are as divergent
    const series = [41300, 41302, 41299, 41301, 52100, 52098, 52101, 52100];
    const [change, ...others] = eDivisive(series, { permutations: 999 });
    expect(others).toEqual([]);
    expect(change!.index).toBe(4);
    expect(change!.segment).toEqual({ start: 0, end: 8 });
    // 2/70 ≈ 0.029 exactly; 999 permutations estimate it within a few thousandths
    expect(change!.pValue).toBeGreaterThan(0.015);
    expect(change!.pValue).toBeLessThan(0.045);
  });

  it("needs two values after a change: one new value is not a change yet", () => {
    expect(eDivisive([10, 10.01, 9.99, 10, 12])).toEqual([]);
    expect(eDivisive([10, 10.01, 9.99, 10, 12, 12.01, 11.99, 12.02]).map((c) => c.index)).toEqual([4]);
  });

  it("finds two changes in a longer noisy series and none in noise alone", () => {
    const series = noise(90, 7, 0.01).map((e, i) => e + (i < 30 ? 0 : i < 60 ? 0.1 : 0.03));
    expect(eDivisive(series).map((c) => c.index)).toEqual([30, 60]);
    expect(eDivisive(noise(90, 11, 0.01))).toEqual([]);
  });

  it("tests a split against the best split of every segment permuted within itself, as ecp's sig.test, not of its own segment alone", () => {
    // a step of 1 in 10 quiet values, then a far level of 40 values with noise of sd 1: alone the step is a change,
    // but after the first change splits the series, permuting the noisy segment gives splits at least as divergent
    const random = seededRandom(4);
    const quiet = Array.from({ length: 10 }, (_, i) => (i < 5 ? 0 : 1) + 0.01 * normalRandom(random));
    const noisy = Array.from({ length: 40 }, () => 100 + normalRandom(random));
    expect(eDivisive(quiet).map((c) => c.index)).toEqual([5]);
    expect(eDivisive([...quiet, ...noisy]).map((c) => c.index)).toEqual([10]);
  });

  it("finds the change, gives the same answer for the same seed, and refuses values that are not finite", () => {
    const series = noise(40, 3, 0.02).map((e, i) => e + (i >= 25 ? 0.05 : 0));
    const found = eDivisive(series, { seed: 5 });
    expect(found.map((c) => c.index)).toEqual([25]);
    expect(found).toEqual(eDivisive(series, { seed: 5 }));
    expect(() => eDivisive([1, Number.NaN, 2])).toThrow(/finite/);
  });
});

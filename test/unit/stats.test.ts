/**
 * The rank statistics against values derived independently: brute-force enumeration of every sign
 * flip or every split (the definition of the exact tests), brute-force Hodges-Lehmann estimates,
 * intervals checked by inverting the brute-force test, and published R / SciPy values.
 */
import { describe, expect, it } from "vitest";
import { blockDropTest, dropTTest, EXACT_MAX_N, normalCdf, pairedShift, processSpreadFromAa, rankSumTest, signedRankTest, unpairedShift } from "../../src/compare/stats.js";
import { normalRandom, seededRandom } from "../../scripts/lib/synthetic-results.js";

/** Midrank by counting, independent of the sort-based ranking under test. */
const midrank = (value: number, all: readonly number[]) => all.filter((v) => v < value).length + (all.filter((v) => v === value).length + 1) / 2;

const medianOf = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

function twoSided(statistics: number[], observed: number): number {
  const below = statistics.filter((s) => s <= observed + 1e-9).length / statistics.length;
  const above = statistics.filter((s) => s >= observed - 1e-9).length / statistics.length;
  return Math.min(1, 2 * Math.min(below, above));
}

/** Exact signed-rank p-value by enumerating all 2^n sign patterns of the midranks of the non-zero |d|. */
function bruteSignedRankP(differences: readonly number[]): number {
  const nonZero = differences.filter((d) => d !== 0);
  const magnitudes = nonZero.map(Math.abs);
  const ranks = magnitudes.map((m) => midrank(m, magnitudes));
  const observed = ranks.reduce((sum, r, i) => sum + ((nonZero[i] as number) > 0 ? r : 0), 0);
  const statistics: number[] = [];
  for (let mask = 0; mask < 2 ** ranks.length; mask++) statistics.push(ranks.reduce((sum, r, i) => sum + (mask & (1 << i) ? r : 0), 0));
  return twoSided(statistics, observed);
}

function* subsets(size: number, of: number, from = 0): Generator<number[]> {
  if (size === 0) return yield [];
  for (let i = from; i <= of - size; i++) for (const rest of subsets(size - 1, of, i + 1)) yield [i, ...rest];
}

/** Exact rank-sum p-value by enumerating every way to split the pooled midranks into groups of |x| and |y|. */
function bruteRankSumP(x: readonly number[], y: readonly number[]): number {
  const pooled = [...x, ...y];
  const ranks = pooled.map((v) => midrank(v, pooled));
  const observed = ranks.slice(0, x.length).reduce((a, b) => a + b, 0);
  const statistics = [...subsets(x.length, pooled.length)].map((chosen) => chosen.reduce((sum, i) => sum + (ranks[i] as number), 0));
  return twoSided(statistics, observed);
}

const walshAverages = (d: readonly number[]) => d.flatMap((a, i) => d.slice(i).map((b) => (a + b) / 2));
const pairwiseDifferences = (x: readonly number[], y: readonly number[]) => x.flatMap((a) => y.map((b) => a - b));

function normals(n: number, random: () => number, shift = 0): number[] {
  return Array.from({ length: n }, () => shift + normalRandom(random));
}

// R's wilcox.test examples (Hollander & Wolfe): depression scores before and after, and the permeability data
const depressionX = [1.83, 0.5, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.3];
const depressionY = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29];
const depression = depressionX.map((x, i) => x - (depressionY[i] as number));
const permeabilityX = [0.8, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46];
const permeabilityY = [1.15, 0.88, 0.9, 0.74, 1.21];

describe("normalCdf", () => {
  it("matches tabulated values of the standard normal distribution to 1e-7 (simple-statistics' errorFunction)", () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 6);
    expect(normalCdf(1.959963985)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-2.575829304)).toBeCloseTo(0.005, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.158655254, 6);
  });
});

describe("signedRankTest", () => {
  it("gives R's V and exact p-value for the depression example (V = 40, p = 0.03906)", () => {
    expect(signedRankTest(depression)).toEqual({ statistic: 40, p_value: 0.0390625, method: "exact" });
  });

  it("equals the enumeration of all sign flips, untied, tied and with zeros", () => {
    const random = seededRandom(11);
    const cases = [
      normals(10, random, 0.3),
      normals(7, random),
      [1, 2, 2, -3, 4, 4, 4, -1, 5, 0], // ties and a zero: exact permutation p of the midranks (R would approximate)
      [0, 0, 0.5, -0.5, 1.5, 2, 2, 2, -2, 3, 0.25, 0.25],
      [-1, -2, -3, -4, -5, -6, -7, -8], // every sign negative: the most extreme value
    ];
    for (const d of cases) expect(signedRankTest(d).p_value).toBeCloseTo(bruteSignedRankP(d), 12);
  });

  it("is 1 when every difference is zero", () => {
    expect(signedRankTest([0, 0, 0]).p_value).toBe(1);
  });

  it("switches to the tie-corrected normal approximation above EXACT_MAX_N, matching SciPy", () => {
    // SciPy 1.17: wilcoxon(d, method="approx", correction=True, zero_method="wilcox") -> statistic min(V+, V-) = 660.5, p = 0.18782934887745728
    const d = Array.from({ length: 60 }, (_, i) => Math.round(Math.sin(i * 1.7) * 10) / 10 + 0.1);
    const test = signedRankTest(d);
    expect(test.method).toBe("normal");
    expect(test.statistic).toBe(992.5); // V+ (R's V); V- = 660.5
    expect(test.p_value).toBeCloseTo(0.18782934887745728, 6);
    expect(signedRankTest(normals(EXACT_MAX_N, seededRandom(3))).method).toBe("exact");
  });
});

describe("rankSumTest", () => {
  it("gives R's W and exact p-value for the permeability example (W = 35, two-sided p = 0.2544)", () => {
    const test = rankSumTest(permeabilityX, permeabilityY);
    expect(test.statistic).toBe(35);
    expect(test.p_value).toBeCloseTo(0.2544122544122544, 12);
  });

  it("equals the enumeration of all splits, untied and tied", () => {
    const random = seededRandom(12);
    const cases: [number[], number[]][] = [
      [normals(6, random, 0.8), normals(7, random)],
      [normals(4, random), normals(9, random)],
      [
        [1, 2, 2, 3, 5],
        [2, 3, 3, 4, 6, 6],
      ],
      [
        [1, 1, 1],
        [1, 1, 1, 1],
      ],
      [
        [10, 11, 12],
        [1, 2, 3],
      ],
    ];
    for (const [x, y] of cases) expect(rankSumTest(x, y).p_value).toBeCloseTo(bruteRankSumP(x, y), 12);
  });

  it("switches to the tie-corrected normal approximation above EXACT_MAX_N, matching SciPy", () => {
    // SciPy 1.17: mannwhitneyu(x, y, method="asymptotic", use_continuity=True) -> U = 2037, p = 0.030289424465525995
    const x = Array.from({ length: 60 }, (_, i) => Math.round(Math.sin(i * 1.7) * 10) / 10 + 0.3);
    const y = Array.from({ length: 55 }, (_, i) => Math.round(Math.cos(i * 1.3) * 10) / 10);
    expect(rankSumTest(x, y)).toMatchObject({ statistic: 2037, method: "normal" });
    expect(rankSumTest(x, y).p_value).toBeCloseTo(0.030289424465525995, 6);
  });
});

/** The interval is the set of shifts the test does not reject: just outside each end it rejects, just inside it does not. */
function expectInvertsTest(low: number, high: number, pAt: (shift: number) => number, alpha: number) {
  const eps = 1e-9;
  expect(pAt(low - eps)).toBeLessThan(alpha);
  expect(pAt(low + eps)).toBeGreaterThanOrEqual(alpha);
  expect(pAt(high - eps)).toBeGreaterThanOrEqual(alpha);
  expect(pAt(high + eps)).toBeLessThan(alpha);
}

describe("pairedShift", () => {
  it("estimates the median of the Walsh averages, with the interval that inverts the exact test", () => {
    const random = seededRandom(21);
    for (const [n, alpha] of [
      [10, 0.01],
      [9, 0.05],
      [14, 0.1],
    ] as const) {
      const d = normals(n, random, 0.5);
      const shift = pairedShift(d, alpha);
      expect(shift.estimate).toBeCloseTo(medianOf(walshAverages(d)), 12);
      expect(shift.p_value).toBeCloseTo(bruteSignedRankP(d), 12);
      expectInvertsTest(shift.ci_low, shift.ci_high, (mu) => bruteSignedRankP(d.map((x) => x - mu)), alpha);
      expect(shift.confidence).toBeGreaterThanOrEqual(1 - alpha);
      expect(shift.method).toBe("exact");
    }
  });

  it("reports the achieved confidence and the smallest possible p-value for 10 pairs", () => {
    const shift = pairedShift(normals(10, seededRandom(5)), 0.01);
    // V <= 3 has 5 of 1024 sign patterns: the interval drops 4 Walsh averages at each end and covers 1 - 10/1024
    expect(shift.confidence).toBe(1 - 10 / 1024);
    expect(shift.min_p_value).toBe(2 / 1024);
    expect(shift.n).toBe(10);
  });

  it("with too few pairs to reach alpha, spans all values and says how little it covers", () => {
    const d = [0.1, -0.05, 0.2, 0.03, 0.07];
    const shift = pairedShift(d, 0.05);
    expect(shift.min_p_value).toBe(2 / 32);
    expect(shift.ci_low).toBe(-0.05);
    expect(shift.ci_high).toBe(0.2);
    expect(shift.confidence).toBe(1 - 2 / 32);
  });

  it("keeps zeros in the estimate: most pairs unchanged pull it to 0, though every change was up", () => {
    expect(pairedShift([0, 0, 0, 0, 0, 0.1, 0.2], 0.05).estimate).toBe(0);
  });

  it("agrees with itself: p < alpha exactly when the interval excludes 0, exact and approximate", () => {
    const random = seededRandom(31);
    let significant = 0;
    for (let trial = 0; trial < 300; trial++) {
      const n = [6, 10, 20, EXACT_MAX_N, 80][trial % 5] as number;
      const d = normals(n, random, 2 / Math.sqrt(n));
      const shift = pairedShift(d, 0.05);
      const excludesZero = shift.ci_low > 0 || shift.ci_high < 0;
      expect(shift.p_value < 0.05, `n = ${n}, p = ${shift.p_value}, [${shift.ci_low}, ${shift.ci_high}]`).toBe(excludesZero);
      if (excludesZero) significant++;
    }
    expect(significant).toBeGreaterThan(30); // both outcomes were exercised
    expect(significant).toBeLessThan(270);
  });
});

describe("unpairedShift", () => {
  it("estimates the median of all pairwise differences, with the interval that inverts the exact test", () => {
    const random = seededRandom(41);
    for (const [m, n, alpha] of [
      [8, 9, 0.01],
      [6, 9, 0.05],
    ] as const) {
      const x = normals(m, random, 1);
      const y = normals(n, random);
      const shift = unpairedShift(x, y, alpha);
      expect(shift.estimate).toBeCloseTo(medianOf(pairwiseDifferences(x, y)), 12);
      expect(shift.p_value).toBeCloseTo(bruteRankSumP(x, y), 12);
      expectInvertsTest(shift.ci_low, shift.ci_high, (mu) => bruteRankSumP(x.map((v) => v - mu), y), alpha);
      expect(shift.n).toBe(m + n);
    }
  });

  it("knows that 3 against 3 values can never reach p < 0.05 (smallest p = 2 / C(6, 3) = 0.1)", () => {
    const shift = unpairedShift([1, 2, 3], [4, 5, 6], 0.05);
    expect(shift.p_value).toBeCloseTo(0.1, 12);
    expect(shift.min_p_value).toBeCloseTo(0.1, 12);
    expect([shift.ci_low, shift.ci_high]).toEqual([-5, -1]);
  });

  it("agrees with itself: p < alpha exactly when the interval excludes 0, exact and approximate", () => {
    const random = seededRandom(51);
    for (let trial = 0; trial < 100; trial++) {
      const [m, n] = ([[5, 8], [10, 10], [30, 25], [60, 55]] as const)[trial % 4] as readonly [number, number];
      const shift = unpairedShift(normals(m, random, 1.2 / Math.sqrt(Math.min(m, n))), normals(n, random), 0.05);
      expect(shift.p_value < 0.05).toBe(shift.ci_low > 0 || shift.ci_high < 0);
    }
  });
});

describe("dropTTest: one-sided paired t-test for a drop", () => {
  /** 8 differences with this mean and sample standard deviation exactly. */
  const withMeanAndSd = (mean: number, sd: number) => {
    const z = [-1.5, -1, -0.5, -0.2, 0.2, 0.5, 1, 1.5];
    const zsd = Math.sqrt(z.reduce((s, x) => s + x * x, 0) / (z.length - 1));
    return z.map((x) => mean + (sd * x) / zsd);
  };

  it("gives p = 0.01 at t = -2.998 with 7 degrees of freedom (Student's t table)", () => {
    const result = dropTTest(withMeanAndSd((-2.998 * 0.03) / Math.sqrt(8), 0.03));
    expect(result.df).toBe(7);
    expect(result.t).toBeCloseTo(-2.998, 6);
    expect(result.p_value).toBeCloseTo(0.01, 4);
  });

  it("reaches levels below 1/256 with 8 pairs, which the exact signed-rank test cannot", () => {
    const differences = withMeanAndSd(-0.05, 0.02);
    expect(dropTTest(differences).p_value).toBeLessThan(0.01 / 8);
    expect(signedRankTest(differences).p_value / 2).toBeGreaterThanOrEqual(1 / 256);
  });

  it("is one-sided: a rise is no drop", () => {
    expect(dropTTest(withMeanAndSd(0.05, 0.02)).p_value).toBeGreaterThan(0.99);
  });

  it("decides identical differences by their sign and cannot test fewer than 2", () => {
    expect(dropTTest([-0.01, -0.01, -0.01]).p_value).toBe(0);
    expect(dropTTest([0.01, 0.01]).p_value).toBe(1);
    expect(dropTTest([-0.5]).p_value).toBe(1);
  });
});

describe("blockDropTest: rounds grouped by the pair of server processes that measured them", () => {
  // both of the head's processes happened to run 3-4% slower than the base's: 8 rounds, 2 offsets
  const blocks = [
    [-0.025, -0.03, -0.035, -0.03],
    [-0.035, -0.04, -0.045, -0.04],
  ];

  it("tests the rounds themselves when every round had processes of its own (an embedded engine)", () => {
    const rounds = blocks.flat();
    expect(blockDropTest(rounds.map((x) => [x]), { sd: 0.05, df: 20 })).toEqual({ ...dropTTest(rounds), blocks: 8, method: "rounds" });
  });

  it("adds the recorded spread between processes to the rounds' own, with Satterthwaite's degrees of freedom", () => {
    // within blocks: sum of squares 0.00005 + 0.00005 over 6 df; 8 rounds in blocks of 4
    const within = 0.0001 / 6;
    const withinPart = within / 8;
    const betweenPart = (0.02 ** 2 * (16 + 16)) / 64;
    const variance = withinPart + betweenPart;
    const df = variance ** 2 / (withinPart ** 2 / 6 + betweenPart ** 2 / 20);
    const t = -0.035 / Math.sqrt(variance);
    const result = blockDropTest(blocks, { sd: 0.02, df: 20 });
    expect(result.method).toBe("recorded");
    expect(result.blocks).toBe(2);
    expect(result.df).toBeCloseTo(df, 9);
    expect(result.t).toBeCloseTo(t, 9);
    // two offsets of 3-4% are no drop at 1% where pairs of processes differ by 2% (sd)
    expect(result.p_value).toBeGreaterThan(0.01);
    // a t-test on the 8 rounds would call it one: p far below 0.01 / 8
    expect(dropTTest(blocks.flat()).p_value).toBeLessThan(0.01 / 8);
  });

  it("without a recorded spread, tests the blocks' means (k - 1 degrees of freedom); one block cannot be tested", () => {
    const result = blockDropTest(blocks, null);
    expect(result).toEqual({ ...dropTTest([-0.03, -0.04]), blocks: 2, method: "block-means" });
    expect(result.df).toBe(1);
    expect(blockDropTest([blocks.flat()], null)).toEqual({ t: 0, df: 0, p_value: 1, blocks: 1, method: "untestable" });
  });

  it("with a recorded spread, one pair of processes can still show a drop larger than their spread", () => {
    const drop = blocks[1]!.map((x) => x - 0.1);
    expect(blockDropTest([drop], { sd: 0.01, df: 20 }).p_value).toBeLessThan(0.001);
    expect(blockDropTest([drop], { sd: 0.1, df: 20 }).p_value).toBeGreaterThan(0.05);
  });
});

describe("processSpreadFromAa: the spread between pairs of processes from A/A blocks", () => {
  it("recovers the spread of simulated A/A blocks: 2,000 blocks of 4 rounds, process sd 2%, round sd 4%", () => {
    const random = seededRandom(3);
    const aa = Array.from({ length: 2000 }, () => {
      const offset = 0.02 * normalRandom(random);
      return Array.from({ length: 4 }, () => offset + 0.04 * normalRandom(random));
    });
    const spread = processSpreadFromAa(aa)!;
    expect(spread.df).toBe(2000);
    expect(spread.sd).toBeGreaterThan(0.018);
    expect(spread.sd).toBeLessThan(0.022);
  });

  it("is one standard error of the estimate when the rounds' noise explains the blocks' means, and null without 2 blocks of 2 rounds", () => {
    // block means 0: MSB = 0; s_w² = (0.0002 + 0.0002 + 0.0008) / 3 = 0.0004, its share 0.0004 x 1.5 / 3 = 0.0002
    const standardError = Math.sqrt((2 * 0.0002 ** 2) / 3);
    const spread = processSpreadFromAa([[0.01, -0.01], [0.01, -0.01], [0.02, -0.02]])!;
    expect(spread.df).toBe(3);
    expect(spread.sd).toBeCloseTo(Math.sqrt(standardError), 12);
    expect(processSpreadFromAa([[0.01, 0.02], [0.03]])).toBeNull();
  });
});

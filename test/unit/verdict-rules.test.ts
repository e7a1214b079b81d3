/**
 * The rule table of compare's decide(), and what an A/A noise floor may do to it: soften a regression
 * into a warning, never hide a significant drop, a warning, an unstable step or an improvement (issue 9 §2-3).
 */
import { describe, expect, it } from "vitest";
import { compareRun } from "../../src/compare/compare.js";
import type { VariantComparison } from "../../src/compare/types.js";
import { pairsResults } from "../../scripts/lib/verdict-quality.js";
import type { NoiseFloor, Results } from "../../src/results/schema.js";
import { syntheticResults } from "../../scripts/lib/synthetic-results.js";

const template = syntheticResults();
const RUNNER = template.fingerprint.hostname_hash;

/** 12 rounds around `ratio` (a tight, significant shift when ratio is not 1). */
const around = (ratio: number, jitter = 0.002, n = 12) => Array.from({ length: n }, (_, i) => Math.log(ratio) + (i % 2 ? jitter : -jitter) * (1 + i / n));

const floorOf = (spread: number, extra: Partial<NoiseFloor> = {}): NoiseFloor => ({
  step: "trial",
  relative_spread: spread,
  log_ratio_sd: 0.03,
  rounds: 12,
  windows: 20,
  disjoint: true,
  hostname_hash: RUNNER,
  source: "aa-sessions",
  ...extra,
});

function judged(logRatios: number[], floor?: NoiseFloor): VariantComparison {
  const results: Results = { ...pairsResults(template, logRatios), ...(floor && { noise_floor: [floor] }) };
  return compareRun(results).steps[0]!.variants[0]!;
}

describe("decide(): significant inside the band", () => {
  it("is unstable, not unchanged, when its interval reaches below fail_below", () => {
    // nine rounds just below 1 and three far below: every round is slower, so p is the smallest possible
    const logRatios = [...Array.from({ length: 9 }, (_, i) => -0.006 - 0.0005 * i), -0.14, -0.15, -0.13];
    const v = judged(logRatios);
    expect(v.qps!.p_value).toBeLessThan(0.01);
    expect(v.qps!.estimate).toBeGreaterThan(0.98);
    expect(v.qps!.ci_low).toBeLessThan(0.95);
    expect(v.verdict).toBe("unstable");
    expect(v.reason).toMatch(/reaches below 0\.97.*rule out a regression/);
  });

  it("is unchanged when the whole interval is inside the band", () => {
    const v = judged(around(0.99));
    expect(v.qps!.p_value).toBeLessThan(0.01);
    expect(v.verdict).toBe("unchanged");
  });
});

describe("the noise floor never hides a significant regression", () => {
  it("turns a 6% drop within an 8.3% floor into a warning, not unchanged", () => {
    expect(judged(around(0.94)).verdict).toBe("regression");
    const v = judged(around(0.94), floorOf(0.083));
    expect(v.verdict).toBe("warning");
    expect(v.reason).toContain("within the A/A noise floor ±8.3%");
    expect(v.noise_floor).toBe(0.083);
  });

  it("keeps a 13% drop a regression under a 14.1% floor: the floor is capped at 10%", () => {
    const v = judged(around(0.87), floorOf(0.141));
    expect(v.verdict).toBe("regression");
    expect(v.noise_floor).toBe(0.1);
    expect(v.noise_floor_note).toContain("capped");
  });

  it("never makes a threshold negative: a floor of 1 or more is capped too", () => {
    const v = judged(around(0.8), floorOf(1.5));
    expect(v.verdict).toBe("regression");
    expect(v.thresholds.fail_below).toBeGreaterThan(0);
    expect(v.thresholds.warn_below).toBeGreaterThan(0);
  });

  it("keeps a warning a warning", () => {
    expect(judged(around(0.97), floorOf(0.05)).verdict).toBe("warning");
  });

  it("keeps an unstable step unstable", () => {
    // not significant, interval down to about 0.93: cannot rule out a regression
    const noisy = [0.05, -0.07, 0.04, -0.06, 0.03, -0.08, 0.02, -0.05, 0.06, -0.04, 0.01, -0.09];
    const plain = judged(noisy);
    expect(plain.verdict).toBe("unstable");
    expect(plain.qps!.ci_low).toBeGreaterThan(0.9);
    expect(judged(noisy, floorOf(0.08)).verdict).toBe("unstable");
  });

  it("keeps a significant improvement an improvement: the floor softens regressions only", () => {
    expect(judged(around(1.06)).verdict).toBe("improvement");
    const v = judged(around(1.06), floorOf(0.083));
    expect(v.verdict).toBe("improvement");
    expect(v.reason).toMatch(/is above 1\.05, p = /);
  });

  it("is not applied when measured at another number of rounds or on another runner, and says so", () => {
    const otherRounds = judged(around(0.94), floorOf(0.083, { rounds: 8 }));
    expect(otherRounds.verdict).toBe("regression");
    expect(otherRounds.noise_floor).toBeUndefined();
    expect(otherRounds.noise_floor_note).toContain("measured at 8 rounds, this verdict at 12");
    const otherRunner = judged(around(0.94), floorOf(0.083, { hostname_hash: "fedcba9876543210" }));
    expect(otherRunner.verdict).toBe("regression");
    expect(otherRunner.noise_floor_note).toContain("another runner");
  });
});

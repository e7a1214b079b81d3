/** The A/A noise floor: how it is estimated, how it widens a noisy step's thresholds, and that the comment says so. */
import { describe, expect, it } from "vitest";
import { compareAgainstBaseline, compareRun } from "../../src/compare/compare.js";
import { noiseFloorFromAA, thresholdsAboveNoise } from "../../src/compare/noise.js";
import { DEFAULT_THRESHOLDS } from "../../src/compare/types.js";
import { pairsResults } from "../../src/compare/verdict-quality.js";
import { renderMarkdown } from "../../src/report/markdown.js";
import type { NoiseFloor } from "../../src/results/schema.js";
import { normalRandom, seededRandom, syntheticResults } from "../helpers/synthetic-results.js";

const STEP = "point-query.range100.pk1";

function aaLogRatios(sd: number, n: number, seed: number): number[] {
  const random = seededRandom(seed);
  return Array.from({ length: n }, () => sd * normalRandom(random));
}

describe("noise floor from an A/A session", () => {
  it("is the 99th percentile of how far 8-round A/A estimates stray from 1, and grows with the noise", () => {
    const quiet = noiseFloorFromAA(STEP, aaLogRatios(0.005, 200, 1), 8, "aa-run");
    const noisy = noiseFloorFromAA(STEP, aaLogRatios(0.03, 200, 1), 8, "aa-run");
    expect(quiet).toMatchObject({ step: STEP, rounds: 8, trials: 193, source: "aa-run" });
    expect(quiet.log_ratio_sd).toBeGreaterThan(0.004);
    expect(quiet.log_ratio_sd).toBeLessThan(0.006);
    // the HL estimate of 8 rounds has sd ~ sd / sqrt(8): its 99th percentile of |dev| is about 2.6 of those
    expect(noisy.relative_spread).toBeGreaterThan(0.015);
    expect(noisy.relative_spread).toBeLessThan(0.045);
    expect(noisy.relative_spread / quiet.relative_spread).toBeCloseTo(6, 0);
    expect(() => noiseFloorFromAA(STEP, [0, 0], 8, "x")).toThrow(/fewer than 8/);
  });

  it("widens thresholds to the floor and leaves them where they are wider already", () => {
    const widened = thresholdsAboveNoise(DEFAULT_THRESHOLDS, 0.07);
    expect(widened.fail_below).toBeCloseTo(0.93, 12);
    expect(widened.warn_below).toBeCloseTo(0.93, 12);
    expect(widened.improve_above).toBeCloseTo(1.07, 12);
    expect(widened.alpha).toBe(0.01);
    expect(thresholdsAboveNoise(DEFAULT_THRESHOLDS, 0.01)).toEqual(DEFAULT_THRESHOLDS);
  });
});

describe("compare with a noise floor", () => {
  const floor: NoiseFloor = { step: "trial", relative_spread: 0.07, log_ratio_sd: 0.03, rounds: 8, trials: 100, source: "aa-run" };
  const sixPercentSlower = Array.from({ length: 12 }, (_, i) => Math.log(0.94) + (i % 2 ? 0.002 : -0.002));

  it("does not call a change within the step's A/A noise a regression, and the comment shows the effective threshold", () => {
    const plain = compareRun(pairsResults(syntheticResults(), sixPercentSlower));
    expect(plain.steps[0]!.variants[0]!.verdict).toBe("regression");
    expect(plain.steps[0]!.variants[0]!.noise_floor).toBeUndefined();

    const withFloor = compareRun({ ...pairsResults(syntheticResults(), sixPercentSlower), noise_floor: [floor] });
    const v = withFloor.steps[0]!.variants[0]!;
    expect(v.verdict).toBe("unchanged");
    expect(v.noise_floor).toBe(0.07);
    expect(v.thresholds.fail_below).toBeCloseTo(0.93, 12);
    const markdown = renderMarkdown([withFloor]);
    expect(markdown).toContain("Effective: `trial`: regression below 0.93, warning below 0.93 (A/A noise floor ±7.0%)");
    expect(renderMarkdown([plain])).not.toContain("Effective:");
  });

  it("takes the floor from the stored baseline in an unpaired comparison, or from the options", () => {
    const baseline = { ...syntheticResults({ steps: [STEP], variants: ["base"], noise: 0.002, seed: 2 }), noise_floor: [{ ...floor, step: STEP }] };
    const current = syntheticResults({ steps: [STEP], variants: ["head"], noise: 0.002, qps: 9400, seed: 3 });
    expect(compareAgainstBaseline(current, baseline).steps[0]!.variants[0]!.verdict).toBe("unchanged");
    expect(compareAgainstBaseline(current, { ...baseline, noise_floor: undefined }).steps[0]!.variants[0]!.verdict).toBe("regression");
    expect(compareAgainstBaseline(current, { ...baseline, noise_floor: undefined }, { noiseFloor: [{ ...floor, step: STEP }] }).steps[0]!.variants[0]!.noise_floor).toBe(0.07);
  });

  it("shows the adaptive look's alpha where it differs from the configured one", () => {
    const design = { minRounds: 8, maxRounds: 24, lookEvery: 4, spending: "pocock" as const };
    const markdown = renderMarkdown([compareRun(pairsResults(syntheticResults(), sixPercentSlower, design))]);
    expect(markdown).toContain("`trial`: α = 0.0062 (adaptive rounds: the level of the look at 12 pairs)");
  });
});

/** The A/A noise floor: how it is estimated, how it widens a noisy step's thresholds, and that the comment says so. */
import { describe, expect, it } from "vitest";
import { compareAgainstBaseline, compareRun } from "../../src/compare/compare.js";
import { MIN_NOISE_WINDOWS, noiseFloorFromAA } from "../../src/compare/noise.js";
import { pairsResults, rateInterval } from "../../scripts/lib/verdict-quality.js";
import { renderMarkdown } from "../../src/report/markdown.js";
import type { NoiseFloor } from "../../src/results/schema.js";
import { normalRandom, seededRandom, syntheticResults } from "../../scripts/lib/synthetic-results.js";

const STEP = "point-query.range100.pk1";

function aaLogRatios(sd: number, n: number, seed: number): number[] {
  const random = seededRandom(seed);
  return Array.from({ length: n }, () => sd * normalRandom(random));
}

const RUNNER = { hostname_hash: "0123456789abcdef" };

describe("noise floor from A/A sessions", () => {
  it("is the 99th percentile of how far disjoint 8-round A/A estimates stray from 1, and grows with the noise", () => {
    const quiet = noiseFloorFromAA(STEP, [aaLogRatios(0.005, 200, 1)], 8, RUNNER, "aa-run")!;
    const noisy = noiseFloorFromAA(STEP, [aaLogRatios(0.03, 200, 1)], 8, RUNNER, "aa-run")!;
    expect(quiet).toMatchObject({ step: STEP, rounds: 8, windows: 25, disjoint: true, hostname_hash: RUNNER.hostname_hash, source: "aa-run" });
    expect(quiet.log_ratio_sd).toBeGreaterThan(0.004);
    expect(quiet.log_ratio_sd).toBeLessThan(0.006);
    // the HL estimate of 8 rounds has sd ~ sd / sqrt(8): its 99th percentile of |dev| is about 2.6 of those
    expect(noisy.relative_spread).toBeGreaterThan(0.015);
    expect(noisy.relative_spread).toBeLessThan(0.06);
    expect(noisy.relative_spread / quiet.relative_spread).toBeCloseTo(6, 0);
  });

  it("never lets a window span two sessions, and needs MIN_NOISE_WINDOWS disjoint windows", () => {
    // 2 sessions of 45 rounds: 5 windows of 8 each (the last 5 rounds of each fit no window)
    const twoSessions = [aaLogRatios(0.01, 45, 2), aaLogRatios(0.01, 45, 3)];
    expect(noiseFloorFromAA(STEP, twoSessions, 8, RUNNER, "x")).toMatchObject({ windows: 10 });
    expect(noiseFloorFromAA(STEP, [twoSessions.flat()], 8, RUNNER, "x")).toMatchObject({ windows: 11 });
    expect(noiseFloorFromAA(STEP, twoSessions, 10, RUNNER, "x")).toBeNull();
    expect(MIN_NOISE_WINDOWS).toBe(10);
  });
});

describe("compare with a noise floor", () => {
  const floor: NoiseFloor = { step: "trial", relative_spread: 0.07, log_ratio_sd: 0.03, rounds: 12, windows: 20, disjoint: true, hostname_hash: RUNNER.hostname_hash, source: "aa-run" };
  const sixPercentSlower = Array.from({ length: 12 }, (_, i) => Math.log(0.94) + (i % 2 ? 0.002 : -0.002));

  it("calls a significant change below fail_below within the step's A/A noise a warning, and the comment shows the effective threshold", () => {
    const plain = compareRun(pairsResults(syntheticResults(), sixPercentSlower));
    expect(plain.steps[0]!.variants[0]!.verdict).toBe("regression");
    expect(plain.steps[0]!.variants[0]!.noise_floor).toBeUndefined();

    const withFloor = compareRun({ ...pairsResults(syntheticResults(), sixPercentSlower), noise_floor: [floor] });
    const v = withFloor.steps[0]!.variants[0]!;
    expect(v.verdict).toBe("warning");
    expect(v.noise_floor).toBe(0.07);
    expect(v.thresholds.fail_below).toBe(0.97);
    const markdown = renderMarkdown([withFloor]);
    expect(markdown).toContain("Judged otherwise than configured (A/A noise floor, adaptive rounds, instruction spread):\n\n- `trial`: regression below 0.93, a significant drop below 0.97 within it a warning (A/A noise floor ±7.0%)");
    expect(renderMarkdown([plain])).not.toContain("Judged otherwise than configured");
  });

  it("takes the floor from the stored baseline in an unpaired comparison, or from the options", () => {
    // unpaired, a floor applies to estimates of as many rounds as the variant judged has (10 here)
    const stepFloor = { ...floor, step: STEP, rounds: 10 };
    const baseline = { ...syntheticResults({ steps: [STEP], variants: ["base"], noise: 0.002, seed: 2 }), noise_floor: [stepFloor] };
    const current = syntheticResults({ steps: [STEP], variants: ["head"], noise: 0.002, qps: 9400, seed: 3 });
    expect(compareAgainstBaseline(current, baseline).steps[0]!.variants[0]!.verdict).toBe("warning");
    expect(compareAgainstBaseline(current, { ...baseline, noise_floor: undefined }).steps[0]!.variants[0]!.verdict).toBe("regression");
    expect(compareAgainstBaseline(current, { ...baseline, noise_floor: undefined }, { noiseFloor: [stepFloor] }).steps[0]!.variants[0]!.noise_floor).toBe(0.07);
  });

  it("shows the adaptive look's alpha where it differs from the configured one", () => {
    const design = { minRounds: 8, maxRounds: 24, lookEvery: 4, spending: "pocock" as const };
    const markdown = renderMarkdown([compareRun(pairsResults(syntheticResults(), sixPercentSlower, design))]);
    expect(markdown).toContain("`trial`: α = 0.0062 (adaptive rounds: the level of the look at 12 pairs)");
  });
});

describe("rates with their binomial intervals (docs/verdict-quality.md)", () => {
  it("are exact Clopper-Pearson intervals", () => {
    const [low0, high0] = rateInterval(0, 10);
    expect(low0).toBe(0);
    expect(high0).toBeCloseTo(1 - 0.025 ** (1 / 10), 6); // 0.3085
    const [low5, high5] = rateInterval(5, 10);
    expect(low5).toBeCloseTo(0.1871, 4);
    expect(high5).toBeCloseTo(0.8129, 4);
    expect(rateInterval(10, 10)[1]).toBe(1);
  });
});

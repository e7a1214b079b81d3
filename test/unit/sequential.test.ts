/**
 * Adaptive rounds: the alpha-spending levels, the stopping rule by simulation (fixed seeds), its
 * agreement with compare's verdict, and the scheduler stopping a settled step.
 */
import { describe, expect, it } from "vitest";
import { compareRun } from "../../src/compare/compare.js";
import { pairedShift } from "../../src/compare/stats.js";
import { DEFAULT_THRESHOLDS, type Thresholds } from "../../src/compare/types.js";
import { judge, pairsResults } from "../../scripts/lib/verdict-quality.js";
import { runInterleaved } from "../../src/schedule/interleave.js";
import { alphaSpent, lookAlpha, plannedLooks, type SequentialDesign } from "../../src/compare/alpha-spending.js";
import { scheduleDesign, sequentialLook, settledStep } from "../../src/schedule/sequential.js";
import { normalRandom, seededRandom, syntheticResults } from "../../scripts/lib/synthetic-results.js";

const POCOCK: SequentialDesign = { minRounds: 8, maxRounds: 24, lookEvery: 4, spending: "pocock" };
const OBF: SequentialDesign = { ...POCOCK, spending: "obrien-fleming" };
const DEFAULTS: Thresholds = DEFAULT_THRESHOLDS;
/** Every significant slowdown is a regression: the strictest reading of "false alarm". */
const ANY_DROP: Thresholds = { ...DEFAULT_THRESHOLDS, fail_below: 1, warn_below: 1, improve_above: 1, alpha: 0.01 };

/** Runs the rule over a stream of log ratios; returns the look it stopped at. */
function runRule(design: SequentialDesign, t: Thresholds, draw: () => number) {
  const logRatios: number[] = [];
  for (;;) {
    logRatios.push(draw());
    const look = sequentialLook(design, t, logRatios);
    if (look.outcome !== "continue") return { look, logRatios };
  }
}

/** Trials: share significant at the look the rule stopped at, share of them below fail_below (regression), mean rounds. */
function simulate(design: SequentialDesign, t: Thresholds, trials: number, seed: number, draw: (random: () => number) => number) {
  const random = seededRandom(seed);
  let significant = 0;
  let drops = 0;
  let rounds = 0;
  for (let i = 0; i < trials; i++) {
    const { logRatios } = runRule(design, t, () => draw(random));
    // what compare concludes at this many pairs (the agreement is tested below): significant at the look's level
    const alpha = lookAlpha(design, t.alpha, logRatios.length);
    const shift = pairedShift(logRatios, alpha);
    if (shift.p_value < alpha) {
      significant++;
      if (Math.exp(shift.estimate) < t.fail_below) drops++;
    }
    rounds += logRatios.length;
  }
  return { significant: significant / trials, regression: drops / trials, meanRounds: rounds / trials };
}

describe("alpha spending", () => {
  it("plans looks from min to max rounds and spends at most alpha in all", () => {
    expect(plannedLooks(POCOCK)).toEqual([8, 12, 16, 20, 24]);
    expect(plannedLooks({ ...POCOCK, maxRounds: 10 })).toEqual([8, 10]);
    for (const design of [POCOCK, OBF]) {
      const levels = plannedLooks(design).map((n) => lookAlpha(design, 0.01, n));
      expect(levels.every((l) => l > 0)).toBe(true);
      // the levels of looks that can reject (2 / 2^n below the level) add up to alpha
      const usable = plannedLooks(design).filter((n, i) => 2 * 0.5 ** n < levels[i]!);
      expect(usable.reduce((s, n) => s + lookAlpha(design, 0.01, n), 0)).toBeCloseTo(0.01, 12);
    }
    expect(alphaSpent("obrien-fleming", 0.01, 1 / 3)).toBeLessThan(alphaSpent("pocock", 0.01, 1 / 3));
  });

  it("carries the share of a look that cannot reject on to the next", () => {
    // 8 pairs cannot reach Pocock's 0.0045 (2 / 2^8 = 0.0078): the look at 12 gets all spent by then
    expect(lookAlpha(POCOCK, 0.01, 8)).toBeLessThan(2 / 256);
    expect(lookAlpha(POCOCK, 0.01, 12)).toBeCloseTo(alphaSpent("pocock", 0.01, 0.5), 12);
    expect(lookAlpha(POCOCK, 0.01, 16)).toBeCloseTo(alphaSpent("pocock", 0.01, 2 / 3) - alphaSpent("pocock", 0.01, 0.5), 12);
  });
});

describe("the stopping rule keeps false alarms at or below alpha (simulation, fixed seeds)", () => {
  const TRIALS = 3000;
  const normal = (sd: number) => (random: () => number) => sd * normalRandom(random);
  // heavy tails: 10% of rounds disturbed by a neighbour, 5x the noise
  const contaminated = (sd: number) => (random: () => number) => sd * normalRandom(random) * (random() < 0.1 ? 5 : 1);

  for (const [name, design] of [
    ["Pocock", POCOCK],
    ["O'Brien-Fleming", OBF],
  ] as const) {
    for (const [noise, draw] of [
      ["normal 2%", normal(0.02)],
      ["contaminated 1%", contaminated(0.01)],
    ] as const) {
      it(`${name}, A/A with ${noise} noise per round`, () => {
        const { significant, regression, meanRounds } = simulate(design, ANY_DROP, TRIALS, 11, draw);
        console.log(`${name}, A/A ${noise}: significant at some look ${(significant * 100).toFixed(2)}%, regression ${(regression * 100).toFixed(2)}%, mean rounds ${meanRounds.toFixed(1)}`);
        // two-sided: at most alpha; a one-sided drop at most alpha / 2 (3000 trials: 15 expected at the bound)
        expect(significant).toBeLessThanOrEqual(0.01);
        expect(regression).toBeLessThanOrEqual(0.005 + 0.003);
      });
    }
  }

  it("stops early: clearly regressed and clearly unchanged steps take fewer rounds than the maximum", () => {
    const slow = simulate(POCOCK, DEFAULTS, 1000, 21, (r) => Math.log(0.9) + 0.02 * normalRandom(r));
    const same = simulate(POCOCK, DEFAULTS, 1000, 22, (r) => 0.003 * normalRandom(r));
    console.log(`10% slower: mean rounds ${slow.meanRounds.toFixed(1)}; A/A at 0.3% noise: mean rounds ${same.meanRounds.toFixed(1)}`);
    expect(slow.regression).toBeGreaterThan(0.99);
    expect(slow.meanRounds).toBeLessThanOrEqual(12);
    expect(same.meanRounds).toBeLessThan(16);
    expect(same.regression).toBe(0);
  });

  it("flags a 5% slowdown at 2% noise per round in at least 95% of trials", () => {
    const random = seededRandom(31);
    let flagged = 0;
    for (let i = 0; i < 1000; i++) {
      const trial = judge(syntheticResults(), Array.from({ length: 24 }, () => Math.log(0.95) + 0.02 * normalRandom(random)), { kind: "adaptive", design: POCOCK }, DEFAULTS);
      if (trial.verdict === "regression" || trial.verdict === "warning") flagged++;
    }
    expect(flagged / 1000).toBeGreaterThanOrEqual(0.95);
  });
});

describe("compare agrees with the rule", () => {
  it("gives a significant verdict where the rule stopped as changed, and 'unchanged' where it stopped as unchanged", () => {
    const random = seededRandom(41);
    let checked = 0;
    for (let i = 0; i < 400; i++) {
      const effect = [0.9, 0.97, 1, 1.02][i % 4]!;
      const { look, logRatios } = runRule(POCOCK, DEFAULTS, () => Math.log(effect) + 0.01 * normalRandom(random));
      if (look.outcome === "final") continue;
      const v = compareRun(pairsResults(syntheticResults(), logRatios, POCOCK), { thresholds: DEFAULTS }).steps[0]!.variants[0]!;
      expect(v.thresholds.alpha).toBeCloseTo(look.alpha, 12);
      if (look.outcome === "changed") expect(v.qps!.p_value!).toBeLessThan(look.alpha);
      else expect(v.verdict).toBe("unchanged");
      checked++;
    }
    expect(checked).toBeGreaterThan(200);
  });

  it("tests a run without a design at the full alpha", () => {
    const v = compareRun(pairsResults(syntheticResults(), Array(12).fill(-0.06)), { thresholds: DEFAULTS }).steps[0]!.variants[0]!;
    expect(v.thresholds.alpha).toBe(0.01);
    expect(v.verdict).toBe("regression");
  });
});

describe("the scheduler stops a settled step", () => {
  it("stops after the look that settles it and says why; a failed sample settles too", async () => {
    let t = 0;
    const design: SequentialDesign = { minRounds: 8, maxRounds: 20, lookEvery: 2, spending: "pocock" };
    const template = syntheticResults({ variants: ["base", "head"], rounds: 1 });
    const measured = await runInterleaved(
      [{ id: "fast" }, { id: "broken" }],
      [{ id: "base" }, { id: "head" }],
      { minRounds: 8, maxRounds: 20, budgetS: null },
      { now: () => t },
      {
        warmup: async () => {},
        measure: async (step, variant, round, position) => {
          t += 1;
          const sample = { ...template.samples.find((s) => s.variant === variant.id)!, step: step.id, round, position };
          if (step.id === "broken" && variant.id === "head" && round === 0) return { ...sample, status: "error" as const, error: { message: "boom", log_excerpt: "" } };
          return sample.status === "ok" ? { ...sample, ops_per_s: variant.id === "head" ? 900 * (1 + 0.001 * round) : 1000 } : sample;
        },
        settled: (_step, samples) => settledStep(design, DEFAULTS, "base", samples),
      },
    );
    const rounds = (step: string) => new Set(measured.samples.filter((s) => s.step === step).map((s) => s.round)).size;
    // 10% slower in every round: significant once 2 / 2^n is below the level (Pocock, 20 rounds: at 10)
    expect(rounds("fast")).toBe(10);
    expect(rounds("broken")).toBe(8);
    expect(measured.settled).toEqual([
      expect.stringMatching(/^fast: settled after 10 of 20 rounds \(head: significant at alpha 0\.00\d+\)$/),
      "broken: settled after 8 of 20 rounds (head: a sample failed)",
    ]);
    expect(measured.cutShort).toEqual([]);
  });
});

describe("a schedule's design", () => {
  it("adaptive rounds with look_every (pocock unless told), none without; min_rounds at most the rounds in force", () => {
    expect(scheduleDesign({ min_rounds: 10, look_every: 4 }, 24)).toEqual({ minRounds: 10, design: { minRounds: 10, maxRounds: 24, lookEvery: 4, spending: "pocock" } });
    expect(scheduleDesign({ min_rounds: 10, look_every: 4, spending: "obrien-fleming" }, 6).design).toEqual({ minRounds: 6, maxRounds: 6, lookEvery: 4, spending: "obrien-fleming" });
    expect(scheduleDesign({ min_rounds: 10 }, 24)).toEqual({ minRounds: 10, design: null });
  });
});

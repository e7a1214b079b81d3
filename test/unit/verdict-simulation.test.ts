/**
 * The targets for the verdict, checked by simulation with a fixed seed: 10 interleaved rounds,
 * lognormal noise per sample, default thresholds (fail 0.95, warn 0.98, alpha 0.01).
 */
import { describe, expect, it } from "vitest";
import { compareRun } from "../../src/compare/compare.js";
import type { Verdict } from "../../src/compare/types.js";
import { syntheticResults } from "../../scripts/lib/synthetic-results.js";

const TRIALS = 2000;
const ROUNDS = 10;

/** Share of trials per verdict of the one step of one head variant. */
function verdictRates(noise: number, headFactor: number, seedBase: number): Partial<Record<Verdict, number>> {
  const counts: Partial<Record<Verdict, number>> = {};
  for (let trial = 0; trial < TRIALS; trial++) {
    const results = syntheticResults({ rounds: ROUNDS, noise, effects: { head: { "point-query.range100.pk1": headFactor } }, seed: seedBase + trial });
    const verdict = compareRun(results).steps[0]?.variants[0]?.verdict;
    if (verdict) counts[verdict] = (counts[verdict] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(counts).map(([v, c]) => [v, c / TRIALS]));
}

const percent = (rate: number | undefined) => `${((rate ?? 0) * 100).toFixed(2)}%`;

describe(`verdict simulation (${TRIALS} trials of ${ROUNDS} rounds each, fixed seed)`, () => {
  it("A/A at 3% noise per sample: regression (false alarm) in at most 1% of trials", () => {
    const rates = verdictRates(0.03, 1, 1_000_000);
    console.log(`A/A, 3% noise: false alarms (regression) ${percent(rates.regression)}, warnings ${percent(rates.warning)}, verdicts ${JSON.stringify(rates)}`);
    expect(rates.regression ?? 0).toBeLessThanOrEqual(0.01);
    expect(rates.error ?? 0).toBe(0);
  });

  it("true 5% slowdown at 2% noise per sample: flagged (regression or warning) in at least 95% of trials", () => {
    const rates = verdictRates(0.02, 0.95, 2_000_000);
    const flagged = (rates.regression ?? 0) + (rates.warning ?? 0);
    console.log(`5% slower, 2% noise: flagged ${percent(flagged)} (regression alone ${percent(rates.regression)}), verdicts ${JSON.stringify(rates)}`);
    expect(flagged).toBeGreaterThanOrEqual(0.95);
    // the estimate sits on the failing threshold itself, so about half the flags are "regression"
    expect(rates.regression ?? 0).toBeGreaterThan(0.3);
    expect(rates.improvement ?? 0).toBe(0);
  });
});

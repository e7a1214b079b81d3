/**
 * Thresholds are resolved once (defaults < profile < config file < flags), stored with the results,
 * and every mode and command judges from what is stored unless thresholds are given explicitly; and a
 * schedule whose budget can stop a step where no change can be significant is an input error.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cliInProcess } from "../helpers/cli-in-process.js";
import { compareRun } from "../../src/compare/compare.js";
import { DEFAULT_THRESHOLDS } from "../../src/compare/types.js";
import { makePlan, resolveJudging } from "../../src/config/plan.js";
import { parseProfile } from "../../src/config/profile.js";
import { parseResults } from "../../src/results/io.js";
import type { Results } from "../../src/results/schema.js";
import { mayStartRound } from "../../src/schedule/interleave.js";
import { syntheticResults } from "../../scripts/lib/synthetic-results.js";

const dir = mkdtempSync(join(tmpdir(), "dbg-judging-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const STEP = "point-query.range100.pk1";
const steps = ["pgbench.select-only.prepared.c1", STEP];
/** 15% slower on STEP, measured by a run whose profile lets STEP fall to 0.8 */
const lenientRun: Results = {
  ...syntheticResults({ steps, rounds: 10, noise: 0.01, seed: 2, effects: { head: { [STEP]: 0.85 } } }),
  thresholds: { run: { ...DEFAULT_THRESHOLDS }, overrides: [{ step: "point-query.*", fail_below: 0.8, warn_below: 0.9 }] },
};

const cli = cliInProcess;

describe("thresholds stored with the results", () => {
  const file = join(dir, "lenient.json");
  writeFileSync(file, JSON.stringify(lenientRun));

  it("are what compareRun, the CLI's compare and its report judge by", async () => {
    const head = compareRun(parseResults(lenientRun, "x")).steps.find((s) => s.step === STEP)!.variants[0]!;
    expect(head.verdict).toBe("warning");
    expect(head.thresholds.fail_below).toBe(0.8);
    expect((await cli("compare", file)).code).toBe(0);
    expect((await cli("report", file)).code).toBe(0);
  });

  it("give way to thresholds passed explicitly", async () => {
    const strict = join(dir, "strict.yml");
    writeFileSync(strict, "overrides:\n  - step: 'point-query.*'\n    fail_below: 0.9\n");
    expect((await cli("compare", file, "--config", strict)).code).toBe(1);
    const comparison = compareRun(lenientRun, { overrides: [{ step: STEP, fail_below: 0.9 }] });
    expect(comparison.steps.find((s) => s.step === STEP)!.variants[0]!.verdict).toBe("regression");
  });

  it("are resolved defaults < profile < config file < flags, with every key of Thresholds", () => {
    const judging = resolveJudging(
      { thresholds: { fail_below: 0.9, warn_below: 0.95 }, overrides: [{ step: "a*", fail_below: 0.7 }] },
      { thresholds: { fail_below: 0.92, alpha: 0.02 }, overrides: [{ step: "ab", fail_below: 0.8 }] },
      { alpha: 0.05 },
    );
    expect(judging.thresholds).toEqual({ ...DEFAULT_THRESHOLDS, fail_below: 0.92, warn_below: 0.95, alpha: 0.05 });
    expect(Object.keys(judging.thresholds).sort()).toEqual(Object.keys(DEFAULT_THRESHOLDS).sort());
    expect(judging.overrides.map((o) => o.fail_below)).toEqual([0.7, 0.8]);
  });

  it("are in the run plan the pipeline stores, from the profile's and the config file's overrides", async () => {
    const plan = await makePlan({ repo: dir, base: "a", head: "b", variants: [] }, { overrides: [{ step: "insert*", fail_below: 0.9 }] }, { warn_below: 0.97 });
    expect(plan.run.judging).toEqual({ thresholds: { ...DEFAULT_THRESHOLDS, warn_below: 0.97 }, overrides: [{ step: "insert*", fail_below: 0.9 }] });
  });
});

describe("every round count the budget can stop a step at can reject", () => {
  const profileText = (schedule: string) =>
    `name: p\nversion: 1\nengine: postgresql\ndescription: d\nschedule: { ${schedule} }\nserver_settings: {}\nsteps:\n  - { driver: pgbench, script: select-only, clients: 1 }\n`;
  const pgQuickBefore = "rounds: 24, min_rounds: 8, look_every: 4, spending: pocock, duration_s: 3, warmup_s: 2, time_budget_s: 1440";

  it("refuses pg-quick's former first look of 8 pairs, naming the field and what would do", () => {
    expect(() => parseProfile(profileText(pgQuickBefore), "p.yaml")).toThrow(/^p\.yaml: schedule\.min_rounds: a step the time budget stops at 8 rounds cannot be significant at alpha 0\.01: .*min_rounds 9 or more can$/);
    expect(() => parseProfile(profileText(pgQuickBefore.replace("min_rounds: 8", "min_rounds: 10")), "p.yaml")).not.toThrow();
    // a fixed schedule the budget can cut at 6 pairs (smallest p 0.031)
    expect(() => parseProfile(profileText("rounds: 8, min_rounds: 6, duration_s: 3, warmup_s: 2, time_budget_s: 100"), "p.yaml")).toThrow(/schedule\.min_rounds: .*stops at 6 rounds/);
  });

  it("checks the plan again with the alpha, rounds and budget in force", async () => {
    const flags = { repo: dir, base: "a", head: "b", variants: [] };
    await expect(makePlan(flags, {}, { alpha: 0.001 })).rejects.toThrow(/pg-quick\.yaml: schedule\.min_rounds: .*alpha 0\.001/);
    await expect(makePlan(flags, { overrides: [{ step: "insert*", alpha: 0.002 }] }, {})).rejects.toThrow(/alpha 0\.002/);
  });

  it("lets the budget stop an adaptive step only at a planned look", () => {
    const budget = { minRounds: 10, maxRounds: 24, budgetS: 1, stopsAt: [10, 14, 18, 22, 24] };
    expect(mayStartRound(budget, 10, 500, 500, 1)).toBe(false);
    expect(mayStartRound(budget, 11, 500, 500, 1)).toBe(true);
    expect(mayStartRound(budget, 13, 500, 500, 1)).toBe(true);
    expect(mayStartRound(budget, 14, 500, 500, 1)).toBe(false);
  });
});

// keep the results file readable by the schema: the stored thresholds survive a round trip
it("results with stored thresholds validate", () => {
  const file = join(dir, "roundtrip.json");
  writeFileSync(file, JSON.stringify(lenientRun));
  expect(parseResults(JSON.parse(readFileSync(file, "utf8")), file).thresholds).toEqual(lenientRun.thresholds);
});

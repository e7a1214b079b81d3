/**
 * A run that skipped the QPS rounds (`run --instructions-only`): its verdict is the instruction
 * channel's, QPS is n/a on every step (never a failure, never "No regression"), and the gate fails
 * on what the counts show.
 */
import { describe, expect, it } from "vitest";
import { compareRun } from "../../src/compare/compare.js";
import { decideGate, verdictWords } from "../../src/compare/gate.js";
import { makePlan } from "../../src/config/plan.js";
import { InputError } from "../../src/common/errors.js";
import { renderMarkdown } from "../../src/report/markdown.js";
import { reproduceCommand } from "../../src/report/reproduce.js";
import { parseResults } from "../../src/results/io.js";
import type { Results } from "../../src/results/schema.js";
import { syntheticResults } from "../../scripts/lib/synthetic-results.js";

const STEPS = ["pgbench.select-only.prepared.c1", "point-query.range100.pk1"];

/** What `run --instructions-only` writes: no QPS sample, instruction counts of both sides. */
function instructionsOnly(headFactor: number): Results {
  const measured = syntheticResults({ steps: STEPS, instructions: { effects: { head: { [STEPS[0]!]: headFactor } } } });
  return { ...measured, run: { ...measured.run, qps_measured: false }, samples: [] };
}

describe("run --instructions-only", () => {
  it("QPS is n/a on every step and the verdict is the counts': an A/A passes as no CPU regression, saying QPS was not measured", () => {
    const comparison = compareRun(parseResults(instructionsOnly(1), "aa.json"));
    expect(comparison.steps.flatMap((s) => s.variants.map((v) => v.verdict))).toEqual(["n/a", "n/a"]);
    expect(comparison.steps.flatMap((s) => s.variants.map((v) => v.instructions?.verdict))).toEqual(["unchanged", "unchanged"]);
    const decision = decideGate([comparison]);
    expect(decision.verdict).toBe("pass");
    expect(verdictWords([comparison], decision)).toBe("No CPU regression · QPS not measured on 2 of 2 steps");
  });

  it("a head that counts 5% more instructions fails the gate, and the row's verdict is the instruction channel's, not n/a", () => {
    const comparison = compareRun(instructionsOnly(1.05));
    expect(decideGate([comparison]).verdict).toBe("fail");
    const markdown = renderMarkdown([comparison]);
    const row = markdown.split("\n").find((line) => line.startsWith(`| \`${STEPS[0]}\``));
    expect(row).toMatch(/regression/);
    expect(row).not.toMatch(/n\/a/);
    expect(markdown).toContain("QPS not measured (--instructions-only)");
    // no table of QPS rounds that were never run
    expect(markdown).not.toContain("Each side, medians over the rounds");
    expect(markdown).toContain("Instructions per operation, counted rather than timed");
  });

  it("the reproduce command measures the same way", () => {
    expect(reproduceCommand(compareRun(instructionsOnly(1)))).toMatch(/ --profile pg-quick --instructions-only$|--profile \S+ --instructions-only/);
  });

  it("a run that measured QPS and counted nothing stays judged by QPS (the field is absent)", () => {
    const measured = syntheticResults({ steps: STEPS });
    expect(measured.run.qps_measured).toBeUndefined();
    expect(compareRun(measured).steps.flatMap((s) => s.variants.map((v) => v.verdict))).not.toContain("n/a");
  });

  it("nothing to measure, or a profile that does not count, is an input error before anything is built", async () => {
    const flags = { repo: ".", base: "a", head: "b", variants: [], measureQps: false };
    await expect(makePlan({ ...flags, profile: "pg-quick", countInstructions: false }, {}, {})).rejects.toThrow(InputError);
    await expect(makePlan({ ...flags, profile: "pg-scaling" }, {}, {})).rejects.toThrow(/does not count instructions/);
    expect((await makePlan({ ...flags, profile: "pg-quick" }, {}, {})).run.measureQps).toBe(false);
  });
});

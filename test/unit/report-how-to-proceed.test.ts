import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { compareRun } from "../../src/compare/compare.js";
import { renderMarkdown } from "../../src/report/markdown.js";
import { markdownToText } from "../../src/report/text.js";
import { syntheticResults } from "../../scripts/lib/synthetic-results.js";
import { thresholdResolver } from "../../src/compare/thresholds.js";

const STEP = "update-index.range100.pk1";
const OTHER = "point-query.range100.pk1";

/** A PR that adds 4% instructions on STEP while its QPS rises 4%, and costs OTHER 10% QPS. */
const fasterResults = () =>
  syntheticResults({ steps: [STEP, OTHER], rounds: 12, noise: 0.01, seed: 3, effects: { head: { [STEP]: 1.04, [OTHER]: 0.9 } }, instructions: { effects: { head: { [STEP]: 1.04 } } } });
const fasterWithMoreInstructions = () => compareRun(fasterResults());

/** The "How to proceed" block of a comment, or "" without one. */
const proceedBlock = (md: string) => (md.includes("### How to proceed") ? md.slice(md.indexOf("### How to proceed")) : "");
/** The YAML of the block's fenced example. */
const exampleYaml = (md: string) => /```yaml\n([\s\S]*?)\n```/.exec(proceedBlock(md))?.[1] ?? "";

describe("a failing comment says how to proceed", () => {
  it("names the accept label and who may set it, in the action", () => {
    const md = renderMarkdown([fasterWithMoreInstructions()], { proceed: { kind: "action", acceptLabel: "perf-ok" } });
    const block = proceedBlock(md);
    expect(md.trimEnd().endsWith(block.trimEnd())).toBe(true);
    expect(block).toContain("label `perf-ok`");
    expect(block).toContain("triage rights or above");
    expect(block).toContain("after the PR's last push");
    expect(block).toContain("`.db-bench-gate.yml` as committed on the base branch");
  });

  it("gives an override for the failing step that the config file reads and under which the step passes", () => {
    const comparison = fasterWithMoreInstructions();
    const md = renderMarkdown([comparison], { proceed: { kind: "action", acceptLabel: "perf-ok" } });
    const example = parse(exampleYaml(md)) as { overrides: { step: string; instructions_fail_above?: number; fail_below?: number }[] };
    expect(example.overrides).toHaveLength(1);
    const [override] = example.overrides;
    expect(override?.step).toBe(STEP);
    const instr = comparison.steps.find((s) => s.step === STEP)!.variants[0]!.instructions!.ratio!.estimate;
    expect(override?.instructions_fail_above).toBeGreaterThanOrEqual(instr);
    // judged again with the example in force, the step no longer fails
    const rejudged = compareRun(fasterResults(), { overrides: example.overrides });
    expect(thresholdResolver({}, example.overrides).forStep(STEP).instructions_fail_above).toBe(override?.instructions_fail_above);
    expect(rejudged.steps.find((s) => s.step === STEP)!.variants[0]!.instructions!.verdict).not.toBe("regression");
  });

  it("says QPS rose on a step the CPU channel failed", () => {
    const md = renderMarkdown([fasterWithMoreInstructions()], { proceed: { kind: "action", acceptLabel: "perf-ok" } });
    expect(proceedBlock(md)).toMatch(/QPS rose on `update-index\.range100\.pk1` \(1\.0[3-5], (not )?significant\)/);
  });

  it("gives the CLI's equivalents where there are no labels", () => {
    const text = markdownToText(renderMarkdown([fasterWithMoreInstructions()], { maxLength: Number.POSITIVE_INFINITY }));
    expect(text).toContain("How to proceed");
    expect(text).toContain("--fail-on error");
    expect(text).toContain("--config FILE");
    expect(text).not.toContain("triage");
  });

  it("is absent when the check passes or the regressions were accepted", () => {
    const passing = compareRun(syntheticResults({ steps: [STEP], rounds: 12, noise: 0.01, seed: 3, instructions: {} }));
    expect(proceedBlock(renderMarkdown([passing]))).toBe("");
    const accepted = renderMarkdown([fasterWithMoreInstructions()], { acceptance: { label: "perf-ok", by: "maintainer" }, proceed: { kind: "action", acceptLabel: "perf-ok" } });
    expect(proceedBlock(accepted)).toBe("");
  });
});

import { describe, expect, it } from "vitest";
import { compareRun } from "../../src/compare/compare.js";
import { decideGate, gateHeadline, gateMessage, parseFailOn, stepsWithVerdict } from "../../src/compare/gate.js";
import { renderJson } from "../../src/report/json.js";
import { renderMarkdown } from "../../src/report/markdown.js";
import { syntheticResults, type SyntheticError } from "../../scripts/lib/synthetic-results.js";

const STEPS = ["pgbench.select-only.prepared.c1", "pgbench.select-only.prepared.c4", "point-query.range100.pk1", "read-only.range100.pk1"];
const ROUNDS = 10;

/** Every head sample of every step failed: what a head build that breaks the server gives. */
function headBroken() {
  const errors: SyntheticError[] = STEPS.flatMap((step) => Array.from({ length: ROUNDS }, (_, round) => ({ step, variant: "head", round, message: "server closed the connection" })));
  return compareRun(syntheticResults({ steps: STEPS, rounds: ROUNDS, noise: 0.01, errors }));
}

describe("the gate: comparisons + fail-on -> verdict and reasons", () => {
  it("fails a head whose every step errors, and the headline says why, naming the first step (today: ✅ Pass · 4 errors)", () => {
    const comparison = headBroken();
    expect(comparison.counts.error).toBe(4);
    const gate = decideGate([comparison]);
    expect(gate.verdict).toBe("fail");
    expect(gateHeadline(gate)).toBe("4 errors (fail-on: error)");
    expect(gateMessage(gate)).toBe(`4 errors: ${STEPS.join(", ")}`);
    expect(stepsWithVerdict(comparison, "error")).toEqual(STEPS);
    expect(stepsWithVerdict(comparison, "regression")).toEqual([]);
    expect(renderMarkdown([comparison]).split("\n")[2]).toBe(
      `## ❌ 4 errors · first \`${STEPS[0]}\``,
    );
  });

  it("lets errors pass only when the user opts out, and still fails a run with no samples at all", () => {
    const errorsOnly = headBroken();
    expect(decideGate([errorsOnly], ["regression"])).toMatchObject({ verdict: "pass", reasons: [], regressions: 0, accepted: null, failOn: ["regression"] });
    // it passes, but says what it found and that nothing was judged, never ✅ (issue 35)
    expect(decideGate([errorsOnly], ["regression"]).ungated.map((r) => r.summary)).toEqual(["4 errors", "nothing could be judged"]);
    expect(renderMarkdown([errorsOnly], { failOn: ["regression"] }).split("\n")[2]).toBe(
      `## ⚠️ 4 errors, nothing could be judged, not gated (fail-on: regression) · first \`${STEPS[0]}\` · QPS inconclusive on 4 of 4 steps`,
    );

    const everything = STEPS.flatMap((step) => ["base", "head"].flatMap((variant) => Array.from({ length: ROUNDS }, (_, round) => ({ step, variant, round }))));
    const nothing = compareRun(syntheticResults({ steps: STEPS, rounds: ROUNDS, errors: everything }));
    const gate = decideGate([nothing], []);
    expect(gate).toMatchObject({ verdict: "fail", reasons: [{ cause: "no-samples", summary: "no samples" }] });
    expect(gateHeadline(gate)).toBe("no samples");
    expect(decideGate([], ["regression"]).verdict).toBe("fail");
  });

  it("fails on a regression by default, and on warning, unstable or missing only when asked", () => {
    const slower = compareRun(syntheticResults({ steps: STEPS.slice(0, 2), rounds: ROUNDS, noise: 0.005, effects: { head: { [STEPS[0]!]: 0.9, [STEPS[1]!]: 0.975 } } }));
    expect(slower.steps.map((s) => s.variants[0]!.verdict)).toEqual(["regression", "warning"]);
    expect(decideGate([slower])).toMatchObject({ verdict: "fail", reasons: [{ cause: "regression", count: 1, steps: [STEPS[0]] }] });
    expect(decideGate([slower], ["error"]).verdict).toBe("pass");
    const gate = decideGate([slower], ["regression", "warning"]);
    expect(gateHeadline(gate)).toBe("1 regression, 1 warning (fail-on: regression, warning)");
  });

  it("names each comparison's column in the failing steps of a multi-runner report", () => {
    const x64 = { ...headBroken(), label: "x86_64" };
    const arm = { ...compareRun(syntheticResults({ steps: STEPS, rounds: ROUNDS, noise: 0.01 })), label: "aarch64" };
    const gate = decideGate([x64, arm]);
    expect(gate.reasons).toHaveLength(1);
    expect(gate.reasons[0]!.steps).toEqual(STEPS.map((s) => `${s} (x86_64)`));
  });

  it("parses fail-on lists and names an unknown value", () => {
    expect(parseFailOn("error,regression")).toEqual({ failOn: ["regression", "error"] });
    expect(parseFailOn("")).toEqual({ failOn: [] });
    expect(parseFailOn("regressions")).toEqual({ error: 'unknown value "regressions": expected a comma-separated list of regression, error, missing, unstable, warning, unjudged' });
  });

  it("gates a run measured alone (baseline mode): errors, missing steps, nothing measured", () => {
    expect(decideGate({ measuredAlone: [{ step: "a", ok: 10, errors: 0 }] }).verdict).toBe("pass");
    expect(gateMessage(decideGate({ measuredAlone: [{ step: "a", ok: 10, errors: 0 }, { step: "b", ok: 8, errors: 2 }] }))).toBe("1 error: b");
    expect(decideGate({ measuredAlone: [{ step: "a", ok: 10, errors: 0 }, { step: "b", ok: 0, errors: 0 }] }, ["missing"]).reasons.map((r) => r.summary)).toEqual(["1 missing step"]);
    expect(gateMessage(decideGate({ measuredAlone: [{ step: "a", ok: 0, errors: 3 }] }, []))).toBe("no samples");
  });

  it("reports accepted regressions instead of failing on them, and still fails on an error", () => {
    const slower = compareRun(syntheticResults({ steps: STEPS.slice(0, 2), rounds: ROUNDS, noise: 0.005, effects: { head: { [STEPS[0]!]: 0.9 } } }));
    const acceptance = { label: "accept-regression", by: "bob-maint" };
    const accepted = decideGate([slower], undefined, acceptance);
    expect(accepted).toMatchObject({ verdict: "pass", reasons: [], regressions: 1, accepted: { count: 1, steps: [STEPS[0]], by: "bob-maint", label: "accept-regression" } });
    expect(decideGate([slower], ["error"], acceptance).accepted).toBeNull();
    const errored = decideGate({ measuredAlone: [{ step: "a", ok: 10, errors: 0 }, { step: "b", ok: 8, errors: 2 }] }, undefined, acceptance);
    expect(errored.verdict).toBe("fail");
  });
});

describe("what was judged: the headline, the job summary and the JSON say it alike", () => {
  const EIGHT = ["s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8"];
  /** 8 steps, QPS unchanged; the first five steps keep 4 rounds, too few for any p-value to reach α: unstable. */
  function fiveUnstable(counted: boolean) {
    const results = syntheticResults({ steps: EIGHT, rounds: ROUNDS, noise: 0.005, ...(counted && { instructions: {} }) });
    results.samples = results.samples.filter((s) => !EIGHT.slice(0, 5).includes(s.step) || s.round < 4);
    return compareRun(results);
  }

  it("an unstable QPS that instructions judged: no CPU regression, QPS inconclusive, never a bare \"No regression\"", () => {
    const comparison = fiveUnstable(true);
    expect(comparison.counts).toMatchObject({ unstable: 5, unchanged: 3 });
    expect(comparison.instruction_counts).toMatchObject({ unchanged: 8 });
    expect(comparison.verdict).toBe("pass");
    expect(comparison.verdict_summary).toBe("No CPU regression · QPS inconclusive on 5 of 8 steps");
    expect(JSON.parse(renderJson([comparison])).verdict_summary).toBe("No CPU regression · QPS inconclusive on 5 of 8 steps");
    expect(renderMarkdown([comparison]).split("\n")[2]).toBe("## ✅ No CPU regression · QPS inconclusive on 5 of 8 steps");
  });

  it("a profile that does not count its noisy steps: the claim is the CPU channel's steps, not the fewer both channels judged", () => {
    // pg-quick as shipped: update-index and insert are not counted (their A/A spread), and QPS at 8
    // rounds is often unstable; "No regression on 3 of 8 steps" would hide 6 steps judged by instructions
    const results = syntheticResults({ steps: EIGHT, rounds: ROUNDS, noise: 0.005, instructions: { skip: ["s4", "s5"] } });
    results.samples = results.samples.filter((s) => !EIGHT.slice(0, 5).includes(s.step) || s.round < 4);
    const comparison = compareRun(results);
    expect(comparison.counts).toMatchObject({ unstable: 5, unchanged: 3 });
    expect(comparison.verdict_summary).toBe("No CPU regression on 6 of 8 steps · QPS inconclusive on 5 of 8 steps · instr/op not counted on 2 of 8 steps");
    expect(renderMarkdown([comparison]).split("\n")[2]).toBe("## ✅ No CPU regression on 6 of 8 steps · QPS inconclusive on 5 of 8 steps · instr/op not counted on 2 of 8 steps");
  });

  it("without instructions: no regression on the steps QPS judged, inconclusive on the others", () => {
    const comparison = fiveUnstable(false);
    expect(comparison.verdict_summary).toBe("No regression on 3 of 8 steps · QPS inconclusive on 5 of 8 steps");
    expect(renderMarkdown([comparison]).split("\n")[2]).toBe("## ✅ No regression on 3 of 8 steps · QPS inconclusive on 5 of 8 steps");
  });

  it("everything judged: \"No regression\" as before; a failed check says why in the JSON as in the headline", () => {
    const judged = compareRun(syntheticResults({ steps: EIGHT, rounds: ROUNDS, noise: 0.005, instructions: {} }));
    expect(judged.verdict_summary).toBe("No regression");
    expect(headBroken().verdict_summary).toBe("4 errors (fail-on: error)");
  });
});

describe("a comparison's verdict is the gate's: fail-on and acceptance in force", () => {
  const slower = () => syntheticResults({ steps: STEPS.slice(0, 2), rounds: ROUNDS, noise: 0.005, effects: { head: { [STEPS[0]!]: 0.9 } } });

  it("follows the fail-on policy both ways, and records it", () => {
    expect(compareRun(slower(), { failOn: ["error"] })).toMatchObject({ verdict: "pass", fail_on: ["error"] });
    const unstable = syntheticResults({ steps: STEPS, rounds: 4, noise: 0.005 });
    expect(compareRun(unstable)).toMatchObject({ verdict: "fail", verdict_summary: "nothing could be judged (fail-on: unjudged) · QPS inconclusive on 4 of 4 steps" });
    expect(compareRun(unstable, { failOn: ["regression", "error"] }).verdict).toBe("pass");
    expect(compareRun(unstable, { failOn: ["regression", "unstable"] })).toMatchObject({ verdict: "fail", verdict_summary: "4 unstable steps (fail-on: unstable)" });
  });

  it("passes on accepted regressions, saying who accepted them; an error still fails", () => {
    const acceptance = { label: "accept-regression", by: "bob-maint" };
    expect(compareRun(slower(), { acceptance })).toMatchObject({ verdict: "pass", accepted: acceptance, verdict_summary: "1 regression accepted by @bob-maint" });
    expect(compareRun(syntheticResults({ steps: STEPS, rounds: ROUNDS, errors: [{ step: STEPS[0]!, variant: "head", round: 1 }] }), { acceptance }).verdict).toBe("fail");
  });

  it("a column that measured nothing fails the whole gate, as its own verdict does", () => {
    const everything = STEPS.flatMap((step) => ["base", "head"].flatMap((variant) => Array.from({ length: ROUNDS }, (_, round) => ({ step, variant, round }))));
    const nothing = { ...compareRun(syntheticResults({ steps: STEPS, rounds: ROUNDS, errors: everything }), { failOn: [] }), label: "aarch64" };
    const measured = { ...compareRun(syntheticResults({ steps: STEPS, rounds: ROUNDS, noise: 0.005 })), label: "x86_64" };
    expect(nothing.verdict).toBe("fail");
    expect(decideGate([measured, nothing], []).reasons.map((r) => r.cause)).toEqual(["no-samples"]);
  });
});

describe("the headline never says ✅ over something it found or could not judge (issue 35)", () => {
  const TWO = ["point-query.range100.pk1", "pgbench.select-only.prepared.c1"];
  const halved = Object.fromEntries(STEPS.map((s) => [s, 0.5]));

  it("a narrowed fail-on (error): QPS 0.80 and instr/op 1.10 pass, and the headline and the JSON say 2 regressions, not gated", () => {
    const results = syntheticResults({ steps: TWO, rounds: ROUNDS, noise: 0.005, effects: { head: { [TWO[0]!]: 0.8 } }, instructions: { effects: { head: { [TWO[1]!]: 1.1 } } } });
    const comparison = compareRun(results, { failOn: ["error"] });
    expect(comparison.steps.map((s) => [s.variants[0]!.verdict, s.variants[0]!.instructions?.verdict])).toEqual([["regression", "unchanged"], ["unchanged", "regression"]]);
    expect(comparison).toMatchObject({ verdict: "pass", verdict_summary: "2 regressions, not gated (fail-on: error)" });
    expect(JSON.parse(renderJson([comparison])).verdict_summary).toBe("2 regressions, not gated (fail-on: error)");
    expect(renderMarkdown([comparison], { failOn: ["error"] }).split("\n")[2]).toBe("## ⚠️ 2 regressions, not gated (fail-on: error) · worst `point-query.range100.pk1` QPS 0.80 (−20%)");
    expect(decideGate([comparison], ["error"]).verdict).toBe("pass");
  });

  it("a run that judged nothing (2 rounds, QPS halved) fails by default under a neutral headline; a fail-on without unjudged lets it pass, saying so", () => {
    const results = syntheticResults({ steps: STEPS, rounds: 2, noise: 0.01, effects: { head: halved } });
    const comparison = compareRun(results);
    expect(comparison.counts.unstable).toBe(4);
    expect(comparison).toMatchObject({ verdict: "fail", verdict_summary: "nothing could be judged (fail-on: unjudged) · QPS inconclusive on 4 of 4 steps" });
    expect(gateMessage(decideGate([comparison]))).toBe("nothing could be judged");
    expect(renderMarkdown([comparison]).split("\n")[2]).toBe("## ❔ Nothing could be judged: the check fails · QPS inconclusive on 4 of 4 steps");
    const optedOut = compareRun(results, { failOn: ["regression", "error"] });
    expect(optedOut).toMatchObject({ verdict: "pass", verdict_summary: "nothing could be judged, not gated (fail-on: regression, error) · QPS inconclusive on 4 of 4 steps" });
    expect(renderMarkdown([optedOut], { failOn: ["regression", "error"] }).split("\n")[2]).toBe(
      "## ❔ Nothing could be judged, not gated (fail-on: regression, error) · QPS inconclusive on 4 of 4 steps",
    );
  });

  it("judged nothing: no step of any column got regression, warning, improvement or unchanged in either channel; a run that counted instructions unchanged judged them", () => {
    const unstableQps = syntheticResults({ steps: STEPS, rounds: 2, noise: 0.01, instructions: {} });
    const counted = compareRun(unstableQps);
    expect(counted.counts.unstable).toBe(4);
    expect(counted).toMatchObject({ verdict: "pass", verdict_summary: "No CPU regression · QPS inconclusive on 4 of 4 steps" });
    // one column judged something: the report judged something
    const nothing = { ...compareRun(syntheticResults({ steps: STEPS, rounds: 2, noise: 0.01 })), label: "aarch64" };
    const judged = { ...compareRun(syntheticResults({ steps: STEPS, rounds: ROUNDS, noise: 0.005 })), label: "x86_64" };
    expect(decideGate([judged, nothing]).verdict).toBe("pass");
    expect(decideGate([nothing]).reasons.map((r) => r.cause)).toEqual(["unjudged"]);
    // neither channel: QPS not measured (instructions only) and no step counted
    const neither = syntheticResults({ steps: STEPS, rounds: ROUNDS, instructions: { unavailable: STEPS.flatMap((step) => ["base", "head"].map((variant) => ({ step, variant, reason: "valgrind not found" }))) } });
    neither.run.qps_measured = false;
    expect(compareRun(neither).verdict).toBe("fail");
  });

  it("valgrind absent (every step's CPU channel n/a): the headline names the channel not counted and on how many steps", () => {
    const unavailable = STEPS.flatMap((step) => ["base", "head"].map((variant) => ({ step, variant, reason: "valgrind is not installed" })));
    const comparison = compareRun(syntheticResults({ steps: STEPS, rounds: ROUNDS, noise: 0.005, instructions: { unavailable } }));
    expect(comparison.instruction_counts?.["n/a"]).toBe(4);
    expect(comparison).toMatchObject({ verdict: "pass", verdict_summary: "No QPS regression · instr/op not counted on 4 of 4 steps" });
    expect(renderMarkdown([comparison]).split("\n")[2]).toBe("## ✅ No QPS regression · instr/op not counted on 4 of 4 steps");
    // a profile that leaves some steps out of the count: every step judged, the uncounted ones named
    const some = compareRun(syntheticResults({ steps: STEPS, rounds: ROUNDS, noise: 0.005, instructions: { unavailable: unavailable.slice(0, 2) } }));
    expect(some.verdict_summary).toBe("No regression · instr/op not counted on 1 of 4 steps");
  });
});

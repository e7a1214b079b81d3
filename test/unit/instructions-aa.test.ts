/** bench:instructions-aa's pure part: spreads, K and verdicts from a series of A/A runs (scripts/lib/instructions-aa.ts). */
import { describe, expect, it } from "vitest";
import { parseProfile } from "../../src/config/profile.js";
import type { InstructionSample, Results } from "../../src/results/schema.js";
import { summarizeAa, verdictCounts } from "../../scripts/lib/instructions-aa.js";
import { syntheticResults } from "../../scripts/lib/synthetic-results.js";

const NOISY = "update-index.range100.pk1";
const TIGHT = "pgbench.select-only.prepared.c1";

/** A run of both steps whose repeats count exactly these instructions per op, by step and variant; A/A: every variant of the base's commit. */
function run(name: string, counts: Record<string, Record<string, number[]>>, aa = true): { name: string; results: Results } {
  const variants = Object.keys(Object.values(counts)[0]!);
  const results = syntheticResults({ steps: [TIGHT, NOISY], variants, rounds: 2, instructions: {} });
  const instructions = Object.entries(counts).flatMap(([step, sides]) =>
    Object.entries(sides).flatMap(([variant, values]) =>
      values.map((v, repeat): InstructionSample => ({ step, variant, repeat, status: "ok", tool: "callgrind", ops: 1000, instructions: v * 1000, instructions_per_op: v, counted: "serving backends" })),
    ),
  );
  const commit = results.variants[0]!.commit;
  return { name, results: { ...results, variants: aa ? results.variants.map((v) => ({ ...v, commit })) : results.variants, instructions } };
}

const tight = { base: [40_000, 40_001, 40_002], head: [40_001, 40_002, 40_003] };
// the noisy step: one run apart at 1.025 (a false failure at the 1.02 floor), one overlapping at 1.000
const aa = [
  run("aa1.json", { [TIGHT]: tight, [NOISY]: { base: [100, 100.5, 101], head: [102.5, 103, 103.5] } }),
  run("aa2.json", { [TIGHT]: tight, [NOISY]: { base: [100, 101, 102], head: [100.5, 101, 101.5] } }),
];

describe("summarizeAa on runs judged on estimated cycles", () => {
  /** `run`'s counts with estimated cycles per op: instructions x 1.5, and on the tight step's base these cycles. */
  const withCycles = ({ name, results }: { name: string; results: Results }, baseCycles: number[]) => ({
    name,
    results: {
      ...results,
      instructions: results.instructions!.map((s) =>
        s.status !== "ok" ? s : { ...s, counted: "serving backends; caches simulated", l1_misses_per_op: 1, ll_misses_per_op: 1, estimated_cycles_per_op: s.step === TIGHT && s.variant === "base" ? baseCycles[s.repeat]! : s.instructions_per_op * 1.5 },
      ),
    },
  });
  // the tight step's instructions repeat to 0.005%, its estimated cycles to 0.5% on one side (misses vary)
  const runs = [withCycles(aa[0]!, [60_000, 60_150, 60_300]), withCycles(aa[1]!, [60_001, 60_002, 60_003])];

  it("records the spread of what is judged: estimated cycles', where they spread more than instructions", () => {
    const tightStep = summarizeAa(runs, { k: 2 }).steps.find((s) => s.step === TIGHT)!;
    expect(tightStep.recorded_spread).toBe(0.005);
    // the ratios are estimated cycles': run 1 head 60,003 / base 60,150
    expect(tightStep.ratios?.min).toBeCloseTo((40_002 * 1.5) / 60_150, 12);
    expect(tightStep.verdicts).toEqual(["unchanged", "unchanged"]);
  });
});

describe("summarizeAa", () => {
  const summary = summarizeAa(aa, { k: 2 });
  const noisy = summary.steps.find((s) => s.step === NOISY)!;

  it("per step: runs, the spread of one side's repeats over the 2N sides, the A/A ratios and the spread to record (the max, 2 digits up)", () => {
    expect(noisy).toMatchObject({ runs: 2, recorded_spread: 0.02 });
    expect(noisy.spread_within?.max).toBeCloseTo(2 / 101, 12);
    expect(noisy.spread_within?.median).toBeCloseTo((1 / 100.5 + 1 / 101) / 2, 12);
    expect(noisy.ratios?.min).toBeCloseTo(1, 12);
    expect(noisy.ratios?.max).toBeCloseTo(103 / 100.5, 12);
    expect(summary.steps.find((s) => s.step === TIGHT)?.recorded_spread).toBe(0.00005);
  });

  it("the smallest K at which no run fails at the floor: the ratio 1.0249 over the recorded 2% needs 1.25", () => {
    expect(noisy.k_needed).toBe(1.25);
    expect(summary.steps.find((s) => s.step === TIGHT)?.k_needed).toBe(0);
    expect(summary.k_needed).toBe(1.25);
  });

  it("each run's verdicts with the recorded spreads and K: none fails at K = 2, one at K = 1", () => {
    expect(noisy.verdicts).toEqual(["unchanged", "unchanged"]);
    expect(summary.failing_runs).toBe(0);
    const atOne = summarizeAa(aa, { k: 1 });
    expect(atOne.steps.find((s) => s.step === NOISY)?.verdicts).toEqual(["regression", "unchanged"]);
    expect(atOne.runs).toEqual([
      { run: "aa1.json", failing: [NOISY], flagged: [NOISY] },
      { run: "aa2.json", failing: [], flagged: [] },
    ]);
    expect(atOne.failing_runs).toBe(1);
    expect(verdictCounts(atOne.steps.find((s) => s.step === NOISY)!.verdicts)).toBe("1 regression, 1 unchanged");
  });

  it("a step whose recorded spread puts its line past 1.05 at K is n/a in every run, with the loader's reason", () => {
    const atThree = summarizeAa(aa, { k: 3 });
    expect(atThree.steps.find((s) => s.step === NOISY)).toMatchObject({
      not_counted: "its A/A instruction spread 2.0% would put the failing line at 1.060, past 1.05: not counted",
      verdicts: ["n/a", "n/a"],
    });
  });

  it("the aa_spread_by_step lines parse as a profile's and name every step", () => {
    expect(summary.yaml).toContain(`  aa_spread_by_step:\n    ${TIGHT}: 0.00005\n    ${NOISY}: 0.02\n`);
    const profile = parseProfile(
      `name: t\nversion: 1\nengine: postgresql\ndescription: t\nschedule: { rounds: 4, min_rounds: 2, duration_s: 1, warmup_s: 0, time_budget_s: null }\nserver_settings: {}\ninstructions:\n  ops_per_client: 10\n${summary.yaml}steps:\n` +
        "  - { driver: pgbench, script: select-only, protocol: prepared, clients: 1 }\n  - { driver: sysbench, benchmark: update-index }\n",
      "t.yaml",
    );
    expect(profile.instructions?.aa_spread_by_step).toEqual({ [TIGHT]: 0.00005, [NOISY]: 0.02 });
  });

  it("takes only the variants of the base's commit as A/A runs, and refuses a file with none, naming it", () => {
    const session = run("session.json", { [TIGHT]: { ...tight, changed: tight.base.map((v) => v * 1.1) }, [NOISY]: { base: [100, 100.5, 101], head: [100, 100.5, 101], changed: [110, 110, 110] } });
    const changed = session.results.variants.find((v) => v.id === "changed")!;
    changed.commit = "fffffff";
    expect(summarizeAa([session]).runs).toEqual([{ run: "session.json", failing: [], flagged: [] }]);
    const notAa = run("pr.json", { [TIGHT]: tight, [NOISY]: tight }, false);
    expect(() => summarizeAa([notAa])).toThrow(expect.objectContaining({ name: "InputError", file: "pr.json", field: "variants" }));
  });

  it("runs with a real change, judged with the A/A spreads and K: flagged and failing counted apart", () => {
    const changed = summarizeAa(aa, {
      k: 2,
      variant: [
        // +2.5% on the tight step: a regression; the noisy step's 1.025 is within its line
        run("pr-plus2.json", { [TIGHT]: { base: tight.base, head: tight.base.map((v) => v * 1.025) }, [NOISY]: { base: [100, 100.5, 101], head: [102.5, 103, 103.5] } }, false),
        // +1% on the tight step: a warning, flagged, the run passes
        run("pr-plus1.json", { [TIGHT]: { base: tight.base, head: tight.base.map((v) => v * 1.01) }, [NOISY]: { base: [100, 100.5, 101], head: [100, 100.5, 101] } }, false),
      ],
    });
    expect(changed.variant).toEqual({
      runs: [
        { run: "pr-plus2.json", failing: [TIGHT], flagged: [TIGHT] },
        { run: "pr-plus1.json", failing: [], flagged: [TIGHT] },
      ],
      flagged: 2,
      failing: 1,
    });
  });
});

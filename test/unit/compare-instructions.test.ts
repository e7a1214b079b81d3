import { describe, expect, it } from "vitest";
import { compareAgainstBaseline, compareRun } from "../../src/compare/compare.js";
import { decideGate, gateMessage } from "../../src/compare/gate.js";
import { compareInstructions, MAX_LIFTED_FAIL_ABOVE, SPREAD_MULTIPLE, tooNoisyToCount, type SpreadRule } from "../../src/compare/instructions.js";
import { thresholdResolver } from "../../src/compare/thresholds.js";
import { DEFAULT_THRESHOLDS, type CompareOptions, type Comparison, type FailOn, type InstructionComparison, type VariantComparison } from "../../src/compare/types.js";
import { parseResults } from "../../src/results/io.js";
import type { InstructionSample, Results } from "../../src/results/schema.js";
import { syntheticResults, type SyntheticInstructions, type SyntheticOptions } from "../../scripts/lib/synthetic-results.js";
import { cpuChannel, instructionCell } from "../../src/report/cpu-channel.js";

const STEP = "pgbench.select-only.prepared.c1";

function variantOf(comparison: Comparison, step = STEP): VariantComparison {
  const found = comparison.steps.find((s) => s.step === step)?.variants.find((v) => v.variant === "head");
  if (!found) throw new Error(`no head of ${step}`);
  return found;
}

function instructionsOf(comparison: Comparison, step = STEP): InstructionComparison {
  const found = variantOf(comparison, step).instructions;
  if (!found) throw new Error(`no instruction comparison of ${step}`);
  return found;
}

/** A run whose QPS is unchanged (noise 1%) and whose head counts `factor` x the base's instructions per op. */
function run(factor: number, instructions: SyntheticInstructions = {}, options: SyntheticOptions = {}): Results {
  return syntheticResults({ steps: [STEP], noise: 0.01, instructions: { effects: { head: { [STEP]: factor } }, ...instructions }, ...options });
}

const compared = (factor: number, instructions: SyntheticInstructions = {}, options: SyntheticOptions = {}, compareOptions: CompareOptions = {}) =>
  compareRun(run(factor, instructions, options), compareOptions);

/** A fixed count per repeat, for exact ratios. */
function counts(variant: string, values: number[]): InstructionSample[] {
  return values.map((v, repeat) => ({ step: STEP, variant, repeat, status: "ok", tool: "cachegrind", ops: 2000, instructions: v * 2000, instructions_per_op: v, counted: "serving backends" }));
}

describe("compareInstructions: the rule", () => {
  it("median ratio, the range from the extremes, and each side's spread", () => {
    const result = compareInstructions({ label: "base", samples: counts("base", [39_590, 39_586, 39_594]) }, { label: "head", samples: counts("head", [47_695, 47_695, 47_700]) }, DEFAULT_THRESHOLDS);
    expect(result?.verdict).toBe("regression");
    expect(result?.ratio?.estimate).toBeCloseTo(47_695 / 39_590, 12);
    expect(result?.ratio?.low).toBeCloseTo(47_695 / 39_594, 12);
    expect(result?.ratio?.high).toBeCloseTo(47_700 / 39_586, 12);
    expect(result?.base).toEqual({ variant: "base", median: 39_590, min: 39_586, max: 39_594, spread: 8 / 39_590, repeats: 3, tool: "cachegrind", counted: "serving backends" });
    expect(result?.reason).toBe("relative instr/op 1.205 (head's median over base's repeats 1.205–1.205) is above 1.02; head's median is outside base's repeats");
  });

  // the base's repeats spread here, not the head's: a base's spread moves the lines too (below)
  it("a ratio past the (capped) warning line with the head's median inside the base's repeats is unstable (spread too wide)", () => {
    const result = compareInstructions({ label: "base", samples: counts("base", [90, 100, 110]) }, { label: "head", samples: counts("head", [106, 106, 106]) }, DEFAULT_THRESHOLDS);
    expect(result?.ratio?.estimate).toBeCloseTo(1.06, 12);
    expect(result).toMatchObject({ verdict: "unstable", reason: expect.stringMatching(/^spread too wide: relative instr\/op 1\.060 .* is above 1\.05, but head's median is inside base's repeats/) });
  });

  it("a ratio inside the band whose base reaches past the (capped) failing line is unstable too: the count cannot rule out a regression", () => {
    const result = compareInstructions({ label: "base", samples: counts("base", [90, 100, 100.1]) }, { label: "head", samples: counts("head", [100, 100, 100]) }, DEFAULT_THRESHOLDS);
    expect(result).toMatchObject({ verdict: "unstable", reason: expect.stringMatching(/^spread too wide: relative instr\/op 1\.000 \(head's median over base's repeats 0\.999–1\.111\) reaches above 1\.05; /) });
  });

  it("with the counts issue 9 measured, a cold first repeat included (39,415 then 39,590 and 39,586): A/A unchanged, +1% a warning", () => {
    const base = { label: "base", samples: counts("base", [39_415, 39_590, 39_586]) };
    const again = compareInstructions(base, { label: "head", samples: counts("head", [39_420, 39_588, 39_591]) }, DEFAULT_THRESHOLDS);
    expect(again?.verdict).toBe("unchanged");
    const onePercent = compareInstructions(base, { label: "head", samples: counts("head", [39_809, 39_986, 39_982]) }, DEFAULT_THRESHOLDS);
    expect(onePercent?.ratio?.low).toBeGreaterThan(1);
    expect(onePercent?.verdict).toBe("warning");
  });

  it("counts of different tools, or of different processes, are not compared: error", () => {
    const perf = counts("head", [40_000]).map((s) => ({ ...s, tool: "perf" as const }));
    expect(compareInstructions({ label: "base", samples: counts("base", [40_000]) }, { label: "head", samples: perf }, DEFAULT_THRESHOLDS)).toMatchObject({
      verdict: "error",
      reason: "counted differently, not comparable: base by cachegrind (serving backends), head by perf (serving backends)",
    });
    const mixed = counts("head", [40_000, 40_001]).map((s, i) => (i === 0 ? s : { ...s, counted: "all processes" }));
    expect(compareInstructions({ label: "base", samples: counts("base", [40_000]) }, { label: "head", samples: mixed }, DEFAULT_THRESHOLDS)?.reason).toBe(
      "counted differently, not comparable: base by cachegrind (serving backends), head by cachegrind (serving backends) and cachegrind (all processes)",
    );
  });

  it("no sample of the step on either side: not counted (null); a head counted against a base without counts (a step the stored baseline lacks): missing", () => {
    expect(compareInstructions({ label: "base", samples: [] }, { label: "head", samples: [] }, DEFAULT_THRESHOLDS)).toBeNull();
    expect(compareInstructions({ label: "base", samples: [] }, { label: "head", samples: counts("head", [1]) }, DEFAULT_THRESHOLDS)).toMatchObject({
      verdict: "missing",
      reason: "no instruction counts of base",
    });
  });

  // issue 35: a truncated or merged results file, or a head never counted, passed as `missing`
  it("a counted base against a head without a single count is an error, not missing: it fails under the default fail-on", () => {
    const result = compareInstructions({ label: "base", samples: counts("base", [1]) }, { label: "head", samples: [] }, DEFAULT_THRESHOLDS);
    expect(result).toMatchObject({ verdict: "error", reason: "counted for base, but head has no instruction counts of the step", ratio: null });
    const results = run(1);
    results.instructions = results.instructions!.filter((s) => s.variant === "base");
    const comparison = compareRun(results);
    expect(instructionsOf(comparison).verdict).toBe("error");
    expect(comparison.verdict).toBe("fail");
  });
});

describe("compareInstructions: the head's own noise is never an excuse (issue 35)", () => {
  const base = { label: "base", samples: counts("base", [41_000, 41_002, 40_998]) };
  const judged = (head: number[], rule: SpreadRule = {}) => compareInstructions(base, { label: "head", samples: counts("head", head) }, DEFAULT_THRESHOLDS, rule)!;

  it("head 41.0k / 45.1k / 45.1k against base 41.0k: the head's median is +10% and outside the base's repeats, a regression (was unstable)", () => {
    const result = judged([41_000, 45_100, 45_100]);
    expect(result.ratio?.low).toBeLessThan(1);
    expect(result.verdict).toBe("regression");
    expect(result.reason).toMatch(/^relative instr\/op 1\.100 .* is above 1\.02; head's median is outside base's repeats; head's instruction counts vary by 9\.1%, base's by 0\.0098%/);
  });

  it("head 41.0k / 41.0k / 45.1k: a median that looks unchanged, but a head spreading past its failing line is an error showing the repeats", () => {
    const result = judged([41_000, 41_001, 45_100]);
    expect(result.ratio?.estimate).toBeCloseTo(41_001 / 41_000, 12);
    expect(result).toMatchObject({
      verdict: "error",
      reason:
        "head's instruction counts vary by 10%, base's by 0.0098%: more than the 2.0% the step allows (its failing line 1.02); " +
        "head's repeats 41,000 / 41,001 / 45,100, base's 41,000 / 41,002 / 40,998 instr/op",
    });
    const results = run(1);
    results.instructions = [...counts("base", [41_000, 41_002, 40_998]), ...counts("head", [41_000, 41_001, 45_100])];
    const comparison = compareRun(results);
    expect(instructionsOf(comparison).verdict).toBe("error");
    expect(comparison.verdict).toBe("fail");
  });

  it("a head up to its failing line's distance apart is judged by its median; a step whose recorded A/A spread is 2% allows its head 4% (its failing line 1.04), not more", () => {
    // the 1.2% a head of mariadb-sysbench's range-covered-si spread in an A/A run (verdict-quality/full-profiles-2026-12-03)
    expect(judged([40_750, 41_000, 41_250]).verdict).toBe("unchanged");
    expect(judged([41_000, 41_001, 41_900]).verdict).toBe("error");
    expect(judged([41_000, 41_500, 42_600], { aaSpread: 0.02 }).verdict).toBe("unchanged");
    expect(judged([41_000, 41_500, 43_000], { aaSpread: 0.02 })).toMatchObject({ verdict: "error", reason: expect.stringMatching(/^head's instruction counts vary by 4\.8%, base's by 0\.0098%: more than the 4\.0% the step allows \(its failing line 1\.04\)/) });
  });

  it("the cold first repeat issue 9 measured (0.44%) stays well within the default failing line: unchanged", () => {
    expect(judged([40_820, 41_000, 41_001]).verdict).toBe("unchanged");
  });

  it("the other way round (a noisy base, a steady head) is no finding: a PR cannot make its base noisy; the base's spread moves the lines instead", () => {
    const noisyBase = { label: "base", samples: counts("base", [41_000, 42_000, 43_000]) };
    const result = compareInstructions(noisyBase, { label: "head", samples: counts("head", [42_000, 42_000, 42_001]) }, DEFAULT_THRESHOLDS)!;
    expect(result).toMatchObject({ verdict: "unchanged", lines: { margin_source: "base repeats", fail_above: 1.05 } });
  });

  it("the same on estimated cycles: cycles that vary in one repeat with steady instructions are an error of the CPU verdict", () => {
    const simulated = (variant: string, perOp: [number, number][]): InstructionSample[] =>
      perOp.map(([instructions, cycles], repeat) => ({
        step: STEP, variant, repeat, status: "ok", tool: "callgrind", ops: 1000, instructions: instructions * 1000, instructions_per_op: instructions,
        l1_misses_per_op: 0, ll_misses_per_op: 0, estimated_cycles_per_op: cycles, counted: "serving backends; caches simulated",
      }));
    const cyclesBase = { label: "base", samples: simulated("base", [[39_200, 52_000], [39_210, 52_010], [39_190, 51_990]]) };
    const result = compareInstructions(cyclesBase, { label: "head", samples: simulated("head", [[39_200, 52_000], [39_200, 52_005], [39_200, 57_200]]) }, DEFAULT_THRESHOLDS)!;
    expect(result).toMatchObject({ verdict: "error", reason: expect.stringMatching(/^head's estimated cycles vary by 10%, base's by 0\.038%: .*; head's repeats 52,000 \/ 52,005 \/ 57,200, base's 52,000 \/ 52,010 \/ 51,990 est\. cycles\/op$/) });
    expect(result.estimated_cycles).toMatchObject({ verdict: "error", instructions: { verdict: "unchanged" } });
  });
});

describe("compareInstructions: a noisy step's lines move out by K x its spread", () => {
  const judged = (base: number[], head: number[], rule: SpreadRule = {}) =>
    compareInstructions({ label: "base", samples: counts("base", base) }, { label: "head", samples: counts("head", head) }, DEFAULT_THRESHOLDS, rule)!;
  // an A/A pair of a step whose repeats spread about 1%: the two sides' repeats apart, the medians 2.5% apart
  const tightBase = [100, 100.5, 101];
  const aaHead = [102.5, 103, 103.5];

  it("K is 2 for now, and the lifted line may not pass 1.05", () => {
    expect(SPREAD_MULTIPLE).toBe(2);
    expect(MAX_LIFTED_FAIL_ABOVE).toBe(1.05);
  });

  it("apart at 1.025: a regression with no recorded spread, not with a recorded A/A spread of 2% (line 1.04), and the reason says why", () => {
    const bare = judged(tightBase, aaHead);
    expect(bare.ratio?.low).toBeGreaterThan(1);
    expect(bare.ratio?.estimate).toBeCloseTo(1.0249, 4);
    // the base's own 1% moves the warning line only
    expect(bare).toMatchObject({ verdict: "regression", lines: { fail_above: 1.02, warn_above: 1.02, margin_source: "base repeats" } });
    const recorded = judged(tightBase, aaHead, { aaSpread: 0.02 });
    expect(recorded.verdict).toBe("unchanged");
    expect(recorded.lines).toEqual({ fail_above: 1.04, warn_above: 1.04, improve_below: 0.96, margin: 0.02, margin_source: "aa", k: 2 });
    expect(recorded.reason).toBe("relative instr/op 1.025 (head's median over base's repeats 1.020–1.030) is within 0.96..1.04; fails above 1.04, improves below 0.96: A/A spread 2.0% × 2");
    // K from the caller (bench:instructions-aa tries others)
    expect(judged(tightBase, aaHead, { aaSpread: 0.02, k: 1.5 })).toMatchObject({ verdict: "unchanged", lines: { fail_above: 1.03, k: 1.5 } });
    expect(judged(tightBase, [103.5, 104, 104.5], { aaSpread: 0.02, k: 1.5 })).toMatchObject({ verdict: "regression", lines: { fail_above: 1.03, k: 1.5 } });
  });

  it("apart at 1.025 with the base's own repeats 2% apart in this run: not a regression, without any recorded spread", () => {
    const result = judged([99, 100, 101], [102, 102.5, 103]);
    expect(result.ratio?.estimate).toBeCloseTo(1.025, 12);
    expect(result.ratio?.low).toBeGreaterThan(1);
    expect(result.verdict).not.toBe("regression");
    expect(result.lines).toMatchObject({ fail_above: 1.04, margin: 0.02, margin_source: "base repeats" });
    expect(result.reason).toMatch(/; fails above 1\.04, improves below 0\.96: spread of base's repeats 2\.0% × 2$/);
    // the larger of the two wins
    expect(judged([99, 100, 101], [102, 102.5, 103], { aaSpread: 0.005 }).lines).toMatchObject({ margin: 0.02, margin_source: "base repeats" });
  });

  it("a head whose own repeats spread widely does not lift its line: +4% apart is a regression at 1.02", () => {
    const result = judged([100, 100.1, 100.2], [102.5, 104, 105.5]);
    expect(result.variant?.spread).toBeGreaterThan(0.025);
    expect(result).toMatchObject({ verdict: "regression", lines: { fail_above: 1.02, margin_source: "base repeats" } });
    expect(result.lines?.margin).toBeCloseTo(0.2 / 100.1, 12);
  });

  it("a base counted very noisily lifts the lines no further than 1.05: a change past it, repeats apart, still fails", () => {
    const result = judged([90, 100, 110], [115, 116, 117]);
    expect(result.lines).toMatchObject({ fail_above: 1.05, improve_below: 0.95, margin: 0.2 });
    expect(result.verdict).toBe("regression");
    expect(result.reason).toMatch(/spread of base's repeats 20% × 2, capped at 1\.05$/);
  });

  it("a spread between 0.25% and 1% moves only the warning line, and the reason says so", () => {
    const result = judged([100, 100.2, 100.4], [101, 101.1, 101.2]);
    expect(result.lines).toMatchObject({ fail_above: 1.02, warn_above: 1.008, improve_below: 0.99 });
    expect(result.reason).toMatch(/is above 1\.008; head's median is outside base's repeats; warns above 1\.008: spread of base's repeats 0\.40% × 2$/);
  });

  it("a step whose recorded spread puts its line past 1.05 is not counted, with the reason; at 2.5% it still is", () => {
    expect(tooNoisyToCount(0.03)).toBe("its A/A instruction spread 3.0% would put the failing line at 1.060, past 1.05: not counted");
    expect(tooNoisyToCount(0.025)).toBeNull();
    expect(tooNoisyToCount(0.0004)).toBeNull();
  });
});

describe("compareInstructions: estimated cycles judged (counted with the cache simulation)", () => {
  /** Counts with the cache simulation: per repeat, instructions and estimated cycles per op. */
  const simulated = (variant: string, perOp: [number, number][]): InstructionSample[] =>
    perOp.map(([instructions, cycles], repeat) => ({
      step: STEP, variant, repeat, status: "ok", tool: "callgrind", ops: 1000, instructions: instructions * 1000, instructions_per_op: instructions,
      l1_misses_per_op: 0, ll_misses_per_op: 0, estimated_cycles_per_op: cycles, counted: "serving backends; caches simulated",
    }));
  const base = { label: "base", samples: simulated("base", [[39_200, 52_000], [39_210, 52_010], [39_190, 51_990]]) };
  const judged = (head: [number, number][]) => compareInstructions(base, { label: "head", samples: simulated("head", head) }, DEFAULT_THRESHOLDS);

  it("cache misses without instructions: a regression by estimated cycles, instructions unchanged and shown", () => {
    const result = judged([[39_310, 55_600], [39_320, 55_610], [39_300, 55_590]]);
    expect(result).toMatchObject({ verdict: "regression", reason: expect.stringMatching(/^relative est\. cycles\/op 1\.069 \(head's median over base's repeats .*\) is above 1\.02; head's median is outside base's repeats$/) });
    expect(result?.ratio?.estimate).toBeCloseTo(39_310 / 39_200, 12);
    expect(result?.estimated_cycles).toMatchObject({ verdict: "regression", instructions: { verdict: "unchanged" }, base: { median: 52_000, repeats: 3 }, variant: { median: 55_600 } });
    expect(result?.estimated_cycles?.ratio.estimate).toBeCloseTo(55_600 / 52_000, 12);
  });

  it("a loop: flagged on both", () => {
    expect(judged([[41_000, 53_800], [41_010, 53_810], [40_990, 53_790]])).toMatchObject({ verdict: "regression", estimated_cycles: { verdict: "regression", instructions: { verdict: "regression" } } });
  });

  it("faster code with more instructions (fewer misses): an improvement, not the regression instructions alone would call it", () => {
    const result = judged([[40_400, 49_000], [40_410, 49_010], [40_390, 48_990]]);
    expect(result).toMatchObject({ verdict: "improvement", estimated_cycles: { instructions: { verdict: "regression" } } });
  });

  it("the same rule: the head's median past the line is a regression however the head's repeats spread, the spread named", () => {
    expect(judged([[39_200, 53_300], [39_200, 51_000], [39_200, 53_400]])).toMatchObject({ verdict: "regression", reason: expect.stringMatching(/; head's estimated cycles vary by 4\.5%/) });
  });

  it("a side counted without the cache simulation is not judged against one counted with it: error", () => {
    expect(compareInstructions(base, { label: "head", samples: counts("head", [39_200, 39_210, 39_190]) }, DEFAULT_THRESHOLDS)).toMatchObject({
      verdict: "error",
      reason: expect.stringMatching(/^counted differently, not comparable: base by callgrind \(serving backends; caches simulated\), I1 32 KiB .* LL 8 MiB 16-way 64 B lines, head by cachegrind \(serving backends\)$/),
    });
  });

  it("sides whose simulations modelled other caches are not judged against each other: an error naming both", () => {
    const caches = { i1: { size_bytes: 32768, associativity: 8, line_bytes: 64 }, d1: { size_bytes: 32768, associativity: 8, line_bytes: 64 }, ll: { size_bytes: 8388608, associativity: 16, line_bytes: 64 } };
    const on = (samples: InstructionSample[], ll: number) => samples.map((s) => ({ ...s, caches: { ...caches, ll: { ...caches.ll, size_bytes: ll } } }));
    const head = simulated("head", [[39_200, 52_000], [39_210, 52_010], [39_190, 51_990]]);
    expect(compareInstructions({ label: "base", samples: on(base.samples, 8388608) }, { label: "head", samples: on(head, 33554432) }, DEFAULT_THRESHOLDS)).toMatchObject({
      verdict: "error",
      reason: "counted differently, not comparable: base by callgrind (serving backends; caches simulated), I1 32 KiB 8-way 64 B lines, D1 32 KiB 8-way 64 B lines, LL 8 MiB 16-way 64 B lines, " +
        "head by callgrind (serving backends; caches simulated), I1 32 KiB 8-way 64 B lines, D1 32 KiB 8-way 64 B lines, LL 32 MiB 16-way 64 B lines",
    });
    // a count from before the caches were recorded had the default: comparable with one that records it
    expect(compareInstructions(base, { label: "head", samples: on(head, 8388608) }, DEFAULT_THRESHOLDS)?.verdict).toBe("unchanged");
  });

  it("estimated cycles more than a million times apart are a one-line input error naming them, not an infinite ratio", () => {
    const results = syntheticResults({ steps: [STEP], noise: 0.01 });
    results.instructions = [...base.samples, ...simulated("head", [[39_200, 1e300], [39_210, 1e300], [39_190, 1e300]])];
    expect(() => compareRun(results)).toThrow(/estimated cycles per op: the two sides' values are more than .* times apart/);
  });

  describe("a step its profile judges on instructions alone (instructions.judged_on_instructions)", () => {
    const why = "its estimated cycles spread up to 3.7% between identical runs";
    // myrocks-quick's A/A run 04 (verdict-quality/instructions-aa-shipped-2026-12-05), read-only: the
    // head's estimated cycles 3.5% apart in one repeat, its instructions 0.26%
    const myrocksBase = { label: "base", samples: simulated("base", [[173_378, 249_001], [173_359, 250_046], [173_327, 250_706]]) };
    const aaHead = simulated("head", [[173_054, 247_289], [173_194, 256_040], [173_048, 247_888]]);

    it("the A/A run that estimated cycles called an error is judged on its instructions: unchanged, the estimated cycles shown and named as not judged", () => {
      expect(compareInstructions(myrocksBase, { label: "head", samples: aaHead }, DEFAULT_THRESHOLDS)?.verdict).toBe("error");
      const result = compareInstructions(myrocksBase, { label: "head", samples: aaHead }, DEFAULT_THRESHOLDS, { judgedAlone: why });
      expect(result).toMatchObject({ verdict: "unchanged", reason: expect.stringMatching(new RegExp(`^relative instr/op .*; est\\. cycles/op not judged on this step: ${why}$`)) });
      expect(result?.estimated_cycles).toMatchObject({ verdict: "error", not_judged: why, base: { median: 250_046 }, variant: { median: 247_888 } });
    });

    it("a head whose instructions rise 2.5% still fails; one whose estimated cycles alone rise does not", () => {
      const slower = simulated("head", [[177_700, 255_200], [177_720, 255_300], [177_690, 255_100]]);
      expect(compareInstructions(myrocksBase, { label: "head", samples: slower }, DEFAULT_THRESHOLDS, { judgedAlone: why })?.verdict).toBe("regression");
      const missing = simulated("head", [[173_380, 262_000], [173_360, 262_100], [173_330, 262_050]]);
      expect(compareInstructions(myrocksBase, { label: "head", samples: missing }, DEFAULT_THRESHOLDS)?.verdict).toBe("regression");
      expect(compareInstructions(myrocksBase, { label: "head", samples: missing }, DEFAULT_THRESHOLDS, { judgedAlone: why })).toMatchObject({ verdict: "unchanged", estimated_cycles: { verdict: "regression" } });
    });

    it("the comment names the ratio judged and shows the estimated cycles' beside it as not judged", () => {
      const results = syntheticResults({ steps: [STEP], noise: 0.01 });
      results.instructions = [...myrocksBase.samples, ...aaHead];
      const judgedAlone = parseResults({ ...results, steps: results.steps.map((step) => ({ ...step, instructions_judged_alone: why })) }, "aa.json");
      const variant = variantOf(compareRun(judgedAlone));
      expect(instructionCell(variant)).toMatch(/^instr\/op 0\.99\d .* · est\. cycles\/op 0\.99\d \(not judged\)$/);
      expect(cpuChannel(variant.instructions!)).toBe("instr/op");
      expect(variantOf(compareRun(results)).instructions?.verdict).toBe("error");
    });
  });

  it("without the cache simulation nothing changes: no estimated_cycles, instructions judged", () => {
    const result = compareInstructions({ label: "base", samples: counts("base", [100, 100, 100]) }, { label: "head", samples: counts("head", [103, 103, 103]) }, DEFAULT_THRESHOLDS);
    expect(result?.verdict).toBe("regression");
    expect(result).not.toHaveProperty("estimated_cycles");
  });
});

describe("compareRun: the instruction channel next to QPS", () => {
  it("A/A: the same build counted again is unchanged in every trial, nothing flagged", () => {
    for (let seed = 1; seed <= 200; seed++) {
      const comparison = compared(1, {}, { seed });
      expect(instructionsOf(comparison).verdict).toBe("unchanged");
      expect(comparison.instruction_counts).toMatchObject({ unchanged: 1, warning: 0, regression: 0, unstable: 0 });
    }
  });

  it("+1% instructions per op is a warning in every trial: flagged, the check passes", () => {
    for (let seed = 1; seed <= 200; seed++) {
      const comparison = compared(1.01, {}, { seed });
      expect(instructionsOf(comparison).verdict).toBe("warning");
      expect(comparison.verdict).toBe("pass");
    }
  });

  it("+2.5% is a regression and fails the comparison, although QPS is unchanged", () => {
    const comparison = compared(1.025);
    expect(variantOf(comparison).verdict).toBe("unchanged");
    expect(instructionsOf(comparison)).toMatchObject({ verdict: "regression", reason: expect.stringMatching(/^relative instr\/op 1\.025 .* is above 1\.02;/) });
    expect(comparison.counts.regression).toBe(0);
    expect(comparison.instruction_counts?.regression).toBe(1);
    expect(comparison.verdict).toBe("fail");
  });

  it("-2% is an improvement", () => {
    expect(instructionsOf(compared(0.98)).verdict).toBe("improvement");
  });

  it("a QPS regression with instructions unchanged still fails", () => {
    const comparison = compared(1, {}, { effects: { head: { [STEP]: 0.9 } } });
    expect(variantOf(comparison).verdict).toBe("regression");
    expect(instructionsOf(comparison).verdict).toBe("unchanged");
    expect(comparison.verdict).toBe("fail");
  });

  it("both sides counted too noisily to tell a 3% rise (the head no noisier than its base): unstable, not a regression; the check passes", () => {
    const comparison = compared(1.03, { noise: 0.05 }, { seed: 3 });
    const instructions = instructionsOf(comparison);
    expect(instructions.ratio?.estimate).toBeGreaterThan(1.02);
    expect(instructions.variant!.spread).toBeLessThan(instructions.base!.spread);
    expect(instructions.verdict).toBe("unstable");
    expect(comparison.verdict).toBe("pass");
  });

  it("a head build valgrind cannot run while the base was counted is an error with the reason, and fails the check: never a silent pass", () => {
    const reason = "valgrind: unrecognised instruction (AVX-512 from -march=native)";
    const comparison = compared(1.5, { unavailable: [{ step: STEP, variant: "head", reason }] });
    expect(instructionsOf(comparison)).toMatchObject({ verdict: "error", reason: `counted for base but not for head: ${reason}`, ratio: null });
    expect(comparison.instruction_counts?.["n/a"]).toBe(0);
    expect(comparison.verdict).toBe("fail");
    // the other way round alike: the base could not be counted, the head was
    const baseOnly = compared(1.5, { unavailable: [{ step: STEP, variant: "base", reason }] });
    expect(instructionsOf(baseOnly)).toMatchObject({ verdict: "error", reason: `counted for head but not for base: ${reason}` });
  });

  it("a step neither side could count (the profile leaves it out, no valgrind on the machine) is n/a with the reason, and passes", () => {
    const reason = "valgrind is not installed (Debian: apt-get install valgrind)";
    const comparison = compared(1.5, { unavailable: ["base", "head"].map((variant) => ({ step: STEP, variant, reason })) });
    expect(instructionsOf(comparison)).toMatchObject({ verdict: "n/a", reason, ratio: null });
    expect(comparison.instruction_counts?.["n/a"]).toBe(1);
    expect(comparison.verdict).toBe("pass");
  });

  it("a failed count is an error with its log, and fails the check", () => {
    const comparison = compared(1, { errors: [{ step: STEP, variant: "head", repeat: 1, message: "valgrind: the server did not start\ndetail", log_excerpt: "==42== FATAL" }] });
    const instructions = instructionsOf(comparison);
    expect(instructions.verdict).toBe("error");
    expect(instructions.reason).toBe("1 count failed; head repeat 1: valgrind: the server did not start");
    expect(instructions.errors).toEqual([{ variant: "head", repeat: 1, message: "valgrind: the server did not start\ndetail", log_excerpt: "==42== FATAL" }]);
    expect(variantOf(comparison).verdict).toBe("unchanged");
    expect(comparison.verdict).toBe("fail");
  });

  it("a run without an instructions array has no instruction channel at all; a step not counted has none either", () => {
    const none = compareRun(syntheticResults({ steps: [STEP] }));
    expect(variantOf(none).instructions).toBeNull();
    expect(none.instruction_counts).toBeNull();
    const partial = compareRun(syntheticResults({ steps: [STEP, "insert"], instructions: { skip: ["insert"] } }));
    expect(variantOf(partial, "insert").instructions).toBeNull();
    expect(partial.instruction_counts?.unchanged).toBe(1);
  });

  it("a per-step override of instructions_fail_above applies to its steps only", () => {
    const results = syntheticResults({ steps: [STEP, "insert"], noise: 0.01, instructions: { effects: { head: { [STEP]: 1.03, insert: 1.03 } } } });
    const comparison = compareRun(results, { overrides: [{ step: "pgbench.*", instructions_fail_above: 1.05 }] });
    expect(instructionsOf(comparison).verdict).toBe("warning");
    expect(variantOf(comparison).thresholds.instructions_fail_above).toBe(1.05);
    expect(instructionsOf(comparison, "insert").verdict).toBe("regression");
  });

  it("a step's recorded A/A spread, kept with the step in the results, lifts its lines: an A/A pair apart at 1.025 passes", () => {
    const aa = { ...run(1), instructions: [...counts("base", [100, 100.5, 101]), ...counts("head", [102.5, 103, 103.5])] };
    expect(compareRun(aa).verdict).toBe("fail");
    const recorded = parseResults({ ...aa, steps: aa.steps.map((step) => ({ ...step, instructions_aa_spread: 0.02 })) }, "aa.json");
    const comparison = compareRun(recorded);
    expect(instructionsOf(comparison)).toMatchObject({ verdict: "unchanged", lines: { fail_above: 1.04, margin: 0.02, margin_source: "aa" } });
    expect(comparison.verdict).toBe("pass");
  });

  it("a second count of the same step, variant and repeat is refused, naming it", () => {
    const results = run(1);
    const [first] = results.instructions ?? [];
    expect(() => compareRun({ ...results, instructions: [...(results.instructions ?? []), first!] })).toThrow(
      expect.objectContaining({ name: "InputError", field: "$.instructions[6]" }),
    );
  });

  it("synthetic results with instructions are valid results documents", () => {
    expect(parseResults(run(1.01, { unavailable: [{ step: STEP, variant: "base", reason: "n/a" }], errors: [{ step: STEP, variant: "head", repeat: 0 }] }), "synthetic").instructions).toHaveLength(4);
  });
});

describe("against a stored baseline (unpaired): the same rule on the baseline's counts", () => {
  const only = (results: Results, variant: string): Results => ({
    ...results,
    base_variant: variant,
    variants: results.variants.filter((v) => v.id === variant),
    samples: results.samples.filter((s) => s.variant === variant),
    ...(results.instructions && { instructions: results.instructions.filter((s) => s.variant === variant) }),
  });

  it("judges the current run's counts against the baseline's", () => {
    const results = run(1.025);
    const comparison = compareAgainstBaseline(only(results, "head"), only(results, "base"));
    expect(instructionsOf(comparison).verdict).toBe("regression");
    expect(instructionsOf(comparison).base?.variant).toBe("baseline:base");
    expect(comparison.verdict).toBe("fail");
  });

  it("a baseline stored before instructions were counted gives no instruction channel", () => {
    const results = run(1.025);
    const { instructions: _, ...uncounted } = only(results, "base");
    const comparison = compareAgainstBaseline(only(results, "head"), uncounted);
    expect(variantOf(comparison).instructions).toBeNull();
    expect(comparison.instruction_counts).toBeNull();
  });
});

describe("instruction thresholds", () => {
  it("default: regression above 1.02, warning above 1.005, improvement below 0.99", () => {
    expect(thresholdResolver().run).toMatchObject({ instructions_fail_above: 1.02, instructions_warn_above: 1.005, instructions_improve_below: 0.99 });
  });

  it.each([
    [{ instructions_fail_above: 1.001 }, "thresholds.instructions_fail_above"],
    [{ instructions_warn_above: 0.99 }, "thresholds.instructions_warn_above"],
    [{ instructions_improve_below: 1.01 }, "thresholds.instructions_improve_below"],
    [{ instructions_improve_below: 0 }, "thresholds.instructions_improve_below"],
    [{ instructions_fail_above: Number.NaN }, "thresholds.instructions_fail_above"],
  ])("%o is an InputError naming the field", (thresholds, field) => {
    expect(() => thresholdResolver(thresholds)).toThrow(expect.objectContaining({ name: "InputError", field }));
  });

  it("a bad per-step override is refused up front, naming the override", () => {
    expect(() => thresholdResolver({}, [{ step: "pgbench.*", instructions_warn_above: 1.5 }])).toThrow(
      expect.objectContaining({ name: "InputError", field: "overrides[0] (step pgbench.*).instructions_fail_above" }),
    );
  });
});

/** The check's line and the regressions output, as the action gives them. */
function gateSummary(comparisons: Comparison[], failOn?: FailOn[]) {
  const decision = decideGate(comparisons, failOn);
  return { regressions: decision.regressions, message: gateMessage(decision) };
}

describe("the gate: one decision for both channels", () => {
  it("names what failed in one line: regressions of either channel, then errors", () => {
    const results = syntheticResults({
      steps: [STEP, "point", "insert"],
      noise: 0.01,
      effects: { head: { point: 0.9 } },
      instructions: { effects: { head: { [STEP]: 1.03, point: 1.03 } }, errors: [{ step: "insert", variant: "head", repeat: 0 }] },
    });
    const comparison = compareRun(results);
    expect(decideGate([comparison]).verdict).toBe("fail");
    expect(comparison.verdict).toBe("fail");
    expect(gateSummary([comparison])).toEqual({ regressions: 2, message: `2 regressions: ${STEP} (instr/op), point; 1 error: insert (instr/op)` });
    expect(gateSummary([{ ...comparison, label: "x86_64" }]).message).toMatch(/^2 regressions: \S+ \(x86_64, instr\/op\), point \(x86_64\);/);
  });

  it("passes with warnings, unstable, n/a and improvements in both channels", () => {
    const comparison = compareRun(
      syntheticResults({
        steps: [STEP, "point", "scan"],
        noise: 0.005,
        effects: { head: { point: 0.975 } },
        instructions: { effects: { head: { [STEP]: 1.01, scan: 0.97 } }, unavailable: ["base", "head"].map((variant) => ({ step: "point", variant, reason: "not counted by this profile" })) },
      }),
    );
    expect(variantOf(comparison, "point").verdict).toBe("warning");
    expect(comparison.instruction_counts).toMatchObject({ warning: 1, "n/a": 1, improvement: 1 });
    expect(comparison.verdict).toBe("pass");
    expect(gateSummary([comparison])).toEqual({ regressions: 0, message: "" });
    // fail-on applies to both channels: the QPS warning and the instr/op warning
    expect(gateSummary([comparison], ["warning"]).message).toBe(`2 warnings: ${STEP} (instr/op), point`);
  });

  it("a QPS error fails the check too", () => {
    const comparison = compareRun(syntheticResults({ steps: [STEP], errors: [{ step: STEP, variant: "head", round: 2 }] }));
    expect(comparison.counts.error).toBe(1);
    expect(comparison.verdict).toBe("fail");
    expect(gateSummary([comparison]).message).toBe(`1 error: ${STEP}`);
  });
});

import { median } from "simple-statistics";
import { describe, expect, it } from "vitest";
import { compareAgainstBaseline, compareRun } from "../../src/compare/compare.js";
import { DEFAULT_THRESHOLDS, type CompareOptions, type Comparison, type ThresholdOverride, type VariantComparison } from "../../src/compare/types.js";
import { parseResults } from "../../src/results/io.js";
import type { OkSample, Results } from "../../src/results/schema.js";
import { DEFAULT_SYNTHETIC_METRICS, syntheticResults, type SyntheticOptions } from "../../scripts/lib/synthetic-results.js";
import { pairsResults, runResults } from "../../scripts/lib/verdict-quality.js";

const STEP = "point-query.range100.pk1";

function variantOf(comparison: Comparison, step = STEP, variant = "head"): VariantComparison {
  const found = comparison.steps.find((s) => s.step === step)?.variants.find((v) => v.variant === variant);
  if (!found) throw new Error(`no ${variant} of ${step} in the comparison`);
  return found;
}

/** The head of the one step, with QPS of head = factor x base. */
function headWith(factor: number, options: SyntheticOptions = {}, compareOptions: CompareOptions = {}): VariantComparison {
  return variantOf(compareRun(syntheticResults({ effects: { head: { [STEP]: factor } }, ...options }), compareOptions));
}

/** Matches the InputError that names `field`. */
const inputError = (field: string) => expect.objectContaining({ name: "InputError", field });

/** One variant's part of a run, as a run of its own: what a stored baseline or a head-only run looks like. */
function only(results: Results, variant: string): Results {
  return {
    ...results,
    base_variant: variant,
    variants: results.variants.filter((v) => v.id === variant),
    samples: results.samples.filter((s) => s.variant === variant),
  };
}

/** Every number anywhere in the document, to check that none is NaN or infinite. */
function numbersIn(value: unknown): number[] {
  if (typeof value === "number") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(numbersIn);
  return [];
}

describe("syntheticResults (test helper)", () => {
  it("builds valid results documents, the same for the same seed", () => {
    const options: SyntheticOptions = { steps: ["a", "b"], variants: ["base", "O2", "native"], rounds: 4, drift: 0.05, errors: [{ step: "b", variant: "O2", round: 1 }] };
    const results = parseResults(syntheticResults(options), "synthetic");
    expect(results.samples).toHaveLength(2 * 3 * 4);
    expect(results.samples.filter((s) => s.round === 1 && s.step === "a").map((s) => [s.variant, s.position])).toEqual([
      ["native", 0],
      ["O2", 1],
      ["base", 2],
    ]);
    expect(syntheticResults(options)).toEqual(results);
    expect(syntheticResults({ ...options, seed: 2 })).not.toEqual(results);
  });
});

describe("compareRun verdicts (paired by round)", () => {
  it("regression: significantly below fail_below; the check fails", () => {
    const results = syntheticResults({ noise: 0.01, effects: { head: { [STEP]: 0.9 } } });
    const comparison = compareRun(results);
    const head = variantOf(comparison);
    expect(head.verdict).toBe("regression");
    expect(head.reason).toMatch(/^relative QPS 0\.\d{3} \(0\.\d{3}–0\.\d{3}\) is below 0\.97, one-sided t-test p = .* < 0\.01 \(α 0\.01 over 1 test\)$/);
    expect(head.qps_drop_test).toMatchObject({ level: 0.01, tests: 1 });
    expect(head.qps?.estimate).toBeGreaterThan(0.88);
    expect(head.qps?.estimate).toBeLessThan(0.92);
    expect(head.qps?.ci_high).toBeLessThan(0.95);
    expect(head.qps?.n).toBe(10);
    expect(head.qps?.confidence).toBe(1 - 10 / 1024);
    expect(comparison.verdict).toBe("fail");
    expect(comparison.counts).toMatchObject({ regression: 1, warning: 0, unchanged: 0 });
    expect(comparison.mode).toBe("paired");
  });

  it("warning: significantly below warn_below but not below fail_below; the check passes", () => {
    const comparison = compareRun(syntheticResults({ noise: 0.005, effects: { head: { [STEP]: 0.975 } } }));
    expect(variantOf(comparison).verdict).toBe("warning");
    expect(variantOf(comparison).reason).toMatch(/is below 0\.98, one-sided t-test p = .* < 0\.01 \(α 0\.01 over 1 test\)$/);
    expect(comparison.verdict).toBe("pass");
  });

  it("improvement: significantly above improve_above", () => {
    const head = headWith(1.1, { noise: 0.01 });
    expect(head.verdict).toBe("improvement");
    expect(head.reason).toMatch(/is above 1\.05/);
    expect(head.hints).toEqual([]);
  });

  it("unchanged: no significant change and the interval rules out a failing one", () => {
    const head = headWith(1, { noise: 0.005 });
    expect(head.verdict).toBe("unchanged");
    expect(head.reason).toMatch(/no significant change$/);
    expect(head.qps?.ci_low).toBeGreaterThan(0.95);
  });

  it("unchanged: a significant change within the thresholds", () => {
    const head = headWith(0.99, { noise: 0.002 });
    expect(head.verdict).toBe("unchanged");
    expect(head.qps?.p_value).toBeLessThan(0.01);
    expect(head.reason).toMatch(/p = .* < 0\.01, is within 0\.98–1\.05$/);
  });

  it("unstable: too noisy to rule out a regression", () => {
    const head = headWith(1, { noise: 0.1 });
    expect(head.verdict).toBe("unstable");
    expect(head.qps?.ci_low).toBeLessThan(0.95);
    expect(head.reason).toMatch(/reaches below 0\.97 and p = .*: too noisy to rule out a regression$/);
  });

  it("unstable: too few rounds for any p-value to reach alpha, however large the change", () => {
    const head = headWith(0.8, { rounds: 5, noise: 0.01 });
    expect(head.verdict).toBe("unstable");
    expect(head.reason).toBe("too few values (n = 5): the smallest possible p-value 0.063 is not below 0.01");
  });

  it("error: a failed sample of the base or the variant, with its message and log; the other steps still compare", () => {
    const results = syntheticResults({
      steps: ["scan", "point"],
      noise: 0.01,
      errors: [
        { step: "scan", variant: "head", round: 3, message: "server closed the connection unexpectedly\nmore detail", log_excerpt: "LOG: server process was terminated by signal 9" },
        { step: "scan", variant: "base", round: 7 },
      ],
    });
    const comparison = compareRun(results);
    const scan = variantOf(comparison, "scan");
    expect(scan.verdict).toBe("error");
    expect(scan.reason).toBe("2 samples failed; base round 7: pgbench exited with code 1");
    expect(scan.errors).toEqual([
      { variant: "base", round: 7, message: "pgbench exited with code 1", log_excerpt: "FATAL: pgbench exited with code 1" },
      { variant: "head", round: 3, message: "server closed the connection unexpectedly\nmore detail", log_excerpt: "LOG: server process was terminated by signal 9" },
    ]);
    expect(scan.qps?.n).toBe(8); // the rounds where both are ok still give an estimate
    expect(comparison.steps[0]?.absolute.map((a) => [a.variant, a.ok_samples, a.error_samples])).toEqual([
      ["base", 9, 1],
      ["head", 9, 1],
    ]);
    expect(variantOf(comparison, "point").verdict).not.toBe("error");
    expect(comparison.counts.error).toBe(1);
  });

  it("missing: no ok samples of the base, of both sides, or in no common round", () => {
    const results = syntheticResults({ steps: ["a", "b", "c"] });
    results.samples = results.samples.filter(
      (s) => !(s.step === "a" && s.variant === "base") && s.step !== "b" && !(s.step === "c" && (s.variant === "head") === s.round < 5),
    );
    const comparison = compareRun(results);
    expect(variantOf(comparison, "a")).toMatchObject({ verdict: "missing", reason: "no ok samples of base", qps: null });
    expect(variantOf(comparison, "b")).toMatchObject({ verdict: "missing", reason: "no ok samples of base or head" });
    expect(variantOf(comparison, "c")).toMatchObject({ verdict: "missing", reason: "no round has ok samples of both base and head" });
    expect(comparison.counts.missing).toBe(3);
  });

  it("a head without a single sample of a step the base measured is an error, and fails the check: not a gap that passes", () => {
    const results = syntheticResults({ steps: ["a", "b"], noise: 0.01 });
    results.samples = results.samples.filter((s) => !(s.step === "a" && s.variant === "head"));
    const comparison = compareRun(results);
    expect(variantOf(comparison, "a")).toMatchObject({ verdict: "error", reason: "no sample of head, while base has 10 ok samples", qps: null });
    expect(variantOf(comparison, "b").verdict).toBe("unchanged");
    expect(comparison.counts).toMatchObject({ error: 1, missing: 0 });
    expect(comparison.verdict).toBe("fail");
  });

  it("compares every variant against the base, and any variant can be the base", () => {
    const results = syntheticResults({ variants: ["base", "O2", "native"], noise: 0.01, effects: { O2: { [STEP]: 0.9 }, native: { [STEP]: 1.1 } } });
    const comparison = compareRun(results);
    expect(comparison.variants).toEqual(["O2", "native"]);
    expect(comparison.steps[0]?.absolute.map((a) => a.variant)).toEqual(["base", "O2", "native"]);
    expect(variantOf(comparison, STEP, "O2").verdict).toBe("regression");
    expect(variantOf(comparison, STEP, "native").verdict).toBe("improvement");
    const fromNative = compareRun(results, { baseVariant: "native" });
    expect(fromNative.base_variant).toBe("native");
    expect(variantOf(fromNative, STEP, "base").verdict).toBe("regression");
    expect(() => compareRun(results, { baseVariant: "nope" })).toThrow(inputError("base_variant"));
  });

  it("refuses a run with nothing to compare and a duplicated sample", () => {
    expect(() => compareRun(syntheticResults({ variants: ["base"] }))).toThrow(inputError("variants"));
    const results = syntheticResults();
    results.samples.push({ ...(results.samples[3] as OkSample) });
    expect(() => compareRun(results)).toThrow(inputError(`$.samples[${results.samples.length - 1}]`));
  });

  it("prints the estimate in a reason with enough decimals that it never reads as its threshold: 0.9496 is not 0.95", () => {
    const head = headWith(0.9496, { noise: 0 }, { thresholds: { fail_below: 0.95 } });
    expect(head.verdict).toBe("regression");
    expect(head.reason).toBe("relative QPS 0.9496 (0.9496–0.9496) is below 0.95, one-sided t-test p = 0 < 0.01 (α 0.01 over 1 test)");
    expect(headWith(0.9, { noise: 0 }, { thresholds: { fail_below: 0.95 } }).reason).toBe("relative QPS 0.900 (0.900–0.900) is below 0.95, one-sided t-test p = 0 < 0.01 (α 0.01 over 1 test)");
  });

  it("a background writer that fell behind on both sides of a round counts that round once", () => {
    const results = syntheticResults({ noise: 0.01 });
    const behindIn = (rounds: readonly number[]): Results => ({
      ...results,
      samples: results.samples.map((s) =>
        s.status === "ok" ? { ...s, background_writer: { target_rows_per_s: 100, rows_per_s: rounds.includes(s.round) ? 60 : 100, kept_rate: !rounds.includes(s.round) } } : s,
      ),
    });
    const once = variantOf(compareRun(behindIn([3])));
    expect(once.verdict).toBe("unstable");
    expect(once.reason).toBe("the background writer fell behind its 100 rows/s in 1 round (base round 3: 60 rows/s): QPS not judged");
    expect(variantOf(compareRun(behindIn([3, 5]))).reason).toMatch(/ in 2 rounds \(/);
  });
});

describe("thresholds", () => {
  const twoSteps = () => syntheticResults({ steps: ["scan.range", "point.pk"], noise: 0.005, effects: { head: { "scan.range": 0.975, "point.pk": 0.975 } } });
  const verdicts = (options: CompareOptions) => {
    const comparison = compareRun(twoSteps(), options);
    return [variantOf(comparison, "scan.range").verdict, variantOf(comparison, "point.pk").verdict];
  };

  it("defaults, then the run's thresholds, then per-step overrides matched by glob, later ones winning", () => {
    expect(verdicts({})).toEqual(["warning", "warning"]);
    expect(verdicts({ thresholds: { fail_below: 0.9, warn_below: 0.95 } })).toEqual(["unchanged", "unchanged"]);
    const strictScans: ThresholdOverride = { step: "scan.*", fail_below: 0.98, warn_below: 0.99 };
    expect(verdicts({ overrides: [strictScans] })).toEqual(["regression", "warning"]);
    expect(verdicts({ overrides: [strictScans, { step: "*.range", fail_below: 0.9 }] })).toEqual(["warning", "warning"]);
    const comparison = compareRun(twoSteps(), { overrides: [strictScans] });
    expect(variantOf(comparison, "scan.range").thresholds).toEqual({ ...DEFAULT_THRESHOLDS, fail_below: 0.98, warn_below: 0.99, improve_above: 1.05, alpha: 0.01 });
    expect(comparison.thresholds).toEqual({ ...DEFAULT_THRESHOLDS, fail_below: 0.97, warn_below: 0.98, improve_above: 1.05, alpha: 0.01 });
    expect(comparison.overrides).toEqual([strictScans]);
  });

  it("alpha sets both the test level and the interval's confidence", () => {
    const head = headWith(1, { noise: 0.01 }, { thresholds: { alpha: 0.05 } });
    expect(head.qps?.confidence).toBeGreaterThanOrEqual(0.95);
    expect(head.qps?.confidence).toBeLessThan(0.99);
  });

  it("refuses invalid thresholds, naming the field", () => {
    const results = syntheticResults();
    const refuses = (options: CompareOptions, field: string) => expect(() => compareRun(results, options)).toThrow(inputError(field));
    refuses({ thresholds: { fail_below: 0 } }, "thresholds.fail_below");
    refuses({ thresholds: { fail_below: 0.99 } }, "thresholds.fail_below");
    refuses({ thresholds: { warn_below: 1.01 } }, "thresholds.warn_below");
    refuses({ thresholds: { improve_above: 0.99 } }, "thresholds.improve_above");
    refuses({ thresholds: { alpha: 0.5 } }, "thresholds.alpha");
    refuses({ thresholds: { alpha: Number.NaN } }, "thresholds.alpha");
    refuses({ overrides: [{ step: "nothing-matches", warn_below: 0.9 }] }, "overrides[0] (step nothing-matches).fail_below");
    refuses({ overrides: [{ step: "", alpha: 0.05 }] }, "overrides[0].step");
    // each override is valid with the run's thresholds; together they are not
    const combined = [
      { step: "point-*", fail_below: 0.975 },
      { step: "*.pk1", warn_below: 0.972 },
    ];
    refuses({ overrides: combined }, `overrides for step ${STEP}: fail_below`);
    expect(() => compareRun(results, { thresholds: { alpha: 0.7 } })).toThrow("thresholds.alpha: must be between 0 and 0.5 (exclusive), got 0.7");
  });
});

describe("per-op metrics, latency and hints", () => {
  it("estimates every metric and p95 latency as ratios, and explains a regression by CPU, contention and IO", () => {
    const head = headWith(0.9, {
      noise: 0.005,
      metrics: { ...DEFAULT_SYNTHETIC_METRICS, r_per_op: 0.5 },
      metricEffects: { head: { [STEP]: { cpu_us_per_op: 1.11, cs_per_op: 1.4, r_per_op: 1.5, wkb_per_op: 1.03 } } },
    });
    expect(head.verdict).toBe("regression");
    expect(head.metrics.cpu_us_per_op?.estimate).toBeCloseTo(1.11, 2);
    expect(head.metrics.cs_per_op?.estimate).toBeCloseTo(1.4, 1);
    expect(head.metrics.r_per_op?.estimate).toBeCloseTo(1.5, 1);
    expect(head.metrics.wkb_per_op?.estimate).toBeCloseTo(1.03, 2);
    expect(head.metrics.rkb_per_op).toBeNull(); // 0 KB read on both sides: no ratio
    expect(head.latency_p95?.estimate).toBeCloseTo(1 / 0.9, 2);
    expect(head.hints).toEqual(["cpu/op +11%", "cs/op +40% (context switches: contention?)", "IO/op up: r/op +50%"]);
  });

  it("gives no CPU hint when CPU per op rose by less than half the QPS loss, and no hints for other verdicts", () => {
    const head = headWith(0.9, { noise: 0.005, metricEffects: { head: { [STEP]: { cpu_us_per_op: 1.04 } } } });
    expect(head.verdict).toBe("regression");
    expect(head.hints).toEqual([]);
    const unchanged = headWith(1, { noise: 0.005, metricEffects: { head: { [STEP]: { cpu_us_per_op: 1.3 } } } });
    expect(unchanged.verdict).toBe("unchanged");
    expect(unchanged.hints).toEqual([]);
  });

  it("never produces NaN or Infinity: zero IO on either side, no counters, no latency", () => {
    const results = syntheticResults({ steps: ["io", "no-counters"] });
    for (const s of results.samples) {
      if (s.status === "ok" && s.step === "io" && s.variant === "head" && s.metrics) s.metrics.r_per_op = 0.3; // reads appear from a zero base
      if (s.status === "ok" && s.step === "no-counters") Object.assign(s, { metrics: null, latency_ms: null });
    }
    const comparison = compareRun(results);
    const io = variantOf(comparison, "io");
    expect(io.metrics.r_per_op).toBeNull();
    expect(io.metrics.rkb_per_op).toBeNull();
    expect(io.metrics.cpu_us_per_op).not.toBeNull();
    const noCounters = variantOf(comparison, "no-counters");
    expect(Object.values(noCounters.metrics)).toEqual([null, null, null, null, null]);
    expect(noCounters.latency_p95).toBeNull();
    expect(comparison.steps[1]?.absolute[0]).toMatchObject({ metrics: null, latency_p95_ms: null });
    expect(numbersIn(comparison).every(Number.isFinite)).toBe(true);
    expect(JSON.parse(JSON.stringify(comparison))).toEqual(comparison);
  });
});

describe("absolute values per step", () => {
  it("medians per variant, the worst client CPU share, sample counts and total duration", () => {
    const results = syntheticResults({ errors: [{ step: STEP, variant: "head", round: 2 }] });
    const headOk = results.samples.filter((s): s is OkSample => s.variant === "head" && s.status === "ok");
    (headOk[4] as OkSample).client_cpu_share = 0.7;
    const [base, head] = compareRun(results).steps[0]?.absolute ?? [];
    expect(head).toEqual({
      variant: "head",
      ops_per_s: median(headOk.map((s) => s.ops_per_s)),
      metrics: {
        cpu_us_per_op: median(headOk.map((s) => s.metrics?.cpu_us_per_op ?? Number.NaN)),
        cs_per_op: median(headOk.map((s) => s.metrics?.cs_per_op ?? Number.NaN)),
        r_per_op: 0,
        rkb_per_op: 0,
        wkb_per_op: median(headOk.map((s) => s.metrics?.wkb_per_op ?? Number.NaN)),
      },
      latency_p95_ms: median(headOk.map((s) => s.latency_ms?.p95 ?? Number.NaN)),
      latency_avg_ms: null,
      latency_p50_ms: null,
      latency_p90_ms: null,
      latency_p99_ms: null,
      latency_p99_9_ms: null,
      latency_max_ms: null,
      stall_percent: null,
      lsm_metrics: null,
      writer_rows_per_s: null,
      database_bytes: null,
      server_rss_bytes: null,
      client_cpu_share: 0.7,
      ok_samples: 9,
      error_samples: 1,
      duration_s: 100,
    });
    expect(base).toMatchObject({ variant: "base", ok_samples: 10, error_samples: 0, client_cpu_share: 0.2 });
  });
});

describe("compareAgainstBaseline (unpaired)", () => {
  const baseline = syntheticResults({ variants: ["main"], steps: [STEP, "dropped-step"], noise: 0.01, seed: 100 });

  it("compares every variant of the current run with the baseline's base", () => {
    const current = syntheticResults({ variants: ["base", "head"], steps: [STEP, "new-step"], noise: 0.01, seed: 200, effects: { head: { [STEP]: 0.9 } } });
    const comparison = compareAgainstBaseline(current, baseline);
    expect(comparison.mode).toBe("unpaired");
    expect(comparison.base_variant).toBe("baseline:main");
    expect(comparison.variants).toEqual(["base", "head"]);
    expect(comparison.context.baseline).toEqual({ run_id: baseline.run.id, fingerprint: baseline.fingerprint, variant: baseline.variants[0] });
    expect(comparison.context.run_id).toBe(current.run.id);
    const head = variantOf(comparison);
    expect(head.verdict).toBe("regression");
    expect(head.qps?.n).toBe(20);
    expect(head.qps?.estimate).toBeCloseTo(0.9, 1);
    expect(variantOf(comparison, STEP, "base").verdict).toBe("unchanged");
    expect(variantOf(comparison, "new-step")).toMatchObject({ verdict: "missing", reason: "no ok samples of baseline:main" });
    // a step the current run's profile no longer has is a gap, not a failure of the head
    expect(variantOf(comparison, "dropped-step")).toMatchObject({ verdict: "missing", reason: "no ok samples of head" });
    expect(comparison.steps.map((s) => s.step)).toEqual([STEP, "new-step", "dropped-step"]);
    expect(comparison.steps[0]?.absolute.map((a) => a.variant)).toEqual(["baseline:main", "base", "head"]);
    expect(() => compareAgainstBaseline(current, baseline, { baseVariant: "head" })).toThrow(inputError("base_variant"));
  });

  it("counts failed baseline samples as errors of the step", () => {
    const failing = syntheticResults({ variants: ["main"], errors: [{ step: STEP, variant: "main", round: 0 }] });
    const comparison = compareAgainstBaseline(only(syntheticResults(), "head"), failing);
    expect(variantOf(comparison)).toMatchObject({ verdict: "error", errors: [{ variant: "baseline:main", round: 0 }] });
  });

  it("pairing cancels drift between rounds that leaves an unpaired comparison too noisy to judge", () => {
    const results = syntheticResults({ drift: 0.1, noise: 0.005, effects: { head: { [STEP]: 0.93 } }, seed: 9 });
    expect(variantOf(compareRun(results)).verdict).toBe("regression");
    const unpaired = variantOf(compareAgainstBaseline(only(results, "head"), only(results, "base")));
    expect(unpaired.verdict).toBe("unstable");
    expect(unpaired.qps?.ci_low).toBeLessThan(0.9);
  });
});

describe("the QPS drop test counts server processes, not rounds (issue 35)", () => {
  /** Both of the head's server processes (rounds 0-3 and 4-7) happened to run 3.5% and 4.5% slower than the base's. */
  function processOffsets(options: SyntheticOptions = {}): Results {
    const results = syntheticResults({ rounds: 8, noise: 0.003, restartEvery: 4, ...options });
    const offset = (round: number) => (round < 4 ? 0.965 : 0.955);
    return { ...results, samples: results.samples.map((s) => (s.status === "ok" && s.variant === "head" ? { ...s, ops_per_s: s.ops_per_s * offset(s.round) } : s)) };
  }
  const withoutProcesses = (results: Results): Results => ({ ...results, samples: results.samples.map((s) => (s.status === "ok" ? { ...s, process: undefined } : s)) });

  it("8 rounds that differ only by the offsets of 2 pairs of processes are no regression, with the A/A spread between processes recorded", () => {
    const results = processOffsets({ processSpread: { sd: 0.025, df: 20 } });
    const head = variantOf(compareRun(results));
    expect(head.qps?.estimate).toBeLessThan(0.97);
    expect(head.verdict).not.toBe("regression");
    expect(head.qps_drop_test).toMatchObject({ method: "recorded", blocks: 2, level: 0.01 });
    expect(head.qps_drop_test!.p_value).toBeGreaterThan(0.01);
    expect(head.reason).toMatch(/rounds from 2 pairs of server processes, their A\/A spread added, df \d+\.\d\)/);
    // the same rounds without their processes are tested round by round, as before: a regression
    expect(variantOf(compareRun(withoutProcesses(results))).verdict).toBe("regression");
  });

  it("without a recorded spread, the means of the pairs of processes are the units", () => {
    const head = variantOf(compareRun(processOffsets()));
    expect(head.verdict).not.toBe("regression");
    expect(head.qps_drop_test).toMatchObject({ method: "block-means", blocks: 2, df: 1 });
  });

  it("one server process per side and no recorded spread: the drop test cannot tell a drop from the processes' offset", () => {
    const head = variantOf(compareRun(syntheticResults({ rounds: 8, noise: 0.003, restartEvery: 8, effects: { head: { [STEP]: 0.8 } } })));
    expect(head.verdict).not.toBe("regression");
    expect(head.qps_drop_test).toMatchObject({ method: "untestable", blocks: 1, p_value: 1 });
    expect(head.reason).toContain("every round from 1 pair of server processes and no A/A spread between processes recorded");
  });

  it("a genuine 5% drop over 4 pairs of processes is still a regression", () => {
    const results = syntheticResults({ rounds: 8, noise: 0.01, restartEvery: 2, processNoise: 0.005, processSpread: { sd: 0.007, df: 20 }, effects: { head: { [STEP]: 0.95 } } });
    const head = variantOf(compareRun(results));
    expect(head.verdict).toBe("regression");
    expect(head.qps_drop_test).toMatchObject({ method: "recorded", blocks: 4 });
  });

  it("every round its own processes (an embedded engine): the rounds are the units, as before", () => {
    const results = syntheticResults({ rounds: 8, noise: 0.01, restartEvery: 1, processSpread: { sd: 0.02, df: 20 }, effects: { head: { [STEP]: 0.95 } } });
    const head = variantOf(compareRun(results));
    expect(head.qps_drop_test).toMatchObject({ method: "rounds", blocks: 8, df: 7 });
    expect(head.qps_drop_test!.p_value).toBe(variantOf(compareRun(withoutProcesses(results))).qps_drop_test!.p_value);
  });
});

describe("alpha shared by every QPS test that can fail the run (issue 35)", () => {
  const steps = ["a", "b", "c", "d"];

  it("adaptive rounds: each step is tested at its look's level under alpha / tests, not alpha", async () => {
    const { lookAlpha } = await import("../../src/compare/alpha-spending.js");
    const results = syntheticResults({ steps, rounds: 14, noise: 0.01 });
    results.run.sequential = { min_rounds: 10, max_rounds: 24, look_every: 4, spending: "pocock" };
    const design = { minRounds: 10, maxRounds: 24, lookEvery: 4, spending: "pocock" as const };
    const head = variantOf(compareRun(results), "a");
    expect(head.configured_alpha).toBe(0.01);
    // the look at 10 cannot reject at 0.01 / 4 (2 / 1024 is above its level), so its share carries on to 14
    expect(head.thresholds.alpha).toBeCloseTo(lookAlpha(design, 0.01 / 4, 14), 12);
    expect(head.thresholds.alpha).not.toBeCloseTo(lookAlpha(design, 0.01, 14), 5);
  });

  it("an adaptive step whose drop is significant at the look's level under alpha, but not under alpha / tests, is no regression", () => {
    // 10 pairs, all down: two-sided signed-rank p = 2 / 2^10 = 0.002, below the first look's level of 1 test (0.0054), above that of 4 (0.0014)
    const logRatios = [-0.06, -0.05, -0.07, -0.055, -0.065, -0.05, -0.06, -0.07, -0.045, -0.058];
    const sequential = { minRounds: 10, maxRounds: 24, lookEvery: 4, spending: "pocock" as const };
    const one = compareRun(pairsResults(syntheticResults(), logRatios, sequential));
    expect(one.steps[0]!.variants[0]!.verdict).toBe("regression");
    const four = runResults(
      syntheticResults(),
      steps.map((step) => ({ step, logRatios })),
      sequential,
    );
    expect(compareRun(four).steps.map((s) => s.variants[0]!.verdict)).not.toContain("regression");
  });

  it("a stored baseline: every step at alpha / tests", () => {
    const current = syntheticResults({ steps, rounds: 10, noise: 0.01, seed: 5 });
    const comparison = compareAgainstBaseline(only(current, "head"), only(syntheticResults({ steps, rounds: 10, noise: 0.01, seed: 6 }), "base"));
    const head = variantOf(comparison, "a");
    expect(head.thresholds.alpha).toBeCloseTo(0.01 / 4, 12);
    expect(head.configured_alpha).toBe(0.01);
  });

  it("columns of one report (one per architecture) share alpha: tests = steps x variants x columns", () => {
    const head = variantOf(compareRun(syntheticResults({ steps, rounds: 8, noise: 0.01, effects: { head: { a: 0.9 } } }), { columns: 3 }), "a");
    expect(head.qps_drop_test).toMatchObject({ tests: 12 });
    expect(head.qps_drop_test!.level).toBeCloseTo(0.01 / 12, 12);
  });
});

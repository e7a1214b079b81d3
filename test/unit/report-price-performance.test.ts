import { describe, expect, it } from "vitest";
import { compareRun } from "../../src/compare/compare.js";
import { parseRunnerCost, priceOfRunner } from "../../src/config/runner-cost.js";
import { renderMarkdown } from "../../src/report/markdown.js";
import { opsPerMoney, renderPricePerformance } from "../../src/report/price-performance.js";
import type { Results } from "../../src/results/schema.js";
import { syntheticResults } from "../../scripts/lib/synthetic-results.js";
import { markdownRows } from "../helpers/markdown-rows.js";
import { readFileSync } from "node:fs";
import { cpuModelOf } from "../../src/measure/fingerprint.js";
import { runLabels } from "../../src/results/run-labels.js";

const steps = ["pgbench.select-only.prepared.c1", "point-query.range100.pk1"];

function run(arch: string, qps: number, runner: Results["fingerprint"]["runner"] = { name: null, labels: [] }): Results {
  const results = syntheticResults({ steps, qps, noise: 0.001, seed: 9 });
  return { ...results, fingerprint: { ...results.fingerprint, arch, runner } };
}

describe("runner prices", () => {
  it("price a run by its runner name, else a label, else its architecture", () => {
    const cost = parseRunnerCost("{ x86_64: 0.768, ARM64: 0.5, big-box: 2 }", "input runner-cost");
    expect(priceOfRunner({ arch: "x86_64", runner: { name: null, labels: ["Linux", "X64"] } }, cost)).toEqual({ perHour: 0.768, by: "x86_64" });
    expect(priceOfRunner({ arch: "aarch64", runner: { name: "r1", labels: ["Linux", "ARM64"] } }, cost)).toEqual({ perHour: 0.5, by: "ARM64" });
    expect(priceOfRunner({ arch: "x86_64", runner: { name: "big-box", labels: ["X64"] } }, cost)).toEqual({ perHour: 2, by: "big-box" });
    expect(priceOfRunner({ arch: "riscv64", runner: { name: null, labels: [] } }, cost)).toBeNull();
  });

  it("turn QPS into operations per unit of money: an hour of QPS over the hour's price", () => {
    expect(opsPerMoney(10_000, 0.5)).toBe(72_000_000);
  });
});

describe("price/performance in the report", () => {
  const cost = { x86_64: 0.768, aarch64: 0.538 };

  it("shows each architecture's operations per unit of cost for base and head, each named, and the ratios between architectures variant by variant", () => {
    // aarch64: 20% fewer QPS at 30% less per hour: 0.8 / (0.538 / 0.768) = 1.14 times the operations for the money;
    // head 10% slower than base on both
    const slowerHead = { head: { [steps[0]!]: 0.9, [steps[1]!]: 0.9 } };
    const priced = (arch: string, qps: number) => {
      const results = syntheticResults({ steps, qps, noise: 0.001, seed: 9, effects: slowerHead });
      return compareRun({ ...results, fingerprint: { ...results.fingerprint, arch } }, { label: arch });
    };
    const section = renderPricePerformance([priced("x86_64", 10_000), priced("aarch64", 8_000)], cost);
    const table = markdownRows(section);
    expect(table[0]).toEqual([
      "step",
      "x86_64 · base",
      "x86_64 · head",
      "aarch64 · base",
      "aarch64 · head",
      "aarch64 · base / x86_64 · base",
      "aarch64 · head / x86_64 · head",
    ]);
    for (const row of table.slice(2)) {
      expect(row[1]).toMatch(/^4[67]\.\dM$/); // base: 10,000 x 3600 / 0.768 = 46.9M
      expect(row[2]).toMatch(/^4[12]\.\dM$/); // head: 9,000 x 3600 / 0.768 = 42.2M
      expect(row[3]).toMatch(/^53\.\dM$/); // base: 8,000 x 3600 / 0.538 = 53.5M
      expect(row[4]).toMatch(/^48\.\dM$/); // head: 7,200 x 3600 / 0.538 = 48.2M
      expect(Number(row[5])).toBeCloseTo(1.14, 1);
      expect(Number(row[6])).toBeCloseTo(1.14, 1);
    }
    expect(section).toMatch(/aarch64 · base gives 1\.1\d times the operations per unit of cost of x86_64 · base \(geometric mean over 2 steps\)/);
    expect(section).toMatch(/aarch64 · head gives 1\.1\d times the operations per unit of cost of x86_64 · head \(geometric mean over 2 steps\)/);
    expect(section).toContain("per variant (a column each; base: `base`): the variant's median QPS × 3600 / price per hour");
    expect(section).toContain("x86_64 0.768 per hour (`x86_64`), aarch64 0.538 per hour (`aarch64`)");
  });

  it("shows every variant of a single run (flag sets side by side), and says which runs have no price", () => {
    const flags = syntheticResults({ steps, variants: ["O2", "native"], qps: 10_000, noise: 0.001, effects: { native: { [steps[0]!]: 1.1 } } });
    expect(markdownRows(renderPricePerformance([compareRun(flags)], cost))[0]).toEqual(["step", "O2", "native"]);
    const unpriced = renderPricePerformance([compareRun(run("x86_64", 1000), { label: "x86_64" }), compareRun(run("riscv64", 1000), { label: "riscv64" })], cost);
    expect(unpriced).toContain("No runner-cost for riscv64 (looked up by runner name, label, then architecture).");
    expect(markdownRows(unpriced)[0]).toEqual(["step", "x86_64 · base", "x86_64 · head"]);
  });

  it("is in the markdown report only when runner-cost is given", () => {
    const comparisons = [compareRun(run("x86_64", 10_000), { label: "x86_64" }), compareRun(run("aarch64", 8_000), { label: "aarch64" })];
    expect(renderMarkdown(comparisons)).not.toContain("Price/performance");
    expect(renderMarkdown(comparisons, { runnerCost: cost })).toContain("### Price/performance");
  });
});

describe("an emulated run beside a real one (scripts/arm64-tree.sh)", () => {
  // what an aarch64 process read inside the emulated tree: uname -m and the host's /proc/cpuinfo
  const emulated = (file: string) => readFileSync(new URL(`../fixtures/arm64/emulated/${file}`, import.meta.url), "utf8");
  const cpuModel = cpuModelOf(emulated("uname-m").trim(), emulated("cpuinfo"));
  const runs = [run("x86_64", 10_000), { ...run("aarch64", 200), fingerprint: { ...run("aarch64", 200).fingerprint, cpu_model: cpuModel } }];
  const comparisons = runs.map((results, i) => compareRun(results, { label: runLabels(runs)[i] ?? null, columns: runs.length }));

  it("names its column emulated, so no reader takes it for an arm64 machine's", () => {
    expect(cpuModel).toBe("aarch64 emulated on AMD EPYC");
    expect(runLabels(runs)).toEqual(["x86_64", "aarch64 emulated"]);
    expect(markdownRows(renderMarkdown(comparisons)).find((row) => row[0] === "step")).toContain("aarch64 emulated QPS ratio");
  });

  it("leaves it out of price/performance: its QPS measures the emulator, not the CPU", () => {
    const section = renderPricePerformance(comparisons, { x86_64: 0.768, aarch64: 0.538 });
    expect(markdownRows(section)[0]).toEqual(["step", "x86_64 · base", "x86_64 · head"]);
    expect(section).toContain("Left out: aarch64 emulated (aarch64 emulated on AMD EPYC): QPS under emulation measures the emulator, not an aarch64 CPU.");
    expect(section).not.toMatch(/times the operations per unit of cost/);
  });
});

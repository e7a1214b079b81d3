/**
 * The insert benchmark's rows in the comment and the TSV, from a real run: test/fixtures/results/
 * ibench-pg-base-head.json is `db-bench-gate run` of a tiny ibench profile (every step, 2 rounds of 2 s)
 * on the PostgreSQL demo fork, base against its slower head, on a loaded 2-core machine.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compareRun } from "../../src/compare/compare.js";
import type { Comparison, StepComparison } from "../../src/compare/types.js";
import { parseResults } from "../../src/results/io.js";
import { IBENCH_FIELDS, ibenchAbsolute, ibenchTables, renderIbench } from "../../src/report/ibench.js";
import { formatRatio } from "../../src/report/format.js";
import { renderMarkdown } from "../../src/report/markdown.js";
import { renderTsv } from "../../src/report/tsv.js";
import { markdownRows } from "../helpers/markdown-rows.js";

const fixture = (name: string) => {
  const file = new URL(`../fixtures/results/${name}`, import.meta.url);
  return parseResults(JSON.parse(readFileSync(file, "utf8")), file.pathname);
};
const ibench = compareRun(fixture("ibench-pg-base-head.json"));
const STEPS = ["l.i0", "l.x", "l.i1", "l.i2", "qr100", "qp100"];
const stepOf = (c: Comparison, id: string): StepComparison => c.steps.find((s) => s.step === id)!;
const sideOf = (step: StepComparison, variant: string) => step.absolute.find((a) => a.variant === variant)!;

describe("the insert benchmark's metrics under the field's names", () => {
  it("a load step: ips is its rate, qps 0, CPU per insert; database size and memory in MiB", () => {
    const step = stepOf(ibench, "l.i1");
    const base = sideOf(step, "base");
    const values = ibenchAbsolute(step, base);
    expect(values).toMatchObject({ ips: base.ops_per_s, qps: 0, cpupi: base.metrics!.cpu_us_per_op, cpupq: null, wkbpi: base.metrics!.wkb_per_op });
    expect(values.dbmb).toBeCloseTo(base.database_bytes! / 2 ** 20, 6);
    expect(values.rssmb).toBeCloseTo(base.server_rss_bytes! / 2 ** 20, 6);
    expect([values.p50, values.p90, values.max]).toEqual([base.latency_p50_ms, base.latency_p90_ms, base.latency_max_ms]);
    // what the real run measured: a database of some MiB, a server of some tens of MiB, commits of some ms
    expect(values.dbmb).toBeGreaterThan(5);
    expect(values.rssmb).toBeGreaterThan(10);
    expect(values.max).toBeGreaterThanOrEqual(values.p90!);
  });

  it("a query step: ips is its writer's rows/s, CPU per query, KB written per insert of the writer", () => {
    const step = stepOf(ibench, "qr100");
    const head = sideOf(step, "head");
    const values = ibenchAbsolute(step, head);
    expect(values).toMatchObject({ ips: head.writer_rows_per_s, qps: head.ops_per_s, cpupi: null, cpupq: head.metrics!.cpu_us_per_op });
    expect(values.ips).toBeGreaterThan(95);
    expect(values.wkbpi).toBeCloseTo((head.metrics!.wkb_per_op * head.ops_per_s!) / head.writer_rows_per_s!, 9);
  });

  it("relative rows: rate and per-op counters as compare estimated them, the rest the quotient of the medians", () => {
    const tables = ibenchTables(ibench)!;
    expect(tables.absolute.map((r) => `${r.step} ${r.variant}`)).toEqual(STEPS.flatMap((s) => [`${s} base`, `${s} head`]));
    expect(tables.relative.map((r) => r.step)).toEqual(STEPS);
    for (const row of tables.relative) {
      const step = stepOf(ibench, row.step);
      const result = step.variants[0]!;
      const query = row.step.startsWith("q");
      expect(query ? row.values.qps : row.values.ips).toBe(result.qps!.estimate);
      expect(query ? row.values.cpupq : row.values.cpupi).toBe(result.metrics.cpu_us_per_op!.estimate);
      expect(query ? row.values.cpupi : row.values.cpupq).toBeNull();
      expect(row.values.dbmb).toBeCloseTo(sideOf(step, "head").database_bytes! / sideOf(step, "base").database_bytes!, 9);
    }
    expect(ibenchTables(compareRun(fixture("x86_64-regression.json")))).toBeNull();
  });
});

describe("the comment's insert-benchmark section", () => {
  it("one row per step: what it measures, both rates, relative rate and CPU per operation, the writer's rate", () => {
    const rows = markdownRows(renderIbench([ibench]));
    expect(rows[0]).toEqual(["step", "measures", "base rate", "variant rate", "relative rate", "relative CPU/op", "writer rows/s (median / target)"]);
    const summary = rows.slice(2, 2 + STEPS.length);
    expect(summary.map((r) => r[0])).toEqual(STEPS.map((s) => `\`${s}\``));
    expect(summary.map((r) => r[1])).toEqual([...Array(4).fill("ips · cpupi"), "qps · cpupq", "qps · cpupq"]);
    for (const [i, id] of STEPS.entries()) {
      const result = stepOf(ibench, id).variants[0]!;
      expect(summary[i]!.slice(4, 6)).toEqual([formatRatio(result.qps!.estimate), formatRatio(result.metrics.cpu_us_per_op!.estimate)]);
    }
    expect(summary[4]![6]).toMatch(/^\d+(\.\d)? \/ 100$/);
    expect(summary[0]![6]).toBe("—");
    // the details: the field's names, a row per step and variant
    const details = rows.slice(2 + STEPS.length);
    expect(details[0]).toEqual(["step", "variant", ...IBENCH_FIELDS]);
    expect(details.slice(2).map((r) => `${r[0]} ${r[1]}`)).toEqual(STEPS.flatMap((s) => [`\`${s}\` \`base\``, `\`${s}\` \`head\``]));
  });

  it("is in the comment with the other details, and absent without ibench steps", () => {
    expect(renderMarkdown([ibench])).toContain("### Insert benchmark");
    expect(renderIbench([compareRun(fixture("x86_64-regression.json"))])).toBe("");
  });
});

describe("the metrics TSV of the insert benchmark", () => {
  it("one table in the field's names, relative rows (one per step) then absolute rows, instead of a block per step", () => {
    const lines = renderTsv([ibench], "metrics").split("\n");
    expect(lines.slice(0, 2)).toEqual(["insert benchmark", "--- relative to base"]);
    const header = [...IBENCH_FIELDS, "step", "variant"].join("\t");
    expect(lines.filter((l) => l === header)).toHaveLength(2);
    const absoluteAt = lines.indexOf("--- absolute");
    const relative = lines.slice(3, absoluteAt).map((l) => l.split("\t"));
    expect(relative.map((r) => r.slice(-2))).toEqual(STEPS.map((s) => [s, "head"]));
    expect(relative.every((r) => r.length === IBENCH_FIELDS.length + 2)).toBe(true);
    // a load step has no relative qps, a query step no cpupi
    expect(relative[0]![1]).toBe("NA");
    expect(relative[4]![2]).toBe("NA");
    const absolute = lines.slice(absoluteAt + 2).filter((l) => l !== "").map((l) => l.split("\t"));
    expect(absolute).toHaveLength(STEPS.length * 2);
    // the field writes a load step's qps as 0; dbmb with one decimal
    expect(absolute[0]![1]).toBe("0");
    expect(absolute[0]![IBENCH_FIELDS.indexOf("dbmb")]).toMatch(/^\d+\.\d$/);
    expect(lines.some((l) => l.startsWith("cpu_us/o"))).toBe(false);
  });
});

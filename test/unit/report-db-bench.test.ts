/**
 * RocksDB's db_bench rows in the comment, from a real run: test/fixtures/results/rocksdb-base-head.json
 * is `db-bench-gate run` of a tiny db_bench profile (readrandom, readwhilewriting, overwrite on 100k
 * keys, 2 rounds of 2 s, no counting) on the RocksDB demo fork, base against its slower head, on a
 * loaded 2-core machine (load average about 12: the QPS figures are noise, the shape is what counts).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compareRun } from "../../src/compare/compare.js";
import type { StepComparison } from "../../src/compare/types.js";
import { parseResults } from "../../src/results/io.js";
import { DB_BENCH_HEADER, renderDbBench } from "../../src/report/db-bench.js";
import { formatAmount, formatRatio } from "../../src/report/format.js";
import { renderMarkdown } from "../../src/report/markdown.js";
import { markdownRows } from "../helpers/markdown-rows.js";

const fixture = (name: string) => {
  const file = new URL(`../fixtures/results/${name}`, import.meta.url);
  return parseResults(JSON.parse(readFileSync(file, "utf8")), file.pathname);
};
const results = fixture("rocksdb-base-head.json");
const rocksdb = compareRun(results);
const STEPS = ["readrandom.t1", "readwhilewriting.t1", "overwrite.t1"];
const stepOf = (id: string): StepComparison => rocksdb.steps.find((s) => s.step === id)!;
const sideOf = (id: string, variant: string) => stepOf(id).absolute.find((a) => a.variant === variant)!;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
};

describe("db_bench's figures in the comparison", () => {
  it("micros/op, p99 and stall % are the medians of the rounds; stall % only for the steps that write", () => {
    for (const step of STEPS) {
      for (const variant of ["base", "head"]) {
        const samples = results.samples.filter((s) => s.step === step && s.variant === variant && s.status === "ok");
        const side = sideOf(step, variant);
        expect(side.latency_avg_ms).toBe(median(samples.map((s) => (s.status === "ok" ? s.latency_ms!.avg! : Number.NaN))));
        expect(side.latency_p99_ms).toBe(median(samples.map((s) => (s.status === "ok" ? s.latency_ms!.p99! : Number.NaN))));
        expect(side.stall_percent).toBe(step === "readrandom.t1" ? null : 0);
        // db_bench prints no p95
        expect(side.latency_p95_ms).toBeNull();
      }
    }
  });
});

describe("the comment's db_bench section", () => {
  it("one row per step: both rates, relative ops/sec, micros/op, p99 and stall % base → head, CPU per op and its ratio", () => {
    const rows = markdownRows(renderDbBench([rocksdb]));
    expect(rows[0]).toEqual(DB_BENCH_HEADER);
    expect(rows.slice(2).map((r) => r[0])).toEqual(STEPS.map((s) => `\`${s}\``));
    for (const [i, id] of STEPS.entries()) {
      const [base, head] = [sideOf(id, "base"), sideOf(id, "head")];
      const result = stepOf(id).variants[0]!;
      const arrow = (a: number | null, b: number | null) => `${formatAmount(a)} → ${formatAmount(b)}`;
      expect(rows[2 + i]!.slice(1)).toEqual([
        formatAmount(base.ops_per_s),
        formatAmount(head.ops_per_s),
        formatRatio(result.qps!.estimate),
        arrow(base.latency_avg_ms! * 1000, head.latency_avg_ms! * 1000),
        arrow(base.latency_p99_ms! * 1000, head.latency_p99_ms! * 1000),
        id === "readrandom.t1" ? "—" : "0 → 0",
        arrow(base.metrics!.cpu_us_per_op, head.metrics!.cpu_us_per_op),
        formatRatio(result.metrics.cpu_us_per_op!.estimate),
      ]);
    }
  });

  it("is in the comment with the other details; absent without db_bench steps, whose tables stay as they were", () => {
    expect(renderMarkdown([rocksdb])).toContain("### db_bench");
    const pgbench = compareRun(fixture("x86_64-regression.json"));
    expect(renderDbBench([pgbench])).toBe("");
    expect(renderMarkdown([pgbench])).not.toContain("micros/op");
  });
});

/**
 * RocksDB's db_bench rows in the comment, from a real run: test/fixtures/results/rocksdb-base-head.json
 * is `db-bench-gate run` of a tiny db_bench profile (fillseq, readrandom, readwhilewriting, overwrite
 * on 100k keys, 2 rounds of 2 s, no counting) on the RocksDB demo fork, base against its slower head,
 * on a 2-core machine shared with other jobs (the QPS figures are noise, the shape is what counts).
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
const STEPS = ["fillseq.t1", "readrandom.t1", "readwhilewriting.t1", "overwrite.t1"];
const WRITING = STEPS.filter((s) => s !== "readrandom.t1");
const stepOf = (id: string): StepComparison => rocksdb.steps.find((s) => s.step === id)!;
const sideOf = (id: string, variant: string) => stepOf(id).absolute.find((a) => a.variant === variant)!;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
};

describe("db_bench's figures in the comparison", () => {
  it("micros/op, p99, p99.9, stall % and the write counters are the medians of the rounds; stall % and counters only for the steps that write", () => {
    for (const step of STEPS) {
      for (const variant of ["base", "head"]) {
        const samples = results.samples.flatMap((s) => (s.step === step && s.variant === variant && s.status === "ok" ? [s] : []));
        const side = sideOf(step, variant);
        expect(side.latency_avg_ms).toBe(median(samples.map((s) => s.latency_ms!.avg!)));
        expect(side.latency_p99_ms).toBe(median(samples.map((s) => s.latency_ms!.p99!)));
        expect(side.latency_p99_9_ms).toBe(median(samples.map((s) => s.latency_ms!.p99_9!)));
        expect(side.latency_p99_9_ms).toBeGreaterThan(side.latency_p99_ms!);
        if (WRITING.includes(step)) {
          expect(side.stall_percent).toBe(median(samples.map((s) => s.stall_percent!)));
          expect(side.lsm_metrics).toEqual({
            compaction_read_bytes_per_op: median(samples.map((s) => s.lsm_metrics!.compaction_read_bytes_per_op)),
            compaction_write_bytes_per_op: median(samples.map((s) => s.lsm_metrics!.compaction_write_bytes_per_op)),
            flush_write_bytes_per_op: median(samples.map((s) => s.lsm_metrics!.flush_write_bytes_per_op)),
            write_amplification: median(samples.map((s) => s.lsm_metrics!.write_amplification!)),
          });
        } else {
          expect([side.stall_percent, side.lsm_metrics]).toEqual([null, null]);
        }
        // db_bench prints no p95
        expect(side.latency_p95_ms).toBeNull();
      }
    }
  });
});

describe("the comment's db_bench section", () => {
  it("one row per step: both rates, relative ops/sec, micros/op, p99, p99.9, stall % and w-amp base → head, CPU per op and its ratio", () => {
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
        arrow(base.latency_p99_9_ms! * 1000, head.latency_p99_9_ms! * 1000),
        id === "readrandom.t1" ? "—" : arrow(base.stall_percent, head.stall_percent),
        id === "readrandom.t1" ? "—" : arrow(base.lsm_metrics!.write_amplification, head.lsm_metrics!.write_amplification),
        arrow(base.metrics!.cpu_us_per_op, head.metrics!.cpu_us_per_op),
        formatRatio(result.metrics.cpu_us_per_op!.estimate),
      ]);
    }
  });

  it("the write counters per operation in the folded metrics: each side's medians, the head's ratios (— where a side is 0)", () => {
    const markdown = renderMarkdown([rocksdb]);
    const lead = markdown.indexOf("RocksDB's own write counters");
    expect(lead).toBeGreaterThan(markdown.indexOf("<summary>Metrics per operation"));
    const tableStart = markdown.indexOf("\n\n", lead) + 2;
    const rows = markdownRows(markdown.slice(tableStart, markdown.indexOf("\n\n", tableStart)));
    expect(rows[0]).toEqual(["step", "variant", "compact rB/op", "compact wB/op", "flush wB/op", "w-amp", "compact rB/op ratio", "compact wB/op ratio", "flush wB/op ratio", "w-amp ratio"]);
    // base and head of each step that writes; readrandom has no counters
    expect(rows.slice(2).map((r) => r[1])).toEqual(WRITING.flatMap(() => ["`base`", "`head`"]));
    const overwrite = stepOf("overwrite.t1");
    const head = rows[2 + 2 * WRITING.indexOf("overwrite.t1") + 1]!;
    const counters = sideOf("overwrite.t1", "head").lsm_metrics!;
    expect(head.slice(2)).toEqual([
      formatAmount(counters.compaction_read_bytes_per_op),
      formatAmount(counters.compaction_write_bytes_per_op),
      formatAmount(counters.flush_write_bytes_per_op),
      formatAmount(counters.write_amplification),
      // no compaction in 2-s rounds on 100k keys: a ratio of zeros is none
      "—",
      "—",
      formatRatio(overwrite.variants[0]!.lsm_metrics.flush_write_bytes_per_op!.estimate),
      formatRatio(overwrite.variants[0]!.lsm_metrics.write_amplification!.estimate),
    ]);
  });

  it("is in the comment with the other details; absent without db_bench steps, whose tables stay as they were", () => {
    expect(renderMarkdown([rocksdb])).toContain("### db_bench");
    const pgbench = compareRun(fixture("x86_64-regression.json"));
    expect(renderDbBench([pgbench])).toBe("");
    expect(renderMarkdown([pgbench])).not.toContain("micros/op");
    expect(renderMarkdown([pgbench])).not.toContain("write counters");
  });
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { dbBenchProcessCost, parseDbBenchOutput, parseDbBenchStatistics } from "../../src/driver/db-bench-output.js";
import { expectParseError } from "./expect-parse-error.js";

const sample = (name: string) => readFileSync(new URL(`../fixtures/samples/${name}`, import.meta.url), "utf8");
const fillseq = sample("db_bench_7.8.3_fillseq_real.txt");
const readrandom = sample("db_bench_7.8.3_readrandom_real.txt");
const overwriteStats = sample("db_bench_7.8.3_overwrite_stats_real.txt");

describe("db_bench output, real runs of Debian's 7.8.3", () => {
  it("fillseq with --histogram: result line and percentiles, no statistics block", () => {
    expect(parseDbBenchOutput(fillseq, "fillseq")).toEqual({
      benchmark: "fillseq",
      micros_per_op: 8.117,
      ops_per_s: 123203,
      seconds: 1.623,
      operations: 200000,
      mb_per_s: 49.3,
      found: null,
      percentiles: { p50: 2.73, p99: 14.03, p99_9: 210, average: 8.116, max: 45500 },
      statistics: null,
      assertions_enabled: true,
      version: "7.8.3",
    });
  });

  it("readrandom: keys found, and the --report_file CSV after it is ignored", () => {
    const parsed = parseDbBenchOutput(readrandom, "readrandom");
    expect([parsed.micros_per_op, parsed.ops_per_s, parsed.seconds, parsed.operations, parsed.mb_per_s]).toEqual([18.071, 110502, 3.023, 333998, 44.3]);
    expect(parsed.found).toEqual({ found: 166999, of: 166999 });
    expect(parsed.percentiles).toEqual({ p50: 5.09, p99: 33.68, p99_9: 4384.63, average: 18.0806, max: 62288 });
  });

  it("overwrite,stats: the last statistics block's stalls and compaction, as benchmark.sh reads them", () => {
    const output = parseDbBenchOutput(overwriteStats, "overwrite");
    expect([output.ops_per_s, output.operations, output.percentiles?.p99]).toEqual([61359, 185998, 52.08]);
    const parsed = parseDbBenchStatistics(output.statistics!, overwriteStats);
    // "Cumulative stall: 00:00:0.201 H:M:S, 6.6 percent"; 3 memtable_compaction stalls
    expect(parsed.stalls).toEqual({ percent: 6.6, count: 3 });
    expect(parsed.compaction).toEqual({
      write_gb: 0.2,
      read_gb: 0.1,
      seconds: 2.69,
      cpu_seconds: 0.91,
      flush_gb: 0.039,
      ingest_gb: 0.08,
      write_amplification: expect.closeTo((0.2 + 0.039) / 0.08, 10) as number,
    });
  });

  it("a name longer than db_bench's 12-character column and a seek result without MB/s", () => {
    const line = "readwhilewriting :       5.034 micros/op 198652 ops/sec 15.001 seconds 2979999 operations;   77.3 MB/s (2979999 of 2979999 found)\n";
    expect(parseDbBenchOutput(line, "readwhilewriting")).toMatchObject({ micros_per_op: 5.034, ops_per_s: 198652, mb_per_s: 77.3, found: { found: 2979999, of: 2979999 } });
    const seek = "seekrandom   :      12.581 micros/op 79484 ops/sec 10.000 seconds 794849 operations; (794849 of 794849 found)\n";
    expect(parseDbBenchOutput(seek, "seekrandom")).toMatchObject({ ops_per_s: 79484, mb_per_s: null, found: { found: 794849, of: 794849 }, percentiles: null });
  });

  it("CPU per operation from the process's rusage, background threads included", () => {
    const parsed = parseDbBenchOutput(readrandom, "readrandom");
    expect(dbBenchProcessCost(parsed, { user_s: 5.5, system_s: 0.5, cpu_s: 6, max_rss_kib: 51200 })).toEqual({
      user_s: 5.5,
      system_s: 0.5,
      cpu_us_per_op: (6 * 1e6) / 333998,
      max_rss_kib: 51200,
    });
  });
});

/** The statistics of an overwrite,stats run, read as whoever reads them does: apart from the result. */
const statisticsOf = (raw: string) => parseDbBenchStatistics(parseDbBenchOutput(raw, "overwrite").statistics!, raw);

describe("db_bench output not understood is a ParseError with the raw text", () => {
  it("another benchmark's output", () => expectParseError((raw) => parseDbBenchOutput(raw, "readrandom"), fillseq, /no db_bench readrandom result line/));

  it("two runs in one text", () =>
    expectParseError((raw) => parseDbBenchOutput(raw, "readrandom"), readrandom + readrandom, /result line appears 2 times/));

  it("two histograms for one result line", () => {
    const histogram = readrandom.slice(readrandom.indexOf("Microseconds per read:"), readrandom.indexOf("----------------------------------------------------", readrandom.indexOf("Percentiles:")));
    expectParseError((raw) => parseDbBenchOutput(raw, "readrandom"), readrandom + histogram, /Percentiles line appears 2 times/);
  });

  it("an error db_bench printed is quoted", () =>
    expectParseError(
      (raw) => parseDbBenchOutput(raw, "readrandom"),
      "RocksDB:    version 7.8.3\nopen error: Invalid argument: /tmp/x/db: does not exist (create_if_missing is false)\n",
      /it says "open error: Invalid argument/,
    ));

  it("a db_bench built without gflags", () => expectParseError((raw) => parseDbBenchOutput(raw, "readrandom"), "Please install gflags to run rocksdb tools\n", /it says "Please install gflags/));

  it("a run that completed nothing", () =>
    expectParseError(
      (raw) => parseDbBenchOutput(raw, "readrandom"),
      "readrandom   :       0.000 micros/op 0 ops/sec 10.000 seconds 0 operations;\n",
      /ops\/sec is 0: the run completed no operations/,
    ));

  it("a Percentiles line without P99.9", () =>
    expectParseError((raw) => parseDbBenchOutput(raw, "readrandom"), readrandom.replace(/ P99\.9: [\d.]+/, ""), /Percentiles line has no P99\.9/));

  it("the last statistics block cut short after the stall counts", () => {
    const cut = overwriteStats.slice(0, overwriteStats.lastIndexOf("Cumulative stall:"));
    expectParseError(statisticsOf, cut, /last statistics block has no readable "Cumulative stall" line/);
  });

  it("a compaction table whose Sum row lost a column", () =>
    expectParseError(
      statisticsOf,
      overwriteStats.replace(/^( Sum\s+11\/6\s+64\.21 MB\s+)0\.0 /m, "$1"),
      /Sum row does not match its header/,
    ));

  it("an unknown kind of stall count", () =>
    expectParseError(statisticsOf, overwriteStats.replaceAll("3 memtable_compaction,", "3 memtable-compaction,"), /Stalls\(count\) entry not understood/));
});

describe("a statistics block not understood costs no measured sample", () => {
  it("the result line is read whatever the block says; the block is refused only when read", () => {
    const cut = overwriteStats.slice(0, overwriteStats.lastIndexOf("Cumulative stall:"));
    expect(parseDbBenchOutput(cut, "overwrite")).toMatchObject({ ops_per_s: 61359, operations: 185998 });
    const tableless = "overwrite    :       16.297 micros/op 61359 ops/sec 3.031 seconds 185998 operations;   25.3 MB/s\nCumulative stall: 00:00:0.201 H:M:S, 6.6 percent\n";
    expect(parseDbBenchOutput(tableless, "overwrite").ops_per_s).toBe(61359);
    expectParseError(statisticsOf, tableless, /statistics without their compaction table/);
  });
});

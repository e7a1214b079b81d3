import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { dbBenchLsmMetrics, dbBenchProcessCost, parseDbBenchOutput, parseDbBenchStatistics } from "../../src/driver/db-bench-output.js";
import { expectParseError } from "./expect-parse-error.js";

const sample = (name: string) => readFileSync(new URL(`../fixtures/samples/${name}`, import.meta.url), "utf8");
const fillseq = sample("db_bench_7.8.3_fillseq_real.txt");
const readrandom = sample("db_bench_7.8.3_readrandom_real.txt");
const overwriteStats = sample("db_bench_7.8.3_overwrite_stats_real.txt");
// the driver's own command lines with --statistics (README.txt)
const fillseqCounters = sample("db_bench_7.8.3_fillseq_counters_real.txt");
const overwriteCounters = sample("db_bench_7.8.3_overwrite_counters_real.txt");
const readWhileWritingCounters = sample("db_bench_7.8.3_readwhilewriting_counters_real.txt");

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
      counters: null,
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

  it("overwrite,stats: the last statistics block's stalls", () => {
    const output = parseDbBenchOutput(overwriteStats, "overwrite");
    expect([output.ops_per_s, output.operations, output.percentiles?.p99]).toEqual([61359, 185998, 52.08]);
    const parsed = parseDbBenchStatistics(output.statistics!, overwriteStats);
    // "Cumulative stall: 00:00:0.201 H:M:S, 6.6 percent"; 3 memtable_compaction stalls
    expect(parsed.stalls).toEqual({ percent: 6.6, count: 3 });
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

describe("RocksDB's write counters, from the --statistics dump of real runs of the driver's command lines", () => {
  it("overwrite: bytes written, flushed and compacted as the tickers count them, after the run's own stats block", () => {
    const output = parseDbBenchOutput(overwriteCounters, "overwrite");
    expect(output.counters).toEqual({ bytes_written: 54499564, flush_write_bytes: 26532383, compact_read_bytes: 0, compact_write_bytes: 0 });
    // the readtocache before it read 100000 keys and wrote nothing: the counters are the overwrite's
    expect([output.operations, output.percentiles?.p99_9]).toEqual([124999, 833.79]);
  });

  it("fillseq into an emptied copy: what it wrote and flushed while it ran (the last memtable is not yet flushed)", () => {
    expect(parseDbBenchOutput(fillseqCounters, "fillseq").counters).toEqual({ bytes_written: 43600000, flush_write_bytes: 15840914, compact_read_bytes: 0, compact_write_bytes: 0 });
  });

  it("readwhilewriting: its writer's bytes, all still in the memtable (no flush, no compaction)", () => {
    expect(parseDbBenchOutput(readWhileWritingCounters, "readwhilewriting").counters).toEqual({ bytes_written: 3918768, flush_write_bytes: 0, compact_read_bytes: 0, compact_write_bytes: 0 });
  });

  it("per operation, and the write amplification: (flush + compaction written) / application written; none where nothing was written", () => {
    const counters = { bytes_written: 1000, flush_write_bytes: 900, compact_read_bytes: 1200, compact_write_bytes: 1100 };
    expect(dbBenchLsmMetrics({ operations: 10 }, counters)).toEqual({
      compaction_read_bytes_per_op: 120,
      compaction_write_bytes_per_op: 110,
      flush_write_bytes_per_op: 90,
      write_amplification: 2,
    });
    expect(dbBenchLsmMetrics({ operations: 10 }, { ...counters, bytes_written: 0 }).write_amplification).toBeNull();
  });

  it("a run without --statistics has no counters", () => expect(parseDbBenchOutput(overwriteStats, "overwrite").counters).toBeNull());
});

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

  it("a STATISTICS dump without one of the counters read, never a 0", () =>
    expectParseError((raw) => parseDbBenchOutput(raw, "overwrite"), overwriteCounters.replace(/^rocksdb\.compact\.write\.bytes COUNT : \d+\n/m, ""), /STATISTICS dump has no rocksdb\.compact\.write\.bytes counter/));

  it("a counter in another form than NAME COUNT : N", () =>
    expectParseError(
      (raw) => parseDbBenchOutput(raw, "overwrite"),
      overwriteCounters.replace("rocksdb.flush.write.bytes COUNT : 26532383", "rocksdb.flush.write.bytes COUNT : 2.6e7"),
      /STATISTICS counter not understood: "rocksdb\.flush\.write\.bytes COUNT : 2\.6e7"/,
    ));

  it("a counter twice, and two dumps for one result line", () => {
    const line = "rocksdb.bytes.written COUNT : 54499564\n";
    expectParseError((raw) => parseDbBenchOutput(raw, "overwrite"), overwriteCounters.replace(line, line + line), /has rocksdb\.bytes\.written 2 times/);
    const dump = overwriteCounters.slice(overwriteCounters.indexOf("STATISTICS:"));
    expectParseError((raw) => parseDbBenchOutput(raw, "overwrite"), `${overwriteCounters}\n${dump}`, /STATISTICS line appears 2 times/);
  });

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

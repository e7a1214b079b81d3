import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { expectParseError } from "./expect-parse-error.js";
import { dbBenchBenchmark, dbBenchLoadArgs, DbBenchParametersSchema, dbBenchRunArgs, dbBenchStep, dbBenchStepId } from "../../src/driver/db-bench.js";

const params = (step: string, extra: Record<string, unknown> = {}) => DbBenchParametersSchema.parse({ step, ...extra });

describe("db_bench command lines", () => {
  it("the load: fillseq without WAL, then flushed and compacted, with the shared data shape and LSM settings", () => {
    expect(dbBenchLoadArgs(params("readrandom"), "/d/db")).toEqual([
      "--db=/d/db",
      "--num=1000000",
      "--key_size=20",
      "--value_size=400",
      "--seed=1700000000",
      "--compression_type=none",
      "--cache_size=1073741824",
      "--write_buffer_size=16777216",
      "--target_file_size_base=16777216",
      "--max_bytes_for_level_base=67108864",
      "--max_background_jobs=2",
      "--bloom_bits=10",
      "--threads=1",
      "--disable_wal=1",
      "--histogram=1",
      "--benchmarks=fillseq,flush,waitforcompaction,compact,waitforcompaction,stats",
    ]);
  });

  it("a timed read step warms the block cache with readtocache first, on the existing database", () => {
    const args = dbBenchRunArgs(params("readrandom"), "/d/run", { seconds: 5 });
    expect(args).toContain("--use_existing_db=1");
    expect(args).toContain("--duration=5");
    expect(args.at(-1)).toBe("--benchmarks=readtocache,readrandom");
    expect(args.some((a) => a.startsWith("--reads="))).toBe(false);
  });

  it("range steps seek and step forward or backward; the whilewriting ones rate-limit their writer and end with stats", () => {
    expect(dbBenchRunArgs(params("revrange", { seek_nexts: 7 }), "/d", { seconds: 5 })).toEqual(expect.arrayContaining(["--seek_nexts=7", "--reverse_iterator=1", "--benchmarks=readtocache,seekrandom"]));
    const writing = dbBenchRunArgs(params("fwdrangewhilewriting"), "/d", { seconds: 5 });
    expect(writing).toEqual(expect.arrayContaining(["--reverse_iterator=0", "--benchmark_write_rate_limit=2097152", "--benchmarks=readtocache,seekrandomwhilewriting,stats"]));
    expect(dbBenchBenchmark(params("fwdrangewhilewriting"))).toBe("seekrandomwhilewriting");
  });

  it("a counted run does a fixed number of reads, or of writes for overwrite, from a cold block cache", () => {
    const reads = dbBenchRunArgs(params("readrandom"), "/d", { opsPerThread: 20000 });
    expect(reads).toEqual(expect.arrayContaining(["--duration=0", "--reads=20000"]));
    expect(reads.at(-1)).toBe("--benchmarks=readrandom");
    expect(dbBenchRunArgs(params("overwrite"), "/d", { opsPerThread: 20000 })).toEqual(expect.arrayContaining(["--duration=0", "--writes=20000", "--benchmarks=overwrite,stats"]));
  });

  it("steps that write count their bytes with --statistics, tickers only; read steps run without it", () => {
    for (const step of ["overwrite", "readwhilewriting", "fwdrangewhilewriting", "fillseq"]) {
      expect(dbBenchRunArgs(params(step), "/d", { seconds: 5 }), step).toEqual(expect.arrayContaining(["--statistics=1", "--stats_level=1"]));
    }
    for (const step of ["readrandom", "fwdrange", "revrange"]) {
      expect(dbBenchRunArgs(params(step), "/d", { seconds: 5 }).some((a) => a.startsWith("--stat")), step).toBe(false);
    }
    expect(() => params("overwrite", { options: { statistics: 0 } })).toThrow(/set by the db_bench driver itself/);
  });

  it("fillseq, measured: the whole key range into an emptied database, one thread, WAL off, whatever the rounds' duration", () => {
    const args = dbBenchRunArgs(params("fillseq"), "/d/run", { seconds: 5 });
    expect(args).toEqual(expect.arrayContaining(["--db=/d/run", "--num=1000000", "--use_existing_db=0", "--threads=1", "--disable_wal=1", "--histogram=1"]));
    expect(args.at(-1)).toBe("--benchmarks=fillseq,stats");
    expect(args.some((a) => a.startsWith("--duration") || a.startsWith("--writes"))).toBe(false);
    expect(dbBenchRunArgs(params("fillseq"), "/d", { opsPerThread: 5000 })).toContain("--writes=5000");
    expect(() => params("fillseq", { threads: 2 })).toThrow(/fillseq loads with 1 thread/);
    expect(dbBenchStep({ step: "fillseq" }).id).toBe("fillseq.t1");
  });

  it("counts the write steps: a counted run opens the SST files on one thread and runs no periodic stats job, whatever the profile's options", () => {
    // several file-opening threads race for where the writing thread's stack lands, whose address
    // seeds the memtable skip list's heights: identical overwrite runs counted 1% apart (2026-12-05)
    const counted = ["--file_opening_threads=1", "--stats_dump_period_sec=0", "--stats_persist_period_sec=0"];
    for (const step of ["overwrite", "fillseq", "readrandom", "fwdrange"]) {
      const args = dbBenchRunArgs(params(step, { options: { file_opening_threads: 16, stats_persist_period_sec: 600 } }), "/d", { opsPerThread: 10000 });
      // db_bench takes a flag's last value: the counted run's settings come after the profile's
      for (const setting of counted) expect(args.lastIndexOf(setting), `${step} ${setting}`).toBeGreaterThan(args.indexOf("--file_opening_threads=16"));
      expect(args.lastIndexOf("--stats_persist_period_sec=0"), step).toBeGreaterThan(args.indexOf("--stats_persist_period_sec=600"));
      // the timed runs are the field's: RocksDB's own defaults
      expect(dbBenchRunArgs(params(step), "/d", { seconds: 5 }).filter((a) => counted.includes(a)), step).toEqual([]);
    }
    for (const step of ["overwrite", "fillseq"]) expect(dbBenchStep({ step }).uncounted, step).toBeUndefined();
    expect(dbBenchStep({ step: "readwhilewriting" }).uncounted).toMatch(/paced by wall time/);
  });

  it("profile options override the defaults; the step id is the field's", () => {
    const p = params("overwrite", { threads: 2, options: { cache_size: 536870912, use_direct_reads: true } });
    expect(dbBenchLoadArgs(p, "/d")).toEqual(expect.arrayContaining(["--cache_size=536870912", "--use_direct_reads=1"]));
    expect(dbBenchStepId(p)).toBe("overwrite.t2");
  });

  it("unknown steps and options that could smuggle arguments are refused", () => {
    expect(() => params("multireadrandom")).toThrow(ZodError);
    expect(() => params("readrandom", { options: { "db=/etc --x": 1 } })).toThrow(ZodError);
    expect(() => params("readrandom", { options: { cache_size: "1 --db=/" } })).toThrow(ZodError);
    expect(() => params("readrandom", { options: { db: "/elsewhere" } })).toThrow(/set by the db_bench driver itself/);
    expect(() => dbBenchRunArgs(params("readrandom"), "/d", { seconds: 2.5 })).toThrow(RangeError);
  });
});

describe("a db_bench run as a sample", () => {
  const sample = (name: string) => readFileSync(new URL(`../fixtures/samples/${name}`, import.meta.url), "utf8");

  it("a read step: micros/op as the average, p50, p99 and max of its histogram, no p95, no stall figure", () => {
    const parsed = dbBenchStep({ step: "readrandom" }).parse(sample("db_bench_7.8.3_readrandom_real.txt"));
    expect(parsed).toMatchObject({ ops: 333998, ops_per_s: 110502, latency_ms: { avg: 0.018071, p95: null, p50: 0.00509, p99: 0.03368 } });
    expect(parsed.latency_ms!.max).toBeGreaterThan(parsed.latency_ms!.p99!);
    expect(parsed).not.toHaveProperty("stall_percent");
  });

  it("a read step has p99.9 and no write counters", () => {
    const parsed = dbBenchStep({ step: "readrandom" }).parse(sample("db_bench_7.8.3_readrandom_real.txt"));
    expect(parsed.latency_ms!.p99_9).toBeCloseTo(4.38463, 8);
    expect(parsed).not.toHaveProperty("lsm_metrics");
  });

  it("a step that writes: the stall percent of its own stats block, p99.9 of its own histogram, its write counters per operation", () => {
    const parsed = dbBenchStep({ step: "overwrite" }).parse(sample("db_bench_7.8.3_overwrite_counters_real.txt"));
    const close = (ms: number) => expect.closeTo(ms, 12) as number;
    expect(parsed).toMatchObject({ ops: 124999, latency_ms: { avg: close(0.016068), p99: close(0.00981), p99_9: close(0.83379) }, stall_percent: 0 });
    expect(parsed.lsm_metrics).toEqual({
      compaction_read_bytes_per_op: 0,
      compaction_write_bytes_per_op: 0,
      flush_write_bytes_per_op: 26532383 / 124999,
      write_amplification: 26532383 / 54499564,
    });
  });

  it("fillseq and a whilewriting step: per measured operation (a whilewriting step's are reads; its writer's bytes are counted)", () => {
    const fillseq = dbBenchStep({ step: "fillseq" }).parse(sample("db_bench_7.8.3_fillseq_counters_real.txt"));
    expect(fillseq).toMatchObject({ ops: 100000, lsm_metrics: { flush_write_bytes_per_op: 158.40914, write_amplification: 15840914 / 43600000 } });
    const reads = dbBenchStep({ step: "readwhilewriting" }).parse(sample("db_bench_7.8.3_readwhilewriting_counters_real.txt"));
    expect(reads).toMatchObject({ ops: 136999, lsm_metrics: { compaction_read_bytes_per_op: 0, compaction_write_bytes_per_op: 0, flush_write_bytes_per_op: 0, write_amplification: 0 } });
  });

  it("a step that writes without the counters it asked for is not understood: no metric is made a 0", () =>
    expectParseError((raw) => dbBenchStep({ step: "overwrite" }).parse(raw), sample("db_bench_7.8.3_overwrite_stats_real.txt"), /printed no STATISTICS dump/));
});

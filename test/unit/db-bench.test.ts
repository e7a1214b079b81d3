import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
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

  it("a step that writes: the stall percent of its own stats block, not of the load's before it", () => {
    const parsed = dbBenchStep({ step: "overwrite" }).parse(sample("db_bench_7.8.3_overwrite_stats_real.txt"));
    expect(parsed).toMatchObject({ ops: 185998, latency_ms: { avg: 0.032433, p99: 0.05208 }, stall_percent: 6.6 });
  });
});

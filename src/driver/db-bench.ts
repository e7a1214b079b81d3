/**
 * db_bench, RocksDB's own benchmark tool, driven the way the field compares RocksDB versions
 * (tools/benchmark.sh and benchmark_compare.sh): a database loaded once with fillseq, then the read
 * steps, the steps with a rate-limited background writer, and overwrite.
 *
 * | step                  | db_bench benchmark        | options                                             |
 * | --------------------- | ------------------------- | --------------------------------------------------- |
 * | fillseq               | fillseq                   | the load itself, measured: every key in order, WAL off |
 * | readrandom            | readrandom                | point lookups (Get) of random keys                  |
 * | fwdrange              | seekrandom                | --seek_nexts=N: a Seek and N Next()s                |
 * | revrange              | seekrandom                | --seek_nexts=N --reverse_iterator: Seek and N Prev()s |
 * | readwhilewriting      | readwhilewriting          | readrandom beside a writer at --benchmark_write_rate_limit |
 * | fwdrangewhilewriting  | seekrandomwhilewriting    | fwdrange beside the writer                          |
 * | revrangewhilewriting  | seekrandomwhilewriting    | revrange beside the writer                          |
 * | overwrite             | overwrite                 | random overwrites of existing keys, WAL on, no sync |
 *
 * Step ids are the field's: `<step>.t<threads>` (readrandom.t1). The load is
 * `fillseq,flush,waitforcompaction,compact,waitforcompaction` with the WAL off (the field's
 * fillseq.wal_disabled), so every variant reads the same LSM shape: one sorted level, no memtable.
 *
 * Every measured run is one db_bench process on its own copy of the loaded database (writes of one
 * run never reach another). A timed run starts with `readtocache` (a full scan of every key, which
 * loads every data block into the block cache): the measured benchmark then runs from memory. Its
 * result line and histogram are the measured benchmark's, not the scan's (db-bench-output.ts reads
 * each benchmark's own lines). A counted run (a fixed number of operations, under valgrind) starts
 * cold instead: the scan took 93 s of a 119 s counted run of 20,000 reads on 1M keys, and a cold
 * cache is as deterministic (a fixed seed reads the same blocks in the same order); its count holds
 * each read's block loads (checksum, parse, cache insert) besides the lookup itself. Steps that write
 * end with `stats` (stalls and compaction for the report) and run with --statistics at
 * --stats_level=1 (tickers only, no timing histograms: the least CPU the counters cost): RocksDB's
 * counts of bytes written, flushed and compacted, whose dump (db-bench-output.ts) gives the write
 * amplification and compaction bytes per operation the field reads.
 *
 * fillseq, the field's first step, is judged like the others: each of its runs loads a database of
 * its own, from empty, in its run's copy (--use_existing_db=0: db_bench destroys the copy first, and
 * the copy's SST files are hard links: the settled database the other steps read keeps its own). It
 * writes the profile's whole key range once per run, whatever the rounds' duration (a timed fillseq
 * would write past the key range, gigabytes per run); a counted one writes its N keys, and the
 * memtable they fill is flushed as db_bench closes the database (WAL off: RocksDB flushes at
 * shutdown), so its count is each key's insert and its share of writing it to an SST file.
 * A fixed --seed: both variants look up the same key sequence.
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import { InputError, ParseError } from "../common/errors.js";
import { dbBenchLsmMetrics, parseDbBenchOutput, parseDbBenchStatistics, type DbBenchOutput } from "./db-bench-output.js";
import { wholeCount, wholeSeconds, type BenchmarkStep, type ParsedSample, type Target } from "./types.js";

export const DB_BENCH_STEPS = {
  fillseq: { benchmark: "fillseq", writes: true, seek: null },
  readrandom: { benchmark: "readrandom", writes: false, seek: null },
  fwdrange: { benchmark: "seekrandom", writes: false, seek: "forward" },
  revrange: { benchmark: "seekrandom", writes: false, seek: "reverse" },
  readwhilewriting: { benchmark: "readwhilewriting", writes: true, seek: null },
  fwdrangewhilewriting: { benchmark: "seekrandomwhilewriting", writes: true, seek: "forward" },
  revrangewhilewriting: { benchmark: "seekrandomwhilewriting", writes: true, seek: "reverse" },
  overwrite: { benchmark: "overwrite", writes: true, seek: null },
} as const satisfies Record<string, { benchmark: string; writes: boolean; seek: "forward" | "reverse" | null }>;

export type DbBenchStepName = keyof typeof DB_BENCH_STEPS;
const STEP_NAMES = Object.keys(DB_BENCH_STEPS) as [DbBenchStepName, ...DbBenchStepName[]];

/**
 * Flags the gate sets itself in every db_bench run, builtin or custom: what is measured, how long,
 * where the database is, and the statistics outputs the parser reads.
 */
const GATE_FLAGS = [
  "db", "num", "key_size", "value_size", "seed", "threads", "benchmarks", "use_existing_db", "duration", "reads", "writes",
  "histogram", "benchmark_write_rate_limit", "statistics", "stats_level", "statistics_string", "stats_interval",
  "stats_interval_seconds", "stats_per_interval", "stats_dump_period_sec", "report_interval_seconds", "report_file",
  "options_file", "truth_db", "wal_dir", "read_cache_path", "secondary_path", "trace_file", "block_cache_trace_file",
  "backup_dir", "restore_dir", "env_uri", "fs_uri", "simulate_hybrid_fs_file", "secondary_cache_uri",
];
/** a flag naming a file, directory or storage outside the run's copy of the database (db_bench 7.x: wal_dir, trace_file, backup_dir, fs_uri, ...) */
const FILE_FLAG = /_(?:file|dir|path|paths|uri)$/;

/**
 * db_bench flag names and values a profile may add (LSM shape, cache); no shell, no spaces. `refused`:
 * the flags its driver sets itself, besides the gate's own and those naming files.
 */
export function dbBenchOptionsSchema(refused: readonly string[] = []) {
  const owned = new Set([...GATE_FLAGS, ...refused]);
  const name = z
    .string()
    .regex(/^[a-z0-9_]+$/, "a db_bench flag name without the leading --")
    .refine((flagName) => !owned.has(flagName), { message: "set by the db_bench driver itself (a step parameter or fixed)" })
    .refine((flagName) => !FILE_FLAG.test(flagName), { message: "names a file or directory: every run keeps to its own copy of the database" });
  // refined after the union: a union's own error would only say "Invalid input"
  const value = z.union([z.string(), z.number(), z.boolean()]).refine((v) => typeof v !== "string" || /^\S*$/.test(v), "no whitespace: one db_bench argument");
  return z.record(name, value).default({});
}

/** The data and load settings every db_bench step has, builtin or a fork's own list (db-bench-custom.ts). */
export const DB_BENCH_DATA_FIELDS = {
  threads: z.number().int().positive().default(1),
  /** keys loaded by fillseq, and the key range every step reads and writes (--num) */
  keys: z.number().int().positive().default(1_000_000),
  key_size: z.number().int().positive().default(20),
  value_size: z.number().int().positive().default(400),
  /** bytes per second of the background writer of the *whilewriting benchmarks (--benchmark_write_rate_limit; the field: 2 MB/s) */
  write_rate_limit: z.number().int().positive().default(2 * 1024 * 1024),
  seed: z.number().int().positive().default(1_700_000_000),
};

export const DbBenchParametersSchema = z
  .object({
    step: z.enum(STEP_NAMES),
    ...DB_BENCH_DATA_FIELDS,
    /** Next()s (Prev()s) per Seek of the range steps, the field's NUM_NEXTS_PER_SEEK */
    seek_nexts: z.number().int().positive().default(10),
    /** further db_bench flags, the same for the load and every run (e.g. cache_size, write_buffer_size) */
    options: dbBenchOptionsSchema(["disable_wal", "seek_nexts", "reverse_iterator"]),
  })
  .strict()
  // the field loads with one thread; several would each write the key range from its start
  .refine((p) => p.step !== "fillseq" || p.threads === 1, { message: "fillseq loads with 1 thread", path: ["threads"] });

export type DbBenchParameters = z.output<typeof DbBenchParametersSchema>;

/** What the load writes, and every run opens the same way: key range and sizes, seed, LSM and cache options. */
export type DbBenchData = Pick<DbBenchParameters, "keys" | "key_size" | "value_size" | "seed" | "options">;

/**
 * The small-server settings of the field's method: 16 MB memtables and SST files, a 64 MB L1, two
 * background jobs, 10-bit bloom filters, no compression; a 1 GB block cache holds the whole database
 * (1M keys of 420 bytes, about 410 MB), so steps measure CPU, not storage.
 */
export const DB_BENCH_DEFAULT_OPTIONS: Readonly<Record<string, string | number | boolean>> = {
  compression_type: "none",
  cache_size: 1024 * 1024 * 1024,
  write_buffer_size: 16 * 1024 * 1024,
  target_file_size_base: 16 * 1024 * 1024,
  max_bytes_for_level_base: 64 * 1024 * 1024,
  max_background_jobs: 2,
  bloom_bits: 10,
};

export function dbBenchStepId(p: Pick<DbBenchParameters, "step" | "threads">): string {
  return `${p.step}.t${p.threads}`;
}

export const flag = (name: string, value: string | number | boolean): string => `--${name}=${typeof value === "boolean" ? (value ? 1 : 0) : value}`;

/** Options of the load and of every run: data shape, seed, LSM and cache settings. */
export function commonArgs(p: DbBenchData, dbDir: string): string[] {
  const options = { ...DB_BENCH_DEFAULT_OPTIONS, ...p.options };
  return [
    flag("db", dbDir),
    flag("num", p.keys),
    flag("key_size", p.key_size),
    flag("value_size", p.value_size),
    flag("seed", p.seed),
    ...Object.entries(options).map(([name, value]) => flag(name, value)),
  ];
}

/** The load: fillseq with the WAL off, then flushed and compacted into one level. fillseq's line is the load's measurement. */
export function dbBenchLoadArgs(p: DbBenchData, dbDir: string): string[] {
  return [...commonArgs(p, dbDir), flag("threads", 1), flag("disable_wal", true), flag("histogram", true), "--benchmarks=fillseq,flush,waitforcompaction,compact,waitforcompaction,stats"];
}

/** How long a measured run lasts: seconds (block cache warmed first), or a fixed number of operations per thread (counted runs, cold cache). */
export type DbBenchLength = { seconds: number } | { opsPerThread: number };

/**
 * What every counted run sets besides its length, after the profile's options (db_bench takes a
 * flag's last value), so that identical runs count the same (measured 2026-12-05, docs/verdict.md):
 * - file_opening_threads=1: RocksDB opens the SST files on 16 threads by default, whose stacks and
 *   malloc arenas are mapped in whatever order they race; that moves where the benchmark thread's
 *   stack lands, and its address seeds the memtable skip list's node heights (RocksDB 7.x:
 *   Random::GetTLSInstance hashes std::this_thread::get_id()), so identical overwrite runs counted
 *   their inserts' searches on one of several skip lists (1% apart). On one thread the mappings
 *   come in one order: the same heights in every run. Opening is not what any step measures, and
 *   costs the same in the runs of N and 2N.
 * - stats_dump_period_sec=0, stats_persist_period_sec=0: RocksDB's periodic stats jobs run on a
 *   wall-clock timer (the dump at open, beside the benchmark thread), so their work in a counted
 *   run depends on the machine's speed; they print stats, not anything a step measures.
 */
const COUNTED_RUN_ARGS = [flag("file_opening_threads", 1), flag("stats_dump_period_sec", 0), flag("stats_persist_period_sec", 0)];

/** A counted run's length: `opsPerThread` of `benchmark`'s operations per thread, no duration, and the settings that make identical runs count the same. */
export function fixedCountArgs(benchmark: string, opsPerThread: number): string[] {
  return [flag("duration", 0), flag(fixedCountFlag(benchmark), wholeCount(opsPerThread)), ...COUNTED_RUN_ARGS];
}

/** RocksDB's tickers (bytes written, flushed, compacted) without its timing histograms. */
const COUNTER_ARGS = [flag("statistics", true), flag("stats_level", 1)];

/** A measured run of fillseq: the whole key range into an empty database in `dbDir` (what was there is destroyed), or a fixed number of keys. */
function fillseqRunArgs(p: DbBenchParameters, dbDir: string, length: DbBenchLength): string[] {
  return [
    ...commonArgs(p, dbDir),
    flag("use_existing_db", false),
    flag("threads", 1),
    flag("disable_wal", true),
    flag("histogram", true),
    ...("opsPerThread" in length ? fixedCountArgs("fillseq", length.opsPerThread) : []),
    ...COUNTER_ARGS,
    "--benchmarks=fillseq,stats",
  ];
}

/**
 * db_bench's benchmarks whose operations per thread are --writes (Benchmark::DoWrite, 7.x); the
 * others read --reads (readrandomwriterandom and the like: the larger of --reads and --writes, which
 * is --reads while --writes is unset). Setting only the measured benchmark's flag leaves a
 * preparation of the other kind at its default, the key range: the same in runs of N and 2N.
 */
const WRITES_COUNTED = new Set(["fillseq", "fillbatch", "fillrandom", "filluniquerandom", "fillanddeleteuniquerandom", "overwrite", "fillsync", "fill100K"]);

/** The flag that sets a fixed-count run's operations per thread of `benchmark`. */
export function fixedCountFlag(benchmark: string): "reads" | "writes" {
  return WRITES_COUNTED.has(benchmark) ? "writes" : "reads";
}

/** A measured run on an existing database (its own copy of the loaded one); fillseq's on an empty one. */
export function dbBenchRunArgs(p: DbBenchParameters, dbDir: string, length: DbBenchLength): string[] {
  if (p.step === "fillseq") return fillseqRunArgs(p, dbDir, length);
  const step = DB_BENCH_STEPS[p.step];
  const lengthArgs =
    "seconds" in length
      ? [flag("duration", wholeSeconds(length.seconds))]
      : fixedCountArgs(step.benchmark, length.opsPerThread);
  return [
    ...commonArgs(p, dbDir),
    flag("use_existing_db", true),
    flag("threads", p.threads),
    flag("histogram", true),
    ...(step.writes ? COUNTER_ARGS : []),
    ...lengthArgs,
    ...(step.seek ? [flag("seek_nexts", p.seek_nexts), flag("reverse_iterator", step.seek === "reverse")] : []),
    ...(step.benchmark.endsWith("whilewriting") ? [flag("benchmark_write_rate_limit", p.write_rate_limit)] : []),
    `--benchmarks=${"seconds" in length ? "readtocache," : ""}${step.benchmark}${step.writes ? ",stats" : ""}`,
  ];
}

/** The db_bench benchmark whose result line a step's run reports. */
export function dbBenchBenchmark(p: Pick<DbBenchParameters, "step">): string {
  return DB_BENCH_STEPS[p.step].benchmark;
}

/** The data directory of an embedded target: db_bench opens it itself (the config refuses other pairings). */
export function embeddedDataDir(target: Target): string {
  if (target.kind !== "embedded") throw new InputError("the db_bench driver opens an embedded engine's data directory, not a server");
  return target.dataDir;
}

/** The load's key: steps with the same data shape, seed and options share one load per variant. */
export function dbBenchDataSetKey(p: DbBenchData): string {
  const options = Object.entries({ ...DB_BENCH_DEFAULT_OPTIONS, ...p.options })
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${String(value)}`)
    .join(",");
  return `db_bench.fillseq.keys${p.keys}.k${p.key_size}.v${p.value_size}.seed${p.seed}.${createHash("sha256").update(options).digest("hex").slice(0, 12)}`;
}

/**
 * db_bench's numbers as a sample: ops and ops/sec of the measured benchmark, latency in milliseconds
 * (avg: its result line's micros/op, the figure the field reads; p50, p99, p99.9 and max of its
 * histogram; db_bench prints no p95), the stall percent of a step that writes (its `stats` block) and
 * its write counters per operation (`counters`: the step ran with --statistics, and output without
 * them is not understood).
 */
export function dbBenchSample(output: DbBenchOutput, raw: string, options: { counters: boolean }): ParsedSample {
  const ms = (micros: number) => micros / 1000;
  const { percentiles, counters } = output;
  if (options.counters && counters === null) throw new ParseError(`db_bench ${output.benchmark} printed no STATISTICS dump (--statistics): its write counters are missing`, raw);
  return {
    ops: output.operations,
    ops_per_s: output.ops_per_s,
    duration_s: output.seconds,
    latency_ms: {
      avg: ms(output.micros_per_op),
      p95: null,
      p99: percentiles ? ms(percentiles.p99) : null,
      p50: percentiles ? ms(percentiles.p50) : null,
      p99_9: percentiles ? ms(percentiles.p99_9) : null,
      max: percentiles ? ms(percentiles.max) : null,
    },
    errors: null,
    ...(output.statistics !== null && { stall_percent: parseDbBenchStatistics(output.statistics, raw).stalls.percent }),
    ...(options.counters && counters !== null && { lsm_metrics: dbBenchLsmMetrics(output, counters) }),
    raw,
  };
}

/** A benchmark's result line: what db_bench prints as each benchmark of its list ends, shown as it comes. */
export function isDbBenchResultLine(line: string): boolean {
  return /^\w+\s*:\s+[\d.]+ micros\/op /.test(line);
}

/** Why a step running a *whilewriting benchmark is not counted. */
export const PACED_WRITER_UNCOUNTED = "its writer is paced by wall time: under valgrind it would add writes per read that depend on the machine's speed";

/**
 * Why the instruction channel leaves a step out; null: counted. overwrite and fillseq are counted:
 * their memtable inserts count the same run to run once the SST files open on one thread
 * (fixedCountArgs), and a counted run writes less than a memtable (no flush while it runs).
 */
function uncountedReason(p: DbBenchParameters): string | null {
  return DB_BENCH_STEPS[p.step].benchmark.endsWith("whilewriting") ? PACED_WRITER_UNCOUNTED : null;
}

/** Throws a ZodError naming the bad parameter; the config layer turns it into an InputError. */
export function dbBenchStep(parameters: unknown): BenchmarkStep<"db_bench"> {
  const p = DbBenchParametersSchema.parse(parameters);
  const step = DB_BENCH_STEPS[p.step];
  const uncounted = uncountedReason(p);
  return {
    id: dbBenchStepId(p),
    driver: "db_bench",
    parameters: {
      step: p.step,
      benchmark: step.benchmark,
      threads: p.threads,
      keys: p.keys,
      key_size: p.key_size,
      value_size: p.value_size,
      ...(step.seek && { seek_nexts: p.seek_nexts }),
      ...(step.benchmark.endsWith("whilewriting") && { write_rate_limit: p.write_rate_limit }),
      seed: p.seed,
    },
    programs: { db_bench: "build" },
    dataSet: (target, bins) => ({ key: dbBenchDataSetKey(p), commands: [{ file: bins.db_bench, args: dbBenchLoadArgs(p, embeddedDataDir(target)) }], tables: [] }),
    run: (target, bins, seconds) => ({ file: bins.db_bench, args: dbBenchRunArgs(p, embeddedDataDir(target), { seconds }) }),
    warmup: (target, bins, seconds) => ({ file: bins.db_bench, args: dbBenchRunArgs(p, embeddedDataDir(target), { seconds }) }),
    fixedRun: (target, bins, perClient) => ({ file: bins.db_bench, args: dbBenchRunArgs(p, embeddedDataDir(target), { opsPerThread: perClient }) }),
    ...(uncounted !== null && { uncounted }),
    isProgressLine: isDbBenchResultLine,
    parse: (stdout) => dbBenchSample(parseDbBenchOutput(stdout, step.benchmark), stdout, { counters: step.writes }),
  };
}

/**
 * db_bench with the fork's own benchmarks list and options: the run a RocksDB engineer posts
 * (`db_bench --benchmarks=fillrandom,readrandom --bloom_bits=16 ...`) as a step of its own.
 *
 * The step id is the name the profile gives (history and baselines follow it across edits); its
 * definition hash (the list, the measured benchmark, the data settings and every option) is recorded,
 * so that a baseline of another definition is not compared with it. Told from a builtin step
 * (db-bench.ts) by its `benchmarks`.
 *
 * The list runs as db_bench runs it: one process, every benchmark in turn, on the run's own copy of
 * the loaded database (the builtin steps' load: fillseq of `keys` keys, settled), or from an empty one
 * where the list holds a benchmark db_bench runs on a fresh database (fillrandom, ...). Its `measure`
 * benchmark's result line is the step's sample; the others are preparation (before it) or reports
 * (after it, e.g. stats). db_bench's length flags are global: a timed round gives every benchmark that
 * honours --duration that long (fillseq and filluniquerandom write --num keys whatever it is); a
 * counted run sets the measured benchmark's own length flag (fixedCountArgs), so a preparation of the
 * other kind keeps its default length in the runs of N and 2N and cancels out of their difference.
 * A fixed --seed: both variants draw the same keys.
 */
import { z } from "zod";
import { InputError } from "../common/errors.js";
import { StepNameSchema, definitionHash, sortedEntries } from "./custom-step.js";
import {
  commonArgs,
  DB_BENCH_DATA_FIELDS,
  DB_BENCH_DEFAULT_OPTIONS,
  dbBenchDataSetKey,
  dbBenchLoadArgs,
  dbBenchOptionsSchema,
  dbBenchSample,
  embeddedDataDir,
  fixedCountArgs,
  flag,
  isDbBenchResultLine,
  PACED_WRITER_UNCOUNTED,
  type DbBenchLength,
} from "./db-bench.js";
import { parseDbBenchOutput } from "./db-bench-output.js";
import { wholeSeconds, type BenchmarkStep } from "./types.js";

/** a db_bench benchmark name (fill100K has a capital); db_bench's `name[X3]` repeat syntax is not taken: one result line per run */
const BENCHMARK_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/** db_bench 7.x's benchmarks that start from an empty database (`fresh_db` in Benchmark::Run): skipped with --use_existing_db */
const FRESH_DB_BENCHMARKS = new Set([
  "fillseq", "fillbatch", "fillrandom", "filluniquerandom", "fillanddeleteuniquerandom", "fillsync", "fill100K",
  "fillseqdeterministic", "filluniquerandomdeterministic", "randomreplacekeys",
]);

export const DbBenchCustomParametersSchema = z
  .object({
    /** the step id: a name of the user's, kept across edits of the definition */
    name: StepNameSchema,
    /** db_bench --benchmarks, in order: a list, or db_bench's own comma-separated form */
    benchmarks: z.preprocess(
      (list) => (typeof list === "string" ? list.split(",") : list),
      z.array(z.string().regex(BENCHMARK_NAME, "a db_bench benchmark name: readrandom")).min(1).max(32),
    ),
    /** the benchmark whose ops/sec is the step's QPS; may be left out when the list has one */
    measure: z.string().regex(BENCHMARK_NAME, "a db_bench benchmark name: readrandom").optional(),
    ...DB_BENCH_DATA_FIELDS,
    /** further db_bench flags, for the load and every run, without the leading -- */
    options: dbBenchOptionsSchema(),
  })
  .strict()
  .refine((p) => p.measure !== undefined || p.benchmarks.length <= 1, { message: "the list has several benchmarks: name the one whose ops/sec is measured", path: ["measure"] })
  .refine((p) => p.measure === undefined || p.benchmarks.filter((b) => b === p.measure).length === 1, {
    message: "must name one benchmark of the list, listed once (its result line is the sample)",
    path: ["measure"],
  });

export type DbBenchCustomParameters = z.output<typeof DbBenchCustomParametersSchema>;

/** The definition of a custom step, told from a builtin one by its `benchmarks`. */
export function isCustomDbBench(parameters: unknown): boolean {
  return typeof parameters === "object" && parameters !== null && "benchmarks" in parameters;
}

/** sha256 of what the step runs: the list, the measured benchmark, data settings and options (the defaults included: a changed default is another definition). */
export function dbBenchCustomHash(p: DbBenchCustomParameters): string {
  return definitionHash({
    benchmarks: p.benchmarks,
    measure: measured(p),
    threads: p.threads,
    keys: p.keys,
    key_size: p.key_size,
    value_size: p.value_size,
    write_rate_limit: p.write_rate_limit,
    seed: p.seed,
    options: sortedEntries({ ...DB_BENCH_DEFAULT_OPTIONS, ...p.options }),
  });
}

function measured(p: DbBenchCustomParameters): string {
  return p.measure ?? p.benchmarks[0]!;
}

/** A run of the list on the run's copy of the database (`dbDir`), timed or of a fixed count of the measured benchmark's operations per thread. */
export function dbBenchCustomRunArgs(p: DbBenchCustomParameters, dbDir: string, length: DbBenchLength): string[] {
  return [
    ...commonArgs(p, dbDir),
    flag("use_existing_db", !p.benchmarks.some((b) => FRESH_DB_BENCHMARKS.has(b))),
    flag("threads", p.threads),
    flag("histogram", true),
    flag("benchmark_write_rate_limit", p.write_rate_limit),
    ...("seconds" in length ? [flag("duration", wholeSeconds(length.seconds))] : fixedCountArgs(measured(p), length.opsPerThread)),
    `--benchmarks=${p.benchmarks.join(",")}`,
  ];
}

/**
 * What db_bench said of a list it did not run through, in one line: its complaint (an unknown
 * benchmark, a flag gflags does not know, an option RocksDB refuses), else its first line.
 */
function dbBenchComplaint(output: string): string {
  const lines = output.split("\n").map((l) => l.trim()).filter(Boolean);
  return lines.find((l) => /unknown benchmark|unknown command line flag|\berror\b|invalid argument|not supported|cannot|failed/i.test(l)) ?? lines[0] ?? "db_bench printed nothing";
}

/** Throws a ZodError naming the bad parameter. */
export function dbBenchCustomStep(parameters: unknown): BenchmarkStep<"db_bench"> {
  const p = DbBenchCustomParametersSchema.parse(parameters);
  const measure = measured(p);
  const resultLine = new RegExp(String.raw`^${measure}\s*:\s+[\d.]+ micros/op `, "m");
  const paced = p.benchmarks.some((b) => b.endsWith("whilewriting"));
  return {
    id: p.name,
    driver: "db_bench",
    parameters: {
      benchmarks: p.benchmarks.join(","),
      measure,
      threads: p.threads,
      keys: p.keys,
      key_size: p.key_size,
      value_size: p.value_size,
      ...(paced && { write_rate_limit: p.write_rate_limit }),
      seed: p.seed,
      ...(Object.keys(p.options).length > 0 && { options: sortedEntries(p.options).map(([name, value]) => flag(name, value)).join(" ") }),
    },
    definition_hash: dbBenchCustomHash(p),
    programs: { db_bench: "build" },
    // the run directory's scratch database (no server is there): the list and options run once, one operation each
    inputCheck: (bins, scratchDir) => ({
      command: {
        file: bins.db_bench,
        args: [
          ...commonArgs({ ...p, keys: 10 }, scratchDir),
          flag("use_existing_db", false),
          flag("threads", 1),
          flag("duration", 0),
          flag("reads", 1),
          flag("writes", 1),
          `--benchmarks=${p.benchmarks.join(",")}`,
        ],
      },
      rejected: (output, profileSource) => {
        if (resultLine.test(output)) return null;
        const complaint = dbBenchComplaint(output);
        return new InputError(`db_bench did not run step "${p.name}": ${complaint}`, profileSource, /unknown benchmark/i.test(complaint) ? "benchmarks" : "options");
      },
    }),
    dataSet: (target, bins) => ({ key: dbBenchDataSetKey(p), commands: [{ file: bins.db_bench, args: dbBenchLoadArgs(p, embeddedDataDir(target)) }], tables: [] }),
    run: (target, bins, seconds) => ({ file: bins.db_bench, args: dbBenchCustomRunArgs(p, embeddedDataDir(target), { seconds }) }),
    warmup: (target, bins, seconds) => ({ file: bins.db_bench, args: dbBenchCustomRunArgs(p, embeddedDataDir(target), { seconds }) }),
    fixedRun: (target, bins, perClient) => ({ file: bins.db_bench, args: dbBenchCustomRunArgs(p, embeddedDataDir(target), { opsPerThread: perClient }) }),
    ...(paced && { uncounted: PACED_WRITER_UNCOUNTED }),
    isProgressLine: isDbBenchResultLine,
    parse: (stdout) => dbBenchSample(parseDbBenchOutput(stdout, measure), stdout, { counters: false }),
  };
}

/**
 * sysbench with its pgsql or mysql driver, the stock OLTP Lua scripts and the shipped
 * lua/sbtest-micro.lua, named the way the field names its microbenchmarks (mdcallag/mytools
 * bench/sysbench.lua: `<name>.range<R>.pk<1|0>`). Families: point queries, range queries, writes.
 *
 * | step name            | script                 | options (R = range)                                  | differs from the field's |
 * | -------------------- | ---------------------- | ---------------------------------------------------- | ------------------------ |
 * | point-query          | oltp_point_select      | --range_size=R (unused: one point select per event)  | same query               |
 * | points-covered-pk    | sbtest-micro.lua       | `SELECT id WHERE id IN (R ids)`                      | same |
 * | points-covered-si    | sbtest-micro.lua       | `SELECT k WHERE k IN (R values)`                     | same |
 * | points-notcovered-pk | sbtest-micro.lua       | `SELECT id, c WHERE id IN (R ids)`                   | same |
 * | points-notcovered-si | sbtest-micro.lua       | `SELECT k, c WHERE k IN (R values)`                  | same |
 * | random-points        | select_random_points   | --random_points=R: `WHERE k IN (R values)`           | IN-list on the secondary index k, all columns (the field's is on the PK, column c); 1 table |
 * | hot-points           | sbtest-micro.lua       | `SELECT c WHERE id IN (R ids from table_size/2+1)`, the same ids every event | same |
 * | range-covered-pk     | sbtest-micro.lua       | `SELECT id WHERE id BETWEEN x AND x+R`               | same |
 * | range-covered-si     | select_random_ranges   | --number_of_ranges=1 --delta=R: `count(k) WHERE k BETWEEN x AND x+R` | counts instead of returning the rows; 1 table |
 * | range-notcovered-pk  | oltp_read_only         | --point_selects=0 --simple_ranges=1, other ranges 0, --skip_trx=on: `SELECT c WHERE id BETWEEN` | returns c only (the field's returns id, c) |
 * | range-notcovered-si  | sbtest-micro.lua       | `SELECT k, c WHERE k BETWEEN x AND x+R`              | same |
 * | scan                 | sbtest-micro.lua       | `SELECT * WHERE LENGTH(c) < 0`: every row read, none returned (R unused) | time-limited rounds of whole scans, ops = scans (the field runs one scan and reports rows/s: the same ratio) |
 * | read-only            | oltp_read_only         | --range_size=R                                       | same |
 * | read-only-count      | sbtest-micro.lua       | `SELECT count(c) WHERE id BETWEEN x AND x+R-1`, no transaction | same |
 * | read-only-simple     | oltp_read_only         | --range_size=R --simple_ranges=1, sum/order/distinct 0 | same |
 * | read-only-sum        | oltp_read_only         | --range_size=R --sum_ranges=1, others 0              | same |
 * | read-only-order      | oltp_read_only         | --range_size=R --order_ranges=1, others 0            | same |
 * | read-only-distinct   | oltp_read_only         | --range_size=R --distinct_ranges=1, others 0         | same |
 * | read-write           | oltp_read_write        | --range_size=R                                       | same |
 * | write-only           | oltp_write_only        | --range_size=R                                       | same |
 * | update-index         | oltp_update_index      | --range_size=R                                       | same |
 * | update-inlist        | sbtest-micro.lua       | `UPDATE SET c=? WHERE id IN (R ids)`                 | same |
 * | update-nonindex      | oltp_update_non_index  | --range_size=R                                       | same |
 * | update-one           | sbtest-micro.lua       | `UPDATE SET c=? WHERE id = 1` (R unused)             | same statement as the field's (oltp_update_non_index run with --table_size=1) |
 * | update-zipf          | sbtest-micro.lua       | `UPDATE SET c=? WHERE id=?`, ids by Zipf's law (exponent 0.8, id 1 the hottest; R unused) | sysbench 1.0 has no --rand-type=zipfian: the Lua draws the ids (Gray et al.'s method), 1.1's default exponent |
 * | insert               | oltp_insert            | --range_size=R                                       | same |
 * | delete               | oltp_delete            | --range_size=R                                       | same |
 *
 * sbtest-micro.lua's statements are one per event with no BEGIN/COMMIT (the field runs them with
 * --skip-trx) and are plain SQL that PostgreSQL, InnoDB and MyRocks all run (checked on each,
 * test/integration/sysbench-micro.test.ts).
 * pk1 is the default table (PRIMARY KEY on id), pk0 --secondary=on (a secondary index on id instead).
 * Steps of more than one client thread end in .t<threads> (point-query.range100.pk1.t4).
 * Every run uses --rand-type=uniform, as the field does (sysbench's default is "special").
 * With the mysql driver `storage_engine` picks the tables' engine (--mysql-storage-engine at load).
 *
 * Load: oltp_common.lua's tables and rows, through the shipped lua/sbtest-load.lua, which seeds each
 * table's rows from --rand-seed (stock `prepare` ignores it: two loads differ in every k, c and pad).
 * So base and head hold the same rows, each loaded by its own build. k keeps the stock load's
 * distribution, sysbench's default --rand-type (1.0: "special", three quarters of the rows within the
 * middle 1% of [1, table_size]); the runs draw their keys uniformly.
 *
 * ops: the field's rate for these microbenchmarks is queries per second (mytools r.sh takes the
 * `queries:` line's per-sec value, the o/s column of sb.met.*: 982242.36 in the sample), so ops =
 * queries and ops_per_s = queries per second. For read-only and read-write that counts the BEGIN and
 * COMMIT of each transaction too, as the field's numbers do.
 *
 * Output: 1.0.x ("General statistics: total time") and 1.1 ("Throughput: ... time elapsed"). Latency:
 * avg, and the one percentile the run asked for (--percentile, 95 by default; 99 fills p99 instead).
 */
import path from "node:path";
import { z } from "zod";
import { InputError, ParseError } from "../common/errors.js";
import { findNumber, normalizeLines, requireNumber, requirePositive } from "./output-text.js";
import { serverConnection, wholeCount, wholeSeconds, type BenchmarkStep, type ClientBinaries, type Connection, type ParsedSample, type Target } from "./types.js";

/** The field's microbenchmarks the stock scripts cannot run, one statement per event (--query names it). */
const MICRO = "lua/sbtest-micro.lua";

interface Microbenchmark {
  /** a stock script's name (sysbench finds it in its own share dir), or the shipped sbtest-micro.lua */
  script: string;
  options(range: number): string[];
  /** the script reads sbtest1 only */
  singleTable?: true;
  /** its events change rows */
  writes?: true;
}

const readOnlyWith = (only: "simple" | "sum" | "order" | "distinct") => (range: number) => [
  `--range_size=${range}`,
  ...(["simple", "sum", "order", "distinct"] as const).map((kind) => `--${kind}_ranges=${kind === only ? 1 : 0}`),
];
const withRange = (script: string): Microbenchmark => ({ script, options: (range) => [`--range_size=${range}`] });
const writingWithRange = (script: string): Microbenchmark => ({ ...withRange(script), writes: true });
/** sbtest-micro.lua's query of that name, R its IN-list's points or its range's width */
const micro = (query: string): Microbenchmark => ({ script: MICRO, options: (range) => [`--range_size=${range}`, `--query=${query}`] });

export const SYSBENCH_MICROBENCHMARKS = {
  "point-query": withRange("oltp_point_select"),
  "points-covered-pk": micro("points-covered-pk"),
  "points-covered-si": micro("points-covered-si"),
  "points-notcovered-pk": micro("points-notcovered-pk"),
  "points-notcovered-si": micro("points-notcovered-si"),
  "random-points": { script: "select_random_points", options: (range) => [`--random_points=${range}`], singleTable: true },
  "hot-points": micro("hot-points"),
  "range-covered-pk": micro("range-covered-pk"),
  "range-covered-si": { script: "select_random_ranges", options: (range) => ["--number_of_ranges=1", `--delta=${range}`], singleTable: true },
  "range-notcovered-pk": {
    script: "oltp_read_only",
    options: (range) => [...readOnlyWith("simple")(range), "--point_selects=0", "--skip_trx=on"],
  },
  "range-notcovered-si": micro("range-notcovered-si"),
  scan: micro("scan"),
  "read-only": withRange("oltp_read_only"),
  "read-only-count": micro("read-only-count"),
  "read-only-simple": { script: "oltp_read_only", options: readOnlyWith("simple") },
  "read-only-sum": { script: "oltp_read_only", options: readOnlyWith("sum") },
  "read-only-order": { script: "oltp_read_only", options: readOnlyWith("order") },
  "read-only-distinct": { script: "oltp_read_only", options: readOnlyWith("distinct") },
  "read-write": writingWithRange("oltp_read_write"),
  "write-only": writingWithRange("oltp_write_only"),
  "update-index": writingWithRange("oltp_update_index"),
  "update-inlist": { ...micro("update-inlist"), writes: true },
  "update-nonindex": writingWithRange("oltp_update_non_index"),
  "update-one": { ...micro("update-one"), writes: true },
  "update-zipf": { ...micro("update-zipf"), writes: true },
  insert: writingWithRange("oltp_insert"),
  delete: writingWithRange("oltp_delete"),
} satisfies Record<string, Microbenchmark>;

export type SysbenchMicrobenchmark = keyof typeof SYSBENCH_MICROBENCHMARKS;
const MICROBENCHMARK_NAMES = Object.keys(SYSBENCH_MICROBENCHMARKS) as [SysbenchMicrobenchmark, ...SysbenchMicrobenchmark[]];

/** MySQL protocol only: the tables' storage engine (sysbench --mysql-storage-engine), e.g. innodb, rocksdb */
export const StorageEngineSchema = z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/, "a storage engine's name").optional();

/**
 * sysbench's option that puts the tables a load creates in `storageEngine`: none when the step does not
 * name one (the server's default); an InputError when the server speaks another protocol than MySQL's.
 */
export function storageEngineArgs(protocol: Connection["protocol"], storageEngine: string | undefined): string[] {
  if (storageEngine === undefined) return [];
  if (protocol !== "mysql") throw new InputError(`storage_engine "${storageEngine}" needs a MySQL-protocol engine; this one speaks ${protocol}`, undefined, "storage_engine");
  return [`--mysql-storage-engine=${storageEngine}`];
}

export const SysbenchParametersSchema = z
  .object({
    benchmark: z.enum(MICROBENCHMARK_NAMES),
    range: z.number().int().positive().default(100),
    threads: z.number().int().positive().default(1),
    tables: z.number().int().positive().default(1),
    table_size: z.number().int().positive().default(100_000),
    /** true: PRIMARY KEY on id (the field's pk1); false: a secondary index instead (pk0) */
    pk: z.boolean().default(true),
    percentile: z.union([z.literal(95), z.literal(99)]).default(95),
    report_interval_s: z.number().int().positive().default(1),
    storage_engine: StorageEngineSchema,
  })
  .strict()
  .refine((p) => p.tables === 1 || !("singleTable" in SYSBENCH_MICROBENCHMARKS[p.benchmark]), {
    message: "this benchmark's stock script reads sbtest1 only: tables must be 1",
    path: ["tables"],
  });

export type SysbenchParameters = z.output<typeof SysbenchParametersSchema>;

/** `.t<threads>` only above one thread: the field's single-client names stay as they are. */
export function sysbenchStepId(p: Pick<SysbenchParameters, "benchmark" | "range" | "pk" | "threads">): string {
  return `${p.benchmark}.range${p.range}.pk${p.pk ? 1 : 0}${p.threads > 1 ? `.t${p.threads}` : ""}`;
}

/** sysbench's options for a server: its pgsql driver takes libpq's socket directory, its mysql driver the socket file. */
export function sysbenchConnectionArgs(conn: Connection): string[] {
  switch (conn.protocol) {
    case "postgresql":
      return ["--db-driver=pgsql", `--pgsql-host=${path.dirname(conn.socket)}`, `--pgsql-port=${conn.port}`, `--pgsql-user=${conn.user}`, `--pgsql-db=${conn.database}`];
    case "mysql":
      return ["--db-driver=mysql", `--mysql-socket=${conn.socket}`, `--mysql-user=${conn.user}`, `--mysql-db=${conn.database}`];
  }
}

/** sysbench's --rand-seed for fixed-count runs (0 would seed from the clock). */
export const COUNTED_RUN_SEED = 1;

/** How long a run lasts: --time and --events (0 = no limit). */
export interface SysbenchLength {
  time: string;
  events: string;
}

/**
 * The runs of a sysbench step of `threads` threads: measured (with progress lines), warm-up and
 * fixed-count, each `runArgs` of its length (with the step's programs), then the script and `run`. `seedEveryRun`: the measured
 * and warm-up runs take the counted runs' --rand-seed too (else sysbench seeds them from the clock).
 */
export function sysbenchRuns(
  runArgs: (target: Target, bins: ClientBinaries, length: SysbenchLength) => string[],
  script: (bins: ClientBinaries) => string,
  s: { threads: number; reportIntervalS: number; writes: boolean; seedEveryRun?: boolean },
): Pick<BenchmarkStep, "run" | "warmup" | "fixedRun" | "writes" | "isProgressLine" | "parse"> {
  const timed = (target: Target, bins: ClientBinaries, seconds: number) => [...runArgs(target, bins, { time: wholeSeconds(seconds), events: "0" }), ...(s.seedEveryRun ? [`--rand-seed=${COUNTED_RUN_SEED}`] : [])];
  return {
    run: (target, bins, seconds) => ({ file: bins.sysbench!, args: [...timed(target, bins, seconds), `--report-interval=${s.reportIntervalS}`, script(bins), "run"] }),
    warmup: (target, bins, seconds) => ({ file: bins.sysbench!, args: [...timed(target, bins, seconds), script(bins), "run"] }),
    ...(s.writes && { writes: true as const }),
    // --events counts every thread's events together. One seed for every counted run on the same data,
    // so runs of N and 2N share their first N events and their difference is the same events in every
    // repeat and in both variants (the rows an IN-list of random k values matches vary by a few % from
    // draw to draw): every run of a step that reads, and every run of a step that writes that starts
    // from a fresh copy of the data (run 0). A step that writes on data an earlier run changed: a seed
    // per run (the same on both variants), since a run that repeated an earlier one's writes would set
    // rows to the values they hold, MariaDB's path for an unchanged row (no write at all): with one
    // seed update-nonindex counted its first repeat's real updates and its later repeats' no-ops.
    fixedRun: (target, bins, perClient, run) => ({
      file: bins.sysbench!,
      args: [...runArgs(target, bins, { time: "0", events: wholeCount(perClient * s.threads) }), `--rand-seed=${COUNTED_RUN_SEED + (s.writes ? run : 0)}`, script(bins), "run"],
    }),
    isProgressLine: (line) => /^\[ \d+s \] /.test(line),
    parse: parseSysbenchOutput,
  };
}

/** The loader: the stock scripts' tables, their rows drawn from --rand-seed (stock `prepare` ignores it). */
const LOADER = "lua/sbtest-load.lua";
/** --rand-seed of every load: each variant loads the same rows with its own build */
const LOAD_SEED = 1;
type Programs = "sysbench" | typeof LOADER | typeof MICRO;

/** Throws a ZodError naming the bad parameter; the config layer turns it into an InputError. */
export function sysbenchStep(parameters: unknown): BenchmarkStep<Programs> {
  const p = SysbenchParametersSchema.parse(parameters);
  const microbenchmark: Microbenchmark = SYSBENCH_MICROBENCHMARKS[p.benchmark];
  const connection = (target: Target) => sysbenchConnectionArgs(serverConnection(target));
  const script = (bins: ClientBinaries) => (microbenchmark.script === MICRO ? bins[MICRO]! : microbenchmark.script);
  const table = [`--tables=${p.tables}`, `--table_size=${p.table_size}`, ...(p.pk ? [] : ["--secondary=on"])];
  const runArgs = (target: Target, _bins: ClientBinaries, length: SysbenchLength) => [
    ...connection(target),
    ...table,
    `--threads=${p.threads}`,
    `--time=${length.time}`,
    `--events=${length.events}`,
    "--rand-type=uniform",
    `--percentile=${p.percentile}`,
    ...microbenchmark.options(p.range),
  ];
  return {
    id: sysbenchStepId(p),
    driver: "sysbench",
    parameters: {
      benchmark: p.benchmark,
      script: microbenchmark.script,
      range: p.range,
      threads: p.threads,
      tables: p.tables,
      table_size: p.table_size,
      pk: p.pk,
      percentile: p.percentile,
      ...(p.storage_engine !== undefined && { storage_engine: p.storage_engine }),
    },
    // sbtest-micro.lua shipped with every step, the stock scripts' too: one small file per run dir
    programs: { sysbench: "system", [LOADER]: "shipped", [MICRO]: "shipped" },
    dataSet: (target, bins) => {
      const { protocol } = serverConnection(target);
      const storageEngine = storageEngineArgs(protocol, p.storage_engine);
      // The tables every stock OLTP script reads (oltp_common.lua), the same rows in every variant;
      // cleanup first, as prepare fails on tables that exist.
      const load = (command: "cleanup" | "prepare") => ({
        file: bins.sysbench,
        args: [bins[LOADER], ...connection(target), ...storageEngine, ...table, `--rand-seed=${LOAD_SEED}`, command],
      });
      return {
        // the protocol and storage engine too: tables loaded into one engine are not another's
        key: `sysbench.${protocol}${p.storage_engine === undefined ? "" : `.${p.storage_engine}`}.tables${p.tables}.rows${p.table_size}.pk${p.pk ? 1 : 0}.seed${LOAD_SEED}`,
        commands: [load("cleanup"), load("prepare")],
        tables: Array.from({ length: p.tables }, (_, i) => `sbtest${i + 1}`),
      };
    },
    ...sysbenchRuns(runArgs, script, { threads: p.threads, reportIntervalS: p.report_interval_s, writes: microbenchmark.writes === true }),
  };
}

export function parseSysbenchOutput(raw: string): ParsedSample {
  const text = normalizeLines(raw);
  const fatal = /^FATAL: .*$/m.exec(text);
  if (fatal) throw new ParseError(`sysbench: ${fatal[0]}`, raw);
  const queries = requireNumber(text, /^\s+queries:\s+(\d+)\s+\([\d.]+ per sec\.\)$/m, "sysbench queries", raw);
  const qps = requireNumber(text, /^\s+queries:\s+\d+\s+\(([\d.]+) per sec\.\)$/m, "sysbench queries per second", raw);
  // 1.0.x: "General statistics: / total time: 4.0032s"; 1.1: "Throughput: / time elapsed: 330.0118s"
  const duration =
    findNumber(text, /^\s+total time:\s+([\d.]+)s$/m, "sysbench total time", raw) ??
    findNumber(text, /^\s+time elapsed:\s+([\d.]+)s$/m, "sysbench time elapsed", raw);
  if (duration === null) throw new ParseError("no sysbench total time (1.0) or time elapsed (1.1) line in the output", raw);
  return {
    ops: requirePositive(queries, "sysbench queries", raw),
    ops_per_s: requirePositive(qps, "sysbench queries per second", raw),
    duration_s: duration,
    latency_ms: {
      avg: requireNumber(text, /^\s+avg:\s+([\d.]+)$/m, "sysbench latency avg", raw),
      p95: findNumber(text, /^\s+95th percentile:\s+([\d.]+)$/m, "sysbench 95th percentile", raw),
      p99: findNumber(text, /^\s+99th percentile:\s+([\d.]+)$/m, "sysbench 99th percentile", raw),
    },
    errors: requireNumber(text, /^\s+ignored errors:\s+(\d+)\s+\([\d.]+ per sec\.\)$/m, "sysbench ignored errors", raw),
    raw,
  };
}

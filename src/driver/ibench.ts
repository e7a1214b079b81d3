/**
 * The insert benchmark (the field's ibench, ../shared/engines.md), shortened for a PR gate: one step per
 * profile entry, run by sysbench with the shipped script lua/ibench.lua.
 *
 * | step id   | one round                                                             | ops (the field's rate)  |
 * | --------- | --------------------------------------------------------------------- | ----------------------- |
 * | l.i0      | a fresh table ibench_load, `rows` rows in PK order, `rows_per_commit` (100) per commit, no secondary index; dropped by the next round (the database size after a round includes it) | inserts (ips) |
 * | l.x       | the three secondary indexes of table ibench dropped, then created     | rows indexed per second |
 * | l.i1      | `rows` rows into ibench, 50 per commit, each commit deleting as many oldest rows (by PK): the size stays | inserts (ips) |
 * | l.i2      | the same, 5 rows per commit                                           | inserts (ips)           |
 * | qr<W>     | one query client for the round's seconds: a range query on a random secondary index, `>= x ORDER BY <index> LIMIT 10`, while a background writer inserts and deletes W rows/s | queries (qps) |
 * | qp<W>     | the same, 10 PK lookups by IN list                                    | queries (qps)           |
 *
 * Every step repeats in interleaved rounds like any other step, rather than once per variant: a round
 * of l.i0 starts from a fresh table and l.i1/l.i2 keep the table's size, so repeating them costs only
 * their own few seconds (measured: 50k rows of l.i0 in 1.3 s, 200k rows of l.x in 0.8 s, 10k rows of
 * l.i1 in 1 s, loaded 2-core machine). The data set (`prepare`: table ibench with `table_rows` rows in PK
 * order, then its indexes) is loaded once per server; the query steps' data set only checks that the
 * table is there, so the engine settles it (the field's "settle": PostgreSQL VACUUM ANALYZE and CHECKPOINT,
 * MariaDB ANALYZE TABLE and InnoDB's dirty pages drained) after the load steps changed it.
 *
 * The client is a sysbench Lua script rather than npm `pg` in a Node process because it costs a tenth of
 * the CPU per operation: 10-point PK lookups, 5 s, one connection, same server, loaded machine: sysbench
 * 15-20 µs of client CPU per query at 12-15k queries/s; `pg` 185-230 µs per query, and only 4.7-5.8k
 * queries/s (the client was the bottleneck). Each commit of the writer is one transaction: a multi-row
 * INSERT and a DELETE of as many of the oldest rows. The writer paces itself (sleeps until its next commit
 * is due, none when behind); it kept its rate when it wrote at least WRITER_KEPT_SHARE of its target.
 * Rows come from sysbench's seeded generator (--rand-seed=`seed`), so both variants get the same rows and
 * queries. PostgreSQL is reached through sysbench's pgsql driver, MariaDB through its mysql driver with the
 * script's mysql dialect (the field's MySQL client: FORCE INDEX on the range query), the tables in the
 * step's `storage_engine` (innodb, sysbench's default, or rocksdb); another engine needs its dialect there.
 *
 * Counted runs (the instruction channel, src/schedule/instructions.ts): the rounds' writers are paced by
 * wall time, so each variant's table ends them in a state of its own (as many rows written as its
 * server's speed allowed, other ids, other dead rows). Before its server goes under the counter, every
 * variant loads the table again (countedDataSet: the same seeded rows and ids) and settles it. A query
 * step's counted run is the query client alone, the background writer off: N or 2N of the step's
 * queries from one seed, so both runs of a pair and every variant run the same queries on the same
 * table, and the count is the query path's.
 */
import { z } from "zod";
import { ParseError } from "../common/errors.js";
import { normalizeLines, requirePositive } from "./output-text.js";
import type { BackgroundWriter } from "../results/schema.js";
import { StorageEngineSchema, storageEngineArgs, sysbenchConnectionArgs } from "./sysbench.js";
import { serverConnection, wholeCount, wholeSeconds, type BenchmarkStep, type ClientBinaries, type ClientCommand, type Connection, type DataSet, type ParsedSample, type Target } from "./types.js";

/** A writer that wrote less than this share of its target rows per second fell behind. */
export const WRITER_KEPT_SHARE = 0.95;

const LOAD_STEPS = ["l.i0", "l.x", "l.i1", "l.i2"] as const;
const QUERY_STEPS = ["qr", "qp"] as const;
/** the field's rows per commit of each insert step */
const ROWS_PER_COMMIT = { "l.i0": 100, "l.i1": 50, "l.i2": 5 } as const;
type InsertStep = keyof typeof ROWS_PER_COMMIT;
const insertsRows = (step: string): step is InsertStep => step in ROWS_PER_COMMIT;
const isQueryStep = (step: string) => step === "qr" || step === "qp";

export const IbenchParametersSchema = z
  .object({
    step: z.enum([...LOAD_STEPS, ...QUERY_STEPS]),
    /** rows of table ibench, loaded once per server */
    table_rows: z.number().int().positive().default(500_000),
    /** l.i0, l.i1, l.i2: rows one round inserts */
    rows: z.number().int().positive().optional(),
    /** l.i0, l.i1, l.i2: default the field's 100, 50, 5 */
    rows_per_commit: z.number().int().positive().optional(),
    /** qr, qp: the background writer's rows per second */
    writer_rate: z.number().int().positive().optional(),
    writer_rows_per_commit: z.number().int().positive().default(10),
    seed: z.number().int().nonnegative().default(1),
    /** MariaDB: the tables' storage engine, e.g. innodb (sysbench's default), rocksdb */
    storage_engine: StorageEngineSchema,
  })
  .strict()
  .superRefine((p, ctx) => {
    const isQuery = isQueryStep(p.step);
    if (isQuery && p.writer_rate === undefined) ctx.addIssue({ code: "custom", path: ["writer_rate"], message: `${p.step} needs the background writer's rows per second` });
    if (!isQuery && p.writer_rate !== undefined) ctx.addIssue({ code: "custom", path: ["writer_rate"], message: `${p.step} has no background writer` });
    const inserts = insertsRows(p.step);
    if (inserts && p.rows === undefined) ctx.addIssue({ code: "custom", path: ["rows"], message: `${p.step} needs the rows one round inserts` });
    if (!inserts && (p.rows !== undefined || p.rows_per_commit !== undefined)) ctx.addIssue({ code: "custom", path: ["rows"], message: `${p.step} inserts no rows of its own` });
    if (insertsRows(p.step) && p.rows !== undefined && p.rows % (p.rows_per_commit ?? ROWS_PER_COMMIT[p.step]) !== 0) {
      ctx.addIssue({ code: "custom", path: ["rows"], message: "rows must be a multiple of rows_per_commit" });
    }
  });

export type IbenchParameters = z.output<typeof IbenchParametersSchema>;

export function ibenchStepId(p: Pick<IbenchParameters, "step" | "writer_rate">): string {
  return isQueryStep(p.step) ? `${p.step}${p.writer_rate}` : p.step;
}

/** The script's SQL dialect for a server's wire protocol (lua/ibench.lua DIALECTS), and where its tables go. */
function dialectArgs(conn: Connection, storageEngine: string | undefined): string[] {
  const dialect = { postgresql: "pgsql", mysql: "mysql" }[conn.protocol];
  return [`--dialect=${dialect}`, ...storageEngineArgs(conn.protocol, storageEngine)];
}

/** What a counted run does where it differs from a round (src/schedule/instructions.ts): the text its counts carry. */
const COUNTED_QUERIES = "one query client, the background writer off, on the table loaded again for counting";
const COUNTED_LOAD = "its own table, created at the start and dropped at the end of each run";

/** Why the instruction channel leaves a step out on every engine; null: counted. */
function uncountedReason(step: IbenchParameters["step"]): string | null {
  if (step === "l.x") return "it builds the indexes once per round: it has no fixed-count run of N and 2N operations";
  return null;
}

const SCRIPT = "lua/ibench.lua";
type Programs = "sysbench" | typeof SCRIPT;

/** Throws a ZodError naming the bad parameter; the config layer turns it into an InputError. */
export function ibenchStep(parameters: unknown): BenchmarkStep<Programs> {
  const p = IbenchParametersSchema.parse(parameters);
  const isQuery = isQueryStep(p.step);
  const uncounted = uncountedReason(p.step);
  const rowsPerCommit = insertsRows(p.step) ? (p.rows_per_commit ?? ROWS_PER_COMMIT[p.step]) : null;
  const common = (target: Target, bins: ClientBinaries<Programs>) => {
    const conn = serverConnection(target);
    return [bins[SCRIPT], ...sysbenchConnectionArgs(conn), ...dialectArgs(conn, p.storage_engine), `--rand-seed=${p.seed}`, `--table_rows=${p.table_rows}`];
  };
  const sysbench = (target: Target, bins: ClientBinaries<Programs>, args: string[]): ClientCommand => ({ file: bins.sysbench, args: [...common(target, bins), ...args] });
  /** a load step's round: a fixed number of commits (l.x: one index build) */
  const loadArgs = (commits: number) => [`--step=${p.step}`, ...(rowsPerCommit ? [`--rows_per_commit=${rowsPerCommit}`] : []), `--events=${wholeCount(commits)}`, "--time=0", "run"];
  const loadCommits = rowsPerCommit ? p.rows! / rowsPerCommit : 1;
  const queryArgs = (seconds: number) => [`--step=${p.step}`, "--threads=2", `--writer_rate=${p.writer_rate}`, `--writer_rows_per_commit=${p.writer_rows_per_commit}`, `--time=${wholeSeconds(seconds)}`, "--events=0", "run"];
  // the storage engine too: a table loaded into one engine is not another's
  const dataSetKey = `ibench${p.storage_engine === undefined ? "" : `.${p.storage_engine}`}.rows${p.table_rows}.seed${p.seed}`;
  const measured = (target: Target, bins: ClientBinaries<Programs>, seconds: number) => sysbench(target, bins, isQuery ? queryArgs(seconds) : loadArgs(loadCommits));
  return {
    id: ibenchStepId(p),
    driver: "ibench",
    parameters: {
      step: p.step,
      client: "sysbench lua/ibench.lua",
      table_rows: p.table_rows,
      seed: p.seed,
      ...(p.rows !== undefined && { rows: p.rows }),
      ...(rowsPerCommit !== null && { rows_per_commit: rowsPerCommit }),
      ...(isQuery && { writer_rate: p.writer_rate!, writer_rows_per_commit: p.writer_rows_per_commit }),
      ...(p.storage_engine !== undefined && { storage_engine: p.storage_engine }),
    },
    programs: { sysbench: "system", [SCRIPT]: "shipped" },
    dataSet: (target, bins) =>
      isQuery
        ? // after the load steps: the table as they left it (loaded only on a server that lacks it), settled again
          { key: `${dataSetKey}.queries`, commands: [sysbench(target, bins, ["--if_missing=on", "prepare"])], tables: ["ibench"] }
        : { key: dataSetKey, commands: [sysbench(target, bins, ["prepare"])], tables: ["ibench"] },
    // The rounds leave each variant's table in a state of its own (the writers are paced by wall time):
    // loaded again for the query steps' counted runs, the same seeded rows and ids on every variant,
    // settled. l.i0's counted runs use their own table; its set is the same one, so it is loaded once.
    ...(uncounted === null && {
      countedDataSet: (target: Target, bins: ClientBinaries<Programs>): DataSet => ({ key: `${dataSetKey}.counted`, commands: [sysbench(target, bins, ["prepare"])], tables: ["ibench"] }),
    }),
    // with the writer off, qr100, qr500 and qr1000 run the same counted queries (and the three qp)
    ...(isQuery && { countedAs: `${dataSetKey}.counted.${p.step}` }),
    run: measured,
    // load steps: one more round's worth of work (l.i0 on its own fresh table, l.i1/l.i2 keep the size)
    warmup: measured,
    fixedRun: (target, bins, perClient) => {
      // queries: the query client alone (no writer), so that N and 2N differ by exactly N queries, the
      // same ones on every variant (one seed); l.i0 drops its table at the end, so the next run starts without it
      const args = isQuery
        ? [`--step=${p.step}`, "--threads=1", `--events=${wholeCount(perClient)}`, "--time=0", "run"]
        : [...(p.step === "l.i0" ? ["--drop_load_table=on"] : []), ...loadArgs(perClient)];
      return sysbench(target, bins, args);
    },
    ...(uncounted !== null ? { uncounted } : isQuery ? { countedRun: COUNTED_QUERIES } : p.step === "l.i0" ? { countedRun: COUNTED_LOAD } : {}),
    // l.i1 and l.i2 insert into and delete from table ibench: counted one after another, their runs
    // spread 9-19% on PostgreSQL and 85% on MariaDB (2026-12-01: dead rows, page splits and purge left
    // by the runs before), so each starts from a fresh copy where the engine makes one (l.i0 writes a
    // table of its own, created and dropped by every run)
    ...((p.step === "l.i1" || p.step === "l.i2") && { writes: true as const }),
    isProgressLine: (line) => line.startsWith("ibench "),
    parse: (stdout) => parseIbenchOutput(stdout, isQuery ? p.writer_rate! : null),
    // a counted run has no writer
    parseFixed: (stdout) => parseIbenchOutput(stdout, null),
  };
}

const CLIENT_LINE = /^ibench client: step=(\S+) ops=(\d+) seconds=([\d.]+) avg_ms=([\d.]+) p50_ms=([\d.]+) p90_ms=([\d.]+) max_ms=([\d.]+)$/gm;
const WRITER_LINE = /^ibench writer: rows=(\d+) seconds=([\d.]+) target_per_s=(\d+)$/gm;

/** Parses lua/ibench.lua's summary lines; `writerRate`: the query step's writer target (null for load steps and counted runs). */
export function parseIbenchOutput(raw: string, writerRate: number | null): ParsedSample {
  const text = normalizeLines(raw);
  const fatal = /^FATAL: .*$/m.exec(text);
  if (fatal) throw new ParseError(`sysbench: ${fatal[0]}`, raw);
  const clients = [...text.matchAll(CLIENT_LINE)];
  if (clients.length !== 1) throw new ParseError(`expected one "ibench client:" summary line, found ${clients.length}`, raw);
  const [, , ops, seconds, avg, p50, p90, max] = clients[0]!.map(Number);
  const duration = requirePositive(seconds!, "ibench client seconds", raw);
  const writers = [...text.matchAll(WRITER_LINE)];
  let background_writer: BackgroundWriter | undefined;
  if (writerRate !== null) {
    if (writers.length !== 1) throw new ParseError(`expected one "ibench writer:" line for a writer of ${writerRate} rows/s, found ${writers.length}`, raw);
    const [, rows, writerSeconds, target] = writers[0]!.map(Number);
    if (target !== writerRate) throw new ParseError(`the writer's target is ${target} rows/s, the step's ${writerRate}`, raw);
    const rowsPerS = rows! / requirePositive(writerSeconds!, "ibench writer seconds", raw);
    background_writer = { target_rows_per_s: writerRate, rows_per_s: rowsPerS, kept_rate: rowsPerS >= WRITER_KEPT_SHARE * writerRate };
  } else if (writers.length > 0) {
    throw new ParseError("a background writer ran in a run that has none (a load step, or a counted run)", raw);
  }
  return {
    ops: requirePositive(ops!, "ibench client ops", raw),
    ops_per_s: ops! / duration,
    duration_s: duration,
    latency_ms: { avg: avg!, p95: null, p99: null, p50: p50!, p90: p90!, max: max! },
    errors: null,
    ...(background_writer && { background_writer }),
    raw,
  };
}

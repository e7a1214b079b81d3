import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { compareRun } from "../../src/compare/compare.js";
import { stepFromDefinition } from "../../src/driver/index.js";
import { ibenchStep, parseIbenchOutput } from "../../src/driver/ibench.js";
import { InputError } from "../../src/common/errors.js";
import { backgroundWriterNotes } from "../../src/run/stage-results.js";
import { OkSampleSchema, ResultsSchema, type OkSample } from "../../src/results/schema.js";
import { postgresConnection } from "../helpers/connection.js";
import { expectParseError } from "./expect-parse-error.js";

/** Two real runs of lua/ibench.lua (sysbench 1.0.20, PostgreSQL 15), each after its "$ sysbench ..." line. */
const [queryRun, insertRun] = readFileSync(new URL("../fixtures/samples/ibench_sysbench_1.0.20_pgsql_real.txt", import.meta.url), "utf8")
  .split(/^\$ .*\n/m)
  .slice(1) as [string, string];

describe("ibench output, real runs", () => {
  it("qr with a writer of 100 rows/s: queries per second, latency percentiles, the writer's rate", () => {
    const parsed = parseIbenchOutput(queryRun, 100);
    expect(parsed).toMatchObject({ ops: 1632, duration_s: 2, latency_ms: { avg: 1.221, p50: 0.469, p90: 3.035, max: 49.713, p95: null, p99: null }, errors: null });
    expect(parsed.ops_per_s).toBe(816);
    expect(parsed.background_writer).toEqual({ target_rows_per_s: 100, rows_per_s: 100, kept_rate: true });
  });

  it("l.i1: ops are rows inserted (20 commits of 50), no writer", () => {
    const parsed = parseIbenchOutput(insertRun, null);
    expect([parsed.ops, parsed.duration_s, parsed.background_writer]).toEqual([1000, 0.187, undefined]);
  });

  it("a writer below 95% of its target did not keep its rate", () => {
    const behind = queryRun.replace("ibench writer: rows=200 seconds=2.000", "ibench writer: rows=189 seconds=2.000");
    expect(parseIbenchOutput(behind, 100).background_writer).toEqual({ target_rows_per_s: 100, rows_per_s: 94.5, kept_rate: false });
  });

  it("refuses output it does not understand, keeping the raw text", () => {
    expectParseError((raw) => parseIbenchOutput(raw, 100), queryRun.replace(/^ibench writer.*\n/m, ""), /one "ibench writer:" line/);
    expectParseError((raw) => parseIbenchOutput(raw, null), queryRun, /background writer ran in a run that has none/);
    expectParseError((raw) => parseIbenchOutput(raw, 500), queryRun, /target is 100 rows\/s, the step's 500/);
    expectParseError((raw) => parseIbenchOutput(raw, null), `${insertRun}${insertRun}`, /found 2/);
    expectParseError((raw) => parseIbenchOutput(raw, null), "FATAL: /x/ibench.lua:150: relation \"ibench\" does not exist\n", /FATAL/);
  });
});

describe("ibench steps", () => {
  const conn = postgresConnection("/tmp/sock", 5432, "postgres", "bench");
  // the pipeline's copy of the shipped script in the run directory
  const bins = { sysbench: "/usr/bin/sysbench", "lua/ibench.lua": "/run/dbg-run-x/ibench.lua" };

  it("names steps the way the field does and runs the query client with a paced writer", () => {
    const step = stepFromDefinition({ driver: "ibench", parameters: { step: "qp", writer_rate: 500 } }, "postgresql");
    expect(step.id).toBe("qp500");
    const { args } = step.run(conn, bins, 5);
    expect(args[0]).toBe("/run/dbg-run-x/ibench.lua");
    expect(step.programs).toEqual({ sysbench: "system", "lua/ibench.lua": "shipped" });
    expect(args).toEqual(expect.arrayContaining(["--dialect=pgsql", "--step=qp", "--threads=2", "--writer_rate=500", "--time=5", "--table_rows=500000", "--rand-seed=1"]));
    // the query steps settle the table the load steps left, loading it only where it is missing
    expect(step.dataSet(conn, bins).commands.at(-1)?.args.slice(-2)).toEqual(["--if_missing=on", "prepare"]);
  });

  it("load steps do a fixed number of commits with the field's rows per commit", () => {
    const l1 = ibenchStep({ step: "l.i1", rows: 20000 });
    expect(l1.id).toBe("l.i1");
    expect(l1.run(conn, bins, 5).args).toEqual(expect.arrayContaining(["--rows_per_commit=50", "--events=400", "--time=0"]));
    expect(ibenchStep({ step: "l.i2", rows: 2000 }).run(conn, bins, 5).args).toEqual(expect.arrayContaining(["--rows_per_commit=5", "--events=400"]));
    expect(ibenchStep({ step: "l.x" }).run(conn, bins, 5).args).toEqual(expect.arrayContaining(["--events=1"]));
    // load steps share one data set; the query steps' is another (settled again after the loads)
    expect(l1.dataSet(conn, bins).key).toBe(ibenchStep({ step: "l.x" }).dataSet(conn, bins).key);
    expect(l1.dataSet(conn, bins).key).not.toBe(ibenchStep({ step: "qr", writer_rate: 100 }).dataSet(conn, bins).key);
  });

  it("speaks MySQL's dialect to MariaDB, its tables in the step's storage engine, keyed by it", () => {
    const mariadb = { ...conn, protocol: "mysql" as const, socket: "/tmp/mdb/sock", user: "root" };
    const qr = stepFromDefinition({ driver: "ibench", parameters: { step: "qr", writer_rate: 100, storage_engine: "rocksdb" } }, "mariadb");
    expect(qr.run(mariadb, bins, 5).args.slice(1, 7)).toEqual(["--db-driver=mysql", "--mysql-socket=/tmp/mdb/sock", "--mysql-user=root", "--mysql-db=bench", "--dialect=mysql", "--mysql-storage-engine=rocksdb"]);
    expect(qr.parameters).toMatchObject({ storage_engine: "rocksdb" });
    expect(qr.dataSet(mariadb, bins).key).toBe("ibench.rocksdb.rows500000.seed1.queries");
    // without one, the script's default (innodb, as the stock OLTP scripts'): no option, the key as PostgreSQL's
    const l0 = ibenchStep({ step: "l.i0", rows: 1000 });
    expect(l0.run(mariadb, bins, 5).args).not.toContainEqual(expect.stringMatching(/storage-engine/));
    expect(l0.dataSet(mariadb, bins).key).toBe("ibench.rows500000.seed1");
    expect(() => ibenchStep({ step: "l.i0", rows: 1000, storage_engine: "innodb" }).run(conn, bins, 5)).toThrow(/storage_engine "innodb" needs a MySQL-protocol engine; this one speaks postgresql/);
  });

  it("refuses parameters that do not fit the step", () => {
    expect(() => ibenchStep({ step: "qr" })).toThrow(ZodError);
    expect(() => ibenchStep({ step: "l.i1", rows: 1000, writer_rate: 100 })).toThrow(ZodError);
    expect(() => ibenchStep({ step: "l.i0" })).toThrow(ZodError);
    expect(() => ibenchStep({ step: "l.i0", rows: 150 })).toThrow(/multiple of rows_per_commit/);
    expect(() => ibenchStep({ step: "qr", writer_rate: 100, rows: 5 })).toThrow(ZodError);
    expect(() => stepFromDefinition({ driver: "ibench", parameters: { step: "qr", writer_rate: 100 } }, "rocksdb")).toThrow(InputError);
  });

  it("leaves l.x out of instruction counting, with its reason, and counts the other steps", () => {
    expect(ibenchStep({ step: "l.x" }).uncounted).toMatch(/no fixed-count run/);
    expect(ibenchStep({ step: "l.i0", rows: 1000 }).uncounted).toBeUndefined();
    // l.i1 and l.i2 change table ibench: counted, each run on a fresh copy where the engine makes one
    for (const step of ["l.i1", "l.i2"] as const) {
      const counted = ibenchStep({ step, rows: 1000 });
      expect([counted.writes, counted.uncounted, counted.countedRun]).toEqual([true, undefined, undefined]);
    }
    expect(ibenchStep({ step: "l.i0", rows: 1000 }).writes).toBeUndefined();
    expect(ibenchStep({ step: "qr", writer_rate: 100 }).uncounted).toBeUndefined();
  });

  it("counts N and 2N queries of one client with the writer off, the same seed, on the table loaded again for counting", () => {
    const qp = ibenchStep({ step: "qp", writer_rate: 500 });
    const { args } = qp.fixedRun(conn, bins, 300, 0);
    expect(args).toEqual(expect.arrayContaining(["--step=qp", "--threads=1", "--events=300", "--time=0", "--rand-seed=1", "run"]));
    expect(args.some((a) => a.startsWith("--writer_rate"))).toBe(false);
    expect(qp.countedRun).toMatch(/^one query client, the background writer off/);
    // its output has the client's line alone
    const counted1 = queryRun.replace(/^ibench writer.*\n/m, "");
    expect(qp.parseFixed!(counted1).ops).toBe(1632);
    expect(() => qp.parse(counted1)).toThrow(/one "ibench writer:" line/);
    // every ibench step's counted runs start from one data set, loaded again (not --if_missing), apart from the rounds'
    const counted = qp.countedDataSet!(conn, bins);
    expect(counted).toMatchObject({ key: "ibench.rows500000.seed1.counted", tables: ["ibench"] });
    expect(counted.commands.map((c) => c.args.slice(-1))).toEqual([["prepare"]]);
    expect(counted.commands[0]!.args).not.toContain("--if_missing=on");
    expect(ibenchStep({ step: "qr", writer_rate: 100 }).countedDataSet!(conn, bins).key).toBe(counted.key);
    expect(counted.key).not.toBe(qp.dataSet(conn, bins).key);
    // l.i0's counted runs each start without its table: the run drops it at the end; its data set is
    // the query steps' one, so a server loads it once before counting
    const l0 = ibenchStep({ step: "l.i0", rows: 1000 });
    expect(l0.countedDataSet!(conn, bins).key).toBe(counted.key);
    // with the writer off, the query steps of one shape run the same counted runs at every writer rate
    expect(ibenchStep({ step: "qp", writer_rate: 100 }).countedAs).toBe(qp.countedAs);
    expect(ibenchStep({ step: "qr", writer_rate: 500 }).countedAs).not.toBe(qp.countedAs);
    expect(l0.countedAs).toBeUndefined();
    expect(l0.fixedRun(conn, bins, 20, 0).args).toEqual(expect.arrayContaining(["--drop_load_table=on", "--step=l.i0", "--events=20"]));
    expect(l0.run(conn, bins, 5).args).not.toContain("--drop_load_table=on");
  });
});

const okSample = (variant: string, round: number, qps: number, writerRate: number): OkSample => ({
  step: "qr100",
  variant,
  round,
  position: 0,
  started_at: "2026-11-30T16:00:00Z",
  duration_s: 5,
  status: "ok",
  ops: qps * 5,
  ops_per_s: qps,
  latency_ms: null,
  metrics: null,
  client_cpu_share: 0.02,
  background_writer: { target_rows_per_s: 100, rows_per_s: writerRate, kept_rate: writerRate >= 95 },
});

describe("a background writer that fell behind", () => {
  it("is valid results data only when consistent", () => {
    expect(OkSampleSchema.safeParse(okSample("base", 0, 1000, 90)).success).toBe(true);
    const wroteNothing = { ...okSample("base", 0, 1000, 0), background_writer: { target_rows_per_s: 100, rows_per_s: 0, kept_rate: true } };
    expect(OkSampleSchema.safeParse(wroteNothing).success).toBe(false);
  });

  it("makes the step unstable, not judged, however much QPS fell; the notes say which rounds", () => {
    const rounds = Array.from({ length: 10 }, (_, round) => round);
    const samples = rounds.flatMap((round) => [okSample("base", round, 1000, 100), okSample("head", round, 500, round === 3 ? 60 : 100)]);
    const results = {
      schema: "db-bench-gate/results",
      version: 1,
      run: { id: "r", started_at: "2026-11-30T16:00:00Z", finished_at: "2026-11-30T16:10:00Z", tool: "t", budget_exhausted: false, notes: [] },
      fingerprint: {
        arch: "x86_64",
        cpu_model: "cpu",
        cores: 2,
        smt: null,
        memory_mib: 1024,
        kernel: "6",
        os: "Debian",
        compiler: null,
        runner: { name: null, labels: [] },
        hostname_hash: "0123456789abcdef",
      },
      engine: { name: "postgresql", version: "15" },
      profile: { name: "pg-ibench", version: 1, hash: "h" },
      base_variant: "base",
      variants: ["base", "head"].map((id) => ({ id, commit: "abcdef1", ref: id, flags: { cflags: "", cxxflags: "", ldflags: "", configure_args: [] }, build_id: id })),
      steps: [{ id: "qr100", driver: "ibench", parameters: {} }],
      samples,
    };
    expect(ResultsSchema.safeParse(results).success).toBe(true);
    const [row] = compareRun(ResultsSchema.parse(results)).steps;
    expect(row?.variants[0]?.verdict).toBe("unstable");
    expect(row?.variants[0]?.reason).toMatch(/background writer fell behind its 100 rows\/s in 1 round \(head round 3: 60 rows\/s\): QPS not judged/);
    const kept = samples.map((s) => ({ ...s, background_writer: { target_rows_per_s: 100, rows_per_s: 100, kept_rate: true } }));
    expect(compareRun(ResultsSchema.parse({ ...results, samples: kept })).steps[0]?.variants[0]?.verdict).toBe("regression");
    expect(backgroundWriterNotes(samples)).toEqual(["qr100: the background writer fell behind its 100 rows/s in 1 of 10 rounds (60-100 rows/s): QPS not judged"]);
    expect(backgroundWriterNotes(kept)).toEqual(["qr100: the background writer kept its 100 rows/s in all 10 rounds (100-100 rows/s)"]);
    // both variants behind in one round: one round, not two
    const bothBehind = samples.map((s) => (s.round === 3 ? { ...s, background_writer: { target_rows_per_s: 100, rows_per_s: 60, kept_rate: false } } : s));
    expect(backgroundWriterNotes(bothBehind)).toEqual(["qr100: the background writer fell behind its 100 rows/s in 1 of 10 rounds (60-100 rows/s): QPS not judged"]);
  });
});

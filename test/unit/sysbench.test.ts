import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { stepFromDefinition } from "../../src/driver/index.js";
import { parseSysbenchOutput, SYSBENCH_MICROBENCHMARKS, sysbenchStep } from "../../src/driver/sysbench.js";
import { expectParseError } from "./expect-parse-error.js";
import { postgresConnection } from "../helpers/connection.js";

const sample = (name: string) => readFileSync(new URL(`../fixtures/samples/${name}`, import.meta.url), "utf8");

/** sysbench_1.0.20_run_pgsql_real.txt holds two runs, each after its "$ sysbench ..." line. */
const [pointSelect, readWriteHistogram] = sample("sysbench_1.0.20_run_pgsql_real.txt").split(/^\$ .*\n/m).slice(1) as [string, string];
const sysbench11 = sample("sysbench_1.1_run_output_point-query.txt");

describe("sysbench output, real runs", () => {
  it("1.0.20 oltp_point_select with --report-interval", () => {
    expect(parseSysbenchOutput(pointSelect)).toEqual({
      ops: 143034,
      ops_per_s: 35726.46,
      duration_s: 4.0032,
      latency_ms: { avg: 0.06, p95: 0.07, p99: null },
      errors: 0,
      raw: pointSelect,
    });
  });

  it("1.0.20 oltp_read_write with --histogram: ops are queries, not transactions", () => {
    const parsed = parseSysbenchOutput(readWriteHistogram);
    expect([parsed.ops, parsed.ops_per_s, parsed.duration_s, parsed.latency_ms]).toEqual([20940, 6954.04, 3.0109, { avg: 5.74, p95: 10.84, p99: null }]);
  });

  it("1.1 (Throughput block, time elapsed)", () => {
    const parsed = parseSysbenchOutput(sysbench11);
    expect([parsed.ops, parsed.ops_per_s, parsed.duration_s, parsed.latency_ms, parsed.errors]).toEqual([
      324151438, 982242.36, 330.0118, { avg: 0.04, p95: 0.05, p99: null }, 0,
    ]);
  });

  it("1.0.18 oltp_read_only (Percona's results): queries include BEGIN/COMMIT", () => {
    const parsed = parseSysbenchOutput(sample("percona_2021_10_m5.large_oltp_read_only_16thr_sysbench_1.0.18.log"));
    expect([parsed.ops, parsed.ops_per_s, parsed.duration_s, parsed.latency_ms]).toEqual([5490912, 18302.32, 300.0104, { avg: 13.99, p95: 18.95, p99: null }]);
  });

  it("ops per second is the rate the field reports: mytools' o/s for the same run", () => {
    const oPerS = sample("mytools_sb.met_sample.txt").split("\n")[2]?.split("\t").at(-1);
    expect(parseSysbenchOutput(sysbench11).ops_per_s).toBe(Number(oPerS));
  });

  it("--percentile=99 fills p99 instead of p95", () => {
    const parsed = parseSysbenchOutput(pointSelect.replace("95th percentile:", "99th percentile:"));
    expect(parsed.latency_ms).toEqual({ avg: 0.06, p95: null, p99: 0.07 });
  });

  it("recognises the interval report lines", () => {
    const step = sysbenchStep({ benchmark: "point-query" });
    expect(pointSelect.split("\n").filter((line) => step.isProgressLine(line))).toHaveLength(4);
    expect(step.isProgressLine("[ 12s ] thds: 2 tps: 315.28 qps: 6332.54 (r/w/o: 4438.87/1261.12/632.56) lat (ms,95%): 13.70 err/s: 0.00 reconn/s: 0.00")).toBe(true);
    expect(step.isProgressLine("Threads started!")).toBe(false);
  });
});

describe("sysbench output not understood is a ParseError with the raw text", () => {
  it("two runs in one text", () => expectParseError(parseSysbenchOutput, sample("sysbench_1.0.20_run_pgsql_real.txt"), /appears 2 times/));

  it("report_csv hook output (no summary)", () => {
    const [csv, json] = sample("sysbench_1.0.20_csv_json_hooks_real.txt").split(/^--- wrapper .*\n/m).slice(1) as [string, string];
    expectParseError(parseSysbenchOutput, csv, /no sysbench queries/);
    expectParseError(parseSysbenchOutput, json, /no sysbench queries/);
  });

  it("prepare output", () => expectParseError(parseSysbenchOutput, sample("sysbench_1.0.20_prepare_pgsql.txt"), /no sysbench queries/));

  it("truncated before the latency block", () => expectParseError(parseSysbenchOutput, pointSelect.slice(0, pointSelect.indexOf("Latency (ms):")), /no sysbench latency avg/));

  it("truncated before the time line", () => expectParseError(parseSysbenchOutput, sysbench11.slice(0, sysbench11.indexOf("Throughput:")), /no sysbench total time \(1\.0\) or time elapsed/));

  it("a FATAL error, even with a summary", () =>
    expectParseError(parseSysbenchOutput, `FATAL: \`thread_run' function failed: ./oltp_common.lua:432: SQL error, errno = 0, state = '40P01': deadlock detected\n${pointSelect}`, /FATAL/));

  it("garbage", () => expectParseError(parseSysbenchOutput, "sysbench: command not found\n", /no sysbench queries/));
});

describe("sysbench commands", () => {
  const conn = postgresConnection("/tmp/pg.sock.dir", 5433, "bench", "sbtest");
  const bins = { sysbench: "/usr/bin/sysbench", "lua/sbtest-load.lua": "/run/dir/sbtest-load.lua", "lua/sbtest-micro.lua": "/run/dir/sbtest-micro.lua" };
  const connection = ["--db-driver=pgsql", "--pgsql-host=/tmp/pg.sock.dir", "--pgsql-port=5433", "--pgsql-user=bench", "--pgsql-db=sbtest"];

  it("point-query: the field's name, oltp_point_select, uniform keys, interval reports", () => {
    const step = sysbenchStep({ benchmark: "point-query", threads: 4, table_size: 10000 });
    expect(step.id).toBe("point-query.range100.pk1.t4");
    expect(step.run(conn, bins, 60)).toEqual({
      file: "/usr/bin/sysbench",
      args: [
        ...connection, "--tables=1", "--table_size=10000", "--threads=4", "--time=60", "--events=0", "--rand-type=uniform", "--percentile=95",
        "--range_size=100", "--report-interval=1", "oltp_point_select", "run",
      ],
    });
    expect(step.warmup(conn, bins, 10).args).not.toContain("--report-interval=1");
    expect(step.warmup(conn, bins, 10).args).toContain("--time=10");
  });

  it("range-notcovered-pk: oltp_read_only with simple ranges only, no point selects, no transaction", () => {
    const step = sysbenchStep({ benchmark: "range-notcovered-pk", range: 1000 });
    expect(step.id).toBe("range-notcovered-pk.range1000.pk1");
    expect(step.run(conn, bins, 5).args.slice(-10)).toEqual([
      "--range_size=1000", "--simple_ranges=1", "--sum_ranges=0", "--order_ranges=0", "--distinct_ranges=0", "--point_selects=0", "--skip_trx=on",
      "--report-interval=1", "oltp_read_only", "run",
    ]);
  });

  it("maps every microbenchmark name to its script: a stock one or the shipped sbtest-micro.lua", () => {
    const scripts = Object.fromEntries(
      Object.keys(SYSBENCH_MICROBENCHMARKS).map((benchmark) => [benchmark, sysbenchStep({ benchmark, range: 10 }).run(conn, bins, 1).args.at(-2)]),
    );
    expect(scripts).toEqual({
      "point-query": "oltp_point_select",
      "points-covered-pk": "/run/dir/sbtest-micro.lua",
      "points-covered-si": "/run/dir/sbtest-micro.lua",
      "points-notcovered-pk": "/run/dir/sbtest-micro.lua",
      "points-notcovered-si": "/run/dir/sbtest-micro.lua",
      "random-points": "select_random_points",
      "hot-points": "/run/dir/sbtest-micro.lua",
      "range-covered-pk": "/run/dir/sbtest-micro.lua",
      "range-covered-si": "select_random_ranges",
      "range-notcovered-pk": "oltp_read_only",
      "range-notcovered-si": "/run/dir/sbtest-micro.lua",
      scan: "/run/dir/sbtest-micro.lua",
      "read-only": "oltp_read_only",
      "read-only-count": "/run/dir/sbtest-micro.lua",
      "read-only-simple": "oltp_read_only",
      "read-only-sum": "oltp_read_only",
      "read-only-order": "oltp_read_only",
      "read-only-distinct": "oltp_read_only",
      "read-write": "oltp_read_write",
      "write-only": "oltp_write_only",
      "update-index": "oltp_update_index",
      "update-inlist": "/run/dir/sbtest-micro.lua",
      "update-nonindex": "oltp_update_non_index",
      "update-one": "/run/dir/sbtest-micro.lua",
      "update-zipf": "/run/dir/sbtest-micro.lua",
      insert: "oltp_insert",
      delete: "oltp_delete",
    });
  });

  it("random-points and range-covered-si put the range where their scripts read it", () => {
    expect(sysbenchStep({ benchmark: "random-points", range: 100 }).run(conn, bins, 1).args).toContain("--random_points=100");
    expect(sysbenchStep({ benchmark: "range-covered-si", range: 100 }).run(conn, bins, 1).args).toEqual(
      expect.arrayContaining(["--number_of_ranges=1", "--delta=100"]),
    );
    expect(sysbenchStep({ benchmark: "read-only-sum", range: 1000 }).run(conn, bins, 1).args).toEqual(
      expect.arrayContaining(["--range_size=1000", "--simple_ranges=0", "--sum_ranges=1", "--order_ranges=0", "--distinct_ranges=0"]),
    );
  });

  it("pk0 uses a secondary index instead of the primary key, in the load and the run", () => {
    const step = sysbenchStep({ benchmark: "read-only", range: 10, pk: false, tables: 2 });
    expect(step.id).toBe("read-only.range10.pk0");
    expect(step.run(conn, bins, 1).args).toContain("--secondary=on");
    expect(step.dataSet(conn, bins).commands[1]?.args).toContain("--secondary=on");
  });

  it("loads once per table set and seed with the shipped loader: cleanup, prepare, and names the tables for the engine to settle", () => {
    const step = sysbenchStep({ benchmark: "update-index", tables: 2, table_size: 5000 });
    expect(step.programs).toEqual({ sysbench: "system", "lua/sbtest-load.lua": "shipped", "lua/sbtest-micro.lua": "shipped" });
    const load = ["/run/dir/sbtest-load.lua", ...connection, "--tables=2", "--table_size=5000", "--rand-seed=1"];
    expect(step.dataSet(conn, bins)).toEqual({
      key: "sysbench.postgresql.tables2.rows5000.pk1.seed1",
      commands: [
        { file: "/usr/bin/sysbench", args: [...load, "cleanup"] },
        { file: "/usr/bin/sysbench", args: [...load, "prepare"] },
      ],
      tables: ["sbtest1", "sbtest2"],
    });
    expect(sysbenchStep({ benchmark: "point-query", tables: 2, table_size: 5000, threads: 8 }).dataSet(conn, bins).key).toBe(step.dataSet(conn, bins).key);
  });

  it("records the parameters that define the step, with the script", () => {
    expect(sysbenchStep({ benchmark: "insert", threads: 2 }).parameters).toEqual({
      benchmark: "insert", script: "oltp_insert", range: 100, threads: 2, tables: 1, table_size: 100000, pk: true, percentile: 95,
    });
  });

  it("rejects what the stock scripts cannot do", () => {
    expect(() => sysbenchStep({ benchmark: "random-points", tables: 4 })).toThrow(/tables must be 1/);
    expect(() => sysbenchStep({ benchmark: "update-rate" })).toThrow(ZodError);
    expect(() => sysbenchStep({ benchmark: "point-query", percentile: 90 })).toThrow(ZodError);
  });

  it("is found by its driver name", () => {
    expect(stepFromDefinition({ driver: "sysbench", parameters: { benchmark: "write-only", range: 10000 } }, "postgresql").id).toBe("write-only.range10000.pk1");
    expect(() => stepFromDefinition({ driver: "sysbench", parameters: { benchmark: "write-only" } }, "rocksdb")).toThrow(/sysbench driver cannot measure the rocksdb engine \(it measures postgresql, mariadb, myrocks\)$/);
  });

  it("reaches a MySQL-protocol server through its mysql driver and the socket file", () => {
    const mariadb = { ...conn, protocol: "mysql" as const, socket: "/tmp/mdb/sock", user: "root" };
    expect(sysbenchStep({ benchmark: "point-query" }).run(mariadb, bins, 5).args.slice(0, 4)).toEqual([
      "--db-driver=mysql", "--mysql-socket=/tmp/mdb/sock", "--mysql-user=root", "--mysql-db=sbtest",
    ]);
  });

  it("loads a MySQL-protocol server's tables with the profile's storage engine, keyed by it", () => {
    const mariadb = { ...conn, protocol: "mysql" as const, socket: "/tmp/mdb/sock", user: "root" };
    const innodb = sysbenchStep({ benchmark: "point-query", storage_engine: "innodb" });
    const prepare = innodb.dataSet(mariadb, bins).commands[1]?.args ?? [];
    expect(prepare).toContain("--mysql-storage-engine=innodb");
    expect(prepare.slice(-2)).toEqual(["--rand-seed=1", "prepare"]);
    expect(innodb.dataSet(mariadb, bins).key).toBe("sysbench.mysql.innodb.tables1.rows100000.pk1.seed1");
    expect(sysbenchStep({ benchmark: "point-query", storage_engine: "rocksdb" }).dataSet(mariadb, bins).key).toBe("sysbench.mysql.rocksdb.tables1.rows100000.pk1.seed1");
    expect(innodb.parameters).toMatchObject({ storage_engine: "innodb" });
  });

  it("refuses a storage engine for a PostgreSQL server, and a name that is not one", () => {
    expect(() => sysbenchStep({ benchmark: "point-query", storage_engine: "innodb" }).dataSet(conn, bins)).toThrow(/storage_engine: storage_engine "innodb" needs a MySQL-protocol engine; this one speaks postgresql/);
    expect(() => sysbenchStep({ benchmark: "point-query", storage_engine: "inno db; drop" })).toThrow(ZodError);
  });
});

/** The microbenchmarks sbtest-micro.lua runs (the field's list less what the stock scripts run). */
const MICRO_BENCHMARKS = [
  "points-covered-pk", "points-covered-si", "points-notcovered-pk", "points-notcovered-si", "hot-points",
  "range-covered-pk", "range-notcovered-si", "read-only-count", "scan", "update-inlist", "update-one", "update-zipf",
] as const;
const MICRO_WRITES = ["update-inlist", "update-one", "update-zipf"];

describe("the field's microbenchmarks through the shipped sbtest-micro.lua", () => {
  const conn = postgresConnection("/tmp/pg.sock.dir", 5433, "bench", "sbtest");
  const bins = { sysbench: "/usr/bin/sysbench", "lua/sbtest-load.lua": "/run/dir/sbtest-load.lua", "lua/sbtest-micro.lua": "/run/dir/sbtest-micro.lua" };

  it.each(MICRO_BENCHMARKS)("%s: the run dir's sbtest-micro.lua, --query naming it, R in --range_size, uniform keys", (benchmark) => {
    const step = sysbenchStep({ benchmark, range: 10, table_size: 5000 });
    expect(step.id).toBe(`${benchmark}.range10.pk1`);
    expect(step.run(conn, bins, 3).args.slice(-10)).toEqual([
      "--threads=1", "--time=3", "--events=0", "--rand-type=uniform", "--percentile=95", "--range_size=10", `--query=${benchmark}`,
      "--report-interval=1", "/run/dir/sbtest-micro.lua", "run",
    ]);
    expect(step.warmup(conn, bins, 2).args.slice(-4)).toEqual(["--range_size=10", `--query=${benchmark}`, "/run/dir/sbtest-micro.lua", "run"]);
    expect(step.fixedRun(conn, bins, 50, 0).args.slice(-2)).toEqual(["/run/dir/sbtest-micro.lua", "run"]);
    // the same tables and rows as the stock scripts': one load shared with them
    expect(step.dataSet(conn, bins).key).toBe(sysbenchStep({ benchmark: "point-query", table_size: 5000 }).dataSet(conn, bins).key);
    expect(step.parameters).toMatchObject({ benchmark, script: "lua/sbtest-micro.lua", range: 10 });
  });

  it("the updates take a new seed in each counted run (a repeat would write the values the rows hold); the reads one seed", () => {
    for (const benchmark of MICRO_BENCHMARKS) {
      const step = sysbenchStep({ benchmark });
      const seeds = [0, 1].map((run) => step.fixedRun(conn, bins, 10, run).args.find((arg) => arg.startsWith("--rand-seed=")));
      expect.soft(seeds[0] !== seeds[1], benchmark).toBe(MICRO_WRITES.includes(benchmark));
    }
  });

  it("reads any number of tables (a random one per event), unlike select_random_points", () => {
    expect(sysbenchStep({ benchmark: "points-covered-si", tables: 4 }).run(conn, bins, 1).args).toContain("--tables=4");
  });

  /** Each fixture: real 2-s runs of every sbtest-micro.lua benchmark, each after its "$ sysbench ..." command line. */
  const fixtures = {
    "PostgreSQL 15": "sysbench_1.0.20_micro_pgsql_real.txt",
    "MariaDB 10.11 InnoDB": "sysbench_1.0.20_micro_mariadb_innodb_real.txt",
    "MariaDB 10.11 MyRocks": "sysbench_1.0.20_micro_mariadb_rocksdb_real.txt",
  };
  const runsIn = (file: string) =>
    [...sample(file).matchAll(/^\$ sysbench (.*)\n([^]*?)(?=^\$ |(?![^]))/gm)].map(([, command, output]) => ({ args: command!.split(" "), output: output! }));

  it.each(Object.entries(fixtures))("%s: every benchmark's real output parses, with queries, no error, reads or writes as its statement does", (_, file) => {
    const runs = runsIn(file);
    expect(runs.map(({ args }) => args.find((arg) => arg.startsWith("--query="))?.slice("--query=".length))).toEqual([...MICRO_BENCHMARKS]);
    for (const { args, output } of runs) {
      const benchmark = args.find((arg) => arg.startsWith("--query="))!.slice("--query=".length);
      // the recorded command line is the step's own (after the connection options)
      const step = sysbenchStep({ benchmark, table_size: 20000 });
      const stepArgs = step.run(conn, { ...bins, "lua/sbtest-micro.lua": "lua/sbtest-micro.lua" }, 2).args;
      expect(args.slice(args.indexOf("--tables=1"))).toEqual(stepArgs.slice(stepArgs.indexOf("--tables=1")));
      const parsed = parseSysbenchOutput(output);
      expect.soft(parsed.ops, benchmark).toBeGreaterThan(0);
      expect.soft(parsed.errors, benchmark).toBe(0);
      expect.soft(parsed.duration_s, benchmark).toBeGreaterThanOrEqual(2);
      // one statement per event, no BEGIN/COMMIT: queries = events, all reads or all writes
      const count = (kind: string) => Number(new RegExp(`^\\s+${kind}:\\s+(\\d+)$`, "m").exec(output)?.[1]);
      expect.soft(count("total number of events"), benchmark).toBe(parsed.ops);
      expect.soft(count(MICRO_WRITES.includes(benchmark) ? "write" : "read"), benchmark).toBe(parsed.ops);
    }
  });

  it("PostgreSQL points-covered-pk: the numbers of its summary", () => {
    const [first] = runsIn(fixtures["PostgreSQL 15"]);
    const parsed = parseSysbenchOutput(first!.output);
    expect([parsed.ops, parsed.ops_per_s, parsed.duration_s, parsed.latency_ms]).toEqual([1913, 953.52, 2.0052, { avg: 1.04, p95: 4.18, p99: null }]);
  });
});

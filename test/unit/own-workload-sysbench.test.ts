/**
 * A fork's own sysbench Lua script as a profile step: its definition (script, options, threads)
 * parsed and checked, its definition hash, the commands its runs and loads are, its file read at the
 * judging commit (a real git repository whose checkout holds another version), and the real
 * sysbench on this machine telling a script it cannot run (no server needed: it loads the script and
 * looks up `event` before connecting) and loading the same rows twice through the seeded prepare.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path, { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDebianPackages } from "../../src/setup/debian-packages.js";
import { childEnv } from "../../src/trust/child-env.js";
import { judgingCommit } from "../../src/config/judging-files.js";
import { builtinDir, loadProfile, parseProfile } from "../../src/config/profile.js";
import { createdTables } from "../../src/driver/sysbench-custom.js";
import type { BenchmarkStep, ClientCommand, Target, WorkloadFile } from "../../src/driver/types.js";
import { InputError } from "../../src/common/errors.js";
import { inputError } from "./expect-input-error.js";
import { ordersLua } from "../helpers/orders-lua.js";

const dir = mkdtempSync(join(tmpdir(), "dbg-own-sysbench-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const profileText = (step: string, engine = "mariadb") => `
name: own
version: 1
engine: ${engine}
description: a custom sysbench step
schedule: { rounds: 4, min_rounds: 2, duration_s: 1, warmup_s: 0, time_budget_s: null }
server_settings: {}
steps:
  - ${step}
`;
const CUSTOM = "{ driver: sysbench, name: orders-by-customer, script: orders.lua, options: { orders: 1000, skip_trx: true, mysql_storage_engine: innodb }, threads: 2, writes: false }";

const ORDERS_LUA = ordersLua(undefined, '\n  skip_trx = { "no transaction around an event", false },');

const file = (name: string, text: string): WorkloadFile => ({ path: name, source: `abc123:perf/${name}`, text });
const FILES = new Map([["orders.lua", file("orders.lua", ORDERS_LUA)]]);
const customStep = (step = CUSTOM, files = FILES, engine = "mariadb"): BenchmarkStep => parseProfile(profileText(step, engine), "own.yaml", 2, files).steps[0]!;

const MARIADB: Target = { kind: "server", protocol: "mysql", socket: "/sock/mysqld.sock", port: 3307, user: "root", database: "bench" };
const POSTGRES: Target = { kind: "server", protocol: "postgresql", socket: "/sock/.s.PGSQL.5433", port: 5433, user: "bench", database: "bench" };
const runDirBins = (runDir: string) => new Proxy({} as Record<string, string>, { get: (_, name) => (name === "sysbench" ? "sysbench" : join(runDir, path.basename(String(name)))) });
const BINS = runDirBins("/run/dir");

/** The step's files and the shipped Lua in a run directory of its own, as the pipeline writes them. */
function runDirOf(step: BenchmarkStep, name: string): string {
  const runDir = join(dir, name);
  mkdirSync(runDir);
  for (const [copy, f] of Object.entries(step.files!)) writeFileSync(join(runDir, copy), f.text);
  for (const [program, from] of Object.entries(step.programs)) if (from === "shipped") copyFileSync(join(builtinDir("lua"), path.basename(program)), join(runDir, path.basename(program)));
  return runDir;
}
const run = async (command: ClientCommand) => (await execa(command.file, command.args, { env: childEnv(process.env), extendEnv: false, reject: false, all: true, timeout: 30_000 })).all;

describe("a custom sysbench step's definition", () => {
  it("is named by the user, records what it runs, and hashes the script's text and the options", () => {
    const step = customStep();
    expect(step.id).toBe("orders-by-customer");
    expect(step.driver).toBe("sysbench");
    expect(step.parameters).toEqual({ script: "orders.lua", options: "mysql_storage_engine=innodb orders=1000 skip_trx=on", threads: 2, writes: false, percentile: 95 });
    expect(step.definition_hash).toMatch(/^[0-9a-f]{64}$/);
    const edited = new Map(FILES).set("orders.lua", file("orders.lua", ORDERS_LUA.replace("SUM(amount)", "MAX(amount)")));
    expect(customStep(CUSTOM, edited).definition_hash).not.toBe(step.definition_hash);
    for (const changed of [CUSTOM.replace("orders: 1000", "orders: 999"), CUSTOM.replace("threads: 2", "threads: 3"), CUSTOM.replace("writes: false", "writes: true"), CUSTOM.replace("innodb", "rocksdb")]) {
      expect(customStep(changed).definition_hash, changed).not.toBe(step.definition_hash);
    }
    // the options' order and the step's name are not the workload; the builtin steps have no hash
    expect(customStep(CUSTOM.replace("orders: 1000, skip_trx: true", "skip_trx: true, orders: 1000")).definition_hash).toBe(step.definition_hash);
    expect(customStep(CUSTOM.replace("orders-by-customer", "orders-2")).definition_hash).toBe(step.definition_hash);
    expect(customStep("{ driver: sysbench, benchmark: point-query }").definition_hash).toBeUndefined();
  });

  it.each([
    [CUSTOM.replace("orders-by-customer", "'orders by customer'"), "$.steps[0].name"],
    [CUSTOM.replace("script: orders.lua", "script: orders.sql"), "$.steps[0].script"],
    [CUSTOM.replace("script: orders.lua", "script: 'my orders.lua'"), "$.steps[0].script"],
    [CUSTOM.replace("orders: 1000", "threads: 8"), "$.steps[0].options.threads"],
    [CUSTOM.replace("orders: 1000", "rand_seed: 7"), "$.steps[0].options.rand_seed"],
    [CUSTOM.replace("orders: 1000", "mysql-socket: /tmp/other.sock"), "$.steps[0].options.mysql-socket"],
    [CUSTOM.replace("orders: 1000", "'--orders': 1000"), "$.steps[0].options.--orders"],
    [CUSTOM.replace("orders: 1000", "orders: [1, 2]"), "$.steps[0].options.orders"],
    [CUSTOM.replace("threads: 2", "threads: 0"), "$.steps[0].threads"],
  ])("refuses %s, naming %s", (step, field) => {
    expect(inputError(() => customStep(step))).toContain(`own.yaml: ${field}: `);
  });

  it("is not swept: its id is the user's name, one per step", () => {
    expect(inputError(() => customStep(CUSTOM.replace("threads: 2", "sweep: { clients: [1, 2] }")))).toBe("own.yaml: $.steps[0].sweep: the sysbench step ids do not name the client count (orders-by-customer, orders-by-customer)");
  });

  it("runs every run with the profile's script and options and one seed, counting a fixed number of events", () => {
    const step = customStep();
    const [script, stub] = Object.keys(step.files!);
    const measured = step.run(MARIADB, BINS, 5);
    expect(measured.file).toBe("sysbench");
    expect(measured.args).toEqual([
      "--db-driver=mysql", "--mysql-socket=/sock/mysqld.sock", "--mysql-user=root", "--mysql-db=bench",
      "--threads=2", "--time=5", "--events=0", "--percentile=95", "--mysql_storage_engine=innodb", "--orders=1000", "--skip_trx=on", "--rand-seed=1",
      "--report-interval=1", `/run/dir/${script}`, "run",
    ]);
    expect(step.warmup(MARIADB, BINS, 2).args.slice(-4)).toEqual(["--skip_trx=on", "--rand-seed=1", `/run/dir/${script}`, "run"]);
    // --events counts every thread's events: N per client
    expect(step.fixedRun(MARIADB, BINS, 100, 2).args).toEqual(expect.arrayContaining(["--threads=2", "--time=0", "--events=200", "--rand-seed=1"]));
    expect(step.writes).toBeUndefined();
    // a writing step on data its earlier counted runs changed draws other operations in each, the same on every variant
    const writing = customStep(CUSTOM.replace("writes: false", "writes: true"));
    expect(writing.writes).toBe(true);
    expect(writing.fixedRun(MARIADB, BINS, 100, 2).args).toContain("--rand-seed=3");
    expect(step.parse).toBeTypeOf("function");
    expect(step.isProgressLine("[ 1s ] thds: 2 tps: 100.00 qps: 100.00")).toBe(true);
    // PostgreSQL through sysbench's pgsql driver
    expect(customStep(CUSTOM, FILES, "postgresql").run(POSTGRES, BINS, 5).args[0]).toBe("--db-driver=pgsql");
    expect(stub).toMatch(/^workload-[0-9a-f]{12}-seeded-orders\.lua$/);
  });

  it("loads its data with the script's cleanup, then its prepare seeded, in one thread; the same script and options share a load", () => {
    const step = customStep();
    const [script, stub] = Object.keys(step.files!);
    const data = step.dataSet(MARIADB, BINS);
    expect(data.commands.map((c) => [c.args[0], ...c.args.slice(-5)])).toEqual([
      [`/run/dir/${script}`, "--orders=1000", "--skip_trx=on", "--threads=1", "--rand-seed=1", "cleanup"],
      [`/run/dir/${stub}`, "--orders=1000", "--skip_trx=on", "--threads=1", "--rand-seed=1", "prepare"],
      // the script's tables, unknown here, get statistics as the built-ins' do: every table of the database analysed
      ["/run/dir/analyze-tables.lua", "--mysql-user=root", "--mysql-db=bench", "--threads=1", "--rand-seed=1", "analyze"],
    ]);
    expect(data.tables).toEqual([]);
    expect(data.commands[1]!.args).toContain("--mysql_storage_engine=innodb");
    expect(step.files![stub!]!.text).toContain(`dofile(dir .. "${script}")\ndofile(dir .. "seeded-prepare.lua")`);
    expect(step.programs).toMatchObject({ sysbench: "system", "lua/seeded-prepare.lua": "shipped", "lua/analyze-tables.lua": "shipped", [script!]: "workload", [stub!]: "workload" });
    expect(data.key).toMatch(/^sysbench-custom\.mysql\.[0-9a-f]{12}$/);
    // the tables' engine is a script's option: another engine, another load
    expect(customStep(CUSTOM.replace("innodb", "rocksdb")).dataSet(MARIADB, BINS).key).not.toBe(data.key);
    expect(customStep(CUSTOM.replace("orders-by-customer", "other").replace("threads: 2", "threads: 4")).dataSet(MARIADB, BINS).key).toBe(data.key);
    expect(customStep(CUSTOM.replace("orders: 1000", "orders: 10")).dataSet(MARIADB, BINS).key).not.toBe(data.key);
  });

  // sysbench 1.0.20's own lines (a load on a MariaDB server), recorded 2026-12-05
  it("tells a load's failure that is the script's (a command it lacks, its Lua error) from one that is not", () => {
    const step = customStep();
    const [script, stub] = Object.keys(step.files!);
    const data = step.dataSet(MARIADB, BINS);
    expect(data.inputError!(0, `sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\n\n'/run/dir/${script}' test does not implement the 'cleanup' command.\n`)!.message).toBe(
      "abc123:perf/orders.lua: script: sysbench: 'abc123:perf/orders.lua' test does not implement the 'cleanup' command.",
    );
    const sqlError = `FATAL: mysql_drv_query() returned error 1064 (You have an error in your SQL syntax) for query 'CREAT TABLE orders (id INT)'\nFATAL: \`prepare' function failed: /run/dir/${script}:7: SQL error, errno = 1064, state = '42000': You have an error in your SQL syntax\n`;
    expect(data.inputError!(1, sqlError)!.message).toBe("abc123:perf/orders.lua: script: sysbench: `prepare' function failed: abc123:perf/orders.lua:7: SQL error, errno = 1064, state = '42000': You have an error in your SQL syntax");
    expect(data.inputError!(1, `'/run/dir/${stub}' test does not implement the 'prepare' command.`)!.message).toContain("'abc123:perf/orders.lua' test does not implement the 'prepare' command.");
    expect(data.inputError!(1, `FATAL: unable to connect to MySQL server on socket '/sock/mysqld.sock', aborting...\nFATAL: error 2002: Can't connect to local server through socket '/sock/mysqld.sock' (2)\nFATAL: \`prepare' function failed: /run/dir/${script}:6: connection creation failed\n`)).toBeNull();
  });
});

const SQL_STEP = "{ driver: sysbench, name: orders-sql, sql: [lookup.sql@9, update.sql], init_sql: init.sql, threads: 2 }";
const SQL_FILES = new Map([
  ["lookup.sql", file("lookup.sql", "-- a customer's orders\nSELECT SUM(amount)\n  FROM orders WHERE customer = 17;\n")],
  ["update.sql", file("update.sql", "BEGIN;\nUPDATE orders SET amount = amount + 1 WHERE id = 5;\nCOMMIT;\n")],
  ["init.sql", file("init.sql", "CREATE TABLE orders (id INT PRIMARY KEY, customer INT, amount INT);\nINSERT INTO orders VALUES (5, 17, 100);\n")],
]);
const sqlStep = (step = SQL_STEP, files = SQL_FILES) => customStep(step, files);

describe("a custom sysbench step of SQL files", () => {
  it("is named by the user, records its files and weights, and hashes their text", () => {
    const step = sqlStep();
    expect(step.id).toBe("orders-sql");
    expect(step.parameters).toEqual({ sql: "lookup.sql@9 update.sql", init_sql: "init.sql", threads: 2, writes: true, percentile: 95 });
    for (const [name, text] of [["lookup.sql", "SELECT 1;\n"], ["init.sql", "CREATE TABLE orders (id BIGINT PRIMARY KEY);\n"]] as const) {
      expect(sqlStep(SQL_STEP, new Map(SQL_FILES).set(name, file(name, text))).definition_hash, name).not.toBe(step.definition_hash);
    }
    expect(sqlStep(SQL_STEP.replace("lookup.sql@9", "lookup.sql@8")).definition_hash).not.toBe(step.definition_hash);
    expect(sqlStep(SQL_STEP.replace("orders-sql", "other")).definition_hash).toBe(step.definition_hash);
  });

  it.each([
    [SQL_STEP.replace("lookup.sql@9", "'look,up.sql@9'"), "$.steps[0].sql[0]"],
    [SQL_STEP.replace("[lookup.sql@9, update.sql]", "[lookup.sql@0]"), "$.steps[0].sql"],
    [SQL_STEP.replace("[lookup.sql@9, update.sql]", "[]"), "$.steps[0].sql"],
    [SQL_STEP.replace("threads: 2", "threads: 2, script: orders.lua"), "$.steps[0]"],
    [SQL_STEP.replace("threads: 2", "threads: 2, options: { orders: 1 }"), "$.steps[0]"],
    [SQL_STEP.replace("threads: 2", "threads: 2, storage_engine: rocksdb"), "$.steps[0]"],
  ])("refuses %s, naming %s", (step, field) => {
    expect(inputError(() => sqlStep(step))).toContain(`own.yaml: ${field}: `);
  });

  it("runs the shipped sql-mix.lua on the run directory's copies, by weight; the load's cleanup drops the tables the init SQL creates", () => {
    const step = sqlStep();
    const [lookup, update, init] = Object.keys(step.files!);
    const measured = step.run(MARIADB, BINS, 5).args;
    expect(measured.slice(-7)).toEqual([`--sql_files=/run/dir/${lookup}@9,/run/dir/${update}@1`, `--init_sql=/run/dir/${init}`, "--drop_tables=orders", "--rand-seed=1", "--report-interval=1", "/run/dir/sql-mix.lua", "run"]);
    expect(step.fixedRun(MARIADB, BINS, 50, 0).args).toEqual(expect.arrayContaining(["--events=100", "--rand-seed=1", "/run/dir/sql-mix.lua"]));
    expect(step.programs).toMatchObject({ "lua/sql-mix.lua": "shipped", [lookup!]: "workload", [init!]: "workload" });
    const data = step.dataSet(MARIADB, BINS);
    expect(data.commands.map((c) => [c.args[0], c.args.at(-1)])).toEqual([
      ["/run/dir/sql-mix.lua", "cleanup"],
      ["/run/dir/sql-mix.lua", "prepare"],
      // every table of the database analysed, as a script's are: the init SQL's names may be qualified or quoted
      ["/run/dir/analyze-tables.lua", "analyze"],
    ]);
    expect(data.tables).toEqual([]);
    expect(step.programs).toMatchObject({ "lua/analyze-tables.lua": "shipped" });
    // the same init SQL shares a load, whatever the statements
    expect(sqlStep(SQL_STEP.replace("[lookup.sql@9, update.sql]", "[update.sql]")).dataSet(MARIADB, BINS).key).toBe(data.key);
  });

  it("finds the tables an init SQL creates, as it writes them, the last created dropped first", () => {
    expect(createdTables("CREATE TABLE orders (id INT);\ncreate table if not exists `items`(id int);\n  CREATE OR REPLACE TABLE orders (id INT);\nINSERT INTO orders SELECT 1;\nCREATE INDEX i ON items (id);\n")).toEqual(["`items`", "orders"]);
    // a schema, quoted names, PostgreSQL's kinds of table; a table referencing another is dropped before it
    const pg = 'CREATE TABLE public.items (id INT PRIMARY KEY);\nCREATE UNLOGGED TABLE "Item Notes"(item INT REFERENCES public.items (id));\nCREATE TEMP TABLE scratch AS SELECT 1;\nCREATE TABLE "bench"."Totals" (n INT);\n';
    expect(createdTables(pg)).toEqual(['"bench"."Totals"', "scratch", '"Item Notes"', "public.items"]);
    expect(createdTables("CREATE TABLESPACE ts LOCATION '/x';\nCREATE INDEX ON items (id);\n")).toEqual([]);
  });

  it.each([
    ["CREATE TABLE\n  orders (id INT);\n", 1],
    ['INSERT INTO t SELECT 1;\nCREATE TABLE "a,b" (id INT);\n', 2],
  ])("refuses an init SQL whose created table it cannot name: %j, line %i", (sql, line) => {
    expect(inputError(() => createdTables(sql, "abc123:perf/init.sql"))).toMatch(new RegExp(`^abc123:perf/init\\.sql: init_sql: line ${line}: cannot read the name of the table it creates`));
  });

  // sysbench 1.0.20's line for a statement that fails in the init SQL (sql-mix.lua names the file and line), recorded 2026-12-05
  it("blames an init SQL's failing statement on init_sql, with its line", () => {
    const step = sqlStep();
    const init = Object.keys(step.files!)[2]!;
    const error = step.dataSet(MARIADB, BINS).inputError!(1, `FATAL: mysql_drv_query() returned error 1064 (You have an error in your SQL syntax) for query 'CREAT TABLE x'\nFATAL: \`prepare' function failed: /run/dir/${init}:2: SQL error, errno = 1064, state = '42000': You have an error in your SQL syntax\n`);
    expect(error!.message).toBe("abc123:perf/init.sql: init_sql: sysbench: `prepare' function failed: abc123:perf/init.sql:2: SQL error, errno = 1064, state = '42000': You have an error in your SQL syntax");
  });
});

describe("a custom sysbench script checked by sysbench, with no server", () => {
  // the real sysbench: a fresh runner has none until something installs it
  beforeAll(() => ensureDebianPackages(["sysbench"]), 15 * 60_000);

  const checked = async (text: string, name: string, step = CUSTOM) => {
    const s = customStep(step, new Map([["orders.lua", file("orders.lua", text)]]));
    const runDir = runDirOf(s, name);
    const check = s.inputCheck!(runDirBins(runDir), join(runDir, "no-server"));
    return check.rejected(await run(check.command), "own.yaml");
  };

  it("accepts a script of the stock scripts' shape (it fails only to connect)", async () => {
    expect(await checked(ORDERS_LUA, "good")).toBeNull();
  });

  it("refuses a script without event(), one that does not compile, and an option it does not declare: sysbench's message, naming the file and the field", async () => {
    const noEvent = await checked(ORDERS_LUA.replace(/function event\(\)[\s\S]*$/, ""), "no-event");
    expect(noEvent).toBeInstanceOf(InputError);
    expect(noEvent!.message).toBe("abc123:perf/orders.lua: script: sysbench: cannot find the event() function in abc123:perf/orders.lua");
    expect((await checked(`${ORDERS_LUA}function event(\n`, "syntax"))!.message).toMatch(/^abc123:perf\/orders\.lua: script: sysbench: abc123:perf\/orders\.lua:\d+: .*expected near '<eof>'$/);
    expect((await checked(ORDERS_LUA, "undeclared", CUSTOM.replace("orders: 1000", "order: 1000")))!.message).toBe("abc123:perf/orders.lua: options: sysbench: invalid option: --order=1000");
  });

  it("refuses an SQL file without a statement, naming it and its field; accepts the files that have them", async () => {
    const check = async (files: Map<string, WorkloadFile>, name: string) => {
      const step = sqlStep(SQL_STEP, files);
      const runDir = runDirOf(step, name);
      const c = step.inputCheck!(runDirBins(runDir), join(runDir, "no-server"));
      return c.rejected(await run(c.command), "own.yaml");
    };
    expect(await check(SQL_FILES, "sql-good")).toBeNull();
    const empty = await check(new Map(SQL_FILES).set("update.sql", file("update.sql", "-- nothing yet\n")), "sql-empty");
    expect(empty!.message).toBe("abc123:perf/update.sql: sql[1]: sysbench: `thread_init' function failed: abc123:perf/update.sql: no statement (each ends with ';' at the end of a line)");
    const unended = await check(new Map(SQL_FILES).set("lookup.sql", file("lookup.sql", "SELECT 1;\n\nSELECT 2\n")), "sql-unended");
    expect(unended!.message).toBe("abc123:perf/lookup.sql: sql[0]: sysbench: `thread_init' function failed: abc123:perf/lookup.sql:3: a statement without its ending ';' at the end of a line");
  });

  it("its prepare, through the seeded stub, draws the same rows on every load (the script's own prepare does not)", async () => {
    const draws = "function prepare() for i = 1, 3 do print(sysbench.rand.uniform(1, 1000000000)) end end\nfunction cleanup() end\nfunction event() end\n";
    const step = customStep("{ driver: sysbench, name: draws, script: orders.lua }", new Map([["orders.lua", file("orders.lua", draws)]]));
    const runDir = runDirOf(step, "seeded");
    const bins = runDirBins(runDir);
    const [, prepare] = step.dataSet(MARIADB, bins).commands;
    const numbers = (output: string) => output.split("\n").filter((l) => /^\d+$/.test(l));
    const [first, second] = [numbers(await run(prepare!)), numbers(await run(prepare!))];
    expect(first).toHaveLength(3);
    expect(second).toEqual(first);
    const unseeded = { ...prepare!, args: [bins[Object.keys(step.files!)[0]!]!, ...prepare!.args.slice(1)] };
    expect(numbers(await run(unseeded))).not.toEqual(numbers(await run(unseeded)));
  });
});

describe("a custom sysbench step's script", () => {
  it("is read at the judging commit, relative to the profile, never from the checkout", async () => {
    const repo = join(dir, "repo");
    mkdirSync(join(repo, "perf"), { recursive: true });
    const git = async (...args: string[]) => (await execa("git", ["-C", repo, "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false", ...args], { env: childEnv(process.env), extendEnv: false })).stdout.trim();
    await execa("git", ["init", "-q", "-b", "main", repo], { env: childEnv(process.env), extendEnv: false });
    writeFileSync(join(repo, "perf", "profile.yaml"), profileText(CUSTOM));
    writeFileSync(join(repo, "perf", "orders.lua"), ORDERS_LUA);
    await git("add", "-A");
    await git("commit", "-qm", "base");
    const base = await git("rev-parse", "HEAD");
    writeFileSync(join(repo, "perf", "orders.lua"), "function event() end\n");
    const at = judgingCommit(repo, base);
    const step = (await loadProfile(join(repo, "perf", "profile.yaml"), at)).steps[0]!;
    expect(Object.values(step.files!)[0]).toEqual({ path: "orders.lua", source: `${base}:perf/orders.lua`, text: ORDERS_LUA });
    expect(step.definition_hash).toBe(customStep().definition_hash);
    expect([...at.read].sort()).toEqual(["perf/orders.lua", "perf/profile.yaml"]);
    writeFileSync(join(repo, "perf", "profile.yaml"), profileText(CUSTOM.replace("orders.lua", "gone.lua")));
    await git("commit", "-qam", "names gone.lua");
    const named = await git("rev-parse", "HEAD");
    await expect(loadProfile(join(repo, "perf", "profile.yaml"), judgingCommit(repo, named))).rejects.toThrow(`${named}:perf/profile.yaml: $.steps[0].script: perf/gone.lua: not in commit ${named}`);
  });
});

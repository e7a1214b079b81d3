/**
 * A fork's own sysbench workloads as steps, end to end through `db-bench-gate run` on the MariaDB
 * demo fork (InnoDB): a Lua script whose prepare fills an orders table and whose event reads it by a
 * secondary index, and SQL files alone (an init SQL and a weighted mix of two statement files, run by
 * the shipped lua/sql-mix.lua), committed beside the profile in a commit on base (the judging commit).
 * The fork's head fingerprints every SELECT's statement before running it: both custom steps' counts
 * go up and the gate fails on them. The script run is the judging commit's (the one on disk differs). Bad scripts end
 * the run with exit 2 and one line naming the file and the field: one without event() (sysbench's own
 * message, no server needed) and one without cleanup (told when the base's server loads the data).
 *
 * Builds: the demo fork's base and head, as the other MariaDB tests build them (cached after the
 * first); the judging commit changes no source, so nothing more is built.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { childEnv } from "../../src/trust/child-env.js";
import { compareRun } from "../../src/compare/compare.js";
import { parseProfile } from "../../src/config/profile.js";
import { readResults } from "../../src/results/io.js";
import type { ForkRepo } from "../../src/setup/fork-repo.js";
import { engineFork } from "../helpers/engine-fork-builds.js";
import { cliInProcess } from "../helpers/cli-in-process.js";
import { ordersLua } from "../helpers/orders-lua.js";

const cacheDir = inject("cacheDir");
const work = mkdtempSync(path.join(os.tmpdir(), "dbg-own-workload-sysbench-test-"));
chmodSync(work, 0o755);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const CUSTOM_STEP = "orders-by-customer";
const SQL_STEP = "items-sql";
const FILES_REF = "own-workload-sysbench-files";

const ORDERS_LUA = ordersLua();
/** MariaDB has no generate_series: a recursive CTE makes the rows (one recursion per row) */
const INIT_SQL = `-- the items the statements read
CREATE TABLE items (id INT PRIMARY KEY, customer INT NOT NULL, amount INT NOT NULL, KEY (customer));
-- the CTE below recurses once per row: past MariaDB's default of 1000
SET SESSION max_recursive_iterations = 100000;
INSERT INTO items
  WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
  SELECT i, i MOD 200, i * 7 MOD 1000 FROM n;
`;
const SQL_FILES = {
  "init.sql": INIT_SQL,
  "by-customer.sql": "SELECT SUM(amount) FROM items WHERE customer = 17;\n",
  "range.sql": "-- ten items by id\nSELECT id, amount\n  FROM items WHERE id BETWEEN 100 AND 109;\n",
};
const PROFILE = `
name: own-workload-mariadb-test
version: 1
engine: mariadb
description: a custom sysbench Lua step on InnoDB
schedule: { rounds: 2, min_rounds: 2, duration_s: 1, warmup_s: 0, time_budget_s: null }
server_settings: { innodb_buffer_pool_size: 128M, innodb_flush_log_at_trx_commit: 2, innodb_doublewrite: false, max_connections: 20 }
instructions: { ops_per_client: 100, repeats: 3, judge: instructions }
steps:
  - driver: sysbench
    name: ${CUSTOM_STEP}
    script: orders.lua
    options: { orders: 2000, mysql_storage_engine: innodb }
    threads: 1
    writes: false
  - driver: sysbench
    name: ${SQL_STEP}
    sql: [by-customer.sql@3, range.sql@1]
    init_sql: init.sql
    writes: false
`;

let fork: ForkRepo;
beforeAll(async () => {
  fork = await engineFork("mariadb", cacheDir);
}, 40 * 60_000);

const git = (repo: string, args: string[], env: Record<string, string> = {}, input?: string) =>
  execa("git", ["-C", repo, "-c", "user.name=test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false", ...args], { env: { ...childEnv(process.env), ...env }, extendEnv: false, ...(input !== undefined && { input }) });

/**
 * A clone of the fork without a checkout (MariaDB's tree is large) and a commit on base that adds
 * workload/ (the profile, the script and the SQL files), made with git's plumbing: the judging commit.
 * On disk, workload/ holds other ones: a run reading them would measure `SELECT 1`.
 */
async function forkWithWorkload(): Promise<{ repo: string; profile: string }> {
  const repo = path.join(work, "fork");
  await execa("git", ["clone", "-q", "--local", "--no-checkout", fork.path, repo], { env: childEnv(process.env), extendEnv: false });
  const index = { GIT_INDEX_FILE: path.join(work, "judging-index") };
  await git(repo, ["read-tree", fork.base], index);
  for (const [name, text] of Object.entries({ "profile.yaml": PROFILE, "orders.lua": ORDERS_LUA, ...SQL_FILES })) {
    const blob = (await git(repo, ["hash-object", "-w", "--stdin"], {}, text)).stdout.trim();
    await git(repo, ["update-index", "--add", "--cacheinfo", `100644,${blob},workload/${name}`], index);
  }
  const tree = (await git(repo, ["write-tree"], index)).stdout.trim();
  const commit = (await git(repo, ["commit-tree", tree, "-p", fork.base, "-m", "workload: the orders benchmark"])).stdout.trim();
  await git(repo, ["branch", FILES_REF, commit]);
  const dir = path.join(repo, "workload");
  mkdirSync(dir);
  writeFileSync(path.join(dir, "profile.yaml"), PROFILE);
  writeFileSync(path.join(dir, "orders.lua"), ORDERS_LUA.replace(/con:query\("SELECT SUM[^\n]*/, 'con:query("SELECT 1")'));
  for (const [name, text] of Object.entries(SQL_FILES)) writeFileSync(path.join(dir, name), name === "init.sql" ? text : "SELECT 1;\n");
  return { repo, profile: path.join(dir, "profile.yaml") };
}

/** A TMPDIR for a run: the run directories in it must be reachable by the variants' users. */
function runTmp(name: string): string {
  const dir = mkdtempSync(path.join(work, `${name}-`));
  chmodSync(dir, 0o755);
  return dir;
}

describe("a fork's own sysbench Lua workload on MariaDB", () => {
  it("runs as steps through `run`: QPS rounds and counts of the judging commit's files, and the head's slower SELECTs fail the gate on them", async () => {
    const { repo, profile } = await forkWithWorkload();
    const out = path.join(work, "results.json");
    process.env.TMPDIR = runTmp("run");
    const run = await cliInProcess("run", "--repo", repo, "--base", fork.base, "--head", fork.head, "--trusted", "--judge-at", FILES_REF, "--profile", profile, "--cache-dir", cacheDir, "--results", out);
    expect(run.code, run.stderr).toBe(1);
    const results = await readResults(out);
    expect(results.steps.find((s) => s.id === CUSTOM_STEP)).toMatchObject({ driver: "sysbench", parameters: { script: "orders.lua", options: "mysql_storage_engine=innodb orders=2000", threads: 1, writes: false } });
    expect(results.steps.find((s) => s.id === SQL_STEP)).toMatchObject({ driver: "sysbench", parameters: { sql: "by-customer.sql@3 range.sql@1", init_sql: "init.sql", threads: 1, writes: false } });
    // the committed files' definitions, not the ones on disk
    const committedFiles = new Map(Object.entries({ "orders.lua": ORDERS_LUA, ...SQL_FILES }).map(([name, text]) => [name, { path: name, source: "committed", text }]));
    const committed = parseProfile(PROFILE, "profile.yaml", 2, committedFiles).steps;
    expect(results.steps.map((s) => [s.id, s.definition_hash])).toEqual(committed.map((s) => [s.id, s.definition_hash]));
    const comparison = compareRun(results);
    for (const step of [CUSTOM_STEP, SQL_STEP]) {
      for (const variant of ["base", "head"]) {
        const rounds = results.samples.filter((s) => s.step === step && s.variant === variant && s.status === "ok");
        expect(rounds.length, `${step} ${variant} rounds`).toBe(2);
        for (const round of rounds) expect(round.status === "ok" && round.ops_per_s).toBeGreaterThan(0);
        expect(results.instructions!.filter((s) => s.step === step && s.variant === variant && s.status === "ok").length, `${step} ${variant} counts`).toBe(3);
      }
      const perOp = (variant: string) => results.instructions!.flatMap((s) => (s.step === step && s.variant === variant && s.status === "ok" ? [s.instructions_per_op] : []));
      // base's repeats count the same events: the seeded load gave the same rows, the fixed seed the same draws
      const [base, head] = [perOp("base"), perOp("head")];
      expect(Math.max(...base) / Math.min(...base), step).toBeLessThan(1.01);
      expect(Math.min(...head), step).toBeGreaterThan(Math.max(...base));
      expect(comparison.steps.find((s) => s.step === step)!.variants[0]!.instructions!.verdict, step).toBe("regression");
    }
  });

  it("ends with exit 2 and one line naming the file and the field for a script without event() and one without cleanup", async () => {
    const dir = path.join(work, "bad");
    mkdirSync(dir);
    for (const [name, text] of Object.entries(SQL_FILES)) writeFileSync(path.join(dir, name), text);
    const profileWith = (name: string, script: string) => {
      writeFileSync(path.join(dir, `${name}.lua`), script);
      const file = path.join(dir, `${name}.yaml`);
      writeFileSync(file, PROFILE.replace("script: orders.lua", `script: ${name}.lua`));
      return file;
    };
    process.env.TMPDIR = runTmp("bad-runs");
    const runWith = (file: string) => cliInProcess("run", "--repo", fork.path, "--base", fork.base, "--head", fork.head, "--trusted", "--profile", file, "--cache-dir", cacheDir, "--no-instructions", "--results", path.join(dir, "results.json"));
    const lastLine = (stderr: string) => stderr.trim().split("\n").at(-1)!;

    const noEvent = await runWith(profileWith("no-event", ORDERS_LUA.replace(/function event\(\)[\s\S]*$/, "")));
    expect(noEvent.code).toBe(2);
    const script = path.join(dir, "no-event.lua");
    expect(lastLine(noEvent.stderr)).toContain(`${script}: script: sysbench: cannot find the event() function in ${script}`);

    const noCleanup = await runWith(profileWith("no-cleanup", ORDERS_LUA.replace(/function cleanup\(\)[\s\S]*?\nend\n/, "")));
    expect(noCleanup.code).toBe(2);
    expect(lastLine(noCleanup.stderr)).toContain(`${path.join(dir, "no-cleanup.lua")}: script: sysbench: '${path.join(dir, "no-cleanup.lua")}' test does not implement the 'cleanup' command.`);
  });
});

/**
 * The same forms on PostgreSQL, through sysbench's pgsql driver: the demo fork's head adds work to
 * every executed query (src/setup/fork-repo.ts), so both steps' counts go up. The profile and its
 * files are on disk, outside the repository (read from there).
 */
describe("a fork's own sysbench workloads on PostgreSQL", () => {
  it("run as steps through `run`, with the pgsql driver: QPS rounds, counts, and the head's slower queries fail the gate on them", async () => {
    const pgFork = inject("pgFork");
    const dir = path.join(work, "pg");
    mkdirSync(dir);
    const files = {
      "orders.lua": ordersLua('con:query("CREATE TABLE orders (id INT PRIMARY KEY, customer INT NOT NULL, amount INT NOT NULL)")\n  con:query("CREATE INDEX ON orders (customer)")'),
      // a schema-qualified table and a quoted one that references it: loaded again before counting,
      // cleanup must drop both, the referencing one first, or the second load's CREATE fails
      "init.sql": [
        "CREATE TABLE public.items (id INT PRIMARY KEY, customer INT NOT NULL, amount INT NOT NULL);",
        'CREATE TABLE "Item Notes" (item INT NOT NULL REFERENCES public.items (id), note TEXT NOT NULL);',
        "CREATE INDEX ON items (customer);",
        "INSERT INTO public.items SELECT i, i % 200, i * 7 % 1000 FROM generate_series(1, 2000) AS i;",
        `INSERT INTO "Item Notes" SELECT id, 'checked' FROM items WHERE id % 100 = 0;`,
        "",
      ].join("\n"),
      "by-customer.sql": SQL_FILES["by-customer.sql"],
      "range.sql": SQL_FILES["range.sql"],
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    const profile = path.join(dir, "profile.yaml");
    writeFileSync(
      profile,
      PROFILE.replace("engine: mariadb", "engine: postgresql")
        .replace(/server_settings: .*/, 'server_settings: { shared_buffers: 32MB, max_connections: 20, fsync: "off", synchronous_commit: "off", autovacuum: "off" }'),
    );
    const out = path.join(work, "pg-results.json");
    process.env.TMPDIR = runTmp("pg-run");
    const run = await cliInProcess("run", "--repo", pgFork.path, "--base", "base", "--head", "head", "--trusted", "--profile", profile, "--cache-dir", cacheDir, "--results", out);
    expect(run.code, run.stderr).toBe(1);
    const results = await readResults(out);
    const comparison = compareRun(results);
    for (const step of [CUSTOM_STEP, SQL_STEP]) {
      expect(results.samples.filter((s) => s.step === step && s.status === "ok").length, `${step} rounds`).toBe(4);
      const counts = results.instructions!.filter((s) => s.step === step && s.status === "ok");
      expect(counts.length, `${step} counts`).toBe(6);
      expect(comparison.steps.find((s) => s.step === step)!.variants[0]!.instructions!.verdict, step).toBe("regression");
    }
  });
});

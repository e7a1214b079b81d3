/**
 * The microbenchmarks of the shipped lua/sbtest-micro.lua (the field's list less what the stock
 * scripts run) on real servers: Debian's PostgreSQL 15 with pg-sysbench's settings, Debian's MariaDB
 * 10.11 with mariadb-sysbench's (InnoDB) and with myrocks-sysbench's (MyRocks). Each loads the stock
 * tables once and settles them as the pipeline does. On PostgreSQL every benchmark runs once for a few
 * seconds with the step's own command line: queries counted, no SQL error, each statement read or
 * written as its name says (sysbench sorts statements by their SQL, the same on every driver). On
 * every engine update-one and update-zipf write the rows their names say. That every benchmark runs
 * without error on MariaDB and MyRocks too is the shaped mariadb-sysbench and myrocks-sysbench runs'
 * (full-profiles.test.ts, engine-myrocks.test.ts).
 */
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { childEnv } from "../../src/trust/child-env.js";
import { CleanupRegistry } from "../../src/common/cleanup.js";
import { loadProfile } from "../../src/config/profile.js";
import { parseSysbenchOutput, SYSBENCH_MICROBENCHMARKS, sysbenchStep, type SysbenchParameters } from "../../src/driver/sysbench.js";
import type { ClientCommand } from "../../src/driver/types.js";
import { mariadbEngine } from "../../src/engine/mariadb.js";
import { myrocksEngine } from "../../src/engine/myrocks.js";
import { postgresEngine } from "../../src/engine/postgres.js";
import type { Server, ServerEngine } from "../../src/engine/types.js";
import { processesUnder } from "../../src/trust/processes.js";
import { ensureDebianPackages } from "../../src/setup/debian-packages.js";
import { debianMariadbBinDir } from "../helpers/debian-mariadb.js";
import { sysbenchBins } from "../helpers/sysbench-bins.js";

const cacheDir = inject("cacheDir");
const env = childEnv(process.env);
const work = mkdtempSync(path.join(os.tmpdir(), "dbg-sysbench-micro-"));
// the servers' unprivileged user reaches its data dir below
chmodSync(work, 0o755);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const MICRO = Object.keys(SYSBENCH_MICROBENCHMARKS).filter((benchmark) => sysbenchStep({ benchmark }).parameters.script === "lua/sbtest-micro.lua");
const UPDATES = ["update-inlist", "update-one", "update-zipf"];
/** small: each run is seconds, the load too */
const TABLE = { table_size: 10_000 };

async function run(command: ClientCommand) {
  const result = await execa(command.file, command.args, { env, extendEnv: false, reject: false, all: true });
  expect(result.exitCode, `${command.file} ${command.args.join(" ")}:\n${result.all}`).toBe(0);
  return result;
}

const ENGINES: { name: string; engine: ServerEngine; profile: string; storage_engine?: SysbenchParameters["storage_engine"]; binDir: () => Promise<string>; everyBenchmark: boolean }[] = [
  { name: "PostgreSQL", engine: postgresEngine, profile: "pg-sysbench", binDir: async () => "/usr/lib/postgresql/15/bin", everyBenchmark: true },
  { name: "InnoDB", engine: mariadbEngine, profile: "mariadb-sysbench", storage_engine: "innodb", binDir: () => debianMariadbBinDir(cacheDir), everyBenchmark: false },
  { name: "MyRocks", engine: myrocksEngine, profile: "myrocks-sysbench", storage_engine: "rocksdb", binDir: () => debianMariadbBinDir(cacheDir), everyBenchmark: false },
];

describe.each(ENGINES)("sbtest-micro.lua on $name ($profile's settings)", ({ name, engine, profile, storage_engine, binDir, everyBenchmark }) => {
  const registry = new CleanupRegistry();
  const table = { ...TABLE, ...(storage_engine && { storage_engine }) };
  let server: Server;

  beforeAll(async () => {
    await ensureDebianPackages(["sysbench"]);
    const { server_settings } = await loadProfile(profile);
    server = await engine.start({ binDir: await binDir(), settings: server_settings, database: "bench", logFile: path.join(work, `${name}.log`), registry, workDir: work });
    const load = sysbenchStep({ benchmark: "point-query", ...table }).dataSet(server.connection, sysbenchBins);
    for (const command of load.commands) await run(command);
    await server.settle(load.tables);
  }, 10 * 60_000);

  afterAll(async () => {
    const dataRoot = server?.dataRoot;
    expect(await registry.runAll(new Error("test finished"))).toEqual([]);
    if (dataRoot) {
      expect(processesUnder(dataRoot)).toEqual([]);
      expect(existsSync(dataRoot)).toBe(false);
    }
  });

  if (everyBenchmark) {
    it.each(MICRO)("%s runs: queries counted, no SQL error, read or written as its statement does", async (benchmark) => {
      const step = sysbenchStep({ benchmark, ...table });
      const { stdout } = await run(step.run(server.connection, sysbenchBins, 2));
      expect(stdout).not.toMatch(/FATAL|SQL error|failed/i);
      const parsed = parseSysbenchOutput(stdout);
      expect(parsed.ops).toBeGreaterThan(0);
      expect(parsed.errors).toBe(0);
      const count = (kind: string) => Number(new RegExp(`^\\s+${kind}:\\s+(\\d+)$`, "m").exec(stdout)?.[1]);
      expect(count(UPDATES.includes(benchmark) ? "write" : "read")).toBe(parsed.ops);
    });
  }

  it("update-one writes row 1 only; update-zipf writes row 1 (its hottest id) too", async () => {
    // `c` of a few rows before and after each: only id 1 changes under update-one
    const sql = engine === postgresEngine ? psql : mariadb;
    const rows = () => sql(server, "SELECT id, c FROM sbtest1 WHERE id IN (1, 2, 5000) ORDER BY id");
    const before = await rows();
    await run(sysbenchStep({ benchmark: "update-one", ...table }).run(server.connection, sysbenchBins, 1));
    const afterOne = await rows();
    expect(afterOne.map(([id]) => id)).toEqual(["1", "2", "5000"]);
    expect(afterOne[0]).not.toEqual(before[0]);
    expect(afterOne.slice(1)).toEqual(before.slice(1));
    await run(sysbenchStep({ benchmark: "update-zipf", ...table }).run(server.connection, sysbenchBins, 1));
    expect((await rows())[0]).not.toEqual(afterOne[0]);
  });
});

/** The result rows of `query`, each a list of its columns' texts. */
async function psql(server: Server, query: string): Promise<string[][]> {
  const { socket, port, user, database } = server.connection;
  const { stdout } = await run({ file: path.join(server.binDir, "psql"), args: ["-X", "-A", "-t", "-F", "\t", "-h", path.dirname(socket), "-p", String(port), "-U", user, "-d", database, "-c", query] });
  return stdout.split("\n").map((line) => line.split("\t"));
}

async function mariadb(server: Server, query: string): Promise<string[][]> {
  const { socket, user, database } = server.connection;
  const { stdout } = await run({ file: path.join(server.binDir, "mariadb"), args: ["--no-defaults", `--socket=${socket}`, `--user=${user}`, "--batch", "--skip-column-names", "-D", database, "-e", query] });
  return stdout.split("\n").map((line) => line.split("\t"));
}

/**
 * Real PostgreSQL servers from the demo fork's builds: start on a free port with the profile's
 * settings, answer queries, run side by side, a server killed from outside is detected, stop and a
 * SIGTERM of the owning process leave no process, data dir or worktree behind.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { buildAtCommit, type BuildResult } from "../../src/build/build.js";
import { loadBuiltinRecipe } from "../../src/build/recipe.js";
import { childEnv } from "../../src/trust/child-env.js";
import { CleanupRegistry } from "../../src/common/cleanup.js";
import { postgresEngine } from "../../src/engine/postgres.js";
import type { Server } from "../../src/engine/types.js";
import { PipelineError } from "../../src/common/errors.js";
import { allowedCpus } from "../../src/measure/cpu-affinity.js";
import { processesMemoryBytes } from "../../src/measure/host.js";
import { processesUnder } from "../../src/trust/processes.js";

const cacheDir = inject("cacheDir");
const fork = inject("pgFork");
const env = childEnv(process.env);
const logDir = mkdtempSync(path.join(os.tmpdir(), "dbg-engine-test-"));
let base: BuildResult;
let head: BuildResult;
let registry = new CleanupRegistry();

beforeAll(async () => {
  const recipe = await loadBuiltinRecipe("postgresql");
  base = await buildAtCommit({ repo: fork.path, commitish: "base", recipe, cacheDir, trust: "trusted", registry });
  head = await buildAtCommit({ repo: fork.path, commitish: "head", recipe, cacheDir, trust: "trusted", registry });
});
afterEach(async () => {
  expect(await registry.runAll(new Error("test finished"))).toEqual([]);
  registry = new CleanupRegistry();
});
afterAll(() => rmSync(logDir, { recursive: true, force: true }));

const start = (build: BuildResult, name: string, settings = {}, cpus?: number[]): Promise<Server> =>
  postgresEngine.start({ binDir: build.binDir, settings, database: "bench", logFile: path.join(logDir, `${name}.log`), registry, ...(cpus && { cpus }) });

const cpusAllowed = (pid: number): string => /^Cpus_allowed_list:\s*(\S+)$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? "unreadable";

async function psql(server: Server, sql: string, host = path.dirname(server.connection.socket)): Promise<string> {
  const { port, user, database } = server.connection;
  const args = ["-X", "-A", "-t", "-h", host, "-p", String(port), "-U", user, "-d", database, "-c", sql];
  return (await execa(path.join(server.binDir, "psql"), args, { env, extendEnv: false })).stdout.trim();
}

async function waitUntil(condition: () => boolean, ms: number): Promise<boolean> {
  for (let waited = 0; !condition() && waited < ms; waited += 50) await sleep(50);
  return condition();
}

const dataDirOf = (server: Server): string => path.join(server.dataRoot, "data");

describe("PostgreSQL server lifecycle", () => {
  it("restarts on the same data directory and port: the data, the connection details and the log stay", async () => {
    const server = await start(base, "restart", { shared_buffers: "32MB", fsync: false });
    const before = { ...server.connection };
    const firstPid = server.pid;
    await psql(server, "create table kept (v int); insert into kept values (7)");
    await server.restart();
    expect(server.pid).not.toBe(firstPid);
    expect(server.isAlive()).toBe(true);
    expect(processesUnder(dataDirOf(server))).not.toContain(firstPid);
    expect(server.connection).toEqual(before);
    expect(await psql(server, "select v from kept")).toBe("7");
    expect(await psql(server, "select current_setting('shared_buffers')")).toBe("32MB");
    await server.stop();
    const log = readFileSync(path.join(logDir, "restart.log"), "utf8");
    // one log across both processes: the first shut down, the second started and shut down
    expect(log.match(/database system is shut down/g)).toHaveLength(2);
    expect(log.match(/database system is ready to accept connections/g)).toHaveLength(2);
  });

  it("starts on a free port with the profile's settings and answers over the socket, not over TCP", async () => {
    const server = await start(base, "settings", { shared_buffers: "32MB", fsync: false, max_connections: 20 });
    expect(server.isAlive()).toBe(true);
    expect(server.connection.port).toBeGreaterThan(1024);
    expect(await psql(server, "select current_database()")).toBe("bench");
    // trust authentication: over TCP any local user would be the superuser
    await expect(psql(server, "select 6 * 7", "127.0.0.1")).rejects.toThrow(/connection to server at "127\.0\.0\.1", port \d+ failed: Connection refused/);
    expect(await psql(server, "select current_setting('shared_buffers'), current_setting('fsync'), current_setting('max_connections')")).toBe("32MB|off|20");
    // The server runs from the build's prefix, not from a system install.
    const serverBin = readFileSync(`/proc/${server.pid}/cmdline`, "utf8").split("\0")[0];
    expect(serverBin).toBe(path.join(base.binDir, "postgres"));
    if (process.getuid?.() === 0) expect(await psql(server, "select current_setting('data_directory')")).toBe(dataDirOf(server));

    await server.stop();
    expect(server.isAlive()).toBe(false);
    expect(processesUnder(dataDirOf(server))).toEqual([]);
    expect(existsSync(server.dataRoot)).toBe(false);
    expect(readFileSync(path.join(logDir, "settings.log"), "utf8")).toMatch(/database system is shut down/);
    await server.stop(); // a second stop is harmless
  });

  it("tells its database's size, as pg_database_size does, and its processes, whose memory /proc gives", async () => {
    const server = await start(base, "footprint", { shared_buffers: "32MB", fsync: false });
    const empty = await server.databaseBytes!();
    expect(empty).toBe(Number(await psql(server, "select pg_database_size('bench')")));
    await psql(server, "create table filler as select g, repeat('x', 100) as pad from generate_series(1, 50000) g");
    // 50,000 rows of about 130 bytes: over 6 MiB more
    expect((await server.databaseBytes!()) - empty).toBeGreaterThan(6 * 2 ** 20);
    const processes = server.processes!();
    // the postmaster and its background processes (checkpointer, background writer, WAL writer, ...)
    expect(processes).toContain(server.pid);
    expect(processes.length).toBeGreaterThanOrEqual(4);
    const memory = await processesMemoryBytes(processes);
    expect(memory).toBeGreaterThan(2 ** 20);
    expect(memory).toBeLessThan(2 ** 30);
    await server.stop();
    expect(server.processes!()).toEqual([]);
  });

  it("a server given CPUs runs its postmaster, background processes and backends on them only", async () => {
    const [first] = await allowedCpus();
    const server = await start(base, "pinned", {}, [first!]);
    // a backend: the connection of a query that waits while its process is looked at
    const query = psql(server, "SELECT pg_sleep(1)");
    await sleep(300);
    const pids = processesUnder(dataDirOf(server));
    expect(pids.length).toBeGreaterThanOrEqual(5); // postmaster, checkpointer, walwriter, ... and the backend
    expect(new Set(pids.map(cpusAllowed))).toEqual(new Set([String(first)]));
    await query;
  });

  it("base and head servers run side by side on different ports", async () => {
    const [a, b] = await Promise.all([start(base, "side-base"), start(head, "side-head")]);
    expect(a.connection.port).not.toBe(b.connection.port);
    expect(await psql(a, "select 1")).toBe("1");
    expect(await psql(b, "select 2")).toBe("2");
    expect(a.binDir).not.toBe(b.binDir);
  });

  it("a server killed from outside is detected, and stopping it still cleans up", async () => {
    const server = await start(base, "killed");
    await psql(server, "select 1");
    process.kill(server.pid, "SIGKILL");
    expect(await waitUntil(() => !server.isAlive(), 5000)).toBe(true);
    expect(await server.logTail(50)).toMatch(/database system is ready to accept connections/);
    await server.stop();
    expect(processesUnder(dataDirOf(server))).toEqual([]);
    expect(existsSync(server.dataRoot)).toBe(false);
  });

  it("a server that cannot start fails with its log and leaves nothing behind", async () => {
    const failure = await start(base, "bad-setting", { shared_buffers: "lots" }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(PipelineError);
    expect((failure as PipelineError).message).toMatch(/PostgreSQL did not start/);
    expect((failure as PipelineError).logExcerpt).toMatch(/invalid value for parameter "shared_buffers": "lots"/);
    expect(readFileSync(path.join(logDir, "bad-setting.log"), "utf8")).toMatch(/shared_buffers/);
  });

  it("SIGTERM to the owning process stops its server and removes its data dir and worktree", async () => {
    const fixture = fileURLToPath(new URL("./fixtures/hold-server.ts", import.meta.url));
    const child = execa(process.execPath, ["--import", "tsx", fixture, fork.path, fork.base, base.binDir, path.join(logDir, "held.log")], {
      env,
      extendEnv: false,
      reject: false,
      cwd: fileURLToPath(new URL("../..", import.meta.url)),
    });
    const announced = await Promise.race([
      new Promise<string>((resolve) => child.stdout.once("data", (chunk) => resolve(String(chunk)))),
      child.then((result) => {
        throw new Error(`the fixture exited before starting its server:\n${result.stderr}`);
      }),
    ]);
    const held = JSON.parse(announced) as { pid: number; dataRoot: string; worktree: string };
    expect(existsSync(held.worktree)).toBe(true);
    expect(processesUnder(path.join(held.dataRoot, "data"))).toContain(held.pid);

    child.kill("SIGTERM");
    const exit = await child;
    expect(exit.signal).toBe("SIGTERM");
    expect(processesUnder(path.join(held.dataRoot, "data"))).toEqual([]);
    expect(existsSync(held.dataRoot)).toBe(false);
    expect(existsSync(held.worktree)).toBe(false);
    const worktrees = await execa("git", ["-C", fork.path, "worktree", "list", "--porcelain"], { env, extendEnv: false });
    expect(worktrees.stdout).not.toContain(held.worktree);
    expect(readFileSync(path.join(logDir, "held.log"), "utf8")).toMatch(/database system is shut down/);
  });
});

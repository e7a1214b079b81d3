/**
 * The drivers' command lines and parsers on real processes: Debian's PostgreSQL 15 server started in
 * a temp dir (private unix socket, no TCP), real pgbench 15 and sysbench 1.0.20 (pgsql driver) runs
 * of a few seconds, the client's CPU from the rusage wrapper and the host counters around them.
 */
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childEnv } from "../../src/trust/child-env.js";
import { clientCpuShare, readClientRusage, withClientRusage } from "../../src/driver/client-rusage.js";
import { pgbenchStep } from "../../src/driver/pgbench.js";
import { sysbenchStep } from "../../src/driver/sysbench.js";
import type { BenchmarkStep, ClientCommand, Connection, ParsedSample } from "../../src/driver/types.js";
import { clockTicksPerSecond, takeHostSnapshot } from "../../src/measure/host.js";
import { metricsPerOp } from "../../src/measure/proc.js";
import { MetricsSchema } from "../../src/results/schema.js";
import { postgresConnection } from "../helpers/connection.js";
import { sysbenchBins } from "../helpers/sysbench-bins.js";

const PG_BIN = "/usr/lib/postgresql/15/bin";
const bins = { ...sysbenchBins, pgbench: `${PG_BIN}/pgbench`, psql: `${PG_BIN}/psql` };
const env = childEnv(process.env);
const asRoot = process.getuid?.() === 0;

let tmp = "";
let dataDir = "";
let conn: Connection;
let postmasterPid = 0;

/** root cannot run postgres: the server's programs run as the postgres user. */
function serverCommand(file: string, args: string[]): ClientCommand {
  return asRoot ? { file: "runuser", args: ["-u", "postgres", "--", file, ...args] } : { file, args };
}

async function run(command: ClientCommand) {
  const result = await execa(command.file, command.args, { env, extendEnv: false, reject: false, all: true });
  if (result.exitCode !== 0) throw new Error(`${command.file} ${command.args.join(" ")} exited ${result.exitCode}:\n${result.all}`);
  return result;
}

/** Processes whose parent is `pid`, from /proc. */
function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

/** Running, not a zombie waiting for its parent (or this container's init) to reap it. */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

async function gone(pids: number[]): Promise<number[]> {
  for (let i = 0; i < 50 && pids.some(alive); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  return pids.filter(alive);
}

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "drivers-real-"));
  dataDir = path.join(tmp, "data");
  if (asRoot) {
    const uid = Number((await run({ file: "id", args: ["-u", "postgres"] })).stdout);
    const gid = Number((await run({ file: "id", args: ["-g", "postgres"] })).stdout);
    chownSync(tmp, uid, gid);
  }
  await run(serverCommand(`${PG_BIN}/initdb`, ["-D", dataDir, "-A", "trust", "-U", "bench", "--no-sync", "-E", "UTF8"]));
  await run(
    serverCommand(`${PG_BIN}/pg_ctl`, [
      "-D", dataDir, "-l", path.join(tmp, "server.log"), "-w", "-t", "60",
      "-o", `-k ${tmp} -p 5432 -c listen_addresses='' -c fsync=off -c shared_buffers=64MB -c max_connections=20`,
      "start",
    ]),
  );
  postmasterPid = Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  conn = postgresConnection(tmp, 5432, "bench", "bench");
  await run({ file: bins.psql, args: ["-X", "-h", tmp, "-p", "5432", "-U", "bench", "-d", "postgres", "-c", "CREATE DATABASE bench"] });
});

afterAll(async () => {
  let left: number[] = [];
  try {
    if (postmasterPid) {
      const serverProcesses = [postmasterPid, ...childrenOf(postmasterPid)];
      for (const mode of ["fast", "immediate"]) {
        if (!alive(postmasterPid)) break;
        const stop = serverCommand(`${PG_BIN}/pg_ctl`, ["-D", dataDir, "-m", mode, "-w", "-t", "30", "stop"]);
        await execa(stop.file, stop.args, { env, extendEnv: false, reject: false });
      }
      if (alive(postmasterPid)) process.kill(postmasterPid, "SIGKILL");
      left = await gone(serverProcesses);
    }
  } finally {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }
  expect(left).toEqual([]);
  expect(tmp === "" || !existsSync(tmp)).toBe(true);
});

interface Measured {
  sample: ParsedSample;
  progress: string[];
  clientShare: number;
  wallSeconds: number;
}

/** One measured run the way the scheduler does it: host snapshots around the wrapped client. */
async function measure(step: BenchmarkStep, seconds: number): Promise<Measured> {
  const report = path.join(tmp, `${step.id}.rusage`);
  const wrapped = withClientRusage(step.run(conn, bins, seconds), report);
  const before = await takeHostSnapshot();
  const start = performance.now();
  const result = await run(wrapped);
  const wallSeconds = (performance.now() - start) / 1000;
  const after = await takeHostSnapshot();
  const sample = step.parse(result.stdout);
  const metrics = metricsPerOp(before, after, sample.ops, await clockTicksPerSecond());
  expect(MetricsSchema.safeParse(metrics).success).toBe(true);
  expect(metrics.cpu_us_per_op).toBeGreaterThan(0);
  const usage = await readClientRusage(report, null);
  return {
    sample,
    progress: `${result.stdout}\n${result.stderr}`.split("\n").filter((line) => step.isProgressLine(line)),
    clientShare: clientCpuShare(usage.cpu_s, wallSeconds, os.availableParallelism()),
    wallSeconds,
  };
}

/** The parsed numbers agree with each other and with the clock. */
function expectConsistent({ sample, clientShare, wallSeconds }: Measured, seconds: number): void {
  expect(sample.ops).toBeGreaterThan(0);
  expect(Math.abs(sample.ops / sample.duration_s - sample.ops_per_s) / sample.ops_per_s).toBeLessThan(0.15);
  expect(sample.duration_s).toBeGreaterThanOrEqual(seconds - 0.5);
  expect(wallSeconds).toBeGreaterThanOrEqual(seconds - 0.5);
  expect(sample.latency_ms?.avg).toBeGreaterThan(0);
  expect(sample.errors === null || sample.errors === 0).toBe(true);
  expect(clientShare).toBeGreaterThan(0);
  expect(clientShare).toBeLessThanOrEqual(1);
}

describe("pgbench 15 against PostgreSQL 15", () => {
  beforeAll(async () => {
    for (const command of pgbenchStep({ script: "select-only", clients: 1, scale: 1 }).dataSet(conn, bins).commands) await run(command);
  });

  it("select-only, prepared, 2 clients: warm-up, then a measured run with progress lines", async () => {
    const step = pgbenchStep({ script: "select-only", protocol: "prepared", clients: 2, scale: 1 });
    await run(step.warmup(conn, bins, 1));
    const measured = await measure(step, 3);
    expectConsistent(measured, 3);
    expect(measured.sample.latency_ms).toMatchObject({ p95: null, p99: null });
    expect(measured.progress.length).toBeGreaterThanOrEqual(2);
    console.log(`pgbench ${step.id}: ${measured.sample.ops_per_s} tps, client CPU share ${measured.clientShare.toFixed(3)}`);
  });

  it("tpcb-like, simple, and simple-update, extended", async () => {
    for (const [script, protocol] of [["tpcb-like", "simple"], ["simple-update", "extended"]] as const) {
      const measured = await measure(pgbenchStep({ script, protocol, clients: 2, scale: 1 }), 2);
      expectConsistent(measured, 2);
    }
  });
});

describe("sysbench 1.0.20 (pgsql driver) against PostgreSQL 15", () => {
  const table = { tables: 1, table_size: 10000 };

  beforeAll(async () => {
    for (const command of sysbenchStep({ benchmark: "point-query", ...table }).dataSet(conn, bins).commands) await run(command);
  });

  it("point-query, 2 threads, with interval reports", async () => {
    const step = sysbenchStep({ benchmark: "point-query", threads: 2, ...table });
    await run(step.warmup(conn, bins, 1));
    const measured = await measure(step, 3);
    expectConsistent(measured, 3);
    expect(measured.sample.latency_ms?.p95).toBeGreaterThan(0);
    expect(measured.progress.length).toBeGreaterThanOrEqual(2);
    console.log(`sysbench ${step.id}: ${measured.sample.ops_per_s} qps, client CPU share ${measured.clientShare.toFixed(3)}`);
  });

  it("--percentile=99 reports p99", async () => {
    const measured = await measure(sysbenchStep({ benchmark: "read-only", range: 10, percentile: 99, ...table }), 2);
    expectConsistent(measured, 2);
    expect(measured.sample.latency_ms?.p95).toBeNull();
    expect(measured.sample.latency_ms?.p99).toBeGreaterThan(0);
  });

  const psql = async (statement: string) => (await run({ file: bins.psql, args: ["-X", "-At", "-h", tmp, "-p", "5432", "-U", "bench", "-d", "bench", "-c", statement] })).stdout;
  /** every row of a table, in id order: its count, sum(k) and an md5 of all its columns */
  const contents = (table: string) => psql(`SELECT count(*), sum(k), md5(string_agg(id || ':' || k || ':' || c || ':' || pad, ',' ORDER BY id)) FROM ${table}`);
  const load = async (commands: ClientCommand[]) => {
    for (const command of commands) await run(command);
    return { sbtest1: await contents("sbtest1"), sbtest2: await contents("sbtest2") };
  };

  it("the load is repeatable on the same server (cleanup before prepare), row for row; another seed loads other rows", async () => {
    const { commands } = sysbenchStep({ benchmark: "insert", tables: 2, table_size: 10000 }).dataSet(conn, bins);
    const first = await load(commands);
    expect(first.sbtest1).toMatch(/^10000\|\d+\|[0-9a-f]{32}$/);
    // each table its own rows
    expect(first.sbtest2).not.toBe(first.sbtest1);
    expect(await load(commands)).toEqual(first);
    const otherSeed = commands.map((command) => ({ ...command, args: command.args.map((arg) => (arg === "--rand-seed=1" ? "--rand-seed=2" : arg)) }));
    expect(otherSeed).not.toEqual(commands);
    const other = await load(otherSeed);
    expect(other.sbtest1).not.toBe(first.sbtest1);
    expect(other.sbtest2).not.toBe(first.sbtest2);
  });
});

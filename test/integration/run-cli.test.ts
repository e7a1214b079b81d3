/**
 * `db-bench-gate run` end to end, as users run it (the bundled CLI in a subprocess), on the test fork:
 * real builds, real servers, real pgbench and sysbench. One run has its head server killed with
 * SIGKILL in the middle of a measured step: that sample is an error with its log, the other steps
 * and rounds still run, the results validate, the report names every step, and nothing is left.
 * A commit that does not compile ends the run with exit 2 and the compiler's lines.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { afterAll, describe, expect, inject, it } from "vitest";
import { childEnv } from "../../src/trust/child-env.js";
import { processesUnder } from "../../src/trust/processes.js";
import { readResults } from "../../src/results/io.js";

const cacheDir = inject("cacheDir");
const fork = inject("pgFork");
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const cli = path.join(repoRoot, "dist", "cli.js");
const work = mkdtempSync(path.join(os.tmpdir(), "dbg-run-cli-test-"));
// the unprivileged server user must reach the data dirs below it
chmodSync(work, 0o755);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const PROFILE = `
name: run-cli-test
version: 1
engine: postgresql
description: two steps, one per driver, long enough rounds to kill a server in the middle of one
schedule: { rounds: 3, min_rounds: 3, duration_s: 3, warmup_s: 1, time_budget_s: null }
server_settings: { shared_buffers: 32MB, max_connections: 20, fsync: "off", autovacuum: "off" }
steps:
  - { driver: pgbench, script: select-only, protocol: prepared, clients: 1, scale: 1 }
  - { driver: sysbench, benchmark: point-query, range: 100, table_size: 10000 }
`;
const profileFile = path.join(work, "run-cli-test.yaml");
writeFileSync(profileFile, PROFILE);

/**
 * Each run gets its own TMPDIR (the pipeline's servers, worktrees and run dirs all go there), so what
 * it leaves behind is exactly what is in that directory, or working in it, afterwards.
 */
function privateTmp(name: string): string {
  const dir = path.join(work, name);
  mkdirSync(dir, { mode: 0o755 });
  return dir;
}

function leftovers(tmp: string): { processes: number[]; entries: string[] } {
  return { processes: processesUnder(tmp), entries: readdirSync(tmp) };
}

/** pids of pgbench runs (not loads) against `port` that are measuring right now. */
function measuringPgbench(port: number): number[] {
  return readdirSync("/proc")
    .filter((n) => /^\d+$/.test(n))
    .filter((n) => {
      try {
        const args = readFileSync(`/proc/${n}/cmdline`, "utf8").split("\0");
        // measured runs print progress (-P); warm-ups and loads do not
        return path.basename(args[0] ?? "") === "pgbench" && args.includes(String(port)) && args.includes("-P");
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe("db-bench-gate run", () => {
  it("survives a server killed mid-step: an error sample with its log, the rest measured, nothing left", async () => {
    const tmp = privateTmp("killed");
    const out = path.join(work, "results.json");
    const run = execa("node", [cli, "run", "--repo", fork.path, "--base", "base", "--head", "head", "--profile", profileFile, "--cache-dir", cacheDir, "--results", out], {
      env: childEnv(process.env, { TMPDIR: tmp }),
      extendEnv: false,
      reject: false,
      all: true,
    });
    let headServer: { pid: number; port: number } | null = null;
    let killed = false;
    let roundsSeen = 0;
    const log: string[] = [];
    run.all?.on("data", (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n")) {
        log.push(line);
        const started = /head: postgresql started \(pid (\d+), port (\d+)\)/.exec(line);
        if (started && !headServer) headServer = { pid: Number(started[1]), port: Number(started[2]) };
        if (/pgbench\.select-only\.prepared\.c1 round \d\/3 head: /.test(line)) roundsSeen++;
      }
    });
    // Kill the head server while its second measured pgbench round runs.
    const killer = (async () => {
      while (!killed && run.exitCode === null) {
        const server = headServer as { pid: number; port: number } | null;
        if (server && roundsSeen === 1 && measuringPgbench(server.port).length > 0) {
          await sleep(700);
          process.kill(server.pid, "SIGKILL");
          killed = true;
        }
        await sleep(50);
      }
    })();
    const result = await run;
    await killer;
    expect(killed, log.join("\n")).toBe(true);
    expect(result.exitCode, result.all).not.toBe(2);

    const results = await readResults(out);
    const pgbenchHead = results.samples.filter((s) => s.step === "pgbench.select-only.prepared.c1" && s.variant === "head");
    const failed = pgbenchHead.filter((s) => s.status === "error");
    expect(failed).toHaveLength(1);
    const error = failed[0]!.status === "error" ? failed[0]!.error : null;
    expect(error?.message).toMatch(/server exited during the step|pgbench failed/);
    expect(error?.log_excerpt).toMatch(/server closed the connection|terminat|connection to server/i);
    // The other rounds and the other step ran on a new server.
    expect(pgbenchHead.filter((s) => s.status === "ok")).toHaveLength(2);
    const pointQuery = results.samples.filter((s) => s.step === "point-query.range100.pk1");
    expect(pointQuery.map((s) => s.status)).toEqual(Array(6).fill("ok"));
    expect(results.run.notes.join("\n")).toMatch(/head: the server had died and was replaced/);

    for (const step of results.steps) expect(result.stdout).toContain(step.id);
    expect(result.stdout).toMatch(/error/);
    expect(leftovers(tmp)).toEqual({ processes: [], entries: [] });
  });

  it("exits 2 with the compiler's lines when a commit does not build, leaving nothing behind", async () => {
    const tmp = privateTmp("build-failure");
    const result = await execa("node", [cli, "run", "--repo", fork.path, "--base", "base", "--head", "build-failure", "--profile", profileFile, "--cache-dir", cacheDir, "--results", path.join(work, "never.json")], {
      env: childEnv(process.env, { TMPDIR: tmp }),
      extendEnv: false,
      reject: false,
    });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/build of build-failure \([0-9a-f]{12}\) failed/);
    expect(result.stderr).toMatch(/plannedstm/);
    expect(leftovers(tmp)).toEqual({ processes: [], entries: [] });
  });
});

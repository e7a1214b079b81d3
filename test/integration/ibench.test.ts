/**
 * The insert benchmark end to end on a real PostgreSQL: `db-bench-gate run` (the bundled CLI) with a
 * tiny ibench profile, base against base. Every step measures in rounds on both variants; the query
 * steps record their background writer, and a writer asked for far more rows/s than the server can
 * take falls behind, which leaves that step unjudged. Every round records the database's size and the
 * server's peak memory, and the comment shows the steps in the field's shape. Nothing is left behind.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { afterAll, describe, expect, inject, it } from "vitest";
import { childEnv } from "../../src/child-env.js";
import { processesUnder } from "../../src/processes.js";
import { readResults } from "../../src/results/io.js";

const cacheDir = inject("cacheDir");
const fork = inject("pgFork");
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const cli = path.join(repoRoot, "dist", "cli.js");
const work = mkdtempSync(path.join(os.tmpdir(), "dbg-ibench-test-"));
// the unprivileged server user must reach the data dirs below it
chmodSync(work, 0o755);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const PROFILE = `
name: ibench-test
version: 1
engine: postgresql
description: every ibench step, tiny
schedule: { rounds: 2, min_rounds: 2, duration_s: 2, warmup_s: 1, time_budget_s: null }
cpu_affinity: split
server_settings: { shared_buffers: 64MB, max_connections: 20, fsync: "off", synchronous_commit: "off", autovacuum: "off" }
steps:
  - { driver: ibench, step: l.i0, rows: 5000, table_rows: 20000 }
  - { driver: ibench, step: l.x, table_rows: 20000 }
  - { driver: ibench, step: l.i1, rows: 2000, table_rows: 20000 }
  - { driver: ibench, step: l.i2, rows: 500, table_rows: 20000 }
  - { driver: ibench, step: qr, writer_rate: 100, table_rows: 20000 }
  # no server keeps up with a million rows/s: the writer falls behind
  - { driver: ibench, step: qp, writer_rate: 1000000, writer_rows_per_commit: 100, table_rows: 20000 }
`;

describe("ibench on PostgreSQL", () => {
  it("measures every step in rounds, records the writer, leaves a step whose writer fell behind unjudged", async () => {
    const profileFile = path.join(work, "ibench-test.yaml");
    writeFileSync(profileFile, PROFILE);
    const tmp = path.join(work, "tmp");
    mkdirSync(tmp, { mode: 0o755 });
    const out = path.join(work, "results.json");
    const result = await execa("node", [cli, "run", "--repo", fork.path, "--base", "base", "--head", "base", "--profile", profileFile, "--cache-dir", cacheDir, "--out", out], {
      env: childEnv(process.env, { TMPDIR: tmp }),
      extendEnv: false,
      reject: false,
      all: true,
    });
    expect(result.exitCode, result.all).toBe(0);
    // the clients' user runs the run directory's copy of the shipped script, not the checkout's
    expect(result.all).toMatch(/load ibench\.rows20000\.seed1: sysbench \S*\/dbg-run-[^/]+\/ibench\.lua /);

    const results = await readResults(out);
    expect(results.steps.map((s) => s.id)).toEqual(["l.i0", "l.x", "l.i1", "l.i2", "qr100", "qp1000000"]);
    for (const step of results.steps) {
      const samples = results.samples.filter((s) => s.step === step.id);
      expect(samples.map((s) => s.status), `${step.id}: ${JSON.stringify(samples)}`).toEqual(Array(4).fill("ok"));
      for (const s of samples) {
        if (s.status !== "ok") continue;
        // the client (query thread and writer) is far from being the bottleneck
        expect(s.client_cpu_share).toBeLessThan(0.5);
        expect(s.latency_ms?.p50).toBeGreaterThan(0);
        expect(s.latency_ms?.max).toBeGreaterThanOrEqual(s.latency_ms?.p90 ?? Infinity);
        if (step.id === "l.i0") expect(s.ops).toBe(5000);
        if (step.id === "l.x") expect(s.ops).toBe(20000);
        if (step.id === "l.i2") expect(s.ops).toBe(500);
        if (step.id.startsWith("q")) expect(s.background_writer?.target_rows_per_s).toBe(Number(step.id.slice(2)));
        else expect(s.background_writer).toBeUndefined();
        if (step.id === "qp1000000") expect(s.background_writer?.kept_rate).toBe(false);
        // 20,000 rows and their three indexes, on top of an empty database's 7 MiB or so
        expect(s.database_bytes).toBeGreaterThan(8 * 2 ** 20);
        expect(s.database_bytes).toBeLessThan(64 * 2 ** 20);
        // the server's processes: more than a bare postmaster, less than a GiB
        expect(s.server_rss_bytes).toBeGreaterThan(8 * 2 ** 20);
        expect(s.server_rss_bytes).toBeLessThan(2 ** 30);
      }
    }
    const sizeAfter = (id: string) => Math.min(...results.samples.flatMap((s) => (s.step === id && s.status === "ok" ? [s.database_bytes!] : [])));
    // l.i1 inserts as many rows as it deletes, but the deleted ones' space is not reused before a VACUUM
    expect(sizeAfter("l.i1")).toBeGreaterThan(sizeAfter("l.x"));
    const notes = results.run.notes.join("\n");
    expect(notes).toMatch(/qr100: the background writer (kept|fell behind) its 100 rows\/s/);
    expect(notes).toMatch(/qp1000000: the background writer fell behind its 1000000 rows\/s in 2 of 2 rounds/);
    expect(result.stdout).toMatch(/background writer fell behind its 1000000 rows\/s.*QPS not judged/);
    // the field's shape: one row per step with what it measures
    expect(result.stdout).toMatch(/### Insert benchmark[\s\S]*\| `l\.i0` +\| ips · cpupi \|[\s\S]*\| `qr100` +\| qps · cpupq \|/);
    expect({ processes: processesUnder(tmp), entries: readdirSync(tmp) }).toEqual({ processes: [], entries: [] });
  });
});

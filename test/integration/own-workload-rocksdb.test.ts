/**
 * A RocksDB fork's own db_bench list as a step, end to end through `db-bench-gate run` on the RocksDB
 * demo fork (db_bench built from source at base and head, cached by the suite): a profile beside the
 * builtin readrandom runs `readtocache,readrandom` (the block cache warmed, then random reads from
 * memory), measured by readrandom's line. The head fingerprints every data block a read opens, cached
 * ones too: the custom step's count is a regression, its QPS rounds are there for both variants, its
 * definition hash is in the results. A list db_bench rejects ends the run with exit 2 and db_bench's
 * own message, before anything is measured.
 *
 * The instruction counts are deterministic, so fine on a loaded machine; the QPS figures here are
 * not measurements (2 rounds of 1 s).
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { compareRun } from "../../src/compare/compare.js";
import { readResults } from "../../src/results/io.js";
import type { ForkRepo } from "../../src/setup/fork-repo.js";
import { cliInProcess } from "../helpers/cli-in-process.js";
import { engineFork } from "../helpers/engine-fork-builds.js";

const cacheDir = inject("cacheDir");
const work = mkdtempSync(path.join(os.tmpdir(), "dbg-own-rocksdb-test-"));
// the unprivileged benchmark user must reach the run's dirs below it
chmodSync(work, 0o755);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const CUSTOM_STEP = "warm-reads";
const BUILTIN_STEP = "readrandom.t1";

const profile = (customStep: string) => `
name: own-rocksdb
version: 1
engine: rocksdb
description: the builtin readrandom and a custom db_bench list on 20k keys
schedule: { rounds: 2, min_rounds: 2, duration_s: 1, warmup_s: 0, time_budget_s: null }
server_settings: {}
# warm reads cost little each: more of them, so that a few instructions' jitter of the whole process is a small share
instructions: { ops_per_client: 2000, repeats: 3, ops_per_client_by_step: { ${CUSTOM_STEP}: 10000 } }
steps:
  - { driver: db_bench, step: readrandom, keys: 20000 }
  - ${customStep}
`;
const CUSTOM = `{ driver: db_bench, name: ${CUSTOM_STEP}, benchmarks: "readtocache,readrandom", measure: readrandom, keys: 20000 }`;

let fork: ForkRepo;
beforeAll(async () => {
  fork = await engineFork("rocksdb", cacheDir, (line) => console.log(`[own-rocksdb] ${line}`));
});

// a cold db_bench build is about 10 minutes on 2 idle cores; the suite's are cached
const RUN_TIMEOUT_MS = 45 * 60_000;

describe("a custom db_bench list through run", () => {
  it("measures and counts the list's readrandom, and flags the head's slowed reads on it", async () => {
    const dir = path.join(work, "run");
    mkdirSync(dir, { mode: 0o755 });
    const file = path.join(dir, "profile.yaml");
    writeFileSync(file, profile(CUSTOM));
    const out = path.join(dir, "results.json");
    // the run's work dirs, to see that it leaves nothing
    const tmp = path.join(dir, "tmp");
    mkdirSync(tmp, { mode: 0o755 });
    process.env.TMPDIR = tmp;
    const run = await cliInProcess("run", "--repo", fork.path, "--base", "base", "--head", "head", "--profile", file, "--cache-dir", cacheDir, "--results", out);
    expect(run.code, run.stderr).toBe(1);

    const results = await readResults(out);
    expect(results.steps.map((s) => s.id)).toEqual([BUILTIN_STEP, CUSTOM_STEP]);
    const custom = results.steps.find((s) => s.id === CUSTOM_STEP)!;
    expect(custom).toMatchObject({ driver: "db_bench", parameters: { benchmarks: "readtocache,readrandom", measure: "readrandom", keys: 20000, threads: 1 } });
    expect(custom.definition_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(results.steps.find((s) => s.id === BUILTIN_STEP)!.definition_hash).toBeUndefined();

    for (const variant of ["base", "head"]) {
      const rounds = results.samples.filter((s) => s.step === CUSTOM_STEP && s.variant === variant && s.status === "ok");
      expect(rounds.length, variant).toBe(2);
      // readrandom's own line: a 1-s round of reads from memory, not readtocache's scan of 20k keys
      for (const round of rounds) expect(round.status === "ok" && round.ops_per_s).toBeGreaterThan(0);
    }
    const countsOf = (step: string, variant: string): number[] =>
      results.instructions!.flatMap((c) => (c.step === step && c.variant === variant && c.status === "ok" ? [c.instructions_per_op!] : []));
    for (const step of [CUSTOM_STEP, BUILTIN_STEP]) for (const variant of ["base", "head"]) console.log(`${step} ${variant}: ${countsOf(step, variant).map((c) => c.toFixed(0)).join(", ")} instructions per op`);
    const perOp = (step: string, variant: string): number => {
      const counts = countsOf(step, variant);
      expect(counts.length, `${step} ${variant} counts`).toBe(3);
      // the three repeats of one side agree well within the instruction threshold (1.02)
      expect(Math.max(...counts) / Math.min(...counts), `${step} ${variant}`).toBeLessThan(1.005);
      return counts[0]!;
    };
    // warm reads load no block from the file, so each costs less than a cold read (the builtin's counted runs start cold)
    expect(perOp(CUSTOM_STEP, "base")).toBeLessThan(perOp(BUILTIN_STEP, "base"));
    expect(perOp(CUSTOM_STEP, "head") / perOp(CUSTOM_STEP, "base")).toBeGreaterThan(1.02);

    const comparison = compareRun(results);
    const verdict = (step: string) => comparison.steps.find((s) => s.step === step)!.variants[0]!.instructions!;
    expect(verdict(CUSTOM_STEP).verdict, verdict(CUSTOM_STEP).reason).toBe("regression");
    expect(verdict(BUILTIN_STEP).verdict, verdict(BUILTIN_STEP).reason).toBe("regression");
    expect(run.stdout).toContain(CUSTOM_STEP);
    expect(readdirSync(tmp)).toEqual([]);
  }, RUN_TIMEOUT_MS);

  it("ends with exit 2 and db_bench's message for a list it rejects, before anything is measured", async () => {
    const dir = path.join(work, "bad");
    mkdirSync(dir, { mode: 0o755 });
    const file = path.join(dir, "profile.yaml");
    writeFileSync(file, profile(CUSTOM.replace("readtocache,readrandom", "readtocache,readrandm").replace("measure: readrandom", "measure: readrandm")));
    const out = path.join(dir, "results.json");
    const tmp = path.join(dir, "tmp");
    mkdirSync(tmp, { mode: 0o755 });
    process.env.TMPDIR = tmp;
    const run = await cliInProcess("run", "--repo", fork.path, "--base", "base", "--head", "head", "--profile", file, "--cache-dir", cacheDir, "--no-instructions", "--results", out);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(`${file}: benchmarks: db_bench did not run step "${CUSTOM_STEP}": unknown benchmark 'readrandm'`);
    expect(run.stderr).not.toMatch(/round 1/);
    expect(readdirSync(tmp)).toEqual([]);
  }, RUN_TIMEOUT_MS);
});

/**
 * The estimated-cycles channel on real PostgreSQL builds: a profile with `judge: estimated_cycles`
 * counts its backends under callgrind's cache simulation, and two calibrated patches of the fork's
 * executor tell the channels apart:
 *   extra-work-25   25 more hashes per executed query: more instructions, flagged on both
 *   cache-miss-32   32 steps of a pointer-chasing walk over 64 MiB per executed query: about 80
 *                   instructions more per transaction (0.2%) but some 31 more last-level misses;
 *                   flagged by estimated cycles, not by instructions
 *   param-sketch    a real change of that kind (src/setup/fork-repo.ts paramSketchFiles): every
 *                   executed statement with integer parameters increments 16 counters of a 64 MiB
 *                   count-min sketch in shared memory; pg-quick as shipped (estimated cycles judged
 *                   by default) fails it, instructions alone read it as unchanged
 * The patches' branches are made in a clone of the fork; their builds are cached like base's.
 */
import { chmodSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { loadBuiltinRecipe } from "../../src/build/recipe.js";
import { withCleanup } from "../../src/common/cleanup.js";
import { loadProfile, parseProfile, type Profile } from "../../src/config/profile.js";
import { postgresEngine } from "../../src/engine/postgres.js";
import { consoleLog } from "../../src/common/log.js";
import type { VariantSpec } from "../../src/config/plan.js";
import { runBenchmark } from "../../src/run/pipeline.js";
import { compareRun } from "../../src/compare/compare.js";
import { decideGate } from "../../src/compare/gate.js";
import { realPorts } from "../../src/run/pipeline-ports.js";
import { processesUnder } from "../../src/trust/processes.js";
import { ResultsSchema, type OkInstructionSample, type Results } from "../../src/results/schema.js";
import { DEFAULT_TIMEOUTS } from "../../src/config/timeouts.js";
import { addCacheMissBranches, addExtraWorkBranches, addParamSketchBranch } from "../../src/setup/fork-repo.js";
import { DEFAULT_SIMULATED_CACHES } from "../../src/measure/simulated-caches.js";
import { renderMarkdown } from "../../src/report/markdown.js";

const cacheDir = inject("cacheDir");
const fork = inject("pgFork");
const work = mkdtempSync(path.join(os.tmpdir(), "dbg-estimated-cycles-test-"));
chmodSync(work, 0o755);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const STEP = "pgbench.select-only.prepared.c1";
const LOOPS = 25;
const ACCESSES = 32;

const profileText = (judge: string) => `
name: estimated-cycles-test
version: 1
engine: postgresql
description: select-only, two short QPS rounds, then the counting pass
schedule: { rounds: 2, min_rounds: 2, duration_s: 1, warmup_s: 0, time_budget_s: null }
server_settings: { shared_buffers: 32MB, max_connections: 20, fsync: "off", synchronous_commit: "off", autovacuum: "off" }
instructions: { ops_per_client: 1000, repeats: 3, judge: ${judge} }
steps:
  - { driver: pgbench, script: select-only, protocol: prepared, clients: 1, scale: 1 }
`;

/** The pipeline on the one-step profile judging `judge` (or on `profile`, its counting pass only); the results validated, and the seconds the counting pass took. */
async function runProfile(repo: string, variants: VariantSpec[], judge: string, profile: Profile = parseProfile(profileText(judge), "estimated-cycles-test.yaml")): Promise<{ results: Results; countingSeconds: number }> {
  const plan = {
    repo, variants, baseVariant: variants[0]!.id, profile, engine: postgresEngine, engineSettings: profile.server_settings, timeBudgetS: profile.schedule.time_budget_s, cacheDir, workDir: work,
    trust: "trusted" as const, timeouts: DEFAULT_TIMEOUTS, runner: { name: null, labels: [] }, ...(profile.name === "pg-quick" && { measureQps: false }),
  };
  let countingStarted: number | null = null;
  let countingEnded = 0;
  const log = consoleLog((line) => {
    if (line.includes("count instructions:")) countingStarted = performance.now();
    if (countingStarted !== null && /instructions .* in \d+ s$/.test(line)) countingEnded = performance.now();
    process.stderr.write(`${line}\n`);
  });
  const results = ResultsSchema.parse(await withCleanup((r) => runBenchmark(plan, r, log, realPorts)));
  return { results, countingSeconds: countingStarted === null ? NaN : (countingEnded - countingStarted) / 1000 };
}

const ok = (results: Results, variant: string) => (results.instructions ?? []).filter((s): s is OkInstructionSample => s.status === "ok" && s.variant === variant);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe("estimated cycles per operation (callgrind's cache simulation)", () => {
  it("judges estimated cycles: a loop is flagged on both, cache misses without instructions by estimated cycles only", async () => {
    const repo = path.join(cacheDir, "patch-fork");
    const loops = await addExtraWorkBranches(fork, repo, [LOOPS]);
    const misses = await addCacheMissBranches(fork, repo, [ACCESSES]);
    const recipe = await loadBuiltinRecipe("postgresql");
    const { results } = await runProfile(
      repo,
      [
        { id: "base", ref: fork.base, recipe },
        { id: "loop", ref: loops.get(LOOPS)!, recipe },
        { id: "cache-miss", ref: misses.get(ACCESSES)!, recipe },
      ],
      "estimated_cycles",
    );
    for (const variant of ["base", "loop", "cache-miss"]) {
      const samples = ok(results, variant);
      expect(samples).toHaveLength(3);
      for (const s of samples) {
        expect(s.counted).toMatch(/caches simulated$/);
        expect(s.caches).toEqual(DEFAULT_SIMULATED_CACHES);
        expect(s.estimated_cycles_per_op).toBeGreaterThan(s.instructions_per_op);
        expect(s.l1_misses_per_op).toBeGreaterThan(0);
      }
    }
    const perOp = (variant: string, field: "instructions_per_op" | "estimated_cycles_per_op" | "ll_misses_per_op") => mean(ok(results, variant).map((s) => s[field]!));
    const ratio = (variant: string, field: "instructions_per_op" | "estimated_cycles_per_op") => perOp(variant, field) / perOp("base", field);
    console.log(
      ["base", "loop", "cache-miss"]
        .map((v) => `${v}: ${perOp(v, "instructions_per_op").toFixed(0)} instr/op, ${perOp(v, "estimated_cycles_per_op").toFixed(0)} est. cycles/op, ${perOp(v, "ll_misses_per_op").toFixed(1)} LL misses/op`)
        .join("; ") +
        `; loop/base instr ${ratio("loop", "instructions_per_op").toFixed(4)} est ${ratio("loop", "estimated_cycles_per_op").toFixed(4)}` +
        `; cache-miss/base instr ${ratio("cache-miss", "instructions_per_op").toFixed(4)} est ${ratio("cache-miss", "estimated_cycles_per_op").toFixed(4)}`,
    );
    // the walk: about 32 last-level misses more per transaction, and under 0.5% more instructions
    expect(perOp("cache-miss", "ll_misses_per_op") - perOp("base", "ll_misses_per_op")).toBeGreaterThan(0.8 * ACCESSES);
    expect(ratio("cache-miss", "instructions_per_op")).toBeLessThan(1.005);

    const comparison = compareRun(results);
    const judged = (variant: string) => comparison.steps.find((s) => s.step === STEP)!.variants.find((v) => v.variant === variant)!.instructions!;
    expect(judged("loop")).toMatchObject({ verdict: "regression", estimated_cycles: { verdict: "regression", instructions: { verdict: "regression" } } });
    expect(judged("cache-miss")).toMatchObject({ verdict: "regression", estimated_cycles: { verdict: "regression", instructions: { verdict: "unchanged" } } });
    expect(judged("cache-miss").reason).toMatch(/^relative est\. cycles\/op /);
    expect(decideGate([comparison]).verdict).toBe("fail");
    const markdown = renderMarkdown([comparison]);
    expect(markdown).toContain("est. cycles/op ratio");
    console.log(markdown);
    expect(processesUnder(work)).toEqual([]);
    expect(readdirSync(work)).toEqual([]);
  });

  it("pg-quick as shipped fails a real change that adds cache misses and few instructions (param-sketch) on estimated cycles; instructions alone read it unchanged", async () => {
    const repo = path.join(cacheDir, "patch-fork");
    const sketch = await addParamSketchBranch(fork, repo);
    const recipe = await loadBuiltinRecipe("postgresql");
    const pgQuick = await loadProfile("pg-quick");
    // its counting pass of the cheapest statement, where the sketch's share is largest and the QPS channel weakest
    const profile = { ...pgQuick, steps: pgQuick.steps.filter((step) => step.id === STEP) };
    expect(profile.instructions).toMatchObject({ judge: "estimated_cycles", caches: DEFAULT_SIMULATED_CACHES });
    const { results } = await runProfile(repo, [{ id: "base", ref: fork.base, recipe }, { id: "sketch", ref: sketch, recipe }], "default", profile);
    for (const variant of ["base", "sketch"]) {
      const samples = ok(results, variant);
      expect(samples).toHaveLength(3);
      for (const s of samples) expect(s.caches).toEqual(DEFAULT_SIMULATED_CACHES);
    }
    const comparison = compareRun(results);
    const judged = comparison.steps.find((s) => s.step === STEP)!.variants[0]!.instructions!;
    console.log(`param-sketch on ${STEP}: ${judged.reason}; instructions alone: ${judged.estimated_cycles?.instructions.reason}`);
    expect(judged).toMatchObject({ verdict: "regression", estimated_cycles: { verdict: "regression", instructions: { verdict: "unchanged" } } });
    expect(judged.ratio!.estimate).toBeLessThan(1.005);
    expect(judged.estimated_cycles!.ratio.estimate).toBeGreaterThan(1.02);
    expect(decideGate([comparison]).verdict).toBe("fail");
    expect(renderMarkdown([comparison])).toMatch(/est\. cycles\/op ratio[\s\S]*· instr\/op 1\.00\d/);
    expect(processesUnder(work)).toEqual([]);
    expect(readdirSync(work)).toEqual([]);
  });

  it("the cache simulation leaves the instruction counts as they are; the counting pass's time with and without it", async () => {
    const recipe = await loadBuiltinRecipe("postgresql");
    const base = [{ id: "base", ref: "base", recipe }];
    const plain = await runProfile(fork.path, base, "instructions");
    const simulated = await runProfile(fork.path, base, "estimated_cycles");
    const instructions = (results: Results) => mean(ok(results, "base").map((s) => s.instructions_per_op));
    console.log(
      `counting pass of ${STEP}, one variant, N = 1000, 3 repeats: ${plain.countingSeconds.toFixed(0)} s without the cache simulation, ${simulated.countingSeconds.toFixed(0)} s with it; ` +
        `instr/op ${instructions(plain.results).toFixed(0)} and ${instructions(simulated.results).toFixed(0)}`,
    );
    expect(ok(plain.results, "base").every((s) => s.estimated_cycles_per_op === undefined && !s.counted.includes("caches simulated"))).toBe(true);
    expect(ok(simulated.results, "base").every((s) => s.estimated_cycles_per_op !== undefined)).toBe(true);
    expect(Math.abs(instructions(simulated.results) / instructions(plain.results) - 1)).toBeLessThan(0.005);
    expect(plain.countingSeconds).toBeGreaterThan(0);
  });
});

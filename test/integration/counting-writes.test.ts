/**
 * The deterministic channel on the steps that write, real all the way: pg-quick's update-index and
 * insert (sysbench on PostgreSQL 15, the demo fork's base) counted on two servers of the same build,
 * instruction-only. Each counted run starts from a fresh copy of the loaded database (CREATE DATABASE
 * ... TEMPLATE) with the same seed, so the runs of N and 2N do the same operations from the same rows
 * every repeat: each side's repeats, and the two sides, agree within 0.5%. On 8ba09cc pg-quick did
 * not count these steps (their repeats, run one after another on data each run changed, spread 2.7%
 * and 3.3%).
 */
import { chmodSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { loadBuiltinRecipe } from "../../src/build/recipe.js";
import { withCleanup } from "../../src/common/cleanup.js";
import { loadProfile } from "../../src/config/profile.js";
import { consoleLog } from "../../src/common/log.js";
import { runBenchmark } from "../../src/run/pipeline.js";
import { realPorts } from "../../src/run/pipeline-ports.js";
import { processesUnder } from "../../src/trust/processes.js";
import { ResultsSchema, type OkInstructionSample } from "../../src/results/schema.js";
import { ON_FRESH_COPIES, relativeSpread } from "../../src/schedule/instructions.js";
import { postgresPlan } from "../helpers/postgres-plan.js";

const cacheDir = inject("cacheDir");
const fork = inject("pgFork");
const work = mkdtempSync(path.join(os.tmpdir(), "dbg-counting-writes-test-"));
chmodSync(work, 0o755);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const WRITE_STEPS = ["update-index.range100.pk1", "insert.range100.pk1"];
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe("counting pg-quick's steps that write", () => {
  it("counts update-index and insert the same, within 0.5%, repeat after repeat and on two servers of one build", async () => {
    const shipped = await loadProfile("pg-quick");
    const profile = { ...shipped, steps: shipped.steps.filter((step) => WRITE_STEPS.includes(step.id)) };
    expect(profile.steps.map((step) => step.id)).toEqual(WRITE_STEPS);
    const recipe = await loadBuiltinRecipe("postgresql");
    const plan = { ...postgresPlan(fork.path, { base: "base", aa: "base" }, recipe, profile, cacheDir, work), measureQps: false };
    const results = ResultsSchema.parse(await withCleanup((r) => runBenchmark(plan, r, consoleLog(), realPorts)));
    const counted = results.instructions ?? [];
    expect(counted.map((s) => `${s.step}:${s.variant}:${s.status}`)).toEqual(WRITE_STEPS.flatMap((step) => ["base", "aa"].flatMap((v) => [0, 1, 2].map(() => `${step}:${v}:ok`))));
    const ok = counted as OkInstructionSample[];
    for (const step of WRITE_STEPS) {
      const perOp = (variant: string) => ok.filter((s) => s.step === step && s.variant === variant).map((s) => s.instructions_per_op);
      const [base, aa] = [perOp("base"), perOp("aa")];
      console.log(`${step}: base ${base.map((x) => x.toFixed(1)).join(" ")}, aa ${aa.map((x) => x.toFixed(1)).join(" ")}; aa/base ${(median(aa) / median(base)).toFixed(5)}`);
      for (const s of ok.filter((sample) => sample.step === step)) expect(s.counted).toContain(ON_FRESH_COPIES);
      // an update or an insert with its index entries: tens of thousands of instructions per query
      expect(median(base)).toBeGreaterThan(5_000);
      expect(relativeSpread(base), `${step} base`).toBeLessThan(0.005);
      expect(relativeSpread(aa), `${step} aa`).toBeLessThan(0.005);
      expect(Math.abs(median(aa) / median(base) - 1), step).toBeLessThan(0.005);
    }
    expect(processesUnder(work)).toEqual([]);
    expect(readdirSync(work)).toEqual([]);
  });
});

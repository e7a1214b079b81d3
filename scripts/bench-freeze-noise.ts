/**
 * What stopping the variant not being measured (src/trust/variant-freeze.ts, issue 36 item 6) does to
 * the QPS channel's noise: A/A runs of real PostgreSQL (one commit as base and head), alternately with
 * the freezing and with the freezing port replaced by one that does nothing, the same code otherwise.
 *
 *   npm run bench:freeze-noise -- --repo <pg fork> [--ref base] [--pairs 4] [--profile pg-quick]
 *       [--steps 'pgbench.select-only.prepared.*,point-query.*'] [--out DIR]
 *
 * As root (freezing needs the variants' own users). Each pair is two independent runs, their order
 * alternating (frozen first in even pairs), so that a drift of the machine weighs on both conditions.
 * Per step and condition: the within-run noise (the sample standard deviation of the rounds'
 * log(head/base), the runs' median) and the A/A ratios (median head/base per run). The machine must be
 * otherwise idle: a figure taken beside a compile is not a measurement. --out DIR keeps each run's
 * results file and the summary (freeze-noise.json).
 */
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Command, InvalidArgumentError } from "commander";
import { markdownTable } from "markdown-table";
import picomatch from "picomatch";
import { median, sampleStandardDeviation } from "simple-statistics";
import { loadBuiltinRecipe } from "../src/build/recipe.js";
import { withCleanup } from "../src/common/cleanup.js";
import { consoleLog } from "../src/common/log.js";
import { defaultCacheDir, type RunPlan } from "../src/config/plan.js";
import { loadProfile } from "../src/config/profile.js";
import { writeResults } from "../src/results/io.js";
import type { Results } from "../src/results/schema.js";
import { runBenchmark } from "../src/run/pipeline.js";
import { realPorts } from "../src/run/pipeline-ports.js";
import { postgresPlan } from "../test/helpers/postgres-plan.js";

type Condition = "frozen" | "running";

/** Per step of one run: the rounds' log(head/base) spread and the run's median ratio. */
function stepNoise(results: Results): Map<string, { sd: number; ratio: number; rounds: number }> {
  const noise = new Map<string, { sd: number; ratio: number; rounds: number }>();
  for (const step of results.steps) {
    const qps = (variant: string) =>
      new Map(results.samples.filter((s) => s.step === step.id && s.variant === variant && s.status === "ok").map((s) => [s.round, s.status === "ok" ? s.ops_per_s : 0]));
    const [base, head] = [qps("base"), qps("head")];
    const logs = [...base].flatMap(([round, b]) => (head.has(round) ? [Math.log(head.get(round)! / b)] : []));
    if (logs.length < 2) throw new Error(`${step.id}: ${logs.length} rounds with both sides measured, 2 needed`);
    noise.set(step.id, { sd: sampleStandardDeviation(logs), ratio: Math.exp(median(logs)), rounds: logs.length });
  }
  return noise;
}

const count = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`expected a whole number of 1 or more, got "${value}"`);
  return n;
};

const program = new Command("bench-freeze-noise")
  .description("A/A QPS noise with and without stopping the variant not being measured")
  .requiredOption("--repo <path>", "a PostgreSQL fork")
  .option("--ref <ref>", "the commit measured as both base and head", "base")
  .option("--pairs <n>", "pairs of runs (one frozen, one not)", count, 4)
  .option("--profile <name>", "the profile whose schedule and steps are used", "pg-quick")
  .option("--steps <globs>", "the step ids measured, comma-separated globs", "pgbench.select-only.prepared.*,point-query.*")
  .option("--out <dir>", "keep each run's results and the summary there")
  .action(async (flags: { repo: string; ref: string; pairs: number; profile: string; steps: string; out?: string }) => {
    if (process.getuid?.() !== 0) throw new Error("run as root: freezing stops the variants' own users' processes");
    const full = await loadProfile(flags.profile);
    const wanted = picomatch(flags.steps.split(","));
    const profile = { ...full, steps: full.steps.filter((step) => wanted(step.id)) };
    if (profile.steps.length === 0) throw new Error(`no step of ${flags.profile} matches ${flags.steps}`);
    const recipe = await loadBuiltinRecipe("postgresql");
    const cacheDir = path.resolve(defaultCacheDir());
    const log = consoleLog();
    const plan = (workDir: string): RunPlan => ({ ...postgresPlan(flags.repo, { base: flags.ref, head: flags.ref }, recipe, profile, cacheDir, workDir), countInstructions: false });
    const ports = { frozen: realPorts, running: { ...realPorts, freezeUser: async () => undefined } } satisfies Record<Condition, typeof realPorts>;
    const runs: { condition: Condition; pair: number; noise: Map<string, { sd: number; ratio: number; rounds: number }> }[] = [];
    for (let pair = 0; pair < flags.pairs; pair++) {
      const order: Condition[] = pair % 2 === 0 ? ["frozen", "running"] : ["running", "frozen"];
      for (const condition of order) {
        log.info(`pair ${pair + 1}/${flags.pairs}: ${condition}`);
        const results = await withCleanup((registry) => runBenchmark(plan(os.tmpdir()), registry, log, ports[condition]));
        if (flags.out) {
          await mkdir(flags.out, { recursive: true });
          await writeResults(path.join(flags.out, `pair${pair + 1}-${condition}.json`), results);
        }
        runs.push({ condition, pair, noise: stepNoise(results) });
      }
    }
    const summary = profile.steps.map((step) => {
      const of = (condition: Condition) => runs.filter((r) => r.condition === condition).map((r) => r.noise.get(step.id)!);
      const side = (condition: Condition) => {
        const list = of(condition);
        return { runs: list.length, rounds: list.map((n) => n.rounds), sd_median: median(list.map((n) => n.sd)), ratios: list.map((n) => n.ratio) };
      };
      return { step: step.id, frozen: side("frozen"), running: side("running") };
    });
    const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
    const ratios = (list: number[]) => `${Math.min(...list).toFixed(3)}..${Math.max(...list).toFixed(3)}`;
    console.log(`${flags.pairs} pairs of A/A runs of ${flags.profile} (${profile.steps.length} steps, ${profile.schedule.rounds} rounds of ${profile.schedule.duration_s} s), ${flags.ref} against itself`);
    console.log(
      markdownTable([
        ["step", "round-to-round sd of log(head/base): frozen", "not frozen", "A/A ratios: frozen", "not frozen"],
        ...summary.map((s) => [s.step, pct(s.frozen.sd_median), pct(s.running.sd_median), ratios(s.frozen.ratios), ratios(s.running.ratios)]),
      ]),
    );
    if (flags.out) await writeFile(path.join(flags.out, "freeze-noise.json"), JSON.stringify({ repo: flags.repo, ref: flags.ref, profile: flags.profile, pairs: flags.pairs, steps: summary }, null, 2) + "\n");
  });

await program.parseAsync();

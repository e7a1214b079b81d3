/**
 * How often the QPS drop test fails A/A runs, and how often it finds a 5% drop, when every server
 * process has its own speed (issue 35): simulated runs judged by the gate's own compareRun.
 *
 *   npm run bench:qps-process                       10,000 runs per offset before and after (2,000 of the others), the table in verdict-quality/
 *   npm run bench:qps-process -- --runs 1000 --out /tmp/qps-process.md
 *
 * A run is `steps` steps of `rounds` rounds. A round's log ratio (head over base) is u + e: e the
 * round's own noise (normal, sd `--round-sd`), u = log(head process's speed) - log(base process's
 * speed), each process's speed lognormal with sd `offset`, a new process per side every
 * `restart_every` rounds. Rules:
 *   before        8ba09cc: samples without processes, the rounds are the units (restart every 4)
 *   after         the processes recorded, the step's A/A spread between pairs of processes estimated
 *                 from `--calibration` simulated A/A runs of the same schedule, as a profile records it
 *   after, no record   the processes recorded, no spread: the blocks' means are the units
 * Each run is one trial; the A/A column is the share of runs any step of which is a regression, the
 * power column the share of steps that are a regression when the head's QPS is x 0.95 on every step.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Command, InvalidArgumentError } from "commander";
import { markdownTable } from "markdown-table";
import { compareRun } from "../src/compare/compare.js";
import { DEFAULT_THRESHOLDS } from "../src/compare/types.js";
import { readResults } from "../src/results/io.js";
import type { Results } from "../src/results/schema.js";
import { restartBlocks, shifted, spreadsFrom, type RunRounds } from "./lib/qps-rules.js";
import { normalRandom, seededRandom } from "./lib/synthetic-results.js";
import { rateInterval, runResults } from "./lib/verdict-quality.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const whole = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError(`expected a positive whole number, got "${value}"`);
  return n;
};
const fraction = (value: string): number => {
  const x = Number(value);
  if (!Number.isFinite(x) || x < 0 || x >= 1) throw new InvalidArgumentError(`expected a fraction in [0, 1), got "${value}"`);
  return x;
};

interface Rule {
  name: string;
  /** before and after on pg-quick's schedule: --runs; the other schedules and the rule without a record: --extra-runs */
  main: boolean;
  restartEvery: number;
  /** the samples record their processes */
  processes: boolean;
  /** the steps record the A/A spread between pairs of processes (calibrated) */
  spread: boolean;
}

const RULES: Rule[] = [
  { name: "before (8ba09cc): rounds as units, restart every 4", main: true, restartEvery: 4, processes: false, spread: false },
  { name: "after: processes + A/A spread, restart every 4 (pg-quick)", main: true, restartEvery: 4, processes: true, spread: true },
  { name: "after: processes, no spread recorded, restart every 4", main: false, restartEvery: 4, processes: true, spread: false },
  { name: "after: processes + A/A spread, restart every 2", main: false, restartEvery: 2, processes: true, spread: true },
  { name: "after: a new pair of servers every round", main: false, restartEvery: 1, processes: true, spread: false },
];

interface Tally {
  aaFailed: number;
  runs: number;
  dropFound: number;
  steps: number;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
function rateCell(hits: number, trials: number): string {
  const [low, high] = rateInterval(hits, trials);
  return `${pct(hits / trials)} (${hits}/${trials}) [${pct(low)}–${pct(high)}]`;
}

const program = new Command("bench-qps-process")
  .description("A/A false failures and power of the QPS drop test when server processes differ in speed (simulated, judged by compareRun)")
  .option("--runs <n>", "simulated runs per offset, before and after on pg-quick's schedule", whole, 10_000)
  .option("--extra-runs <n>", "simulated runs per offset of the other rules and schedules", whole, 2000)
  .option("--steps <n>", "steps per run", whole, 8)
  .option("--rounds <n>", "rounds per step", whole, 8)
  .option("--round-sd <x>", "sd of a round's own log ratio (pg-quick's A/A, within restart blocks: 3.3-5.4%)", fraction, 0.036)
  .option("--offsets <list>", "sd of each process's log speed", (v: string) => v.split(",").map(fraction), [0, 0.005, 0.01, 0.015, 0.02])
  .option("--calibration <n>", "A/A runs a profile's recorded spread is estimated from (pg-quick's: 10)", whole, 10)
  .option("--seed <n>", "seed", whole, 1)
  .option("--only <text>", "only the rules whose name contains this")
  .option("--out <file>", "markdown report", path.join(repoRoot, "verdict-quality", "qps-process-2026-12-04.md"))
  .action(async (flags: { only?: string; runs: number; extraRuns: number; steps: number; rounds: number; roundSd: number; offsets: number[]; calibration: number; seed: number; out: string }) => {
    const template: Results = await readResults(path.join(repoRoot, "verdict-quality", "qps-aa-2026-12-03", "run-01.json"));
    const random = seededRandom(flags.seed);
    const stepIds = Array.from({ length: flags.steps }, (_, i) => `step-${i + 1}`);
    /** One A/A run's rounds under this schedule: each block's offset from one new process per side. */
    const aaRun = (offset: number, restartEvery: number): RunRounds =>
      stepIds.map((step) => {
        const processes = restartBlocks(flags.rounds, restartEvery);
        const offsets = new Map<number, number>();
        const offsetOf = (block: number) => {
          if (!offsets.has(block)) offsets.set(block, offset * (normalRandom(random) - normalRandom(random)));
          return offsets.get(block)!;
        };
        return { step, logRatios: processes.map((block) => offsetOf(block) + flags.roundSd * normalRandom(random)), processes };
      });
    const judge = (run: RunRounds, rule: Rule) => {
      const rounds = rule.processes ? run : run.map(({ step, logRatios }) => ({ step, logRatios }));
      return compareRun(runResults(template, rounds)).steps.map((s) => s.variants[0]!.verdict === "regression");
    };

    const rows: string[][] = [];
    for (const offset of flags.offsets) {
      for (const rule of RULES.filter((r) => flags.only === undefined || r.name.includes(flags.only!))) {
        const tally: Tally = { aaFailed: 0, runs: 0, dropFound: 0, steps: 0 };
        const runs = rule.main ? flags.runs : flags.extraRuns;
        for (let i = 0; i < runs; i++) {
          let run = aaRun(offset, rule.restartEvery);
          if (rule.spread) {
            const spreads = spreadsFrom(Array.from({ length: flags.calibration }, () => aaRun(offset, rule.restartEvery)));
            run = run.map((rounds) => ({ ...rounds, spread: spreads.get(rounds.step)! }));
          }
          tally.runs++;
          if (judge(run, rule).some(Boolean)) tally.aaFailed++;
          const found = judge(shifted(run, 0.95), rule);
          tally.steps += found.length;
          tally.dropFound += found.filter(Boolean).length;
        }
        rows.push([pct(offset), rule.name, rateCell(tally.aaFailed, tally.runs), rateCell(tally.dropFound, tally.steps)]);
        console.error(`offset ${pct(offset)}, ${rule.name}: A/A ${tally.aaFailed}/${tally.runs}, 5% found ${tally.dropFound}/${tally.steps}`);
      }
    }
    const lines = [
      "# QPS drop test when server processes differ in speed (simulated)",
      "",
      `Generated by \`npm run bench:qps-process -- --runs ${flags.runs} --extra-runs ${flags.extraRuns} --seed ${flags.seed}\` (scripts/bench-qps-process.ts), judged by compareRun with the default thresholds (fail below ${DEFAULT_THRESHOLDS.fail_below}, alpha ${DEFAULT_THRESHOLDS.alpha} shared by the run's steps).`,
      "",
      `Each run: ${flags.steps} steps of ${flags.rounds} rounds; a round's log ratio is the offset of its pair of server processes plus its own noise (sd ${pct(flags.roundSd)}); each process's log speed has sd "offset" (a pair's offset sd offset x √2). ` +
        `"A/A spread" rules record each step's spread between pairs of processes as estimated from ${flags.calibration} simulated A/A runs of the same schedule (a new estimate for every run: its error is part of the rate). ` +
        "A/A fails: runs with any step a regression (nominal at most 1%). 5% found: steps that are a regression with the head's QPS x 0.95. Rates: share (count/trials) [95% Clopper-Pearson].",
      "",
      markdownTable([["offset per process", "rule", "A/A runs that fail", "5% drop found (per step)"], ...rows]),
      "",
    ];
    await writeFile(flags.out, lines.join("\n"));
    console.log(lines.join("\n"));
  });

await program.parseAsync();

/**
 * The instruction channel's spread rule from a series of A/A runs (issue 24, item 2).
 *
 *   npm run bench:instructions-aa -- --results aa1.json,aa2.json,... [--k 2] [--variant-results pr1.json,...] [--out DIR]
 *
 * --results: results files of `run --base X --head X` with instruction counts, each an independent A/A
 * run (of a file with other variants too, such as a bench:verdict session, only those of the base's
 * commit are taken; a file with none is refused). Per step: the runs, the spread of one side's repeats (median and max over the 2N sides), the A/A
 * ratios, the spread to record (the max), the smallest K at which no run fails at the
 * instructions_fail_above floor with that spread, and each run's verdict with the spreads and --k
 * (default: SPREAD_MULTIPLE); how many runs fail; the `aa_spread_by_step:` lines for the profile.
 * --variant-results: runs with a real head (the demo PR, a +2% change), judged with the same spreads
 * and K: how many are flagged (warning or regression) and how many fail. --out DIR: the summary as
 * DIR/instructions-aa.json.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { Command, InvalidArgumentError } from "commander";
import { markdownTable } from "markdown-table";
import { formatSpread } from "../src/report/format.js";
import { readResults } from "../src/results/io.js";
import { SPREAD_MULTIPLE } from "../src/compare/instructions.js";
import { EXIT_ERROR, InputError } from "../src/common/errors.js";
import { summarizeAa, verdictCounts, type NamedResults, type VariantSeries } from "./lib/instructions-aa.js";

const files = (value: string): string[] => value.split(",").filter((f) => f !== "");
const multiple = (value: string): number => {
  const k = Number(value);
  if (!Number.isFinite(k) || k < 0) throw new InvalidArgumentError(`expected a number of 0 or more, got "${value}"`);
  return k;
};

const read = (list: readonly string[]): Promise<NamedResults[]> => Promise.all(list.map(async (file) => ({ name: file, results: await readResults(file) })));

function variantText(series: VariantSeries, k: number): string {
  const rows = series.runs.map((r) => [r.run, r.flagged.join(", ") || "—", r.failing.join(", ") || "—"]);
  return [
    `Runs with a real change, K = ${k}: ${series.flagged} of ${series.runs.length} flagged (warning or regression), ${series.failing} of ${series.runs.length} fail`,
    "",
    markdownTable([["run", "flagged steps", "failing steps"], ...rows]),
  ].join("\n");
}

const program = new Command("bench-instructions-aa")
  .description("instruction-count spreads per step from A/A runs, the K they need, and the verdicts under the spread rule")
  .requiredOption("--results <files>", "results files of A/A runs (run --base X --head X), comma-separated", files)
  .option("--variant-results <files>", "results files of runs with a real head, judged with the same spreads and K", files)
  .option("--k <multiple>", "K: the failing line is at least 1 + K x the step's spread", multiple, SPREAD_MULTIPLE)
  .option("--out <dir>", "write the summary there as instructions-aa.json")
  .action(async (flags: { results: string[]; variantResults?: string[]; k: number; out?: string }) => {
    const summary = summarizeAa(await read(flags.results), { k: flags.k, ...(flags.variantResults && { variant: await read(flags.variantResults) }) });
    const rows = summary.steps.map((s) => [
      s.step,
      String(s.runs),
      s.spread_within ? `${formatSpread(s.spread_within.median)} / ${formatSpread(s.spread_within.max)}` : "—",
      s.ratios ? `${s.ratios.min.toFixed(4)}..${s.ratios.max.toFixed(4)}` : "—",
      s.k_needed === null ? "none" : String(s.k_needed),
      s.not_counted ? "n/a: not counted" : verdictCounts(s.verdicts),
    ]);
    console.log(`${summary.runs.length} A/A runs in ${flags.results.length} files, K = ${summary.k}: ${summary.failing_runs} of ${summary.runs.length} fail`);
    console.log(`smallest K at which no run fails: ${summary.k_needed ?? "none (a step fails with no spread to scale)"}\n`);
    console.log(markdownTable([["step", "runs", "spread within a side (median / max)", "A/A ratios", "K needed", `verdicts at K = ${summary.k}`], ...rows]));
    for (const s of summary.steps.filter((step) => step.not_counted)) console.log(`\n${s.step}: ${s.not_counted}`);
    console.log(`\nFor the profile's instructions:\n\n${summary.yaml}`);
    if (summary.variant) console.log(variantText(summary.variant, summary.k));
    if (flags.out) {
      await mkdir(flags.out, { recursive: true });
      const out = path.join(flags.out, "instructions-aa.json");
      await writeFile(out, JSON.stringify({ ...summary, results: flags.results, variant_results: flags.variantResults ?? [] }, null, 2) + "\n");
      console.log(`\nwrote ${out}`);
    }
  });

try {
  await program.parseAsync();
} catch (e) {
  if (!(e instanceof InputError)) throw e;
  // a file that is not what it should be: one line naming it, as the CLI does
  console.error(`bench-instructions-aa: ${e.message}`);
  process.exitCode = EXIT_ERROR;
}

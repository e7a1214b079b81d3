/**
 * The rate at which candidate QPS rules FAIL THE GATE (a regression under the default fail-on; a
 * warning passes), for A/A and for the head's QPS multiplied by 0.95 and 0.90, per step and per run
 * (a run fails when any of its steps does), with counts and 95% Clopper-Pearson intervals (issue 24).
 *
 *   npm run bench:qps-rule                                  the recorded sessions in verdict-quality/
 *   npm run bench:qps-rule -- --runs verdict-quality/qps-aa-2026-12-03 --restart-every 4
 *                                                            and independent A/A runs (results files), whose
 *                                                            servers restarted every 4 rounds (pg-quick)
 *
 * Independent runs: each results file of `run --base X --head X` is one trial. Sessions (bench:verdict
 * collect): every window of consecutive rounds of a session that measured every step is one run
 * (overlapping: not independent), and resampled runs draw each step's rounds with replacement from its
 * A/A rounds over all sessions. The per-run bound of each rule is what its test's level guarantees.
 *
 * The rule after issue 35 (t-process-0.97) needs each round's pair of server processes and the step's
 * A/A spread between such pairs: results that do not record processes get them from --restart-every,
 * and each independent run is judged with the spread estimated from the other runs (leave one out),
 * never from itself. Sessions were measured without restarts: that rule judges their rounds one by one.
 */
import { readdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Command, InvalidArgumentError } from "commander";
import { markdownTable } from "markdown-table";
import { readResults } from "../src/results/io.js";
import type { Results } from "../src/results/schema.js";
import { candidates, halvedRounds, restartBlocks, shifted, spreadsFrom, type Candidate, type RunRounds } from "./lib/qps-rules.js";
import { readSessions } from "./lib/sessions.js";
import { seededRandom } from "./lib/synthetic-results.js";
import { rateInterval, sessionSeries } from "./lib/verdict-quality.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const whole = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError(`expected a positive whole number, got "${value}"`);
  return n;
};

/** One trial source: runs to judge, each with the template its results documents are built from. */
interface Trials {
  name: string;
  /** what the trials are, for the report */
  note: string;
  runs: { template: Results; run: RunRounds }[];
  /** nearly independent trials behind the rate (disjoint windows; the trials themselves otherwise) */
  independent: number;
}

/**
 * The A/A series of a results document: each non-base variant built from the base's commit, every
 * step; with `restartEvery`, each round's pair of server processes as that schedule started them.
 */
function aaRuns(results: Results, restartEvery?: number): RunRounds[] {
  const baseCommit = results.variants.find((v) => v.id === results.base_variant)?.commit;
  const aa = results.variants.filter((v) => v.id !== results.base_variant && v.commit === baseCommit).map((v) => v.id);
  const series = sessionSeries(results);
  return aa.map((variant) =>
    series
      .filter((s) => s.variant === variant)
      .map((s) => ({ step: s.step, logRatios: s.logRatios, ...(restartEvery !== undefined && { processes: restartBlocks(s.logRatios.length, restartEvery) }) })),
  );
}

/** Each run with every step's A/A spread between pairs of processes estimated from the other runs. */
function leaveOneOutSpreads(runs: readonly RunRounds[]): RunRounds[] {
  return runs.map((run, i) => {
    const spreads = spreadsFrom(runs.filter((_, j) => j !== i));
    return run.map((rounds) => {
      const spread = spreads.get(rounds.step);
      return spread ? { ...rounds, spread } : rounds;
    });
  });
}

/** Files named directly, or every *.json of a directory (not bench-verdict's .load.json). */
async function resultsFiles(entries: readonly string[]): Promise<string[]> {
  const files = await Promise.all(
    entries.map(async (entry) => ((await stat(entry)).isDirectory() ? (await readdir(entry)).filter((f) => f.endsWith(".json") && !f.endsWith(".load.json")).map((f) => path.join(entry, f)) : [entry])),
  );
  return files.flat();
}

interface Rate {
  failed: number;
  trials: number;
  independent: number;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
function rateCell({ failed, trials, independent }: Rate): string {
  if (trials === 0) return "–";
  const rate = failed / trials;
  const [low, high] = rateInterval(rate * independent, independent);
  return `${pct(rate)} (${failed}/${trials}) [${pct(low)}–${pct(high)}]`;
}

interface Judged {
  candidate: Candidate;
  factor: number;
  run: Rate;
  steps: Map<string, Rate>;
}

function judgeAll(trials: Trials, candidate: Candidate, factor: number): Judged {
  const run: Rate = { failed: 0, trials: 0, independent: trials.independent };
  const steps = new Map<string, Rate>();
  for (const { template, run: rounds } of trials.runs) {
    const fails = candidate.judge(template, factor === 1 ? rounds : shifted(rounds, factor));
    run.trials++;
    if (fails.some(Boolean)) run.failed++;
    rounds.forEach(({ step }, i) => {
      const rate = steps.get(step) ?? { failed: 0, trials: 0, independent: 0 };
      rate.trials++;
      // a step missing from some runs has fewer trials than the source
      rate.independent = Math.min(trials.independent, rate.trials);
      if (fails[i]) rate.failed++;
      steps.set(step, rate);
    });
  }
  return { candidate, factor, run, steps };
}

const program = new Command("bench-qps-rule")
  .description("rates at which candidate QPS rules fail the gate, A/A and with known drops, from recorded sessions and independent runs")
  .option("--sessions <dir|files>", "bench:verdict sessions: a directory (its session-*.json) or comma-separated files", path.join(repoRoot, "verdict-quality"))
  .option("--runs <dirs|files>", "independent A/A runs (results files of run --base X --head X): directories or files, comma-separated")
  .option("--restart-every <n>", "the independent runs' servers restarted every n rounds of a step (pg-quick: 4), for results that do not record their processes", whole)
  .option("--rounds <n>", "rounds per trial from the sessions (pg-quick: 8)", whole, 8)
  .option("--resamples <n>", "resampled runs from the sessions", whole, 1000)
  .option("--factors <list>", "head QPS multiplied by these (1: A/A)", (v: string) => v.split(",").map(Number), [1, 0.95, 0.9])
  .option("--rules <ids>", "candidate ids, comma-separated (default: all)")
  .option("--seed <n>", "seed of the resampling", whole, 1)
  .option("--out <file>", "markdown report", path.join(repoRoot, "verdict-quality", "qps-rule.md"))
  .action(async (flags: { sessions: string; runs?: string; restartEvery?: number; rounds: number; resamples: number; factors: number[]; rules?: string; seed: number; out: string }) => {
    const all = candidates();
    const chosen = flags.rules ? flags.rules.split(",").map((id) => all.find((c) => c.id === id) ?? program.error(`unknown rule ${id}: ${all.map((c) => c.id).join(", ")}`)) : all;
    const sources: Trials[] = [];

    if (flags.runs) {
      const files = await resultsFiles(flags.runs.split(","));
      const read = await Promise.all(files.map(async (file) => ({ file, results: await readResults(file) })));
      // a run measured with --no-qps (instructions only) has no rounds to judge
      const found = read.flatMap(({ results }) => aaRuns(results, flags.restartEvery).filter((run) => run.length > 0).map((run) => ({ template: results, run })));
      const spreads = leaveOneOutSpreads(found.map((f) => f.run));
      const runs = found.map((f, i) => ({ template: f.template, run: spreads[i]! }));
      const processes =
        flags.restartEvery === undefined
          ? "no server processes given (--restart-every): t-process-0.97 judges the rounds one by one"
          : `servers restarted every ${flags.restartEvery} rounds; t-process-0.97 judges each run with the A/A spread between pairs of processes estimated from the other ${runs.length - 1} runs`;
      sources.push({
        name: "independent runs",
        note: `${runs.length} A/A runs with QPS samples from ${files.length} results files; each run one trial; ${processes}`,
        runs,
        independent: runs.length,
      });
    }

    // the spread between pairs of processes over every independent run: what a profile records (schedule.process_spread)
    const allSpreads = flags.restartEvery === undefined ? new Map() : spreadsFrom((sources[0]?.runs ?? []).map((r) => r.run));
    const processSpreadLines =
      allSpreads.size === 0
        ? []
        : [
            `The A/A spread between pairs of server processes over all ${sources[0]!.runs.length} independent runs, as a profile records it (schedule.process_spread; df: the blocks):`,
            "",
            "```yaml",
            "process_spread:",
            `  df: ${Math.min(...[...allSpreads.values()].map((s) => s.df))}`,
            "  sd_by_step:",
            ...[...allSpreads].map(([step, spread]) => `    ${step}: ${Number(spread.sd.toFixed(4))}`),
            "```",
            "",
          ];

    const sessionEntries = flags.sessions.split(",");
    const sessions = sessionEntries.length === 1 && (await stat(sessionEntries[0]!)).isDirectory() ? await readSessions(sessionEntries[0]!) : await readSessions("", sessionEntries);
    const perSession = sessions.flatMap((s) => aaRuns(s.results).filter((run) => run.length > 0).map((run) => ({ template: s.results, run, file: path.basename(s.file) })));
    const stepIds = [...new Set(perSession.flatMap((s) => s.run.map((r) => r.step)))];
    // windows: sessions that measured every step, one run per window of consecutive rounds
    const complete = perSession.filter((s) => stepIds.every((id) => s.run.some((r) => r.step === id)));
    const windows = complete.flatMap(({ template, run }) => {
      const length = Math.min(...run.map((r) => r.logRatios.length));
      return Array.from({ length: Math.max(0, length - flags.rounds + 1) }, (_, start) => ({ template, run: run.map((r) => ({ step: r.step, logRatios: r.logRatios.slice(start, start + flags.rounds) })) }));
    });
    const disjoint = complete.reduce((n, { run }) => n + Math.floor(Math.min(...run.map((r) => r.logRatios.length)) / flags.rounds), 0);
    sources.push({
      name: "session windows",
      note: `every window of ${flags.rounds} consecutive rounds of ${complete.map((c) => c.file).join(", ") || "no session with every step"} (${windows.length} windows, ${disjoint} disjoint: the interval counts only these)`,
      runs: windows,
      independent: disjoint,
    });
    // resamples: each step's rounds drawn with replacement from its A/A rounds of every session
    const pooled = new Map(stepIds.map((id) => [id, perSession.flatMap((s) => s.run.filter((r) => r.step === id).flatMap((r) => r.logRatios))]));
    const template = perSession[0]?.template;
    if (template) {
      const random = seededRandom(flags.seed);
      const draw = (values: readonly number[], n: number) => Array.from({ length: n }, () => values[Math.floor(random() * values.length)]!);
      const resampled = Array.from({ length: flags.resamples }, () => ({ template, run: stepIds.map((step) => ({ step, logRatios: draw(pooled.get(step)!, flags.rounds) })) }));
      sources.push({
        name: "session resamples",
        note: `${flags.resamples} runs of ${stepIds.length} steps, each step's ${flags.rounds} rounds drawn with replacement from its A/A rounds (${[...pooled.values()].map((v) => v.length).join(", ")}); the interval is over the resamples and measures only their own error`,
        runs: resampled,
        independent: flags.resamples,
      });
      const halved = Array.from({ length: flags.resamples }, () => ({ template, run: stepIds.map((step) => ({ step, logRatios: halvedRounds(pooled.get(step)!, random, flags.rounds * 2) })) }));
      sources.push({
        name: `derived: ${flags.rounds * 2} rounds of half the length`,
        note: `${flags.resamples} resampled runs, ${flags.rounds * 2} rounds each, every round's deviation from the step's median scaled by √2 (noise independent from second to second): derived, not measured`,
        runs: halved,
        independent: flags.resamples,
      });
    }

    const lines = [
      "# QPS rules: the rate that fails the gate",
      "",
      `Generated by \`npm run bench:qps-rule\` (scripts/bench-qps-rule.ts). A run fails the gate when any step's QPS verdict is a regression (default fail-on; a warning passes). Rates: failed (count/trials) [95% Clopper-Pearson].`,
      "",
      "Rules and the bound their test's level puts on a run's A/A false failures (8 steps of 8 rounds):",
      "",
      markdownTable([["rule", "what fails a step", "per-run bound (8 steps, 8 rounds)"], ...chosen.map((c) => [c.id, c.text, pct(c.bound(8, flags.rounds))])]),
      "",
      ...processSpreadLines,
    ];
    for (const source of sources) {
      const judged = chosen.flatMap((c) => flags.factors.map((f) => judgeAll(source, c, f)));
      const of = (c: Candidate, f: number) => judged.find((j) => j.candidate === c && j.factor === f)!;
      const steps = [...new Set(source.runs.flatMap((r) => r.run.map((x) => x.step)))];
      lines.push(`## ${source.name}`, "", source.note, "", "Per run (any step fails):", "");
      lines.push(markdownTable([["rule", ...flags.factors.map((f) => (f === 1 ? "A/A" : `× ${f}`))], ...chosen.map((c) => [c.id, ...flags.factors.map((f) => rateCell(of(c, f).run))])]), "");
      for (const f of flags.factors) {
        lines.push(`Per step, ${f === 1 ? "A/A" : `head × ${f}`}:`, "");
        lines.push(markdownTable([["step", ...chosen.map((c) => c.id)], ...steps.map((step) => [step, ...chosen.map((c) => rateCell(of(c, f).steps.get(step) ?? { failed: 0, trials: 0, independent: 0 }))])]), "");
      }
      console.error(`${source.name}: done`);
    }
    await writeFile(flags.out, lines.join("\n"));
    console.log(lines.join("\n"));
  });

await program.parseAsync();

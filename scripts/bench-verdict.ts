/**
 * Verdict quality on this machine, with real PostgreSQL builds (issue 5).
 *
 *   npm run bench:verdict -- collect --rounds 60 --loops 250,600,1500     one long interleaved session
 *   npm run bench:verdict -- analyze                                       rates from every session so far
 *
 * The instruction channel: when the profile counts instructions (pg-quick does), every session also
 * counts instructions per operation of each variant after its rounds (--no-instructions: not), and
 * analyze judges each session's counts by the gate's rule: A/A false alarms, detection of the extra-work builds.
 * For the channel alone: collect --rounds 2 --loops 5,10,25 (small loop counts: changes near 1%).
 *
 * collect: one session measures, interleaved (ABBA) round after round, the base build of the demo fork,
 * the same build again on a second server (A/A) and builds with calibrated extra work per executed query
 * (--loops: hashes per ExecutorRun, one build each). Real runs are slow, so trials are formed afterwards.
 * analyze: every window of consecutive rounds of a session is one trial, judged by compareRun as a gate
 * run of that many rounds (fixed or adaptive) would be; so are resamples of a session's rounds. Windows of
 * one session overlap and share the session's servers and builds: they are not independent runs, and the
 * report says how many sessions there were. The true size of each injected slowdown is the estimate over
 * all rounds of all sessions, with its interval.
 */
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Command, InvalidArgumentError } from "commander";
import { markdownTable } from "markdown-table";
import { loadBuiltinRecipe } from "../src/build/recipe.js";
import { withCleanup } from "../src/common/cleanup.js";
import { noiseFloorFromAA, robustSd } from "../src/compare/noise.js";
import { DEFAULT_THRESHOLDS, type Thresholds } from "../src/compare/types.js";
import {
  designLabel,
  rateCell,
  resampledTrials,
  seriesRatio,
  sessionSeries,
  summarizeTrials,
  windowTrials,
  type SessionSeries,
  type TrialDesign,
  type TrialSummary,
} from "./lib/verdict-quality.js";
import { loadProfile } from "../src/config/profile.js";
import { allowedCpus } from "../src/measure/cpu-affinity.js";
import { postgresEngine } from "../src/engine/postgres.js";
import { consoleLog } from "../src/common/log.js";
import { runBenchmark } from "../src/run/pipeline.js";
import { realPorts } from "../src/run/pipeline-ports.js";
import { writeResults } from "../src/results/io.js";
import { cpuPlacementText } from "../src/results/run-labels.js";
import type { NoiseFloor, Results } from "../src/results/schema.js";
import { SPENDING_FUNCTIONS, type Spending } from "../src/compare/alpha-spending.js";
import { addExtraWorkBranches, extraWorkRef, makePostgresFork } from "../src/setup/fork-repo.js";
import { obtainPostgresSource } from "../src/setup/pg-source.js";
import { countingSeconds, instructionChannelGroups, type InstructionChannelGroup } from "./lib/instruction-quality.js";
import { DEFAULT_TIMEOUTS } from "../src/config/timeouts.js";
import { seededRandom } from "./lib/synthetic-results.js";
import { readSessions } from "./lib/sessions.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const AA_VARIANT = "aa";

const list = (parse: (s: string) => number) => (value: string) => value.split(",").map(parse);
const whole = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError(`expected a positive whole number, got "${value}"`);
  return n;
};
/** MIN:MAX:EVERY[:SPENDING], e.g. 8:24:4:pocock */
function adaptiveDesign(value: string, previous: TrialDesign[]): TrialDesign[] {
  const [min, max, every, spending = "pocock"] = value.split(":");
  if (!SPENDING_FUNCTIONS.includes(spending as Spending)) throw new InvalidArgumentError(`spending must be one of ${SPENDING_FUNCTIONS.join(", ")}`);
  return [...previous, { kind: "adaptive", design: { minRounds: whole(min ?? ""), maxRounds: whole(max ?? ""), lookEvery: whole(every ?? ""), spending: spending as Spending } }];
}

const program = new Command("bench-verdict").description("false-alarm rate, detection rate and time per verdict of the gate, measured with real PostgreSQL builds");

program
  .command("collect")
  .description("one long interleaved session: base, the same build again (A/A) and calibrated slowdowns")
  .option("--cache-dir <dir>", "builds, ccache, the fork (default $DBG_CACHE_DIR or <repo>/.cache)")
  .option("--out-dir <dir>", "where sessions and summaries go", path.join(repoRoot, "verdict-quality"))
  .option("--profile <name>", "profile the steps and server settings come from", "pg-quick")
  .option("--steps <ids>", "step ids of the profile (comma-separated; default: its first step)")
  .option("--rounds <n>", "rounds of the session", whole, 60)
  .option("--duration <s>", "measured seconds per sample (default: the profile's)", whole)
  .option("--warmup <s>", "warm-up seconds per variant and step (default: the profile's)", Number)
  .option("--loops <counts>", "injected slowdowns: hashes of extra work per executed query, one build each", list(whole), [250, 600, 1500])
  .option("--no-aa", "leave out the A/A copy of the base")
  .option("--no-instructions", "do not count instructions per operation after the rounds (the profile's instructions field)")
  .option("--unpinned", "ignore the profile's cpu_affinity: the scheduler places server and client (to measure what pinning does)")
  .action(async (flags: { cacheDir?: string; outDir: string; profile: string; steps?: string; rounds: number; duration?: number; warmup?: number; loops: number[]; aa: boolean; instructions: boolean; unpinned?: boolean }) => {
    const log = consoleLog();
    const cacheDir = path.resolve(flags.cacheDir ?? process.env.DBG_CACHE_DIR ?? path.join(repoRoot, ".cache"));
    const source = await obtainPostgresSource(cacheDir, { onLine: (l) => log.info(l) });
    const fork = await makePostgresFork(source, path.join(cacheDir, "pg-fork", source.package));
    const repo = path.join(cacheDir, "verdict-fork");
    await addExtraWorkBranches(fork, repo, flags.loops);
    const loaded = await loadProfile(flags.profile, null, (await allowedCpus()).length);
    const wanted = flags.steps?.split(",") ?? [loaded.steps[0]!.id];
    const steps = wanted.map((id) => {
      const step = loaded.steps.find((s) => s.id === id);
      if (!step) throw new InvalidArgumentError(`no step "${id}" in ${loaded.name} (${loaded.steps.map((s) => s.id).join(", ")})`);
      return step;
    });
    const schedule = {
      ...loaded.schedule,
      rounds: flags.rounds,
      min_rounds: flags.rounds,
      duration_s: flags.duration ?? loaded.schedule.duration_s,
      warmup_s: flags.warmup ?? loaded.schedule.warmup_s,
      time_budget_s: null,
    };
    const recipe = await loadBuiltinRecipe("postgresql");
    const variants = [
      { id: "base", ref: fork.base, recipe },
      ...(flags.aa ? [{ id: AA_VARIANT, ref: fork.base, recipe }] : []),
      ...flags.loops.map((loops) => ({ id: extraWorkRef(loops), ref: extraWorkRef(loops), recipe })),
    ];
    const load: { at: string; load1: number }[] = [];
    const sampleLoad = () => load.push({ at: new Date().toISOString(), load1: os.loadavg()[0]! });
    sampleLoad();
    log.info(`load average before the session: ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
    const timer = setInterval(sampleLoad, 10_000);
    const results = await withCleanup(
      (registry) =>
        runBenchmark(
          {
            repo,
            variants,
            baseVariant: "base",
            profile: { ...loaded, steps, schedule, ...(flags.unpinned && { cpu_affinity: undefined }) },
            engine: postgresEngine,
            engineSettings: loaded.server_settings,
            timeBudgetS: null,
            cacheDir,
            // the demo fork, made on this machine
            trust: "trusted",
            timeouts: DEFAULT_TIMEOUTS,
            runner: { name: os.hostname(), labels: ["bench-verdict"] },
            countInstructions: flags.instructions,
          },
          registry,
          log,
          realPorts,
        ),
      { warn: (m) => log.info(m) },
    ).finally(() => clearInterval(timer));
    sampleLoad();
    await mkdir(flags.outDir, { recursive: true });
    const file = path.join(flags.outDir, `session-${results.run.id}.json`);
    await writeResults(file, results);
    await writeFile(file.replace(/\.json$/, ".load.json"), JSON.stringify(load, null, 2) + "\n");
    log.info(`session: ${file}; load average during it: ${Math.min(...load.map((l) => l.load1)).toFixed(2)}..${Math.max(...load.map((l) => l.load1)).toFixed(2)}`);
  });

/** k consecutive rounds as one: their mean log ratio, k times the wall time per sample (a little more than a k times longer sample costs). */
function mergeRounds(series: SessionSeries, k: number): SessionSeries & { merge: number } {
  const logRatios: number[] = [];
  for (let i = 0; i + k <= series.logRatios.length; i += k) logRatios.push(series.logRatios.slice(i, i + k).reduce((a, b) => a + b, 0) / k);
  return { ...series, logRatios, sampleWallS: series.sampleWallS * k, merge: k };
}

const placementOf = (results: Results): string => cpuPlacementText(results.run.cpu_placement);

interface Group {
  step: string;
  /** consecutive rounds merged into one: a stand-in for samples this many times longer */
  merge: number;
  variant: string;
  /** the same build as the base: every flag is a false alarm */
  aa: boolean;
  series: { series: SessionSeries; template: Results }[];
}

interface DesignResult {
  design: string;
  rounds_needed: number;
  windows: TrialSummary;
  /** windows that do not overlap: the number of (nearly) independent trials */
  disjoint_windows: number;
  resampled: TrialSummary;
  /** median trial estimate minus the true ratio */
  bias: number | null;
  /** warm-up of both variants plus the mean rounds of two samples each */
  seconds_per_verdict: number;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const f3 = (x: number | null | undefined) => (x === null || x === undefined ? "–" : x.toFixed(3));

program
  .command("analyze")
  .description("trials from the sessions: false alarms, detection, estimate bias, unstable rate, time per verdict; writes JSON and markdown")
  .option("--out-dir <dir>", "where the sessions are and the summaries go", path.join(repoRoot, "verdict-quality"))
  .option("--sessions <files>", "session files (comma-separated; default: every session in --out-dir)")
  .option("--trial-rounds <list>", "fixed designs: rounds per trial", list(whole), [8, 12, 16, 20])
  .option("--adaptive <design>", "adaptive design MIN:MAX:EVERY[:pocock|obrien-fleming], repeatable", adaptiveDesign, [] as TrialDesign[])
  .option("--resamples <n>", "resampled trials per design and variant (0: none)", (v: string) => Number(v), 2000)
  .option("--warmup <s>", "warm-up seconds per variant counted in the time per verdict", Number, 2)
  .option("--noise-rounds <list>", "rounds per A/A window for the noise floor, one floor each (a floor applies only to verdicts of as many pairs: the looks of the profiles)", list(whole), [8, 10, 14, 18, 22, 24])
  .option("--seed <n>", "seed of the resampling", whole, 1)
  .option("--merge <factors>", "also judge rounds merged in consecutive groups of k (mean log ratio): a stand-in for k times longer samples", list(whole), [1])
  .option("--shifts <factors>", "also: A/A rounds resampled and multiplied by these factors (known effects on real A/A noise)", list(Number), [0.98, 0.95, 0.9])
  .action(async (flags: { outDir: string; sessions?: string; trialRounds: number[]; adaptive: TrialDesign[]; resamples: number; warmup: number; noiseRounds: number[]; seed: number; shifts: number[]; merge: number[] }) => {
    const sessions = await readSessions(flags.outDir, flags.sessions?.split(","));
    if (sessions.length === 0) throw new Error(`no sessions in ${flags.outDir}: run "collect" first`);
    // Pinned and unpinned rounds differ in noise by several times: pooled, they would describe neither.
    const placements = new Set(sessions.map((s) => placementOf(s.results)));
    if (placements.size > 1) throw new Error(`the sessions were measured with different CPU placements (${[...placements].join("; ")}): analyze each with --sessions and its own --out-dir`);
    const thresholds: Thresholds = DEFAULT_THRESHOLDS;
    const designs: TrialDesign[] = [...flags.trialRounds.map((rounds) => ({ kind: "fixed" as const, rounds })), ...flags.adaptive];
    const groups = new Map<string, Group>();
    for (const { results } of sessions) {
      const baseCommit = results.variants.find((v) => v.id === results.base_variant)!.commit;
      for (const series of flags.merge.flatMap((merge) => sessionSeries(results).map((s) => mergeRounds(s, merge)))) {
        const key = `${series.step}\u0000${series.variant}\u0000${series.merge}`;
        const aa = results.variants.find((v) => v.id === series.variant)!.commit === baseCommit;
        const group = groups.get(key) ?? { step: series.step, merge: series.merge, variant: series.variant, aa, series: [] };
        group.series.push({ series, template: results });
        groups.set(key, group);
      }
    }
    const random = seededRandom(flags.seed);
    const report = [...groups.values()].map((group) => {
      const all = group.series.flatMap((s) => s.series.logRatios);
      const truth = group.aa ? { estimate: 1, ci_low: 1, ci_high: 1, n: all.length } : seriesRatio(all, 0.01);
      const measured = seriesRatio(all, 0.01);
      const wall = group.series.reduce((s, x) => s + x.series.sampleWallS, 0) / group.series.length;
      const results: DesignResult[] = designs.map((design) => {
        const need = design.kind === "fixed" ? design.rounds : design.design.maxRounds;
        const windowed = group.series.flatMap(({ series, template }) => windowTrials(template, series, design, thresholds));
        const resampled = flags.resamples > 0 ? resampledTrials(group.series[0]!.template, all, 1, design, thresholds, flags.resamples, random) : [];
        const windows = summarizeTrials(windowed);
        return {
          design: designLabel(design),
          rounds_needed: need,
          windows,
          disjoint_windows: group.series.reduce((s, x) => s + Math.floor(x.series.logRatios.length / need), 0),
          resampled: summarizeTrials(resampled),
          bias: windows.estimate ? windows.estimate.median - truth.estimate : null,
          seconds_per_verdict: 2 * flags.warmup + 2 * wall * windows.mean_rounds,
        };
      });
      const shifted =
        group.aa && flags.resamples > 0
          ? flags.shifts.map((factor) => ({
              factor,
              designs: designs.map((design) => ({ design: designLabel(design), ...summarizeTrials(resampledTrials(group.series[0]!.template, all, factor, design, thresholds, flags.resamples, random)) })),
            }))
          : [];
      return { step: group.step, merge: group.merge, variant: group.variant, aa: group.aa, rounds: all.length, sessions: group.series.length, measured_ratio: measured, log_ratio_sd: robustSd(all), sample_wall_s: wall, designs: results, shifted };
    });
    // One floor per step, runner and window length, from disjoint windows; none where too few windows fit.
    const noiseFloor: NoiseFloor[] = [...groups.values()]
      .filter((g) => g.aa && g.merge === 1)
      .flatMap((g) =>
        [...new Set(g.series.map((s) => s.template.fingerprint.hostname_hash))].flatMap((hostname_hash) => {
          const here = g.series.filter((s) => s.template.fingerprint.hostname_hash === hostname_hash);
          const source = here.map((s) => s.series.session).join(",");
          return flags.noiseRounds.flatMap((rounds) => noiseFloorFromAA(g.step, here.map((s) => s.series.logRatios), rounds, { hostname_hash }, source) ?? []);
        }),
      );
    const summary = {
      generated_at: new Date().toISOString(),
      machine: { cpu: sessions[0]!.results.fingerprint.cpu_model, cores: sessions[0]!.results.fingerprint.cores, kernel: sessions[0]!.results.fingerprint.kernel },
      thresholds,
      sessions: sessions.map((s) => ({
        file: path.relative(flags.outDir, s.file),
        run_id: s.results.run.id,
        started_at: s.results.run.started_at,
        finished_at: s.results.run.finished_at,
        variants: s.results.variants.map((v) => `${v.id}=${v.commit.slice(0, 12)}`),
        steps: s.results.steps.map((st) => st.id),
        cpus: placementOf(s.results),
        load1: s.load.length ? { min: Math.min(...s.load.map((l) => l.load1)), max: Math.max(...s.load.map((l) => l.load1)), first: s.load[0]!.load1 } : null,
      })),
      resamples: flags.resamples,
      groups: report,
      noise_floor: noiseFloor,
      instructions: {
        counting_s: sessions.map((s) => ({ run_id: s.results.run.id, seconds: countingSeconds(s.results), step_variants: s.results.steps.length * s.results.variants.length })),
        groups: instructionChannelGroups(
          sessions.map((s) => s.results),
          thresholds,
        ),
      },
    };
    await mkdir(flags.outDir, { recursive: true });
    await writeFile(path.join(flags.outDir, "verdict-quality.json"), JSON.stringify(summary, null, 2) + "\n");
    await writeFile(path.join(flags.outDir, "noise-floor.json"), JSON.stringify(noiseFloor, null, 2) + "\n");

    const lines = [
      `# Verdict quality (${summary.generated_at})`,
      "",
      `Machine: ${summary.machine.cpu}, ${summary.machine.cores} cores, ${summary.machine.kernel}. Thresholds: fail below ${thresholds.fail_below}, warn below ${thresholds.warn_below}, alpha ${thresholds.alpha}.`,
      "",
      `Sessions (independent runs): ${sessions.length}. Trials are windows of consecutive rounds of a session (overlapping, not independent: "disjoint" counts the non-overlapping ones) and ${flags.resamples} resamples of its rounds with replacement (assume exchangeable rounds).`,
      "",
      `A rate is shown as rate (count/trials) [95% Clopper-Pearson interval]. For windows the interval is over the disjoint windows only (the rate given the weight of that many independent trials), for resamples over the ${flags.resamples} resamples (these only measure the resampling's own error: they all come from the same rounds).`,
      "",
      markdownTable([
        ["session", "started", "steps", "variants", "CPUs", "load avg (1 min) first / min..max"],
        ...summary.sessions.map((s) => [s.run_id, s.started_at, s.steps.join(" "), s.variants.join(" "), s.cpus, s.load1 ? `${s.load1.first.toFixed(2)} / ${s.load1.min.toFixed(2)}..${s.load1.max.toFixed(2)}` : "–"]),
      ]),
      "",
    ];
    for (const g of report) {
      lines.push(
        `## ${g.step}: ${g.aa ? "A/A (same build on a second server)" : g.variant}${g.merge > 1 ? ` — ${g.merge} consecutive rounds merged (as if samples were ${g.merge} times longer)` : ""}`,
        "",
        `${g.rounds} rounds in ${g.sessions} session(s); relative QPS over all rounds ${f3(g.measured_ratio.estimate)} [${f3(g.measured_ratio.ci_low)}, ${f3(g.measured_ratio.ci_high)}] (99%); per-round log-ratio sd (robust) ${pct(g.log_ratio_sd)}; ${g.sample_wall_s.toFixed(2)} s per sample.`,
        "",
        markdownTable([
          [
            "design",
            "windows (disjoint)",
            g.aa ? "false alarms: regression" : "detected: regression",
            g.aa ? "regression or warning" : "regression or warning",
            "unstable",
            "estimate p1 / p25 / median / p75 / p99",
            "bias",
            "resampled: regression / flagged / unstable",
            "rounds",
            "s per verdict",
          ],
          ...g.designs.map((d) => [
            d.design,
            `${d.windows.trials} (${d.disjoint_windows})`,
            rateCell(d.windows.regression_rate, d.windows.trials, d.disjoint_windows),
            rateCell(d.windows.flagged_rate, d.windows.trials, d.disjoint_windows),
            rateCell(d.windows.unstable_rate, d.windows.trials, d.disjoint_windows),
            d.windows.estimate ? [d.windows.estimate.p1, d.windows.estimate.p25, d.windows.estimate.median, d.windows.estimate.p75, d.windows.estimate.p99].map(f3).join(" / ") : "–",
            g.aa ? "–" : d.bias === null ? "–" : d.bias.toFixed(4),
            d.resampled.trials
              ? [d.resampled.regression_rate, d.resampled.flagged_rate, d.resampled.unstable_rate].map((r) => rateCell(r, d.resampled.trials, d.resampled.trials)).join(" / ")
              : "–",
            d.windows.mean_rounds.toFixed(1),
            d.seconds_per_verdict.toFixed(0),
          ]),
        ]),
        "",
      );
      for (const { factor, designs: rows } of g.shifted) {
        lines.push(
          `A/A rounds resampled and multiplied by ${factor} (a known ${pct(1 - factor)} slowdown on this step's real A/A noise):`,
          "",
          markdownTable([
            ["design", "regression", "regression or warning", "unstable", "estimate p1 / median / p99", "rounds"],
            ...rows.map((d) => [
              d.design,
              rateCell(d.regression_rate, d.trials, d.trials),
              rateCell(d.flagged_rate, d.trials, d.trials),
              rateCell(d.unstable_rate, d.trials, d.trials),
              d.estimate ? [d.estimate.p1, d.estimate.median, d.estimate.p99].map(f3).join(" / ") : "–",
              d.mean_rounds.toFixed(1),
            ]),
          ]),
          "",
        );
      }
    }
    if (noiseFloor.length) {
      lines.push(
        "## Noise floor (A/A)",
        "",
        markdownTable([["step", "99th percentile of abs(1 - relative QPS)", "per-round log-ratio sd (robust)", "rounds per window", "disjoint windows"], ...noiseFloor.map((n) => [n.step, pct(n.relative_spread), pct(n.log_ratio_sd), String(n.rounds), String(n.windows)])]),
        "",
      );
    }
    lines.push(...instructionChannelLines(summary.instructions, thresholds));
    await writeFile(path.join(flags.outDir, "verdict-quality.md"), lines.join("\n"));
    console.log(lines.join("\n"));
  });

function instructionChannelLines(channel: { counting_s: { run_id: string; seconds: number | null; step_variants: number }[]; groups: InstructionChannelGroup[] }, t: Thresholds): string[] {
  if (channel.groups.length === 0) return [];
  const ratio = (x: number) => x.toFixed(4);
  const timed = channel.counting_s.filter((c) => c.seconds !== null);
  const flagged = (g: InstructionChannelGroup) => g.verdicts.regression + g.verdicts.warning;
  return [
    "## Instruction channel (instructions per operation under cachegrind)",
    "",
    `Each session is one trial: its repeats of the variant against the base's, judged by the gate's rule (relative instr/op = median / median; ` +
      `warning above ${t.instructions_warn_above}, regression above ${t.instructions_fail_above}, both only when the two sides' repeats do not overlap). ` +
      "Single-repeat pairs: every repeat of the variant over every repeat of the base, the extremes one repeat per side could give.",
    "",
    ...(timed.length
      ? [`Counting pass: ${timed.map((c) => `${c.seconds!.toFixed(0)} s for ${c.step_variants} step-variants (${(c.seconds! / c.step_variants).toFixed(0)} s each)`).join("; ")}.`, ""]
      : []),
    markdownTable([
      ["step", "variant", "sessions: flagged (regression + warning) / all", "verdicts", "repeats", "instr/op", "spread within a session (worst)", "session ratios", "single-repeat pairs: min..max (n)"],
      ...channel.groups.map((g) => {
        const sessions = Object.values(g.verdicts).reduce((a, b) => a + b, 0);
        return [
          g.step,
          g.aa ? `${g.variant} (A/A)` : g.variant,
          `${flagged(g)} / ${sessions}${g.aa ? " false alarms" : " detected"}`,
          Object.entries(g.verdicts).filter(([, n]) => n > 0).map(([v, n]) => `${v} ${n}`).join(", "),
          String(g.repeats),
          g.instructions_per_op === null ? "–" : g.instructions_per_op.toFixed(0),
          g.spread_within === null ? "–" : `${(g.spread_within * 100).toFixed(2)}%`,
          g.session_ratios.map(ratio).join(" ") || "–",
          g.pair_ratios ? `${ratio(g.pair_ratios.min)}..${ratio(g.pair_ratios.max)} (${g.pair_ratios.count})` : "–",
        ];
      }),
    ]),
    "",
  ];
}

await program.parseAsync();

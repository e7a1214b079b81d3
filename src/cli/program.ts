/** The db-bench-gate command line: every command maps its outcome to exit 0 (pass), 1 (regression), 2 (bad input or error). */
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { writeFile } from "node:fs/promises";
import { compareAgainstBaseline, compareRun } from "../compare/compare.js";
import type { Comparison, CompareOptions, ThresholdOverride, Thresholds } from "../compare/types.js";
import { loadConfigFile } from "../config/config-file.js";
import { EXIT_ERROR, EXIT_OK, EXIT_REGRESSION, InputError, PipelineError } from "../errors.js";
import { fingerprintMismatches } from "../measure/fingerprint.js";
import { renderJson } from "../report/json.js";
import { renderMarkdown } from "../report/markdown.js";
import { renderTsv } from "../report/tsv.js";
import { readResults } from "../results/io.js";
import type { Results } from "../results/schema.js";
import { VERSION } from "../version.js";

export const FORMATS = ["markdown", "json", "tsv", "tsv-metrics"] as const;
export type Format = (typeof FORMATS)[number];

export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
}

export const processIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

function ratioOption(flag: string) {
  return (value: string): number => {
    const number = Number(value);
    if (value.trim() === "" || !Number.isFinite(number) || number <= 0) throw new InvalidArgumentError(`${flag} needs a positive number, got "${value}"`);
    return number;
  };
}

/** Threshold flags shared by every command that produces a verdict. */
export function addThresholdOptions(command: Command): Command {
  return command
    .option("--config <file>", "the fork's config file (.db-bench-gate.yml): thresholds and per-step overrides")
    .option("--fail-below <ratio>", "relative QPS below this, if significant, is a regression (default 0.95)", ratioOption("--fail-below"))
    .option("--warn-below <ratio>", "relative QPS below this, if significant, is a warning (default 0.98)", ratioOption("--warn-below"))
    .option("--improve-above <ratio>", "relative QPS above this, if significant, is an improvement (default 1.05)", ratioOption("--improve-above"))
    .option("--alpha <p>", "significance level; the interval shown is the (1 - alpha) interval (default 0.01)", ratioOption("--alpha"));
}

export interface ThresholdFlags {
  config?: string;
  failBelow?: number;
  warnBelow?: number;
  improveAbove?: number;
  alpha?: number;
}

/** Defaults < config file < command-line flags. */
export async function compareOptionsFrom(flags: ThresholdFlags): Promise<Omit<CompareOptions, "baseVariant" | "label">> {
  const config = flags.config ? await loadConfigFile(flags.config) : {};
  const fromFlags: Partial<Thresholds> = {};
  if (flags.failBelow !== undefined) fromFlags.fail_below = flags.failBelow;
  if (flags.warnBelow !== undefined) fromFlags.warn_below = flags.warnBelow;
  if (flags.improveAbove !== undefined) fromFlags.improve_above = flags.improveAbove;
  if (flags.alpha !== undefined) fromFlags.alpha = flags.alpha;
  const overrides: ThresholdOverride[] = config.overrides ?? [];
  return { thresholds: { ...config.thresholds, ...fromFlags }, overrides };
}

export function render(comparisons: Comparison[], format: Format): string {
  switch (format) {
    case "markdown":
      return renderMarkdown(comparisons);
    case "json":
      return renderJson(comparisons);
    case "tsv":
      return renderTsv(comparisons, "relative");
    case "tsv-metrics":
      return renderTsv(comparisons, "metrics");
  }
}

export async function emit(text: string, out: string | undefined, io: Io): Promise<void> {
  if (out) await writeFile(out, text.endsWith("\n") ? text : text + "\n");
  else io.stdout(text.endsWith("\n") ? text : text + "\n");
}

export function exitCodeOf(comparisons: Comparison[]): number {
  return comparisons.some((c) => c.verdict === "fail") ? EXIT_REGRESSION : EXIT_OK;
}

/** Column labels for several runs: the architecture, made unique with the runner name or a counter. */
export function runLabels(runs: Results[]): string[] {
  const labels = runs.map((r) => r.fingerprint.arch);
  return labels.map((label, i) => {
    if (labels.filter((l) => l === label).length === 1) return label;
    const runner = runs[i]?.fingerprint.runner.name;
    return runner ? `${label} ${runner}` : `${label} #${labels.slice(0, i + 1).filter((l) => l === label).length}`;
  });
}

const formatOption = () => new Option("--format <format>", "output format").choices(FORMATS).default("markdown");

export function buildProgram(io: Io, setExitCode: (code: number) => void): Command {
  const program = new Command("db-bench-gate")
    .description("Gate database-engine pull requests on performance: relative QPS with confidence, per-op explain metrics, a verdict.")
    .version(VERSION)
    .showHelpAfterError("(add --help for usage)")
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr });

  addThresholdOptions(
    program
      .command("compare")
      .description("compare the variants of a results file (paired, interleaved rounds), or its variants against a stored baseline (unpaired)")
      .argument("<results>", "results JSON written by `db-bench-gate run` or any harness that writes results format v1")
      .option("--baseline <file>", "compare against this stored baseline results file instead (unpaired)")
      .option("--base-variant <id>", "the variant the others are relative to (default: the file's base_variant)")
      .option("--ignore-fingerprint", "compare against a baseline from a different machine anyway")
      .addOption(formatOption())
      .option("--out <file>", "write the output here instead of stdout"),
  ).action(async (file: string, flags: ThresholdFlags & { baseline?: string; baseVariant?: string; ignoreFingerprint?: boolean; format: Format; out?: string }) => {
    const results = await readResults(file);
    const options: CompareOptions = { ...(await compareOptionsFrom(flags)), baseVariant: flags.baseVariant };
    let comparison: Comparison;
    if (flags.baseline) {
      const baseline = await readResults(flags.baseline);
      const differences = fingerprintMismatches(baseline.fingerprint, results.fingerprint);
      if (differences.length > 0 && !flags.ignoreFingerprint) {
        throw new InputError(`measured on a different machine (${differences.join("; ")}); numbers are not comparable (--ignore-fingerprint to compare anyway)`, flags.baseline, "$.fingerprint");
      }
      comparison = compareAgainstBaseline(results, baseline, options);
    } else {
      comparison = compareRun(results, options);
    }
    await emit(render([comparison], flags.format), flags.out, io);
    setExitCode(exitCodeOf([comparison]));
  });

  addThresholdOptions(
    program
      .command("report")
      .description("merge the results of several runners (e.g. x86_64 and aarch64) into one report with a column per architecture")
      .argument("<results...>", "results JSON files, one per runner")
      .addOption(formatOption())
      .option("--out <file>", "write the output here instead of stdout"),
  ).action(async (files: string[], flags: ThresholdFlags & { format: Format; out?: string }) => {
    const runs = await Promise.all(files.map((f) => readResults(f)));
    const options = await compareOptionsFrom(flags);
    const labels = runLabels(runs);
    const comparisons = runs.map((results, i) => compareRun(results, { ...options, label: runs.length > 1 ? (labels[i] ?? null) : null }));
    await emit(render(comparisons, flags.format), flags.out, io);
    setExitCode(exitCodeOf(comparisons));
  });

  return program;
}

/** Runs the CLI and returns the exit code instead of exiting, so tests can call it in-process. */
export async function runCli(argv: string[], io: Io = processIo): Promise<number> {
  let exitCode = EXIT_OK;
  const setExitCode = (code: number) => {
    exitCode = code;
  };
  const program = buildProgram(io, setExitCode);
  program.exitOverride();
  for (const command of program.commands) command.exitOverride();
  try {
    await program.parseAsync(argv, { from: "user" });
    return exitCode;
  } catch (e) {
    if (e instanceof CommanderError) {
      // --help and --version end the parse with an "error" that is a success.
      return e.exitCode === 0 ? EXIT_OK : EXIT_ERROR;
    }
    if (e instanceof InputError) {
      io.stderr(`db-bench-gate: ${e.message}\n`);
      return EXIT_ERROR;
    }
    if (e instanceof PipelineError) {
      io.stderr(`db-bench-gate: ${e.message}\n${e.logExcerpt ? e.logExcerpt.trimEnd() + "\n" : ""}`);
      return EXIT_ERROR;
    }
    io.stderr(`db-bench-gate: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return EXIT_ERROR;
  }
}

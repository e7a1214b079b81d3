/** What every command shares: output formats, threshold flags, writing output, exit codes. */
import { InvalidArgumentError, Option, type Command } from "commander";
import { writeFile } from "node:fs/promises";
import { DEFAULT_FAIL_ON, decideGate, parseFailOn, type FailOn } from "../compare/gate.js";
import type { Comparison, CompareOptions, ThresholdOverride, Thresholds } from "../compare/types.js";
import { loadConfigFile } from "../config/config-file.js";
import { EXIT_OK, EXIT_REGRESSION } from "../errors.js";
import { parseRunnerCost, type RunnerCost } from "../config/runner-cost.js";
import { renderJson } from "../report/json.js";
import { renderMarkdown } from "../report/markdown.js";
import { markdownToText } from "../report/text.js";
import { renderTsv } from "../report/tsv.js";

export const FORMATS = ["markdown", "text", "json", "tsv", "tsv-metrics"] as const;
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

function failOnOption(value: string): FailOn[] {
  const parsed = parseFailOn(value);
  if ("error" in parsed) throw new InvalidArgumentError(`--fail-on: ${parsed.error}`);
  return parsed.failOn;
}

/** Threshold flags shared by every command that produces a verdict. */
export function addThresholdOptions(command: Command): Command {
  return command
    .option("--config <file>", "the fork's config file (.db-bench-gate.yml): thresholds and per-step overrides")
    .option("--fail-below <ratio>", "relative QPS below this, if significant, is a regression (default 0.95)", ratioOption("--fail-below"))
    .option("--warn-below <ratio>", "relative QPS below this, if significant, is a warning (default 0.98)", ratioOption("--warn-below"))
    .option("--improve-above <ratio>", "relative QPS above this, if significant, is an improvement (default 1.05)", ratioOption("--improve-above"))
    .option("--alpha <p>", "significance level; the interval shown is the (1 - alpha) interval (default 0.01)", ratioOption("--alpha"))
    .option("--instructions-fail-above <ratio>", "relative instructions per op above this, repeats apart, is a regression (default 1.02)", ratioOption("--instructions-fail-above"))
    .option("--instructions-warn-above <ratio>", "relative instructions per op above this, repeats apart, is a warning (default 1.005)", ratioOption("--instructions-warn-above"))
    .option("--instructions-improve-below <ratio>", "relative instructions per op below this, repeats apart, is an improvement (default 0.99)", ratioOption("--instructions-improve-below"))
    .option("--fail-on <verdicts>", `verdicts that make the exit code 1, comma-separated: regression, error, missing, unstable, warning (default ${DEFAULT_FAIL_ON.join(",")}); a run without ok samples always does`, failOnOption);
}

export interface ThresholdFlags {
  config?: string;
  failBelow?: number;
  warnBelow?: number;
  improveAbove?: number;
  alpha?: number;
  instructionsFailAbove?: number;
  instructionsWarnAbove?: number;
  instructionsImproveBelow?: number;
  failOn?: FailOn[];
}

export function thresholdsFromFlags(flags: ThresholdFlags): Partial<Thresholds> {
  const fromFlags: Partial<Thresholds> = {};
  if (flags.failBelow !== undefined) fromFlags.fail_below = flags.failBelow;
  if (flags.warnBelow !== undefined) fromFlags.warn_below = flags.warnBelow;
  if (flags.improveAbove !== undefined) fromFlags.improve_above = flags.improveAbove;
  if (flags.alpha !== undefined) fromFlags.alpha = flags.alpha;
  if (flags.instructionsFailAbove !== undefined) fromFlags.instructions_fail_above = flags.instructionsFailAbove;
  if (flags.instructionsWarnAbove !== undefined) fromFlags.instructions_warn_above = flags.instructionsWarnAbove;
  if (flags.instructionsImproveBelow !== undefined) fromFlags.instructions_improve_below = flags.instructionsImproveBelow;
  return fromFlags;
}

/** Defaults < config file < command-line flags. */
export async function compareOptionsFrom(flags: ThresholdFlags): Promise<Omit<CompareOptions, "baseVariant" | "label">> {
  const config = flags.config ? await loadConfigFile(flags.config) : {};
  const overrides: ThresholdOverride[] = config.overrides ?? [];
  return { thresholds: { ...config.thresholds, ...thresholdsFromFlags(flags) }, overrides };
}

export function render(comparisons: Comparison[], format: Format, failOn?: readonly FailOn[], runnerCost?: RunnerCost): string {
  switch (format) {
    case "markdown":
      return renderMarkdown(comparisons, { failOn, ...(runnerCost && { runnerCost }) });
    case "text":
      // no comment to fit: nothing cut for GitHub's size limit
      return markdownToText(renderMarkdown(comparisons, { failOn, maxLength: Number.POSITIVE_INFINITY, ...(runnerCost && { runnerCost }) }));
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

export function exitCodeOf(comparisons: Comparison[], failOn?: readonly FailOn[]): number {
  return decideGate(comparisons, failOn).verdict === "fail" ? EXIT_REGRESSION : EXIT_OK;
}

export const formatOption = () => new Option("--format <format>", "output format").choices(FORMATS).default("markdown");

export function runnerCostOption(): Option {
  return new Option("--runner-cost <yaml>", "price per runner hour by architecture, runner name or label, e.g. '{ x86_64: 0.768, aarch64: 0.538 }': a price/performance section in the markdown report").argParser((text: string) =>
    parseRunnerCost(text, "--runner-cost"),
  );
}

/** What every command shares: output formats, threshold flags, writing output, exit codes. */
import { InvalidArgumentError, Option, type Command } from "commander";
import { constants } from "node:fs";
import { access, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { DEFAULT_FAIL_ON, parseFailOn } from "../compare/gate.js";
import { FAIL_ON, type Comparison, type CompareOptions, type FailOn, type ThresholdOverride, type Thresholds } from "../compare/types.js";
import { loadConfigFile } from "../config/config-file.js";
import { EXIT_OK, EXIT_REGRESSION, InputError } from "../common/errors.js";
import { parseRunnerCost, type RunnerCost } from "../config/runner-cost.js";
import { writeSweepCharts } from "../publish/charts.js";
import { renderJson } from "../report/json.js";
import type { WhereCostItem } from "../report/why-functions.js";
import { renderMarkdown } from "../report/markdown.js";
import type { SweepChartsWhere } from "../report/sweep.js";
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
    .option("--fail-below <ratio>", "relative QPS below this, if significant, is a regression (default 0.97)", ratioOption("--fail-below"))
    .option("--warn-below <ratio>", "relative QPS below this, if significant, is a warning (default 0.98)", ratioOption("--warn-below"))
    .option("--improve-above <ratio>", "relative QPS above this, if significant, is an improvement (default 1.05)", ratioOption("--improve-above"))
    .option("--alpha <p>", "significance level; the interval shown is the (1 - alpha) interval (default 0.01)", ratioOption("--alpha"))
    .option("--instructions-fail-above <ratio>", "relative instructions per op above this, repeats apart, is a regression (default 1.02)", ratioOption("--instructions-fail-above"))
    .option("--instructions-warn-above <ratio>", "relative instructions per op above this, repeats apart, is a warning (default 1.005)", ratioOption("--instructions-warn-above"))
    .option("--instructions-improve-below <ratio>", "relative instructions per op below this, repeats apart, is an improvement (default 0.99)", ratioOption("--instructions-improve-below"))
    .option("--fail-on <verdicts>", `verdicts that make the exit code 1, comma-separated: ${FAIL_ON.join(", ")} (unjudged: the run judged no step in either channel; default ${DEFAULT_FAIL_ON.join(",")}); a run without ok samples always does`, failOnOption);
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

/** Defaults < config file < command-line flags; the fail-on policy the comparisons' verdicts (and so the exit code) follow. */
export async function compareOptionsFrom(flags: ThresholdFlags): Promise<Omit<CompareOptions, "baseVariant" | "label">> {
  const config = flags.config ? await loadConfigFile(flags.config) : {};
  const overrides: ThresholdOverride[] = config.overrides ?? [];
  return { thresholds: { ...config.thresholds, ...thresholdsFromFlags(flags) }, overrides, ...(flags.failOn && { failOn: flags.failOn }) };
}

export function render(comparisons: Comparison[], format: Format, failOn?: readonly FailOn[], runnerCost?: RunnerCost, charts?: SweepChartsWhere, whereCost?: WhereCostItem[]): string {
  // a CLI run's repository may be anywhere: no links
  const options = { failOn, ...(runnerCost && { runnerCost }), ...(charts && { charts }), ...(whereCost && { whereCost: { items: whereCost, links: null } }) };
  switch (format) {
    case "markdown":
      return renderMarkdown(comparisons, options);
    case "text":
      // no comment to fit: nothing cut for GitHub's size limit
      return markdownToText(renderMarkdown(comparisons, { ...options, maxLength: Number.POSITIVE_INFINITY }));
    case "json":
      return renderJson(comparisons);
    case "tsv":
      return renderTsv(comparisons, "relative");
    case "tsv-metrics":
      return renderTsv(comparisons, "metrics");
  }
}

/** --charts-dir: where the SVG chart of each swept step goes; `otherwise` says what happens without it. */
export const chartsDirOption = (otherwise: string) =>
  new Option("--charts-dir <dir>", `write the SVG chart of each swept step here (relative and absolute QPS against clients): <results name>.<step>.svg (${otherwise})`);

/** `dir`, made if missing, where files can be written; else a one-line error naming `flag`. */
export async function writableDir(dir: string, flag: string): Promise<void> {
  await mkdir(dir, { recursive: true })
    .then(() => access(dir, constants.W_OK))
    .catch((e: NodeJS.ErrnoException) => {
      throw new InputError(`cannot be written: ${e.code ?? e.message}`, dir, flag);
    });
}

/** The swept steps' charts written into `dir`, named after `resultsFile`, as the report names them; undefined when none. */
export async function chartsInto(dir: string, resultsFile: string, comparisons: readonly Comparison[]): Promise<SweepChartsWhere | undefined> {
  const files = await writeSweepCharts(dir, resultsFile, comparisons);
  return files.length > 0 ? { files: files.map((file) => path.basename(file)), in: { dir } } : undefined;
}

/** Writes `text` to the file `out` names (a one-line error naming it when it cannot be written), else to stdout. */
export async function emit(text: string, out: string | undefined, io: Io): Promise<void> {
  const line = text.endsWith("\n") ? text : text + "\n";
  if (!out) return io.stdout(line);
  await writeFile(out, line).catch((e: NodeJS.ErrnoException) => {
    throw new InputError(`cannot write the report: ${e.code ?? e.message}`, out, "--out");
  });
}

/**
 * Fails before anything is measured when `file` could not be written later (its directory missing or
 * not writable), so a run's minutes are not lost to a typo in a path.
 */
export async function checkWritable(file: string | undefined, flag: string): Promise<void> {
  if (!file) return;
  const dir = path.dirname(path.resolve(file));
  await access(dir, constants.W_OK).catch((e: NodeJS.ErrnoException) => {
    throw new InputError(`its directory ${dir} cannot be written: ${e.code ?? e.message}`, file, flag);
  });
}

/** 1 when a comparison failed under the policy it was made with (CompareOptions.failOn): the verdict its JSON shows. */
export function exitCodeOf(comparisons: readonly Comparison[]): number {
  return comparisons.some((c) => c.verdict === "fail") ? EXIT_REGRESSION : EXIT_OK;
}

export const formatOption = () => new Option("--format <format>", "output format").choices(FORMATS).default("markdown");

/** --json, the usual short way to say --format json (refuseJsonWithFormat: not beside another --format). */
export const jsonOption = () => new Option("--json", "the same as --format json").implies({ format: "json" });

/** A preAction hook: --json and a --format given on the command line contradict each other unless it is json. */
export function refuseJsonWithFormat(_program: Command, command: Command): void {
  const { json, format } = command.opts<{ json?: boolean; format?: string }>();
  if (json && command.getOptionValueSource("format") === "cli" && format !== "json") command.error(`error: --json contradicts --format ${format}`);
}

/** The exit codes every command maps its outcome to, for each command's --help. */
export const EXIT_CODES_HELP = `
Exit codes:
  0  the gate passes (or the command did what it was asked)
  1  the gate fails: a regression, or a verdict --fail-on names (an error, by default)
  2  bad input (a flag, a config, profile or results file: the message names the file and field) or a failure of the tool`;

export function runnerCostOption(): Option {
  return new Option("--runner-cost <yaml>", "price per runner hour by architecture, runner name or label, e.g. '{ x86_64: 0.768, aarch64: 0.538 }': a price/performance section in the markdown report").argParser((text: string) =>
    parseRunnerCost(text, "--runner-cost"),
  );
}

/** The db-bench-gate command line: every command maps its outcome to exit 0 (the gate passes), 1 (it fails: a regression, or what --fail-on names), 2 (bad input or error). */
import path from "node:path";
import { Command, CommanderError } from "commander";
import { compareAgainstBaseline, compareColumns, compareRun } from "../compare/compare.js";
import type { Comparison, CompareOptions } from "../compare/types.js";
import type { RunnerCost } from "../config/runner-cost.js";
import { EXIT_ERROR, EXIT_OK, InputError, PipelineError } from "../common/errors.js";
import { fingerprintMismatches } from "../measure/fingerprint.js";
import { readResults } from "../results/io.js";
import { mergeShards } from "../results/merge-shards.js";
import { VERSION } from "../common/version.js";
import { addThresholdOptions, chartsDirOption, chartsInto, compareOptionsFrom, emit, EXIT_CODES_HELP, exitCodeOf, formatOption, jsonOption, processIo, refuseJsonWithFormat, render, runnerCostOption, writableDir, type Format, type Io, type ThresholdFlags } from "./common.js";
import { addInitCommand } from "./init-command.js";
import { addFunctionsCommand } from "./functions-command.js";
import { aaSpreadsOf, functionsDirOf, whereCostItems } from "../results/function-profiles.js";
import { addProfilesCommand } from "./profiles-command.js";
import { addRunCommands } from "./run-commands.js";


export function buildProgram(io: Io, setExitCode: (code: number) => void): Command {
  const program = new Command("db-bench-gate")
    .description("Gate database-engine pull requests on performance: relative QPS with confidence, per-op explain metrics, a verdict.")
    .version(VERSION)
    .showHelpAfterError("(add --help for usage)")
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .addHelpText("after", EXIT_CODES_HELP);

  addThresholdOptions(
    program
      .command("compare")
      .description("compare the variants of a results file (paired, interleaved rounds), or its variants against a stored baseline (unpaired)")
      .argument("<results>", "results JSON written by `db-bench-gate run` or any harness that writes results format v1")
      .option("--baseline <file>", "compare against this stored baseline results file instead (unpaired)")
      .option("--base-variant <id>", "the variant the others are relative to (default: the file's base_variant)")
      .option("--ignore-fingerprint", "compare against a baseline from a different machine anyway")
      .addOption(formatOption())
      .addOption(jsonOption())
      .addOption(runnerCostOption())
      .option("--out <file>", "write the report here instead of stdout")
      .addOption(chartsDirOption("default: none")),
  ).action(async (file: string, flags: ThresholdFlags & { baseline?: string; baseVariant?: string; ignoreFingerprint?: boolean; format: Format; out?: string; runnerCost?: RunnerCost; chartsDir?: string }) => {
    if (flags.chartsDir) await writableDir(path.resolve(flags.chartsDir), "--charts-dir");
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
    const charts = flags.chartsDir ? await chartsInto(path.resolve(flags.chartsDir), file, [comparison]) : undefined;
    // a stored baseline's profiles are another run's: by function only within one run
    const whereCost = flags.baseline ? undefined : await whereCostItems(functionsDirOf(file), comparison, aaSpreadsOf(results));
    await emit(render([comparison], flags.format, flags.failOn, flags.runnerCost, charts, whereCost), flags.out, io);
    setExitCode(exitCodeOf([comparison]));
  });

  addThresholdOptions(
    program
      .command("report")
      .description("merge the results of several runners (e.g. x86_64 and aarch64, and the shards of each) into one report with a column per architecture")
      .argument("<results...>", "results JSON files, one per runner (or shard)")
      .addOption(formatOption())
      .addOption(jsonOption())
      .addOption(runnerCostOption())
      .option("--out <file>", "write the report here instead of stdout")
      .addOption(chartsDirOption("default: none; named after the first results file")),
  ).action(async (files: string[], flags: ThresholdFlags & { format: Format; out?: string; runnerCost?: RunnerCost; chartsDir?: string }) => {
    if (flags.chartsDir) await writableDir(path.resolve(flags.chartsDir), "--charts-dir");
    // the shards of one architecture become one column
    const runs = mergeShards(await Promise.all(files.map(async (f) => ({ results: await readResults(f), source: f }))));
    const options = await compareOptionsFrom(flags);
    const comparisons = compareColumns(runs, options);
    const charts = flags.chartsDir ? await chartsInto(path.resolve(flags.chartsDir), files[0]!, comparisons) : undefined;
    await emit(render(comparisons, flags.format, flags.failOn, flags.runnerCost, charts), flags.out, io);
    setExitCode(exitCodeOf(comparisons));
  });

  addRunCommands(program, io, setExitCode);
  addProfilesCommand(program, io);
  addFunctionsCommand(program, io);
  addInitCommand(program, io);
  for (const command of program.commands) command.addHelpText("after", EXIT_CODES_HELP);
  program.hook("preAction", refuseJsonWithFormat);
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

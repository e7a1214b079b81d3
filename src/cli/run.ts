/** `run` and `demo`: measure for real, write the results, then compare and print like `compare`. */
import path from "node:path";
import { compareRun } from "../compare/compare.js";
import type { FailOn } from "../compare/types.js";
import { withCleanup } from "../common/cleanup.js";
import type { Plan } from "../config/plan.js";
import type { Log } from "../common/log.js";
import { measureAndWrite } from "../run/measure-and-write.js";
import { readNoiseFloor } from "../results/io.js";
import { aaSpreadsOf, functionsDirOf, keepFunctionComparisons, whereCostItems } from "../results/function-profiles.js";
import type { Results } from "../results/schema.js";
import { chartsInto, checkWritable, emit, exitCodeOf, render, writableDir, type Format, type Io } from "./common.js";

export function defaultResultsFile(profile: string, now = new Date()): string {
  return `db-bench-gate-${profile}-${now.toISOString().replace(/[:.]/g, "-")}.json`;
}

/** Measures the plan, writes the results before anything can fail on them, prints the comparison. */
export async function measureAndReport(
  plan: Plan,
  options: { results?: string; format: Format; out?: string; noiseFloor?: string; failOn?: readonly FailOn[]; chartsDir?: string },
  io: Io,
  log: Log,
): Promise<{ exitCode: number; results: Results; resultsFile: string }> {
  // A bad noise floor must fail now, not after minutes of measuring (bad thresholds failed in makePlan).
  const noiseFloor = options.noiseFloor ? await readNoiseFloor(options.noiseFloor) : null;
  const resultsFile = path.resolve(options.results ?? defaultResultsFile(plan.run.profile.name));
  // and so must a path that could not be written after the measuring
  await checkWritable(resultsFile, "--results");
  await checkWritable(options.out, "--out");
  // beside the results file unless --charts-dir says otherwise, as the action puts them in the results artifact
  const chartsDir = path.resolve(options.chartsDir ?? path.dirname(resultsFile));
  if (options.chartsDir) await writableDir(chartsDir, "--charts-dir");
  const results = await withCleanup((registry) => measureAndWrite(plan, { registry, log, noiseFloor, resultsFile }), {
    warn: (m) => log.info(m),
    timeoutMs: plan.run.timeouts.run_s * 1000,
  });
  const comparison = compareRun(results, { ...plan.compare, ...(options.failOn && { failOn: options.failOn }) });
  const charts = await chartsInto(chartsDir, resultsFile, [comparison]);
  if (charts) log.info(`sweep charts in ${chartsDir}: ${charts.files.join(", ")}`);
  const files = await keepFunctionComparisons(resultsFile, results);
  if (files.length > 0) log.info(`per-function costs in ${functionsDirOf(resultsFile)} (db-bench-gate functions ${path.basename(resultsFile)} --step STEP)`);
  const whereCost = await whereCostItems(functionsDirOf(resultsFile), comparison, aaSpreadsOf(results));
  await emit(render([comparison], options.format, options.failOn, undefined, charts, whereCost), options.out, io);
  return { exitCode: exitCodeOf([comparison]), results, resultsFile };
}

/**
 * Measuring a plan and writing its results, shared by the action and the CLI: the results file exists
 * before anything (comparing, gating, publishing) can fail on them.
 */
import type { CleanupRegistry } from "../common/cleanup.js";
import type { Plan } from "../config/plan.js";
import type { Log } from "../common/log.js";
import { runBenchmark } from "./pipeline.js";
import { realPorts } from "./pipeline-ports.js";
import { writeResults } from "../results/io.js";
import { functionsDirOf } from "../results/function-profiles.js";
import type { NoiseFloor, Results } from "../results/schema.js";

export interface MeasureAndWrite {
  registry: CleanupRegistry;
  log: Log;
  /** the runner's A/A noise, read before measuring so a bad file fails at once; kept with the results */
  noiseFloor: NoiseFloor[] | null;
  resultsFile: string;
  /** what the run adds before the results are written: the acceptance, the earlier rounds of a rerun */
  amend?: (measured: Results) => Results;
}

export async function measureAndWrite(plan: Plan, options: MeasureAndWrite): Promise<Results> {
  const measured = await runBenchmark({ ...plan.run, functionsDir: functionsDirOf(options.resultsFile) }, options.registry, options.log, realPorts);
  // kept with the results: when they become the stored baseline, later comparisons on this machine use it
  const floored: Results = options.noiseFloor ? { ...measured, noise_floor: options.noiseFloor } : measured;
  const results = options.amend ? options.amend(floored) : floored;
  // cancelled (a signal): the samples after it are errors of the cancellation, not results to keep
  options.registry.signal.throwIfAborted();
  await writeResults(options.resultsFile, results);
  options.log.info(`results: ${options.resultsFile}`);
  return results;
}

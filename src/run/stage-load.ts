/** Loading each step's data into an instance, once per instance, and again before counting. */
import path from "node:path";
import type { BenchmarkStep, DataSet } from "../driver/types.js";
import { PipelineError } from "../common/errors.js";
import { failureExcerpt, binariesFor, type VariantInstance, type RunContext, runClient } from "./run-context.js";

/** Stage 3: the data set a step needs loaded into an instance and settled, once per instance; its key, which the step's runs open. */
export async function ensureData(ctx: RunContext, vi: VariantInstance, step: BenchmarkStep): Promise<string> {
  const dataSet = step.dataSet(vi.instance.loadTarget(), binariesFor(ctx, vi, step));
  await loadOnce(ctx, vi, dataSet);
  return dataSet.key;
}

/**
 * `dataSet` loaded into the instance and settled, unless it already was. `inputErrors`: a command's
 * failure that the data set calls its input's (a profile's init SQL) is bad input, thrown as such.
 */
async function loadOnce(ctx: RunContext, vi: VariantInstance, dataSet: DataSet, inputErrors = false): Promise<void> {
  if (vi.loaded.has(dataSet.key)) return;
  const loadStarted = ctx.ports.clock.now();
  for (const [i, command] of dataSet.commands.entries()) {
    const shown = [path.basename(command.file), ...command.args].join(" ");
    ctx.log.info(`${vi.variant.id}: load ${dataSet.key}: ${shown.length > 200 ? `${shown.slice(0, 200)}...` : shown}`);
    const result = await runClient(ctx, vi, command, ctx.plan.timeouts.load_s);
    if (result.failed) {
      const input = inputErrors ? dataSet.inputError?.(i, result.output) : null;
      if (input) throw input;
      throw new PipelineError(`loading ${dataSet.key} failed: ${result.message}`, await failureExcerpt(ctx, vi, result.output));
    }
  }
  await vi.instance.settle(dataSet.key, dataSet.tables);
  vi.loaded.add(dataSet.key);
  ctx.phases.loads += ctx.ports.clock.now() - loadStarted;
}

/**
 * A server's data sets loaded again before counting. The measured rounds leave each side's tables in
 * its own state (the write steps' dead rows and index entries, as many as that side's QPS allowed),
 * and a read counted on them does work that shrinks run after run as the server prunes them: in an
 * A/A of pg-quick, select-only counted after the write steps' rounds spread 4% between repeats and
 * came out 0.964. Freshly loaded, both sides count the same work. (An embedded engine's runs each
 * open a copy of its data: nothing to reload.)
 */
export async function reloadData(ctx: RunContext, vi: VariantInstance, steps: readonly BenchmarkStep[]): Promise<void> {
  vi.loaded.clear();
  for (const step of steps) await loadOnce(ctx, vi, countedDataSet(ctx, vi, step));
}

/** The data set a step is counted on: its own for counting where it has one (ibench's queries), else the measured one. */
export function countedDataSet(ctx: RunContext, vi: VariantInstance, step: BenchmarkStep): DataSet {
  const [target, bins] = [vi.instance.loadTarget(), binariesFor(ctx, vi, step)];
  return step.countedDataSet?.(target, bins) ?? step.dataSet(target, bins);
}

/**
 * The profile's own files checked before anything is measured, so that a bad one is bad input (exit 2)
 * and no measurement is lost: a step's check (pgbench parsing its scripts, no server), then its data
 * loaded on the base's server, where a failing init SQL is the profile's error. On another variant's
 * server the same failure is that variant's own, found when it loads.
 */
export async function checkWorkloads(ctx: RunContext, vi: VariantInstance): Promise<void> {
  for (const step of ctx.plan.profile.steps.filter((s) => s.files || s.inputCheck)) {
    const bins = binariesFor(ctx, vi, step);
    const check = step.inputCheck?.(bins, path.join(vi.side.runDir, "no-server"));
    if (check) {
      const rejected = check.rejected((await runClient(ctx, vi, check.command, ctx.plan.timeouts.load_s)).output, ctx.plan.profile.source);
      if (rejected) throw rejected;
    }
    await loadOnce(ctx, vi, step.dataSet(vi.instance.loadTarget(), bins), true);
  }
}

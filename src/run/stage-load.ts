/** Loading each step's data into an instance, once per instance, and again before counting. */
import path from "node:path";
import type { BenchmarkStep, DataSet } from "../driver/types.js";
import { PipelineError } from "../common/errors.js";
import { failureExcerpt, binariesFor, type VariantInstance, type RunContext, runClient } from "./run-context.js";

/** Stage 3: the data sets a step needs loaded into an instance and settled, once per instance. */
export async function ensureData(ctx: RunContext, vi: VariantInstance, step: BenchmarkStep): Promise<void> {
  await loadOnce(ctx, vi, step.dataSet(vi.instance.loadTarget(), binariesFor(ctx, vi, step)));
}

/** `dataSet` loaded into the instance and settled, unless it already was. */
async function loadOnce(ctx: RunContext, vi: VariantInstance, dataSet: DataSet): Promise<void> {
  if (vi.loaded.has(dataSet.key)) return;
  const loadStarted = ctx.ports.clock.now();
  for (const command of dataSet.commands) {
    const shown = [path.basename(command.file), ...command.args].join(" ");
    ctx.log.info(`${vi.variant.id}: load ${dataSet.key}: ${shown.length > 200 ? `${shown.slice(0, 200)}...` : shown}`);
    const result = await runClient(ctx, vi, command, ctx.plan.timeouts.load_s);
    if (result.failed) {
      throw new PipelineError(`loading ${dataSet.key} failed: ${result.message}`, await failureExcerpt(ctx, vi, result.output));
    }
  }
  await vi.instance.settle(dataSet.tables);
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
  for (const step of steps) {
    const [target, bins] = [vi.instance.loadTarget(), binariesFor(ctx, vi, step)];
    await loadOnce(ctx, vi, step.countedDataSet?.(target, bins) ?? step.dataSet(target, bins));
  }
}

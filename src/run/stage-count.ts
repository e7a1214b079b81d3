/** Counting instructions per operation under valgrind, where the profile asks: the deterministic channel. */
import path from "node:path";
import type { BenchmarkStep } from "../driver/types.js";
import type { InstructionCounter } from "../engine/types.js";
import { CountingUnavailableError, PipelineError } from "../common/errors.js";
import { formatCpuList, onCpus } from "../measure/cpu-affinity.js";
import type { InstructionSample, Variant } from "../results/schema.js";
import type { StepProfile } from "../compare/functions.js";
import { countInstructions } from "../schedule/instructions.js";
import { GLIBC_ALLOCATOR_FUNCTIONS, relativeToTree } from "../measure/valgrind-functions.js";
import { treeFiles, writeStepProfile } from "../results/function-profiles.js";
import { failureExcerpt, binariesFor, type RunContext, runClient, onRunTarget } from "./run-context.js";
import type { Instances } from "./stage-instances.js";
import { countedDataSet, ensureData, reloadData } from "./stage-load.js";

/** A counted fixed-count run (under valgrind, several times slower than native) that takes longer is stuck. */
const COUNTED_RUN_TIMEOUT_S = 600;

/** Stage 4b: the deterministic channel, where the profile asks for it. */
export async function countStage(ctx: RunContext, instances: Instances, variants: readonly Variant[]): Promise<InstructionSample[] | undefined> {
  const { profile, engine } = ctx.plan;
  const counting = profile.instructions && ctx.plan.countInstructions !== false ? profile.instructions : null;
  if (!counting) return undefined;
  return ctx.log.group(`count instructions: ${profile.steps.length} steps x ${variants.length} variants, ${counting.repeats} repeats of N and 2N operations per client`, async () => {
    const counters = new Map<string, InstructionCounter>();
    // Counts do not depend on placement: every counted process may use every CPU of the run, and the
    // variants are counted side by side, one per CPU.
    const allowed = await ctx.ports.host.allowedCpus();
    const cpus = ctx.placement ? allowed : undefined;
    const concurrency = Math.min(variants.length, allowed.length);
    ctx.log.info(`counting ${concurrency} variant${concurrency === 1 ? "" : "s"} at a time${cpus ? ` on CPU ${formatCpuList(cpus)}` : ""}`);
    const plan = { opsPerClient: counting.ops_per_client, repeats: counting.repeats, opsPerClientByStep: counting.ops_per_client_by_step, concurrency };
    return countInstructions(profile.steps, variants, plan, {
      start: async (variant) => {
        const vi = await instances.live(variant);
        const { instance } = vi;
        if (!instance.startCounting) throw new CountingUnavailableError(`the ${engine.name} engine cannot count instructions`);
        if (engine.kind === "server") await reloadData(ctx, vi, profile.steps.filter((step) => !step.uncounted));
        // the cache simulation only where its estimated cycles are judged: it makes the pass slower
        const caches = counting.judge === "estimated_cycles" ? counting.caches : undefined;
        const counter = await instance.startCounting({ ...(cpus && { cpus }), ...(caches && { cacheSim: caches }) });
        counters.set(variant.id, counter);
        return counter;
      },
      run: async (step, variant, perClient, runNumber, freshCopy) => {
        const vi = instances.get(variant);
        const counter = counters.get(variant.id)!;
        // a server's data sets were all loaded again before it went under the counter (reloadData)
        const dataKey = engine.kind === "server" ? countedDataSet(ctx, vi, step).key : await ensureData(ctx, vi, step);
        return onRunTarget(vi, dataKey, async (target) => {
          const client = step.fixedRun(freshCopy ? await counter.freshCopy!() : target, binariesFor(ctx, vi, step), perClient, runNumber);
          // a failed run is its own error, before the counter looks for counts it cannot have left
          const { result, ...counts } = await counter.count(client, async (command) => {
            const run = await runClient(ctx, vi, onCpus(command, cpus), COUNTED_RUN_TIMEOUT_S);
            if (run.failed) throw new PipelineError(`${path.basename(client.file)} failed: ${run.message}`, await failureExcerpt(ctx, vi, run.output));
            return run;
          }, step.withoutAllocator !== undefined ? { lessOwnCostOf: GLIBC_ALLOCATOR_FUNCTIONS } : undefined);
          return { ops: (step.parseFixed ? step.parseFixed(result.stdout) : step.parse(result.stdout)).ops, ...counts };
        });
      },
      stop: (variant) => counters.get(variant.id)!.stop(),
      ...(ctx.plan.functionsDir !== undefined && { profiled: profileWriter(ctx.plan.repo, ctx.plan.functionsDir, variants) }),
      signal: ctx.registry.signal,
      log: (line) => ctx.log.info(line),
      now: () => ctx.ports.clock.now(),
    });
  });
}

/** Writes a step's per-function costs of a variant, its files named relative to the variant's source tree. */
function profileWriter(repo: string, dir: string, variants: readonly Variant[]) {
  const trees = new Map<string, Promise<Set<string>>>();
  return async (step: BenchmarkStep, variant: Variant, profile: StepProfile | { error: string }) => {
    const commit = variants.find((v) => v.id === variant.id)!.commit;
    if (!trees.has(commit)) trees.set(commit, treeFiles(repo, commit));
    const relative = "error" in profile ? profile : { ...profile, ...relativeToTree(profile.profile, await trees.get(commit)!) };
    await writeStepProfile(dir, step.id, variant.id, relative);
  };
}

/** Measuring: every step on every variant in ABBA rounds, one sample per measured run. */
import path from "node:path";
import type { RunPlan } from "../config/plan.js";
import { clientCpuShare } from "../driver/client-rusage.js";
import type { BenchmarkStep } from "../driver/types.js";
import { onCpus } from "../measure/cpu-affinity.js";
import { metricsPerOp } from "../measure/proc.js";
import { METRIC_NAMES, type ErrorSample, type Fingerprint, type Sample, type Variant } from "../results/schema.js";
import { thresholdResolver } from "../compare/thresholds.js";
import type { StepComparison } from "../compare/types.js";
import { formatAmount } from "../report/format.js";
import { stepDoneLine } from "../report/step-line.js";
import { failure } from "../schedule/instructions.js";
import { runInterleaved, type InterleaveResult, type StepBudget } from "../schedule/interleave.js";
import type { SequentialDesign } from "../compare/alpha-spending.js";
import { budgetStops, scheduleDesign, settledStep } from "../schedule/sequential.js";
import { EXCERPT_LINES, CLIENT_GRACE_S, tail, failureExcerpt, binariesFor, type VariantInstance, type RunContext, driverCpus, runClient, aloneOn, onRunTarget } from "./run-context.js";
import type { Instances } from "./stage-instances.js";
import { ensureData } from "./stage-load.js";

/** One measured run of a step on a variant: a sample, ok or an error with its log. */
async function measureOnce(ctx: RunContext, instances: Instances, fingerprint: Fingerprint, step: BenchmarkStep, variant: Variant, round: number, position: number): Promise<Sample> {
  const { plan, ports } = ctx;
  const { schedule } = plan.profile;
  const started = ports.clock.date();
  const common = { step: step.id, variant: variant.id, round, position, started_at: started.toISOString() };
  const failed = (message: string, excerpt: string): ErrorSample => ({
    ...common,
    duration_s: (ports.clock.date().getTime() - started.getTime()) / 1000,
    status: "error",
    error: { message, log_excerpt: excerpt },
  });
  const failedWith = (e: unknown): ErrorSample => {
    // a cancelled run ends with its reason: no error sample, no next round
    ctx.registry.signal.throwIfAborted();
    const { message, log_excerpt } = failure(e);
    return failed(message, log_excerpt);
  };
  let vi: VariantInstance;
  let dataKey: string;
  try {
    vi = await instances.live(variant);
    dataKey = await ensureData(ctx, vi, step);
  } catch (e) {
    return failedWith(e);
  }
  const processNumber = instances.processForSample(variant);
  try {
    return await onRunTarget(vi, dataKey, async (target) => {
      const client = step.run(target, binariesFor(ctx, vi, step), schedule.duration_s);
      const { processes } = vi.instance;
      const before = await ports.host.snapshot();
      const memory = processes ? ports.host.sampleMemory(processes) : null;
      const t0 = ports.clock.now();
      // the client's CPU share (a server's client only: an embedded engine's process is the engine)
      const result = await runClient(ctx, vi, onCpus(client, driverCpus(ctx)), schedule.duration_s + CLIENT_GRACE_S, plan.engine.kind === "server").finally(
        // polling ends with the client, whatever became of it; a failed poll is reported below
        () => memory?.stop().catch(() => null),
      );
      const wallS = ports.clock.now() - t0;
      const after = await ports.host.snapshot();
      if (!vi.instance.isAlive()) return failed(`the ${plan.engine.name} server exited during the step`, await failureExcerpt(ctx, vi, result.output));
      if (result.failed) return failed(`${path.basename(client.file)} failed: ${result.message}`, await failureExcerpt(ctx, vi, result.output));
      const serverRss = await memory?.stop();
      const databaseBytes = await vi.instance.databaseBytes?.();
      try {
        const parsed = step.parse(result.stdout);
        return {
          ...common,
          duration_s: parsed.duration_s,
          status: "ok",
          ops: parsed.ops,
          ops_per_s: parsed.ops_per_s,
          process: processNumber,
          latency_ms: parsed.latency_ms,
          metrics: metricsPerOp(before, after, parsed.ops, ctx.ticksPerSecond),
          client_cpu_share: result.cpuS !== null ? clientCpuShare(result.cpuS, wallS, fingerprint.cores) : null,
          ...(parsed.background_writer && { background_writer: parsed.background_writer }),
          ...(parsed.stall_percent !== undefined && { stall_percent: parsed.stall_percent }),
          ...(parsed.lsm_metrics && { lsm_metrics: parsed.lsm_metrics }),
          ...(databaseBytes !== undefined && { database_bytes: databaseBytes }),
          ...(serverRss !== undefined && serverRss !== null && { server_rss_bytes: serverRss }),
        };
      } catch (e) {
        return failed((e as Error).message, tail(result.output, EXCERPT_LINES));
      }
    });
  } catch (e) {
    return failedWith(e);
  }
}

export interface Schedule {
  rounds: number;
  sequential: SequentialDesign | null;
  budget: StepBudget;
}

export function scheduleOf(plan: RunPlan): Schedule {
  const { schedule } = plan.profile;
  const rounds = plan.rounds ?? schedule.rounds;
  const { minRounds, design: sequential } = scheduleDesign(schedule, rounds);
  return {
    rounds,
    sequential,
    budget: { minRounds, maxRounds: rounds, budgetS: plan.timeBudgetS, stopsAt: budgetStops(sequential, minRounds, rounds) },
  };
}

/** Stage 4: every step measured on every variant in ABBA rounds. */
export async function measureSteps(
  ctx: RunContext,
  instances: Instances,
  variants: readonly Variant[],
  fingerprint: Fingerprint,
  schedule: Schedule,
  /** the step judged from its own samples, the moment its rounds are done; undefined: nothing to judge */
  judgeStep: (step: BenchmarkStep, stepSamples: readonly Sample[]) => StepComparison | undefined,
): Promise<InterleaveResult<Sample>> {
  const { profile } = ctx.plan;
  const thresholds = thresholdResolver(ctx.plan.judging?.thresholds, ctx.plan.judging?.overrides);
  const qpsTests = ctx.plan.qpsTests ?? profile.steps.length * Math.max(1, variants.length - 1);
  const warmup = async (step: BenchmarkStep, variant: Variant) => {
    if (profile.schedule.warmup_s === 0) return;
    try {
      await aloneOn(ctx, variant);
      const vi = await instances.live(variant);
      const dataKey = await ensureData(ctx, vi, step);
      const result = await onRunTarget(vi, dataKey, (target) =>
        runClient(ctx, vi, onCpus(step.warmup(target, binariesFor(ctx, vi, step), profile.schedule.warmup_s), driverCpus(ctx)), profile.schedule.warmup_s + CLIENT_GRACE_S),
      );
      if (result.failed) ctx.log.info(`${step.id}: warm-up of ${variant.id} failed (${result.message}); the measured rounds will show it`);
    } catch (e) {
      ctx.registry.signal.throwIfAborted();
      ctx.log.info(`${step.id}: warm-up of ${variant.id} failed: ${(e as Error).message}`);
    }
  };
  // a run cut off with a variant stopped: its processes resumed before the servers are stopped (registered later, run first)
  const resume = await ctx.registry.register("the variants' stopped processes", () => aloneOn(ctx, null));
  const measured = await ctx.log.group(`measure ${profile.steps.length} steps x ${variants.length} variants, ${schedule.rounds} rounds of ${profile.schedule.duration_s} s (ABBA)`, () =>
    runInterleaved(profile.steps, variants, schedule.budget, ctx.ports.clock, {
      warmup,
      measure: async (step, variant, round, position) => {
        await aloneOn(ctx, variant);
        const sample = await measureOnce(ctx, instances, fingerprint, step, variant, round, position);
        ctx.log.info(
          sample.status === "ok"
            ? `${step.id} round ${round + 1}/${schedule.rounds} ${variant.id}: ${formatAmount(sample.ops_per_s)} QPS` +
                (sample.metrics ? `, ${METRIC_NAMES.cpu_us_per_op} ${formatAmount(sample.metrics.cpu_us_per_op)} µs` : "") +
                (sample.client_cpu_share !== null ? `, client ${(sample.client_cpu_share * 100).toFixed(0)}% of CPU` : "") +
                (sample.background_writer ? `, writer ${sample.background_writer.rows_per_s.toFixed(0)}/${sample.background_writer.target_rows_per_s} rows/s${sample.background_writer.kept_rate ? "" : " (FELL BEHIND)"}` : "")
            : `${step.id} round ${round + 1}/${schedule.rounds} ${variant.id}: ERROR ${sample.error.message}`,
        );
        return sample;
      },
      ...(profile.schedule.restart_every !== undefined && {
        restart: {
          every: profile.schedule.restart_every,
          run: async (step: BenchmarkStep, variant: Variant) => {
            await aloneOn(ctx, variant);
            await instances.restart(step, variant);
          },
        },
      }),
      ...(schedule.sequential && {
        // alpha shared by every QPS test of the run, as compare judges them
        settled: (step: BenchmarkStep, stepSamples: readonly Sample[]) => {
          const t = thresholds.forStep(step.id);
          return settledStep(schedule.sequential!, { ...t, alpha: t.alpha / qpsTests }, ctx.plan.baseVariant, stepSamples);
        },
      }),
      stepDone: (step, stepSamples, roundsUsed) => ctx.log.info(stepDoneLine(step.id, roundsUsed, judgeStep(step, stepSamples))),
    }),
  );
  // the counting pass runs the variants side by side
  await resume.run();
  return measured;
}

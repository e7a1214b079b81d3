/**
 * The main job, in stages: build the variants, start one engine instance per variant, load each
 * step's data once per instance, measure the profile's steps interleaved (ABBA) with host counters
 * around each measured interval (then count instructions where the profile asks), and assemble one
 * results document. A step that fails becomes an error sample with its log; the other steps still run.
 *
 * Every process, clock and counter comes in through PipelinePorts (pipeline-ports.ts has the real
 * ones), so that tests can run the stages with a fake engine, client and clock.
 *
 * runBenchmark below runs them in order; each stage is a file of its own: stage-build.ts (1: build),
 * stage-instances.ts (2: start, replace, restart, and at the end stop), stage-load.ts (3: load),
 * stage-measure.ts (4: measure), stage-count.ts (4b: count), stage-results.ts (5: the results
 * document). What they all work with is run-context.ts.
 */
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { copyFile, mkdtemp, writeFile } from "node:fs/promises";
import { LOG_CAP_BYTES, LOG_MAX_AGE_DAYS, pruneLogs } from "../build/cache-cap.js";
import type { CleanupRegistry } from "../common/cleanup.js";
import type { RunPlan } from "../config/plan.js";
import { builtinDir } from "../config/profile.js";
import type { BenchmarkStep } from "../driver/types.js";
import type { Log } from "../common/log.js";
import { formatCpuList, placeProcess, placeProcesses } from "../measure/cpu-affinity.js";
import type { CpusetGroup } from "../measure/cpuset.js";
import { nativeFlagsUnderEmulation } from "../measure/fingerprint.js";
import type { Results, Sample, Variant } from "../results/schema.js";
import { compareRun } from "../compare/compare.js";
import { phaseTimesLine } from "../report/step-line.js";
import type { InterleaveResult } from "../schedule/interleave.js";
import { giveTo } from "../trust/unprivileged.js";
import { removeUserTree } from "../trust/user-trees.js";
import { type PipelinePorts, type Placement, programsFrom, type VariantSide, type RunContext, type PhaseSeconds, endProcesses } from "./run-context.js";
import { buildVariants } from "./stage-build.js";
import { Instances } from "./stage-instances.js";
import { checkWorkloads } from "./stage-load.js";
import { scheduleOf, measureSteps } from "./stage-measure.js";
import { countStage } from "./stage-count.js";
import { assembleResults } from "./stage-results.js";

export type { ClientRun, ClientRunOptions, PipelinePorts } from "./run-context.js";

async function placeInstances(plan: RunPlan, ports: PipelinePorts): Promise<Placement | null> {
  const setting = plan.profile.cpu_affinity;
  if (!setting) return null;
  const allowed = await ports.host.allowedCpus();
  const cores = await ports.host.cores(allowed);
  return plan.engine.kind === "server"
    ? { kind: "server", ...placeProcesses(setting, allowed, plan.profile.source, cores) }
    : { kind: "embedded", ...placeProcess(setting, allowed, plan.profile.source, cores) };
}

/**
 * The files the steps take from db-bench-gate itself (a Lua script), copied into the run directory,
 * and the profile's own (pgbench scripts, as read at the judging commit), written there: the clients'
 * user reads them there, where it may not read the action's own checkout.
 */
async function copyShippedFiles(steps: readonly BenchmarkStep[], runDir: string): Promise<void> {
  const shipped = new Set(steps.flatMap((step) => programsFrom(step, "shipped")));
  for (const name of shipped) await copyFile(path.join(builtinDir(path.dirname(name)), path.basename(name)), path.join(runDir, path.basename(name)));
  for (const [name, file] of steps.flatMap((step) => Object.entries(step.files ?? {}))) await writeFile(path.join(runDir, name), file.text);
}

/**
 * A cpuset for a variant's server (removed with the run), or null, the log saying why taskset alone
 * holds it: a process may widen its own affinity, never its cpuset's CPUs.
 */
async function serverCpuset(ports: PipelinePorts, registry: CleanupRegistry, log: Log, cpus: readonly number[]): Promise<CpusetGroup | null> {
  const group = await ports.cpusetGroup(`db-bench-gate-${randomBytes(6).toString("hex")}`, cpus);
  if ("unavailable" in group) {
    log.info(`the servers are held on CPU ${formatCpuList(cpus)} by taskset alone, which their processes may undo: ${group.unavailable}`);
    return null;
  }
  await registry.register("a server's cpuset", () => group.remove());
  return group;
}

export async function runBenchmark(plan: RunPlan, registry: CleanupRegistry, log: Log, ports: PipelinePorts): Promise<Results> {
  const startedAt = ports.clock.date();
  const pruned = await pruneLogs(path.join(plan.cacheDir, "logs"), startedAt);
  if (pruned.length > 0) log.info(`cache-dir: removed ${pruned.length} logs older than ${LOG_MAX_AGE_DAYS} days or beyond ${LOG_CAP_BYTES / 1024 ** 3} GiB of newer ones`);
  const fingerprint = await ports.host.fingerprint(plan.runner);
  // Before the builds: a CPU list this runner lacks should fail in seconds, not after them.
  const placement = await placeInstances(plan, ports);
  if (placement?.kind === "server") log.info(`server on CPU ${formatCpuList(placement.server)}, benchmark client on CPU ${formatCpuList(placement.client)}`);
  if (placement?.kind === "embedded") log.info(`${plan.engine.name} (embedded: the benchmark's own process) on CPU ${formatCpuList(placement.process)}`);

  // One run at a time on the machine: another's builds would run as the same users, and each run ends
  // every process of those users. Held until everything below is cleaned up (registered first, it runs last).
  await ports.lockRunner(registry, plan.timeouts.run_s);
  // The pull request users' processes: none may be left from an earlier run, nor outlive this one
  // (registered before the rest, it runs after it: after the servers were stopped).
  await endProcesses(ports, log, "an earlier run left running");
  await registry.register("the processes of the pull request users", () => endProcesses(ports, log, "the run left running"));

  // where the run's time goes, logged at the end
  const phases: PhaseSeconds = { builds: 0, loads: 0, measuring: 0, "counting instructions": 0 };
  const buildsStarted = ports.clock.now();
  const builds = await buildVariants(plan, ports, registry, log);
  phases.builds = ports.clock.now() - buildsStarted;
  const variants: Variant[] = plan.variants.map((spec, i) => {
    const build = builds[i]!;
    return { id: spec.id, commit: build.commit, ref: spec.ref, flags: build.flags, compiler: build.compiler, build_id: build.buildId };
  });

  for (const note of nativeFlagsUnderEmulation(fingerprint, variants)) log.info(note);
  await endProcesses(ports, log, "the builds left running");

  const workDir = plan.workDir ?? os.tmpdir();
  const sides = new Map<string, VariantSide>();
  for (const [i, variant] of variants.entries()) {
    const user = await ports.variantUser(plan.trust, i);
    const runDir = await mkdtemp(path.join(workDir, "dbg-run-"));
    await registry.register(`run directory ${runDir}`, async () => void (await removeUserTree(user, runDir)));
    await copyShippedFiles(plan.profile.steps, runDir);
    await giveTo(user, runDir);
    sides.set(variant.id, { user, runDir, cpuset: user && placement?.kind === "server" ? await serverCpuset(ports, registry, log, placement.server) : null });
  }
  const ticksPerSecond = await ports.host.ticksPerSecond();
  const clientsBinDir = plan.engine.kind === "server" ? builds[plan.variants.findIndex((spec) => spec.id === plan.baseVariant)]!.binDir : null;
  const ctx: RunContext = { plan, ports, registry, log, workDir, sides, placement, ticksPerSecond, startedAt, notes: [], phases, frozen: new Set(), clientsBinDir };

  const instances = new Instances(ctx);
  await instances.startAll(variants, builds);
  await checkWorkloads(ctx, instances.get(variants.find((v) => v.id === plan.baseVariant)!));
  const schedule = scheduleOf(plan);
  const engineVersion = await plan.engine.version(builds[0]!.binDir, sides.get(variants[0]!.id)!.user);
  // a step's samples as the whole run's document would hold them, judged as the comment will judge them;
  // a run of one variant (baseline mode) has nothing to judge
  const judgeStep = (step: BenchmarkStep, stepSamples: readonly Sample[]) =>
    variants.length < 2 ? undefined : compareRun(assembleResults(ctx, { fingerprint, engineVersion, variants, schedule, measured: { samples: [...stepSamples], cutShort: [], settled: [] }, instructions: undefined, plannedRestarts: 0 })).steps.find(
      (s) => s.step === step.id,
    );
  const timed = async <T>(phase: "measuring" | "counting instructions", work: () => Promise<T>): Promise<T> => {
    const [started, loads] = [ports.clock.now(), phases.loads];
    const result = await work();
    // loading data on first use happens inside the stage: it is counted as loading, not twice
    phases[phase] = ports.clock.now() - started - (phases.loads - loads);
    return result;
  };
  const measured: InterleaveResult<Sample> =
    plan.measureQps === false
      ? { samples: [], cutShort: [], settled: [] }
      : await timed("measuring", () => measureSteps(ctx, instances, variants, fingerprint, schedule, judgeStep));
  const instructions = await timed("counting instructions", () => countStage(ctx, instances, variants));
  await instances.stopAll();
  log.info(phaseTimesLine(Object.entries(phases).filter(([name]) => (instructions !== undefined || name !== "counting instructions") && (plan.measureQps !== false || name !== "measuring"))));
  return assembleResults(ctx, { fingerprint, engineVersion, variants, schedule, measured, instructions, plannedRestarts: instances.plannedRestarts });
}

/**
 * The main job, in stages: build the variants, start one engine instance per variant, load each
 * step's data once per instance, measure the profile's steps interleaved (ABBA) with host counters
 * around each measured interval (then count instructions where the profile asks), and assemble one
 * results document. A step that fails becomes an error sample with its log; the other steps still run.
 *
 * Every process, clock and counter comes in through PipelinePorts (pipeline-ports.ts has the real
 * ones), so that tests can run the stages with a fake engine, client and clock.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { copyFile, mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { BuildRequest, BuildResult } from "./build/build.js";
import { advance, NO_PROGRESS, progressLine } from "./build/progress.js";
import { LOG_CAP_BYTES, LOG_MAX_AGE_DAYS, pruneLogs } from "./build/cache-cap.js";
import type { CleanupRegistry } from "./cleanup.js";
import type { RunPlan } from "./config/plan.js";
import { clientCpuShare } from "./driver/client-rusage.js";
import { builtinDir } from "./config/profile.js";
import type { BenchmarkStep, ClientBinaries, ClientCommand, DataSet, ProgramSource } from "./driver/types.js";
import { startInstance, type Instance } from "./engine/instance.js";
import type { InstructionCounter, Target } from "./engine/types.js";
import { CountingUnavailableError, PipelineError } from "./errors.js";
import type { Log } from "./log.js";
import { formatCpuList, onCpus, placeProcess, placeProcesses } from "./measure/cpu-affinity.js";
import type { CpusetGroup } from "./measure/cpuset.js";
import type { PeakSampler } from "./measure/host.js";
import { metricsPerOp, type HostSnapshot } from "./measure/proc.js";
import { METRIC_NAMES, RESULTS_SCHEMA_ID, RESULTS_VERSION, type ErrorSample, type Fingerprint, type InstructionSample, type Results, type Sample, type Variant } from "./results/schema.js";
import { compareRun } from "./compare/compare.js";
import { storedJudging, thresholdResolver } from "./compare/thresholds.js";
import type { StepComparison } from "./compare/types.js";
import type { StepProfile } from "./compare/functions.js";
import { formatAmount } from "./report/format.js";
import { phaseTimesLine, stepDoneLine } from "./report/step-line.js";
import { countInstructions, failure } from "./schedule/instructions.js";
import { relativeToTree } from "./measure/valgrind-functions.js";
import { treeFiles, writeStepProfile } from "./results/function-profiles.js";
import { runInterleaved, type InterleaveResult, type StepBudget } from "./schedule/interleave.js";
import type { SequentialDesign } from "./compare/alpha-spending.js";
import { budgetStops, scheduleDesign, settledStep } from "./schedule/sequential.js";
import { giveTo, type OsUser, type TrustLevel } from "./unprivileged.js";
import { removeUserTree } from "./user-trees.js";
import { VERSION } from "./version.js";

/** A client process's outcome. */
export interface ClientRun {
  failed: boolean;
  /** why it failed (exit code, signal, timeout), for the error sample */
  message: string;
  stdout: string;
  /** stdout and stderr interleaved */
  output: string;
  /** the client's CPU seconds (user + system), when asked for */
  cpuS: number | null;
}

export interface ClientRunOptions {
  /** the variant's run directory (its processes are found by it); owned by `user` */
  cwd: string;
  user: OsUser | null;
  timeoutS: number;
  /** report the client's CPU time (client-rusage.ts) */
  rusage: boolean;
  signal: AbortSignal;
}

/** Everything the pipeline does to the world, so that tests can replace it. */
export interface PipelinePorts {
  build(request: BuildRequest): Promise<BuildResult>;
  runClient(command: ClientCommand, options: ClientRunOptions): Promise<ClientRun>;
  clock: {
    /** seconds, monotonic */
    now(): number;
    date(): Date;
  };
  host: {
    fingerprint(runner: RunPlan["runner"]): Promise<Fingerprint>;
    snapshot(): Promise<HostSnapshot>;
    /** Starts polling the memory of the processes `pids()` lists (measure/host.ts samplePeakMemory). */
    sampleMemory(pids: () => number[]): PeakSampler;
    ticksPerSecond(): Promise<number>;
    allowedCpus(): Promise<number[]>;
  };
  /** who runs the variant at `index`: its server (or embedded engine's process), its data and its clients */
  variantUser(trust: TrustLevel, index: number): Promise<OsUser | null>;
  /** Ends every process of the users that run pull requests' code (user-processes.ts); what it ended, for the log. */
  endPullRequestProcesses(): Promise<string[]>;
  /** Stops (`frozen`) or resumes every process of a variant's user (variant-freeze.ts). */
  freezeUser(user: OsUser, frozen: boolean): Promise<void>;
  /** Waits until no other run holds this machine, and holds it until `registry` is cleaned up (runner-lock.ts). */
  lockRunner(registry: CleanupRegistry, timeoutS: number): Promise<void>;
  /** A cpuset cgroup `name` holding `cpus` (measure/cpuset.ts), or why there is none. */
  cpusetGroup(name: string, cpus: readonly number[]): Promise<CpusetGroup | { unavailable: string }>;
}

/** Lines of client output and of the engine's log kept with a failed step. */
const EXCERPT_LINES = 40;
const DATABASE = "bench";
/** A client that runs this much longer than asked is stuck: stop it and record an error. */
const CLIENT_GRACE_S = 120;
/** A counted fixed-count run (under valgrind, several times slower than native) that takes longer is stuck. */
const COUNTED_RUN_TIMEOUT_S = 600;

function tail(text: string, lines: number): string {
  return text.split("\n").slice(-lines).join("\n").trimEnd();
}

/** What explains a failed client run: the end of its output, then the end of the engine's log (and where it is). */
async function failureExcerpt(ctx: RunContext, vi: VariantInstance, output: string): Promise<string> {
  return `${tail(output, EXCERPT_LINES)}\n--- ${ctx.plan.engine.name} log (${vi.logFile}) ---\n${await vi.instance.logTail(EXCERPT_LINES)}`;
}

/** Where the engine's processes and the clients run: a server and its client apart, or an embedded engine's one process. */
type Placement = { kind: "server"; server: number[]; client: number[] } | { kind: "embedded"; process: number[] };

async function placeInstances(plan: RunPlan, ports: PipelinePorts): Promise<Placement | null> {
  const setting = plan.profile.cpu_affinity;
  if (!setting) return null;
  const allowed = await ports.host.allowedCpus();
  return plan.engine.kind === "server"
    ? { kind: "server", ...placeProcesses(setting, allowed, plan.profile.source) }
    : { kind: "embedded", ...placeProcess(setting, allowed, plan.profile.source) };
}

/** Stage 1: every variant built (or its cached build reused), with the programs the engine and the steps need. */
async function buildVariants(plan: RunPlan, ports: PipelinePorts, registry: CleanupRegistry, log: Log): Promise<BuildResult[]> {
  const builds: BuildResult[] = [];
  for (const spec of plan.variants) {
    // a pull request's base is built from trusted inputs only, with nothing of the PR's users running
    // (the run began by ending them: only a build before this one can have left any)
    const trustedInputsOnly = plan.trust === "pr" && spec.id === plan.baseVariant;
    if (trustedInputsOnly && builds.length > 0) await endProcesses(ports, log, `were running before the build of the base ${spec.id}`);
    const build = await log.group(`build ${spec.id} (${spec.ref})`, async () => {
      const started = performance.now();
      let lastShown = started;
      let progress = NO_PROGRESS;
      const build = await ports.build({
        repo: plan.repo,
        commitish: spec.ref,
        recipe: spec.recipe,
        cacheDir: plan.cacheDir,
        trust: plan.trust,
        ...(plan.prNamespace !== undefined && { prNamespace: plan.prNamespace }),
        ...(trustedInputsOnly && { trustedInputsOnly }),
        timeouts: plan.timeouts,
        registry,
        ...(plan.workDir && { workDir: plan.workDir }),
        // what a person waits on: the phase, files compiled so far, elapsed time; not the compiler's command lines
        onLine: (line, phase) => {
          const next = advance(progress, line, phase);
          const newPhase = next.phase !== progress.phase;
          progress = next;
          if (newPhase || performance.now() - lastShown > 15_000) {
            lastShown = performance.now();
            log.info(progressLine(progress, (lastShown - started) / 1000));
          }
        },
      });
      log.info(
        build.reused
          ? `reused the cached build ${build.buildId} of ${build.commit.slice(0, 12)}`
          : `built ${build.commit.slice(0, 12)} in ${build.timings.total.toFixed(0)} s${build.ccache ? ` (ccache ${build.ccache.hits} hits, ${build.ccache.misses} misses)` : ""}; log: ${build.logFile}`,
      );
      if (build.leftRunning) log.info(`ended ${build.leftRunning.length} processes of the pull request users that the build of ${spec.ref} left running: ${build.leftRunning.join(", ")}`);
      return build;
    });
    builds.push(build);
  }
  // checked once every variant is built: a build that fails or times out is the first thing to report
  const needed = [...plan.engine.programs, ...plan.profile.steps.flatMap((step) => programsFrom(step, "build"))];
  for (const [i, build] of builds.entries()) {
    const spec = plan.variants[i]!;
    const missing = [...new Set(needed)].filter((program) => !existsSync(path.join(build.binDir, program)));
    if (missing.length > 0) {
      throw new PipelineError(`the build of ${spec.id} (${spec.ref}) has no ${missing.join(", ")} in ${build.binDir}: the ${spec.recipe.name} recipe must install what the ${plan.engine.name} engine and the profile's drivers run`);
    }
  }
  return builds;
}

/** The names of the programs a step takes from `source`. */
function programsFrom(step: BenchmarkStep, source: ProgramSource): string[] {
  return Object.entries(step.programs).flatMap(([name, from]) => (from === source ? [name] : []));
}

/**
 * The programs a step runs on one variant: a built one from the clients' build (RunContext.clientsBinDir)
 * or the variant's own; a shipped file is the variant's run directory's copy (copyShippedFiles).
 */
function binariesFor(ctx: RunContext, vi: VariantInstance, step: BenchmarkStep): ClientBinaries {
  const where = (name: string, from: ProgramSource) => {
    switch (from) {
      case "build":
        return path.join(ctx.clientsBinDir ?? vi.build.binDir, name);
      case "system":
        return name;
      case "shipped":
      case "workload":
        return path.join(vi.side.runDir, path.basename(name));
    }
  };
  return Object.fromEntries(Object.entries(step.programs).map(([name, from]) => [name, where(name, from)]));
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
 * Who runs a variant's processes and where its clients work: a user and a run directory (mode 0700)
 * of its own, so that no variant's code (a PR's server, its pgbench, db_bench) can signal another's
 * processes or touch its data.
 */
interface VariantSide {
  user: OsUser | null;
  runDir: string;
  /** where its server's processes are held (a server engine with a CPU placement, as root, where cgroups allow) */
  cpuset: CpusetGroup | null;
}

interface VariantInstance {
  variant: Variant;
  build: BuildResult;
  side: VariantSide;
  instance: Instance;
  /** data sets loaded into this instance (by DataSet.key) */
  loaded: Set<string>;
  logFile: string;
}

/** What every stage after the builds works with. */
interface RunContext {
  plan: RunPlan;
  ports: PipelinePorts;
  registry: CleanupRegistry;
  log: Log;
  /** where the run's temp dirs go */
  workDir: string;
  /** by variant id */
  sides: Map<string, VariantSide>;
  placement: Placement | null;
  /** the host's clock ticks per second (its CPU counters' unit), read once */
  ticksPerSecond: number;
  startedAt: Date;
  notes: string[];
  /** seconds spent per phase, for the line at the end */
  phases: PhaseSeconds;
  /** the variants whose processes are stopped now (aloneOn) */
  frozen: Set<string>;
  /**
   * A server engine's built clients (pgbench) come from the base variant's build, whichever server they
   * measure: head's own pgbench would report head's QPS however head's code likes. null: each variant's
   * own (an embedded engine's driver, db_bench, is the engine itself).
   */
  clientsBinDir: string | null;
}

interface PhaseSeconds {
  builds: number;
  loads: number;
  measuring: number;
  "counting instructions": number;
}

/** The CPUs a driver's process is held on: a server's client's, or the embedded engine's own. */
function driverCpus(ctx: RunContext): readonly number[] | undefined {
  if (!ctx.placement) return undefined;
  return ctx.placement.kind === "server" ? ctx.placement.client : ctx.placement.process;
}

/**
 * Every client process (load, warm-up, measured or counted run) starts here. Once the run is cancelled
 * (a signal or the run's timeout aborted the registry) none starts, and one cut off by the
 * cancellation throws its reason: not a failed run that a stage would record and go on from.
 */
async function runClient(ctx: RunContext, vi: VariantInstance, command: ClientCommand, timeoutS: number, rusage = false): Promise<ClientRun> {
  const { signal } = ctx.registry;
  signal.throwIfAborted();
  const run = await ctx.ports.runClient(command, { cwd: vi.side.runDir, user: vi.side.user, timeoutS, rusage, signal });
  signal.throwIfAborted();
  return run;
}

/**
 * Only `variant`'s processes run (null: every variant's): the others' users are stopped, so that what
 * one variant's code does cannot weigh on another's round (variant-freeze.ts). Without users (not
 * root) nothing is stopped.
 */
async function aloneOn(ctx: RunContext, variant: Variant | null): Promise<void> {
  for (const [id, side] of ctx.sides) {
    const frozen = variant !== null && id !== variant.id;
    // whatever a variant started since (its server, a restarted one, a daemon) joins its cpuset: none of its clients runs now
    if (side.user) await side.cpuset?.enclose(side.user.uid);
    if (!side.user || ctx.frozen.has(id) === frozen) continue;
    await ctx.ports.freezeUser(side.user, frozen);
    if (frozen) ctx.frozen.add(id);
    else ctx.frozen.delete(id);
  }
}

/**
 * Stage 2: one instance per variant, and its replacement when it died. Servers that die (killed,
 * crashed) are replaced by fresh ones, so that the other steps still run.
 */
class Instances {
  private readonly current = new Map<string, VariantInstance>();
  private restarts = 0;
  plannedRestarts = 0;
  /** per variant: its current server process's number (docs of samples[].process), or its measurements so far (embedded) */
  private readonly processNumbers = new Map<string, number>();

  constructor(private readonly ctx: RunContext) {}

  async startAll(variants: readonly Variant[], builds: readonly BuildResult[]): Promise<void> {
    for (const [i, variant] of variants.entries()) this.current.set(variant.id, await this.start(variant, builds[i]!, this.logFile(variant, 0)));
  }

  get(variant: Variant): VariantInstance {
    return this.current.get(variant.id)!;
  }

  /** The variant's instance, a new one in place of a server that died. */
  async live(variant: Variant): Promise<VariantInstance> {
    const current = this.get(variant);
    if (current.instance.isAlive()) return current;
    const { ctx } = this;
    const excerpt = await current.instance.logTail(EXCERPT_LINES);
    await current.instance.stop();
    ctx.notes.push(`${variant.id}: the server had died and was replaced by a new one (its log: ${current.logFile})`);
    ctx.log.info(`${variant.id}: server is gone; starting a new one. Last log lines:\n${excerpt}`);
    const replacement = await this.start(variant, current.build, this.logFile(variant, ++this.restarts));
    this.current.set(variant.id, replacement);
    this.nextProcess(variant);
    return replacement;
  }

  /** A planned restart (schedule.restart_every); a server it leaves dead is replaced by live() before the next sample. */
  async restart(step: BenchmarkStep, variant: Variant): Promise<void> {
    const { instance } = this.get(variant);
    try {
      await instance.restart();
      this.plannedRestarts++;
      this.nextProcess(variant);
      this.ctx.log.info(`${step.id}: restarted ${variant.id} (${instance.describe()})`);
    } catch (e) {
      this.ctx.registry.signal.throwIfAborted();
      this.ctx.log.info(`${step.id}: restarting ${variant.id} failed: ${(e as Error).message}`);
    }
  }

  /**
   * The process a sample about to be measured on the variant runs in (samples[].process): a server's
   * until it restarts or is replaced; an embedded engine starts a process for every measured run.
   */
  processForSample(variant: Variant): number {
    const current = this.processNumbers.get(variant.id) ?? 0;
    if (this.ctx.plan.engine.kind === "embedded") this.nextProcess(variant);
    return current;
  }

  private nextProcess(variant: Variant): void {
    this.processNumbers.set(variant.id, (this.processNumbers.get(variant.id) ?? 0) + 1);
  }

  async stopAll(): Promise<void> {
    for (const vi of this.current.values()) await vi.instance.stop();
  }

  private logFile(variant: Variant, attempt: number): string {
    const stamp = this.ctx.startedAt.toISOString().replace(/[:.]/g, "-");
    return path.join(this.ctx.plan.cacheDir, "logs", `${this.ctx.plan.engine.kind}-${stamp}-${variant.id}${attempt ? `-restart${attempt}` : ""}.log`);
  }

  private async start(variant: Variant, build: BuildResult, logFile: string): Promise<VariantInstance> {
    const { plan, placement } = this.ctx;
    const side = this.ctx.sides.get(variant.id)!;
    const instance = await startInstance(plan.engine, {
      binDir: build.binDir,
      settings: plan.engineSettings,
      database: DATABASE,
      logFile,
      registry: this.ctx.registry,
      workDir: this.ctx.workDir,
      user: side.user,
      timeoutMs: plan.timeouts.start_s * 1000,
      ...(placement?.kind === "server" && { serverCpus: placement.server }),
    });
    this.ctx.log.info(`${variant.id}: ${plan.engine.name} ${plan.engine.kind === "server" ? "started" : "prepared"} (${instance.describe()}); log: ${logFile}`);
    return { variant, build, side, instance, loaded: new Set(), logFile };
  }
}

/** Stage 3: the data sets a step needs loaded into an instance and settled, once per instance. */
async function ensureData(ctx: RunContext, vi: VariantInstance, step: BenchmarkStep): Promise<void> {
  await loadOnce(ctx, vi, step.dataSet(vi.instance.loadTarget(), binariesFor(ctx, vi, step)));
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
  await vi.instance.settle(dataSet.tables);
  vi.loaded.add(dataSet.key);
  ctx.phases.loads += ctx.ports.clock.now() - loadStarted;
}

/**
 * The profile's own files checked before anything is measured, so that a bad one is bad input (exit 2)
 * and no measurement is lost: a step's check (pgbench parsing its scripts, no server), then its data
 * loaded on the base's server, where a failing init SQL is the profile's error. On another variant's
 * server the same failure is that variant's own, found when it loads.
 */
async function checkWorkloads(ctx: RunContext, vi: VariantInstance): Promise<void> {
  for (const step of ctx.plan.profile.steps.filter((s) => s.files)) {
    const bins = binariesFor(ctx, vi, step);
    const check = step.inputCheck?.(bins, path.join(vi.side.runDir, "no-server"));
    if (check) {
      const rejected = check.rejected((await runClient(ctx, vi, check.command, ctx.plan.timeouts.load_s)).output);
      if (rejected) throw rejected;
    }
    await loadOnce(ctx, vi, step.dataSet(vi.instance.loadTarget(), bins), true);
  }
}

/**
 * A server's data sets loaded again before counting. The measured rounds leave each side's tables in
 * its own state (the write steps' dead rows and index entries, as many as that side's QPS allowed),
 * and a read counted on them does work that shrinks run after run as the server prunes them: in an
 * A/A of pg-quick, select-only counted after the write steps' rounds spread 4% between repeats and
 * came out 0.964. Freshly loaded, both sides count the same work. (An embedded engine's runs each
 * open a copy of its data: nothing to reload.)
 */
async function reloadData(ctx: RunContext, vi: VariantInstance, steps: readonly BenchmarkStep[]): Promise<void> {
  vi.loaded.clear();
  for (const step of steps) {
    const [target, bins] = [vi.instance.loadTarget(), binariesFor(ctx, vi, step)];
    await loadOnce(ctx, vi, step.countedDataSet?.(target, bins) ?? step.dataSet(target, bins));
  }
}

/** Runs `work` on the target of one client run (an embedded engine's private copy), released afterwards. */
async function onRunTarget<T>(vi: VariantInstance, work: (target: Target) => Promise<T>): Promise<T> {
  const { target, release } = await vi.instance.runTarget();
  try {
    return await work(target);
  } finally {
    await release();
  }
}

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
  try {
    vi = await instances.live(variant);
    await ensureData(ctx, vi, step);
  } catch (e) {
    return failedWith(e);
  }
  const processNumber = instances.processForSample(variant);
  try {
    return await onRunTarget(vi, async (target) => {
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

interface Schedule {
  rounds: number;
  sequential: SequentialDesign | null;
  budget: StepBudget;
}

function scheduleOf(plan: RunPlan): Schedule {
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
async function measureSteps(
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
      await ensureData(ctx, vi, step);
      const result = await onRunTarget(vi, (target) =>
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

/** Stage 4b: the deterministic channel, where the profile asks for it. */
async function countStage(ctx: RunContext, instances: Instances, variants: readonly Variant[]): Promise<InstructionSample[] | undefined> {
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
        if (engine.kind !== "server") await ensureData(ctx, vi, step);
        return onRunTarget(vi, async (target) => {
          const client = step.fixedRun(freshCopy ? await counter.freshCopy!() : target, binariesFor(ctx, vi, step), perClient, runNumber);
          // a failed run is its own error, before the counter looks for counts it cannot have left
          const { result, ...counts } = await counter.count(client, async (command) => {
            const run = await runClient(ctx, vi, onCpus(command, cpus), COUNTED_RUN_TIMEOUT_S);
            if (run.failed) throw new PipelineError(`${path.basename(client.file)} failed: ${run.message}`, await failureExcerpt(ctx, vi, run.output));
            return run;
          });
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

/** Per query step with a background writer: whether it kept its target rate, for the run's notes. */
export function backgroundWriterNotes(samples: readonly Sample[]): string[] {
  /** per step: the writer's target, its rates, the rounds it ran in and those it fell behind in (either variant) */
  const byStep = new Map<string, { target: number; rates: number[]; rounds: Set<number>; behind: Set<number> }>();
  for (const s of samples) {
    if (s.status !== "ok" || !s.background_writer) continue;
    const entry = byStep.get(s.step) ?? { target: s.background_writer.target_rows_per_s, rates: [], rounds: new Set(), behind: new Set() };
    entry.rates.push(s.background_writer.rows_per_s);
    entry.rounds.add(s.round);
    if (!s.background_writer.kept_rate) entry.behind.add(s.round);
    byStep.set(s.step, entry);
  }
  return [...byStep].map(([step, { target, rates, rounds, behind }]) => {
    const range = `${Math.min(...rates).toFixed(0)}-${Math.max(...rates).toFixed(0)} rows/s`;
    return behind.size === 0
      ? `${step}: the background writer kept its ${target} rows/s in all ${rounds.size} rounds (${range})`
      : `${step}: the background writer fell behind its ${target} rows/s in ${behind.size} of ${rounds.size} rounds (${range}): QPS not judged`;
  });
}

/** Stage 5 (pure): the results document. */
function assembleResults(
  ctx: RunContext,
  parts: { fingerprint: Fingerprint; engineVersion: string; variants: Variant[]; schedule: Schedule; measured: InterleaveResult<Sample>; instructions: InstructionSample[] | undefined; plannedRestarts: number },
): Results {
  const { plan, placement, startedAt } = ctx;
  const { profile } = plan;
  const { sequential } = parts.schedule;
  const notes = [...ctx.notes, ...parts.measured.settled, ...parts.measured.cutShort, ...backgroundWriterNotes(parts.measured.samples)];
  if (profile.schedule.restart_every !== undefined) notes.push(`servers restarted every ${profile.schedule.restart_every} rounds of a step: ${parts.plannedRestarts} restarts`);
  return {
    schema: RESULTS_SCHEMA_ID,
    version: RESULTS_VERSION,
    run: {
      id: `${startedAt.toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}`,
      started_at: startedAt.toISOString(),
      finished_at: ctx.ports.clock.date().toISOString(),
      tool: `db-bench-gate ${VERSION}`,
      budget_exhausted: parts.measured.cutShort.length > 0,
      notes,
      ...(sequential && { sequential: { min_rounds: sequential.minRounds, max_rounds: sequential.maxRounds, look_every: sequential.lookEvery, spending: sequential.spending } }),
      ...(placement && {
        cpu_placement: placement.kind === "server" ? { server: formatCpuList(placement.server), client: formatCpuList(placement.client) } : { process: formatCpuList(placement.process) },
      }),
      ...(plan.shard && { shard: plan.shard }),
      ...(plan.measureQps === false && { qps_measured: false }),
    },
    fingerprint: parts.fingerprint,
    engine: { name: plan.engine.name, version: parts.engineVersion },
    profile: { name: profile.name, version: profile.version, hash: profile.hash },
    base_variant: plan.baseVariant,
    variants: parts.variants,
    steps: profile.steps.map((s) => {
      const aaSpread = profile.instructions?.aa_spread_by_step?.[s.id];
      const processSpread = profile.schedule.process_spread;
      const processSd = processSpread?.sd_by_step[s.id];
      return {
        id: s.id,
        driver: s.driver,
        parameters: s.parameters,
        ...(s.definition_hash && { definition_hash: s.definition_hash }),
        ...(s.sweep && { sweep: s.sweep }),
        ...(aaSpread !== undefined && { instructions_aa_spread: aaSpread }),
        ...(processSd !== undefined && { qps_process_spread: { sd: processSd, df: processSpread!.df } }),
      };
    }),
    samples: parts.measured.samples,
    ...(parts.instructions && { instructions: parts.instructions }),
    thresholds: storedJudging(plan.judging),
  };
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

/** Ends the pull request users' processes; a line for the log when there were any. */
async function endProcesses(ports: PipelinePorts, log: Log, what: string): Promise<void> {
  const ended = await ports.endPullRequestProcesses();
  if (ended.length > 0) log.info(`ended ${ended.length} processes of the pull request users that ${what}: ${ended.join(", ")}`);
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

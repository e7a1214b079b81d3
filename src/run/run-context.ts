/**
 * What every stage of the run works with (RunContext): the plan, the ports to the world, each variant's
 * user and run directory, where its processes run; and the few steps they all take (a client run, a
 * failure's excerpt, a variant running alone).
 */
import path from "node:path";
import type { BuildRequest, BuildResult } from "../build/build.js";
import type { CleanupRegistry } from "../common/cleanup.js";
import type { RunPlan } from "../config/plan.js";
import type { BenchmarkStep, ClientBinaries, ClientCommand, ProgramSource } from "../driver/types.js";
import type { Instance } from "../engine/instance.js";
import type { Target } from "../engine/types.js";
import type { Log } from "../common/log.js";
import type { CpusetGroup } from "../measure/cpuset.js";
import type { PeakSampler } from "../measure/host.js";
import type { HostSnapshot } from "../measure/proc.js";
import type { Fingerprint, Variant } from "../results/schema.js";
import type { OsUser, TrustLevel } from "../trust/unprivileged.js";

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
    /** `cpus` grouped by the physical core they share (SMT siblings together) */
    cores(cpus: readonly number[]): Promise<number[][]>;
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
export const EXCERPT_LINES = 40;

/** A client that runs this much longer than asked is stuck: stop it and record an error. */
export const CLIENT_GRACE_S = 120;

export function tail(text: string, lines: number): string {
  return text.split("\n").slice(-lines).join("\n").trimEnd();
}

/** What explains a failed client run: the end of its output, then the end of the engine's log (and where it is). */
export async function failureExcerpt(ctx: RunContext, vi: VariantInstance, output: string): Promise<string> {
  return `${tail(output, EXCERPT_LINES)}\n--- ${ctx.plan.engine.name} log (${vi.logFile}) ---\n${await vi.instance.logTail(EXCERPT_LINES)}`;
}

/** Where the engine's processes and the clients run: a server and its client apart, or an embedded engine's one process. */
export type Placement = { kind: "server"; server: number[]; client: number[] } | { kind: "embedded"; process: number[] };

/** The names of the programs a step takes from `source`. */
export function programsFrom(step: BenchmarkStep, source: ProgramSource): string[] {
  return Object.entries(step.programs).flatMap(([name, from]) => (from === source ? [name] : []));
}

/**
 * The programs a step runs on one variant: a built one from the clients' build (RunContext.clientsBinDir)
 * or the variant's own; a shipped file is the variant's run directory's copy (copyShippedFiles).
 */
export function binariesFor(ctx: RunContext, vi: VariantInstance, step: BenchmarkStep): ClientBinaries {
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
 * Who runs a variant's processes and where its clients work: a user and a run directory (mode 0700)
 * of its own, so that no variant's code (a PR's server, its pgbench, db_bench) can signal another's
 * processes or touch its data.
 */
export interface VariantSide {
  user: OsUser | null;
  runDir: string;
  /** where its server's processes are held (a server engine with a CPU placement, as root, where cgroups allow) */
  cpuset: CpusetGroup | null;
}

export interface VariantInstance {
  variant: Variant;
  build: BuildResult;
  side: VariantSide;
  instance: Instance;
  /** data sets loaded into this instance (by DataSet.key) */
  loaded: Set<string>;
  logFile: string;
}

/** What every stage after the builds works with. */
export interface RunContext {
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

export interface PhaseSeconds {
  builds: number;
  loads: number;
  measuring: number;
  "counting instructions": number;
}

/** The CPUs a driver's process is held on: a server's client's, or the embedded engine's own. */
export function driverCpus(ctx: RunContext): readonly number[] | undefined {
  if (!ctx.placement) return undefined;
  return ctx.placement.kind === "server" ? ctx.placement.client : ctx.placement.process;
}

/**
 * Every client process (load, warm-up, measured or counted run) starts here. Once the run is cancelled
 * (a signal or the run's timeout aborted the registry) none starts, and one cut off by the
 * cancellation throws its reason: not a failed run that a stage would record and go on from.
 */
export async function runClient(ctx: RunContext, vi: VariantInstance, command: ClientCommand, timeoutS: number, rusage = false): Promise<ClientRun> {
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
export async function aloneOn(ctx: RunContext, variant: Variant | null): Promise<void> {
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

/** Runs `work` on the target of one client run on data set `dataKey` (an embedded engine's private copy of it), released afterwards. */
export async function onRunTarget<T>(vi: VariantInstance, dataKey: string, work: (target: Target) => Promise<T>): Promise<T> {
  const { target, release } = await vi.instance.runTarget(dataKey);
  try {
    return await work(target);
  } finally {
    await release();
  }
}

/** Ends the pull request users' processes; a line for the log when there were any. */
export async function endProcesses(ports: PipelinePorts, log: Log, what: string): Promise<void> {
  const ended = await ports.endPullRequestProcesses();
  if (ended.length > 0) log.info(`ended ${ended.length} processes of the pull request users that ${what}: ${ended.join(", ")}`);
}

/**
 * The main job: build every variant, start one server per variant, load the data once per server,
 * measure the profile's steps interleaved (ABBA) with host counters around each measured interval,
 * and return one results document. A step that fails becomes an error sample with its log; the
 * other steps still run.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { execa } from "execa";
import { buildAtCommit, type BuildResult } from "./build/build.js";
import { detectCompiler } from "./build/compiler.js";
import type { BuildRecipe } from "./build/recipe.js";
import type { CleanupRegistry } from "./cleanup.js";
import type { Profile } from "./config/profile.js";
import type { Timeouts } from "./config/timeouts.js";
import { clientCpuShare, readClientRusage, withClientRusage } from "./driver/client-rusage.js";
import type { BenchmarkStep, ClientBinaries, ClientCommand, ConnectionInfo } from "./driver/types.js";
import type { Engine, InstructionCounter, Server, SettingValue } from "./engine/types.js";
import { CountingUnavailableError, PipelineError } from "./errors.js";
import type { Log } from "./log.js";
import { collectFingerprint } from "./measure/fingerprint.js";
import { clockTicksPerSecond, takeHostSnapshot } from "./measure/host.js";
import { allowedCpus, formatCpuList, onCpus, placeProcesses } from "./measure/cpu-affinity.js";
import { metricsPerOp } from "./measure/proc.js";
import { RESULTS_SCHEMA_ID, RESULTS_VERSION, type ErrorSample, type Results, type Sample, type Variant } from "./results/schema.js";
import { thresholdResolver } from "./compare/thresholds.js";
import type { ThresholdOverride, Thresholds } from "./compare/types.js";
import { countInstructions } from "./schedule/instructions.js";
import { runInterleaved } from "./schedule/interleave.js";
import { budgetStops, settledStep, type SequentialDesign } from "./schedule/sequential.js";
import { asUser, giveTo, unprivilegedUser, type OsUser, type TrustLevel } from "./unprivileged.js";
import { VERSION } from "./version.js";

export interface VariantSpec {
  id: string;
  /** commit-ish in the fork */
  ref: string;
  /** the recipe with this variant's flags applied */
  recipe: BuildRecipe;
}

export interface RunPlan {
  repo: string;
  variants: VariantSpec[];
  baseVariant: string;
  profile: Profile;
  engine: Engine;
  serverSettings: Record<string, SettingValue>;
  cacheDir: string;
  /** whose user builds and runs the fork's code, and which cache namespace its builds go to */
  trust: TrustLevel;
  timeouts: Timeouts;
  /** overrides the profile's schedule where set */
  rounds?: number;
  timeBudgetS?: number | null;
  runner: { name: string | null; labels: string[] };
  /** sysbench from PATH unless given */
  sysbench?: string;
  /** what the run is judged by (config/plan.ts resolveJudging): stored with the results, and adaptive rounds stop on it (default DEFAULT_THRESHOLDS) */
  judging?: { thresholds: Thresholds; overrides: ThresholdOverride[] };
  /** false: skip the counting pass even when the profile asks for it */
  countInstructions?: boolean;
}

/** Lines of client output and of the server log kept with a failed step. */
const EXCERPT_LINES = 40;
const DATABASE = "bench";
/** A client that runs this much longer than asked is stuck: stop it and record an error. */
const CLIENT_GRACE_S = 120;
/** A counted fixed-count run (under valgrind, several times slower than native) that takes longer is stuck. */
const COUNTED_RUN_TIMEOUT_S = 600;

interface VariantServer {
  variant: Variant;
  build: BuildResult;
  server: Server;
  /** data sets loaded into this server (by DataSet.key) */
  loaded: Set<string>;
  logFile: string;
}

function tail(text: string, lines: number): string {
  return text.split("\n").slice(-lines).join("\n").trimEnd();
}

export async function runBenchmark(plan: RunPlan, registry: CleanupRegistry, log: Log): Promise<Results> {
  const startedAt = new Date();
  const { profile } = plan;
  const compiler = await detectCompiler();
  const fingerprint = await collectFingerprint({ name: compiler.name, version: compiler.version }, plan.runner);
  const notes: string[] = [];
  // Before the builds: a CPU list this runner lacks should fail in seconds, not after them.
  const placement = profile.cpu_affinity ? placeProcesses(profile.cpu_affinity, await allowedCpus(), profile.source) : null;
  if (placement) log.info(`server on CPU ${formatCpuList(placement.server)}, benchmark client on CPU ${formatCpuList(placement.client)}`);
  const onClientCpus = (command: ClientCommand) => onCpus(command, placement?.client);

  const builds: BuildResult[] = [];
  for (const spec of plan.variants) {
    builds.push(
      await log.group(`build ${spec.id} (${spec.ref})`, async () => {
        let lastShown = performance.now();
        let lines = 0;
        const build = await buildAtCommit({
          repo: plan.repo,
          commitish: spec.ref,
          recipe: spec.recipe,
          cacheDir: plan.cacheDir,
          trust: plan.trust,
          timeouts: plan.timeouts,
          registry,
          onLine: (line) => {
            lines++;
            if (/\] \$ /.test(line) || performance.now() - lastShown > 15_000) {
              lastShown = performance.now();
              log.info(`${line.slice(0, 160)}${/\] \$ /.test(line) ? "" : ` (${lines} lines so far)`}`);
            }
          },
        });
        log.info(
          build.reused
            ? `reused the cached build ${build.buildId} of ${build.commit.slice(0, 12)}`
            : `built ${build.commit.slice(0, 12)} in ${build.timings.total.toFixed(0)} s${build.ccache ? ` (ccache ${build.ccache.hits} hits, ${build.ccache.misses} misses)` : ""}; log: ${build.logFile}`,
        );
        return build;
      }),
    );
  }
  const variants: Variant[] = plan.variants.map((spec, i) => {
    const build = builds[i]!;
    return { id: spec.id, commit: build.commit, ref: spec.ref, flags: build.flags, build_id: build.buildId };
  });

  const sysbench = plan.sysbench ?? "sysbench";
  const binaries = (build: BuildResult): ClientBinaries => ({
    pgbench: path.join(build.binDir, "pgbench"),
    psql: path.join(build.binDir, "psql"),
    sysbench,
  });
  const connectionOf = (server: Server): ConnectionInfo => server.connection;
  const logDir = path.join(plan.cacheDir, "logs");
  const work = await mkdtemp(path.join(os.tmpdir(), "dbg-run-"));
  await registry.register(`run directory ${work}`, () => rm(work, { recursive: true, force: true }));
  const clientUser = await unprivilegedUser(plan.trust);
  await giveTo(clientUser, work);
  // Clients work in the run directory (under the action's job root): a killed job's post step finds them by it.
  const runClient = (command: ClientCommand, timeoutS: number) =>
    execa(command.file, command.args, {
      cwd: work,
      ...asUser(clientUser),
      all: true,
      reject: false,
      timeout: timeoutS * 1000,
      cancelSignal: registry.signal,
    });

  const startServer = async (variant: Variant, build: BuildResult, logFile: string): Promise<VariantServer> => {
    const server = await plan.engine.start({
      binDir: build.binDir,
      settings: plan.serverSettings,
      database: DATABASE,
      logFile,
      registry,
      trust: plan.trust,
      timeoutMs: plan.timeouts.start_s * 1000,
      ...(placement && { cpus: placement.server }),
    });
    log.info(`${variant.id}: ${plan.engine.name} started (pid ${server.pid}, port ${server.connection.port}); log: ${logFile}`);
    return { variant, build, server, loaded: new Set(), logFile };
  };

  /** Loads the data sets a step needs into a server, once per server. */
  const ensureData = async (vs: VariantServer, step: BenchmarkStep) => {
    const dataSet = step.dataSet(connectionOf(vs.server), binaries(vs.build));
    if (vs.loaded.has(dataSet.key)) return;
    for (const command of dataSet.commands) {
      const shown = [path.basename(command.file), ...command.args].join(" ");
      log.info(`${vs.variant.id}: load ${dataSet.key}: ${shown.length > 200 ? `${shown.slice(0, 200)}...` : shown}`);
      const result = await runClient(command, plan.timeouts.load_s);
      if (result.failed) {
        throw new PipelineError(`loading ${dataSet.key} failed: ${result.shortMessage}`, `${tail(result.all ?? "", EXCERPT_LINES)}\n--- server log ---\n${await vs.server.logTail(EXCERPT_LINES)}`);
      }
    }
    vs.loaded.add(dataSet.key);
  };

  const servers = new Map<string, VariantServer>();
  const serverLogs = (variant: Variant, attempt: number) => path.join(logDir, `server-${startedAt.toISOString().replace(/[:.]/g, "-")}-${variant.id}${attempt ? `-restart${attempt}` : ""}.log`);
  let restarts = 0;
  for (const [i, variant] of variants.entries()) servers.set(variant.id, await startServer(variant, builds[i]!, serverLogs(variant, 0)));

  /** A server that died (killed, crashed) is replaced by a fresh one, so the other steps still run. */
  const liveServer = async (variant: Variant): Promise<VariantServer> => {
    const current = servers.get(variant.id)!;
    if (current.server.isAlive()) return current;
    const excerpt = await current.server.logTail(EXCERPT_LINES);
    await current.server.stop();
    notes.push(`${variant.id}: the server had died and was replaced by a new one (its log: ${current.logFile})`);
    log.info(`${variant.id}: server is gone; starting a new one. Last log lines:\n${excerpt}`);
    const replacement = await startServer(variant, current.build, serverLogs(variant, ++restarts));
    servers.set(variant.id, replacement);
    return replacement;
  };

  const thresholds = thresholdResolver(plan.judging?.thresholds, plan.judging?.overrides);
  const ticks = await clockTicksPerSecond();
  const { schedule } = profile;
  const rounds = plan.rounds ?? schedule.rounds;
  const minRounds = Math.min(schedule.min_rounds, rounds);
  const sequential: SequentialDesign | null =
    schedule.look_every === undefined ? null : { minRounds, maxRounds: rounds, lookEvery: schedule.look_every, spending: schedule.spending ?? "pocock" };
  const budget = {
    minRounds,
    maxRounds: rounds,
    budgetS: plan.timeBudgetS === undefined ? schedule.time_budget_s : plan.timeBudgetS,
    stopsAt: budgetStops(sequential, minRounds, rounds),
  };

  const errorSample = (step: BenchmarkStep, variant: Variant, round: number, position: number, started: Date, message: string, excerpt: string): ErrorSample => ({
    step: step.id,
    variant: variant.id,
    round,
    position,
    started_at: started.toISOString(),
    duration_s: (Date.now() - started.getTime()) / 1000,
    status: "error",
    error: { message, log_excerpt: excerpt },
  });

  const measure = async (step: BenchmarkStep, variant: Variant, round: number, position: number): Promise<Sample> => {
    const started = new Date();
    let vs: VariantServer;
    try {
      vs = await liveServer(variant);
      await ensureData(vs, step);
    } catch (e) {
      const error = e as Error;
      return errorSample(step, variant, round, position, started, error.message, e instanceof PipelineError ? e.logExcerpt : (error.stack ?? ""));
    }
    const report = path.join(work, `rusage-${step.id}-${variant.id}-${round}`);
    const client = step.run(connectionOf(vs.server), binaries(vs.build), schedule.duration_s);
    const command = withClientRusage(onClientCpus(client), report);
    const before = await takeHostSnapshot();
    const t0 = performance.now();
    const result = await runClient(command, schedule.duration_s + CLIENT_GRACE_S);
    const wallS = (performance.now() - t0) / 1000;
    const after = await takeHostSnapshot();
    const serverLog = async () => `--- server log (${vs.logFile}) ---\n${await vs.server.logTail(EXCERPT_LINES)}`;
    if (!vs.server.isAlive()) {
      return errorSample(step, variant, round, position, started, `the ${plan.engine.name} server exited during the step`, `${tail(result.all ?? "", EXCERPT_LINES)}\n${await serverLog()}`);
    }
    if (result.failed) {
      return errorSample(step, variant, round, position, started, `${path.basename(client.file)} failed: ${result.shortMessage}`, `${tail(result.all ?? "", EXCERPT_LINES)}\n${await serverLog()}`);
    }
    try {
      const parsed = step.parse(result.stdout);
      const rusage = await readClientRusage(report);
      return {
        step: step.id,
        variant: variant.id,
        round,
        position,
        started_at: started.toISOString(),
        duration_s: parsed.duration_s,
        status: "ok",
        ops: parsed.ops,
        ops_per_s: parsed.ops_per_s,
        latency_ms: parsed.latency_ms,
        metrics: metricsPerOp(before, after, parsed.ops, ticks),
        client_cpu_share: clientCpuShare(rusage.cpu_s, wallS, fingerprint.cores),
      };
    } catch (e) {
      return errorSample(step, variant, round, position, started, (e as Error).message, tail(result.all ?? "", EXCERPT_LINES));
    }
  };

  const warmup = async (step: BenchmarkStep, variant: Variant) => {
    if (schedule.warmup_s === 0) return;
    try {
      const vs = await liveServer(variant);
      await ensureData(vs, step);
      const result = await runClient(onClientCpus(step.warmup(connectionOf(vs.server), binaries(vs.build), schedule.warmup_s)), schedule.warmup_s + CLIENT_GRACE_S);
      if (result.failed) log.info(`${step.id}: warm-up of ${variant.id} failed (${result.shortMessage}); the measured rounds will show it`);
    } catch (e) {
      log.info(`${step.id}: warm-up of ${variant.id} failed: ${(e as Error).message}`);
    }
  };

  let plannedRestarts = 0;
  /** A planned restart (schedule.restart_every); a server it leaves dead is replaced by liveServer before the next sample. */
  const restartServer = async (step: BenchmarkStep, variant: Variant) => {
    const vs = servers.get(variant.id)!;
    try {
      await vs.server.restart();
      plannedRestarts++;
      log.info(`${step.id}: restarted ${variant.id} (pid ${vs.server.pid}, port ${vs.server.connection.port})`);
    } catch (e) {
      log.info(`${step.id}: restarting ${variant.id} failed: ${(e as Error).message}`);
    }
  };

  const interleaved = await log.group(`measure ${profile.steps.length} steps x ${variants.length} variants, ${rounds} rounds of ${schedule.duration_s} s (ABBA)`, () =>
    runInterleaved(profile.steps, variants, budget, { now: () => performance.now() / 1000 }, {
      warmup,
      measure: async (step, variant, round, position) => {
        const sample = await measure(step, variant, round, position);
        log.info(
          sample.status === "ok"
            ? `${step.id} round ${round + 1}/${rounds} ${variant.id}: ${sample.ops_per_s.toFixed(0)} ops/s` +
                (sample.metrics ? `, ${sample.metrics.cpu_us_per_op.toFixed(1)} cpu us/op` : "") +
                (sample.client_cpu_share !== null ? `, client ${(sample.client_cpu_share * 100).toFixed(0)}% of CPU` : "")
            : `${step.id} round ${round + 1}/${rounds} ${variant.id}: ERROR ${sample.error.message}`,
        );
        return sample;
      },
      ...(schedule.restart_every !== undefined && { restart: { every: schedule.restart_every, run: restartServer } }),
      ...(sequential && {
        settled: (step: BenchmarkStep, stepSamples: readonly Sample[]) => settledStep(sequential, thresholds.forStep(step.id), plan.baseVariant, stepSamples),
      }),
    }),
  );
  notes.push(...interleaved.settled, ...interleaved.cutShort);
  if (schedule.restart_every !== undefined) notes.push(`servers restarted every ${schedule.restart_every} rounds of a step: ${plannedRestarts} restarts`);

  const counting = profile.instructions && plan.countInstructions !== false ? profile.instructions : null;
  const instructions = counting
    ? await log.group(`count instructions: ${profile.steps.length} steps x ${variants.length} variants, ${counting.repeats} repeats of N and 2N operations per client`, async () => {
        const counters = new Map<string, InstructionCounter>();
        return countInstructions(profile.steps, variants, { opsPerClient: counting.ops_per_client, repeats: counting.repeats, opsPerClientByStep: counting.ops_per_client_by_step }, {
          start: async (variant) => {
            const { server } = await liveServer(variant);
            if (!server.startCounting) throw new CountingUnavailableError(`the ${plan.engine.name} engine cannot count instructions`);
            const counter = await server.startCounting();
            counters.set(variant.id, counter);
            return counter;
          },
          run: async (step, variant, perClient) => {
            const vs = servers.get(variant.id)!;
            await ensureData(vs, step);
            const client = step.fixedRun(connectionOf(vs.server), binaries(vs.build), perClient);
            const { result, instructions } = await counters.get(variant.id)!.count(() => runClient(onClientCpus(client), COUNTED_RUN_TIMEOUT_S));
            if (result.failed) {
              throw new PipelineError(`${path.basename(client.file)} failed: ${result.shortMessage}`, `${tail(result.all ?? "", EXCERPT_LINES)}\n--- server log (${vs.logFile}) ---\n${await vs.server.logTail(EXCERPT_LINES)}`);
            }
            return { ops: step.parse(result.stdout).ops, instructions };
          },
          stop: (variant) => counters.get(variant.id)!.stop(),
          log: (line) => log.info(line),
          now: () => performance.now() / 1000,
        });
      })
    : undefined;

  for (const vs of servers.values()) await vs.server.stop();
  return {
    schema: RESULTS_SCHEMA_ID,
    version: RESULTS_VERSION,
    run: {
      id: `${startedAt.toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}`,
      started_at: startedAt.toISOString(),
      finished_at: new Date().toISOString(),
      tool: `db-bench-gate ${VERSION}`,
      budget_exhausted: interleaved.cutShort.length > 0,
      notes,
      ...(sequential && { sequential: { min_rounds: sequential.minRounds, max_rounds: sequential.maxRounds, look_every: sequential.lookEvery, spending: sequential.spending } }),
      ...(placement && { cpu_placement: { server: formatCpuList(placement.server), client: formatCpuList(placement.client) } }),
    },
    fingerprint,
    engine: { name: plan.engine.name, version: await engineVersion(builds[0]!, clientUser) },
    profile: { name: profile.name, version: profile.version, hash: profile.hash },
    base_variant: plan.baseVariant,
    variants,
    steps: profile.steps.map((s) => ({ id: s.id, driver: s.driver, parameters: s.parameters })),
    samples: interleaved.samples,
    ...(instructions && { instructions }),
    thresholds: { run: thresholds.run, overrides: plan.judging?.overrides ?? [] },
  };
}

/** `postgres --version` of the base build, e.g. "15.18". */
async function engineVersion(build: BuildResult, user: OsUser | null): Promise<string> {
  const result = await execa(path.join(build.binDir, "postgres"), ["--version"], { ...asUser(user), reject: false, timeout: 30_000 });
  return /(\d+(?:\.\d+)+\S*)/.exec(result.stdout)?.[1] ?? "unknown";
}

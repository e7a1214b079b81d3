/**
 * A stand-in engine, client and host for the pipeline's unit tests: no process runs. The fake server
 * can be made to die; the fake client answers "ops=N rate=R" or fails as the test says; the clock moves
 * one second per client run. Everything that happens is written to `events` in order.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BuildResult } from "../../src/build/build.js";
import type { BuildRecipe } from "../../src/build/recipe.js";
import type { RunPlan } from "../../src/config/plan.js";
import { parseProfile } from "../../src/config/profile.js";
import type { BenchmarkStep, ClientCommand, ParsedSample, Target } from "../../src/driver/types.js";
import type { Connection, CountingOptions, EmbeddedEngine, EmbeddedInstance, InstructionCounter, Server, ServerEngine } from "../../src/engine/types.js";
import { ParseError } from "../../src/common/errors.js";
import { GLIBC_ALLOCATOR_FUNCTIONS } from "../../src/measure/valgrind-functions.js";
import type { ClientRun, PipelinePorts } from "../../src/run/pipeline.js";
import { DEFAULT_TIMEOUTS } from "../../src/config/timeouts.js";

export const FAKE_RECIPE: BuildRecipe = {
  name: "fake",
  build_system: "make",
  configure: [],
  configure_args: [],
  cflags: "",
  cxxflags: "",
  ldflags: "",
  make_variables: [],
  make_targets: [],
  install_target: null,
  artifacts: [{ from: "kv", to: "bin/kv" }],
  parallelism: 1,
  bin_dir: "bin",
  relocatable: true,
};

/** A step whose client prints "ops=<n> rate=<r>"; `target` shows in the command so tests see what it ran against; `dataKey` its data set's. */
export function fakeStep(id: string, dataKey = "kv-data"): BenchmarkStep<"kv"> {
  const where = (target: Target) => (target.kind === "server" ? `port=${target.port}` : `data=${target.dataDir}`);
  return {
    id,
    driver: "kv",
    parameters: {},
    programs: { kv: "system" },
    dataSet: (target, bins) => ({ key: dataKey, commands: [{ file: bins.kv, args: ["load", where(target)] }], tables: ["kv"] }),
    run: (target, bins, seconds) => ({ file: bins.kv, args: ["run", id, String(seconds), where(target)] }),
    warmup: (target, bins, seconds) => ({ file: bins.kv, args: ["warmup", id, String(seconds), where(target)] }),
    fixedRun: (target, bins, perClient) => ({ file: bins.kv, args: ["fixed", id, String(perClient), where(target)] }),
    isProgressLine: () => false,
    parse(stdout: string): ParsedSample {
      const match = /^ops=(\d+) rate=(\d+)$/m.exec(stdout);
      if (!match) throw new ParseError("no ops=N rate=R line", stdout);
      return { ops: Number(match[1]), ops_per_s: Number(match[2]), duration_s: 1, latency_ms: null, errors: null, raw: stdout };
    },
  };
}

export interface FakeWorld {
  events: string[];
  /** what the next client run returns, by the command's words; default ok */
  answer: (command: ClientCommand) => Partial<ClientRun> | null;
  /** fake servers by variant (the log file names the variant): kill() makes the next isAlive() false */
  servers: { logFile: string; port: number; kill(): void; settled: string[][] }[];
  /** an embedded instance's copies made and removed */
  copies: { made: number; removed: number };
  ports: PipelinePorts;
  workDir: string;
  remove(): void;
}

export function fakeWorld(): FakeWorld {
  const workDir = mkdtempSync(path.join(os.tmpdir(), "dbg-fake-pipeline-"));
  let seconds = 0;
  const world: FakeWorld = {
    events: [],
    answer: () => null,
    servers: [],
    copies: { made: 0, removed: 0 },
    workDir,
    remove: () => rmSync(workDir, { recursive: true, force: true }),
    ports: {
      async build(request): Promise<BuildResult> {
        world.events.push(`build ${request.commitish}`);
        return {
          commit: request.commitish === "head" ? "bbbbbbb" : "aaaaaaa",
          buildId: `id-${request.commitish}`,
          dir: path.join(workDir, request.commitish),
          prefix: path.join(workDir, request.commitish, "install"),
          binDir: path.join(workDir, request.commitish, "install", "bin"),
          flags: { cflags: "", cxxflags: "", ldflags: "", configure_args: [] },
          compiler: { name: "gcc", version: "12.2.0" },
          reused: true,
          logFile: path.join(workDir, "build.log"),
          ccache: null,
          timings: { configure: null, make: null, install: null, total: 0 },
        };
      },
      async runClient(command, options) {
        seconds += 1;
        world.events.push(`client ${command.args.join(" ")}`);
        const answer = world.answer(command) ?? {};
        // a fixed-count run does the operations it was asked for
        const fixed = command.args.indexOf("fixed");
        if (fixed >= 0) Object.assign(answer, { stdout: `ops=${command.args[fixed + 2]} rate=100`, ...answer });
        // CPU time only where the pipeline asks for it, as the rusage wrapper reports it
        return { failed: false, message: "", stdout: "ops=100 rate=100", output: "ops=100 rate=100", cpuS: options.rusage ? 0.25 : null, ...answer };
      },
      clock: { now: () => seconds, date: () => new Date(Date.UTC(2026, 10, 30, 12, 0, seconds)) },
      host: {
        fingerprint: async (runner) => ({
          arch: "x86_64",
          cpu_model: "fake",
          cores: 2,
          smt: false,
          memory_mib: 4096,
          kernel: "6.1",
          os: "Debian GNU/Linux 12 (bookworm)",
          compiler: { name: "gcc", version: "12.2.0" },
          runner,
          hostname_hash: "0123456789abcdef",
        }),
        snapshot: async () => ({ cpu: { busy_ticks: seconds * 100, context_switches: seconds * 1000 }, disks: {} }),
        // the fake server's processes hold 64 MiB
        sampleMemory: () => ({ stop: async () => 64 * 2 ** 20 }),
        ticksPerSecond: async () => 100,
        allowedCpus: async () => [0, 1],
        cores: async (cpus) => cpus.map((cpu) => [cpu]),
      },
      variantUser: async () => null,
      endPullRequestProcesses: async () => [],
      freezeUser: async (user, frozen) => {
        world.events.push(`${frozen ? "freeze" : "thaw"} ${user.name}`);
      },
      lockRunner: async () => undefined,
      cpusetGroup: async () => ({ unavailable: "a fake world has no cgroups" }),
    },
  };
  return world;
}

/** A server engine whose servers live in memory; each start gets a new port. */
export function fakeServerEngine(world: FakeWorld): ServerEngine {
  let nextPort = 6000;
  return {
    kind: "server",
    name: "fakesql",
    recipe: "fake",
    programs: [],
    emergencySignal: "SIGTERM",
    version: async () => "1.0",
    async start(options): Promise<Server> {
      let alive = true;
      const port = nextPort++;
      const connection: Connection = { kind: "server", protocol: "postgresql", socket: `/fake/.s.PGSQL.${port}`, port, user: "u", database: options.database };
      const record = { logFile: options.logFile, port, settled: [] as string[][], kill: () => (alive = false) };
      world.servers.push(record);
      world.events.push(`start ${path.basename(options.logFile)} port=${port}`);
      return {
        connection,
        binDir: options.binDir,
        pid: port,
        dataRoot: "/fake",
        isAlive: () => alive,
        logTail: async () => `fake server log of port ${port}`,
        settle: async (tables) => {
          record.settled.push([...tables]);
          world.events.push(`settle port=${port} ${tables.join(",")}`);
        },
        databaseBytes: async () => 8 * 2 ** 20,
        processes: () => [port],
        restart: async () => {
          world.events.push(`restart port=${port}`);
          alive = true;
        },
        startCounting: async (counting) => fakeCounter(world, `port=${port}`, counting),
        stop: async () => {
          alive = false;
          world.events.push(`stop port=${port}`);
        },
      };
    },
  };
}

/**
 * A counter on `where`: a run costs 1,000 instructions per operation and 5e7 for the rest (connecting
 * and the like), 100 of each operation's in glibc's allocator (off when GLIBC_ALLOCATOR_FUNCTIONS are left out).
 */
function fakeCounter(world: FakeWorld, where: string, counting?: CountingOptions): InstructionCounter {
  world.events.push(`count on ${where}${counting?.cpus ? ` cpus=${counting.cpus.join(",")}` : ""}`);
  return {
    tool: "cachegrind",
    counted: "serving backends",
    warmUp: true,
    count: async (command, run, subtracted) => {
      const result = await run(command);
      const lessAllocator = subtracted?.lessOwnCostOf === GLIBC_ALLOCATOR_FUNCTIONS;
      return { result, instructions: 5e7 + (lessAllocator ? 900 : 1000) * Number(command.args[2]) };
    },
    stop: async () => void world.events.push(`counted on ${where}`),
  };
}

/** An embedded engine whose runs each get a numbered copy of its data set's dir. */
export function fakeEmbeddedEngine(world: FakeWorld): EmbeddedEngine {
  return {
    kind: "embedded",
    name: "fakekv",
    recipe: "fake",
    programs: [],
    emergencySignal: "SIGTERM",
    version: async () => "7.8.3",
    async prepare(options): Promise<EmbeddedInstance> {
      const dataDir = path.join(options.workDir, path.basename(options.logFile, ".log"));
      world.events.push(`prepare ${path.basename(dataDir)}`);
      // a directory per data set, as rocksdb.ts: load N goes to <dataDir>-loadN
      let loads = 1;
      const settled = new Map<string, string>();
      return {
        loadDir: () => `${dataDir}-load${loads}`,
        settle: async (key) => {
          settled.set(key, `${dataDir}-load${loads++}`);
          world.events.push(`settle ${path.basename(dataDir)} ${key}`);
        },
        runCopy: async (key) => {
          const copy = `${settled.get(key)}-copy${++world.copies.made}`;
          return { dataDir: copy, remove: async () => void world.copies.removed++ };
        },
        logTail: async () => "fake LOG",
        stop: async () => void world.events.push(`stop ${path.basename(dataDir)}`),
        startCounting: async (counting) => fakeCounter(world, path.basename(dataDir), counting),
      };
    },
  };
}

/** A plan of `steps` fake steps, base and head, `rounds` rounds, for `engine`. */
export function fakePlan(world: FakeWorld, engine: ServerEngine | EmbeddedEngine, options: { steps?: string[]; rounds?: number; extra?: string } = {}): RunPlan {
  const profile = parseProfile(
    `name: fake\nversion: 1\nengine: postgresql\ndescription: fake\nschedule: { rounds: ${options.rounds ?? 2}, min_rounds: 2, duration_s: 1, warmup_s: 0, time_budget_s: null }\nserver_settings: {}\n${options.extra ?? ""}steps:\n  - { driver: pgbench, script: select-only, clients: 1 }\n`,
    "fake.yaml",
  );
  return {
    repo: "/fake/repo",
    variants: [
      { id: "base", ref: "base", recipe: FAKE_RECIPE },
      { id: "head", ref: "head", recipe: FAKE_RECIPE },
    ],
    baseVariant: "base",
    profile: { ...profile, engine: "postgresql", steps: (options.steps ?? ["kv.get"]).map((id) => fakeStep(id)) },
    engine,
    engineSettings: {},
    timeBudgetS: profile.schedule.time_budget_s,
    cacheDir: path.join(world.workDir, "cache"),
    workDir: world.workDir,
    trust: "pr",
    timeouts: DEFAULT_TIMEOUTS,
    runner: { name: null, labels: [] },
  };
}

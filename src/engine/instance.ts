/**
 * One variant's engine as the pipeline sees it, whichever kind: a server that clients connect to, or
 * an embedded engine's data directory that each client run opens (a private copy of it per run).
 */
import type { CleanupRegistry } from "../common/cleanup.js";
import type { OsUser } from "../trust/unprivileged.js";
import type { CountingOptions, Engine, InstructionCounter, SettingValue, Target } from "./types.js";

export interface Instance {
  /** e.g. "pid 1234, port 5433" or "data /tmp/x/data", for the log */
  describe(): string;
  /** False once a server's main process is gone; an embedded instance has no process to lose. */
  isAlive(): boolean;
  logTail(lines: number): Promise<string>;
  /** What a data set's load commands write to. */
  loadTarget(): Target;
  /** After a data set's loads (`tables`: what they created). */
  settle(tables: readonly string[]): Promise<void>;
  /** What one warm-up, measured or counted run opens; `release` once the run is over. */
  runTarget(): Promise<{ target: Target; release(): Promise<void> }>;
  /** A new server process on the same data; nothing for an embedded instance (every run is a new process). */
  restart(): Promise<void>;
  /** Stops and removes everything; safe to call twice. */
  stop(): Promise<void>;
  startCounting?(options?: CountingOptions): Promise<InstructionCounter>;
  /** A server's database size and processes (Server.databaseBytes, Server.processes), where its engine tells them. */
  databaseBytes?(): Promise<number>;
  processes?(): number[];
}

export interface InstanceOptions {
  binDir: string;
  settings: Record<string, SettingValue>;
  /** a server's benchmark database */
  database: string;
  logFile: string;
  registry: CleanupRegistry;
  workDir: string;
  /** who runs the variant's server or embedded engine's process and its clients, and owns its data */
  user: OsUser | null;
  timeoutMs: number;
  /** a server's CPUs (an embedded engine's process is placed with its client command) */
  serverCpus?: readonly number[];
}

export async function startInstance(engine: Engine, options: InstanceOptions): Promise<Instance> {
  if (engine.kind === "server") {
    const server = await engine.start({
      binDir: options.binDir,
      settings: options.settings,
      database: options.database,
      logFile: options.logFile,
      registry: options.registry,
      workDir: options.workDir,
      user: options.user,
      timeoutMs: options.timeoutMs,
      ...(options.serverCpus && { cpus: options.serverCpus }),
    });
    return {
      describe: () => `pid ${server.pid}, port ${server.connection.port}`,
      isAlive: () => server.isAlive(),
      logTail: (lines) => server.logTail(lines),
      loadTarget: () => server.connection,
      settle: (tables) => server.settle(tables),
      runTarget: () => Promise.resolve({ target: server.connection, release: () => Promise.resolve() }),
      restart: () => server.restart(),
      stop: () => server.stop(),
      ...(server.startCounting && { startCounting: server.startCounting }),
      ...(server.databaseBytes && { databaseBytes: server.databaseBytes }),
      ...(server.processes && { processes: server.processes }),
    };
  }
  const embedded = await engine.prepare({
    binDir: options.binDir,
    settings: options.settings,
    workDir: options.workDir,
    owner: options.user,
    logFile: options.logFile,
    registry: options.registry,
  });
  return {
    describe: () => `data ${embedded.dataDir}`,
    isAlive: () => true,
    logTail: (lines) => embedded.logTail(lines),
    loadTarget: () => ({ kind: "embedded", dataDir: embedded.dataDir }),
    settle: () => embedded.settle(),
    runTarget: async () => {
      const copy = await embedded.runCopy();
      return { target: { kind: "embedded", dataDir: copy.dataDir }, release: copy.remove };
    },
    restart: () => Promise.resolve(),
    stop: () => embedded.stop(),
    ...(embedded.startCounting && { startCounting: embedded.startCounting }),
  };
}

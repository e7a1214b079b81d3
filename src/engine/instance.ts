/**
 * One variant's engine as the pipeline sees it, whichever kind: a server that clients connect to, or
 * an embedded engine's data directory that each client run opens (a private copy of it per run).
 */
import path from "node:path";
import type { CleanupRegistry } from "../common/cleanup.js";
import type { OsUser } from "../trust/unprivileged.js";
import type { CountingOptions, Engine, InstructionCounter, SettingValue, Target } from "./types.js";

export interface Instance {
  /** e.g. "pid 1234, port 5433" or "data /tmp/x/data", for the log */
  describe(): string;
  /** False once a server's main process is gone; an embedded instance has no process to lose. */
  isAlive(): boolean;
  logTail(lines: number): Promise<string>;
  /** What the next data set's load commands write to. */
  loadTarget(): Target;
  /** After data set `key`'s loads (`tables`: what they created). */
  settle(key: string, tables: readonly string[]): Promise<void>;
  /**
   * What one warm-up, measured or counted run of a step on data set `key` opens; `release` once the run
   * is over. A server holds every data set in one database; an embedded engine each in a directory of its own.
   */
  runTarget(key: string): Promise<{ target: Target; release(): Promise<void> }>;
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
      settle: (_key, tables) => server.settle(tables),
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
    describe: () => `data ${path.dirname(embedded.loadDir())}`,
    isAlive: () => true,
    logTail: (lines) => embedded.logTail(lines),
    loadTarget: () => ({ kind: "embedded", dataDir: embedded.loadDir() }),
    settle: (key) => embedded.settle(key),
    runTarget: async (key) => {
      const copy = await embedded.runCopy(key);
      return { target: { kind: "embedded", dataDir: copy.dataDir }, release: copy.remove };
    },
    restart: () => Promise.resolve(),
    stop: () => embedded.stop(),
    ...(embedded.startCounting && { startCounting: embedded.startCounting }),
  };
}

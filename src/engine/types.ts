/**
 * The engine interface: one module per engine (src/engine/<name>.ts, registered in index.ts) plus its
 * recipe (recipes/<recipe>.yaml). An engine is either
 * - a **server** (PostgreSQL, MariaDB): started from a build's programs, clients connect to it; or
 * - **embedded** (RocksDB): no server; the driver's own process opens a data directory.
 * The pipeline (src/run/pipeline.ts) sees both through src/engine/instance.ts.
 */
import type { ClientCommand } from "../common/client-command.js";
import type { Counts, Subtracted } from "../measure/valgrind.js";
import type { SimulatedCaches } from "../measure/simulated-caches.js";
import type { CleanupRegistry } from "../common/cleanup.js";
import type { OsUser, TrustLevel } from "../trust/unprivileged.js";

/** A client's process, part of the engine contract; defined below it, since measure/cpu-affinity.ts wraps it too. */
export type { ClientCommand } from "../common/client-command.js";

export type SettingValue = string | number | boolean;

/** Where a client reaches a server: engine-neutral, each driver turns it into its own options. */
export interface Connection {
  readonly kind: "server";
  /**
   * The wire protocol, which picks the client's driver: "postgresql" (libpq: pgbench, sysbench
   * --db-driver=pgsql) or "mysql" (MySQL/MariaDB: sysbench --db-driver=mysql).
   */
  readonly protocol: "postgresql" | "mysql";
  /** The unix socket file the server listens on (PostgreSQL: <dir>/.s.PGSQL.<port>; libpq takes its directory). */
  socket: string;
  /** Names the socket; the server does not listen on TCP (another local user could log in as its superuser). */
  port: number;
  readonly user: string;
  readonly database: string;
}

/** What an embedded engine's driver process opens. */
export interface EmbeddedTarget {
  readonly kind: "embedded";
  /** The data directory: the settled one's private copy for a measured run, the original while loading. */
  readonly dataDir: string;
}

/** What a driver's command is pointed at. */
export type Target = Connection | EmbeddedTarget;

/** What every engine module supplies. */
interface EngineCommon {
  /** The registry key, a profile's `engine`, and what results record. */
  readonly name: string;
  /** recipes/<recipe>.yaml, the build recipe a fork's config file may override. */
  readonly recipe: string;
  /** Programs the engine itself runs from the build's bin dir: a build without them fails right after building. */
  readonly programs: readonly string[];
  /** The engine's version as its build reports it (e.g. "15.18"), run as `user` with a timeout. */
  version(binDir: string, user: OsUser | null): Promise<string>;
  /**
   * The post step's signal for a process the job left behind (sent before SIGKILL): the one that takes
   * the engine down at once and cleanly, e.g. PostgreSQL's SIGQUIT (immediate shutdown).
   */
  readonly emergencySignal: NodeJS.Signals;
}

export interface ServerEngine extends EngineCommon {
  readonly kind: "server";
  start(options: StartOptions): Promise<Server>;
}

export interface EmbeddedEngine extends EngineCommon {
  readonly kind: "embedded";
  /** An empty data directory for a variant, writable by `owner` (who runs the driver's process). */
  prepare(options: PrepareOptions): Promise<EmbeddedInstance>;
}

export type Engine = ServerEngine | EmbeddedEngine;

export interface StartOptions {
  /** Programs of the build to run (BuildResult.binDir). */
  binDir: string;
  /** Profile settings, then user overrides, already merged: the last word wins. */
  settings: Record<string, SettingValue>;
  /** Created empty once the server is up. */
  database: string;
  /** The server log; kept after stop, its tail attached to errors. */
  logFile: string;
  registry: CleanupRegistry;
  /** Where the server's data and socket directories go (the run's work dir); default os.tmpdir(). */
  workDir?: string;
  /** CPUs the server and every process it starts are held on; any CPU when absent. */
  cpus?: readonly number[];
  /** Limit for each of initdb, start until ready, and createdb; default 120 s. */
  timeoutMs?: number;
  /** Whose user runs the server when `user` is not given (unprivilegedUser); default "pr". */
  trust?: TrustLevel;
  /** Who runs the server and owns its data (the pipeline's: one user per variant, see variantUser). */
  user?: OsUser | null;
}

export interface Server {
  readonly connection: Connection;
  readonly binDir: string;
  /** The server's main process. */
  readonly pid: number;
  /** The temp directory holding the data directory and the socket directory; removed by stop(). */
  readonly dataRoot: string;
  /** Stops the server (fast, then immediate, then kill) and removes its data; safe to call twice. */
  stop(): Promise<void>;
  /**
   * Stops the server (fast) and starts it again on the same data directory, on the same port where it
   * is free (connection is updated otherwise); the log continues. A new process gets a new memory
   * layout: the pipeline restarts servers so that no variant keeps a lucky one for a whole step.
   */
  restart(): Promise<void>;
  logTail(lines: number): Promise<string>;
  /** False once the main process is gone, however it died. */
  isAlive(): boolean;
  /**
   * After a data set was loaded (`tables`: what the driver created): statistics fresh and the load's
   * dirty pages written, so that no measured round pays for them (PostgreSQL: VACUUM ANALYZE, CHECKPOINT).
   */
  settle(tables: readonly string[]): Promise<void>;
  /** The benchmark database's size on disk in bytes (PostgreSQL: pg_database_size); absent where the engine cannot tell. */
  databaseBytes?(): Promise<number>;
  /** The server's live processes (main process, workers, connections' processes), whose memory is read from /proc; absent where the engine cannot list them. */
  processes?(): number[];
  /**
   * Restarts the server on the same data, port and settings under an instruction counter, for the
   * deterministic channel; absent where the engine cannot count. Throws CountingUnavailableError when
   * this build or machine cannot be counted (valgrind missing, instructions valgrind does not know).
   */
  startCounting?(options?: CountingOptions): Promise<InstructionCounter>;
}

export interface PrepareOptions {
  /** Programs of the build (BuildResult.binDir). */
  binDir: string;
  /** Profile settings, then user overrides, already merged (the engine's options, e.g. db_bench flags). */
  settings: Record<string, SettingValue>;
  /** Where the instance's directories go (the run's work dir). */
  workDir: string;
  /** Who runs the driver's process and so must own the data. */
  owner: OsUser | null;
  /** Kept after stop, its tail attached to errors (e.g. a copy of RocksDB's LOG). */
  logFile: string;
  registry: CleanupRegistry;
}

/**
 * An embedded engine's data for one variant. The steps' loads write `dataDir`; `settle` runs once after
 * each load; every measured (or counted) run then opens its own copy (`runCopy`), so that a step that
 * writes cannot change what the next round, or the other variant, reads.
 */
export interface EmbeddedInstance {
  /** Where the next data set's load writes: an empty directory of the driver's user's, a new one after each settle. */
  loadDir(): string;
  /** After a load into loadDir(): flushes and compactions finished, files immutable from here on; the data set `key`'s. */
  settle(key: string): Promise<void>;
  /** A private copy of data set `key`'s settled data for one run (cheap: hard links of immutable files), owned by the driver's user. */
  runCopy(key: string): Promise<{ dataDir: string; remove(): Promise<void> }>;
  /** The engine's own log (RocksDB: LOG of the last run's copy), for error samples. */
  logTail(lines: number): Promise<string>;
  /** Removes the data and every copy; safe to call twice. */
  stop(): Promise<void>;
  /** The driver's process under an instruction counter; absent where the engine cannot count. */
  startCounting?(options?: CountingOptions): Promise<InstructionCounter>;
}

export interface CountingOptions {
  /** Limit for the restart and for the counted processes to finish their output after a run; default 120 s. */
  timeoutMs?: number;
  /** CPUs the processes under the counter may use (valgrind widens what the server was pinned to); default: the server's own */
  cpus?: readonly number[];
  /** the caches valgrind simulates too, and counts return their misses (a profile that judges estimated cycles); absent: instructions only */
  cacheSim?: SimulatedCaches;
  /** the machine's architecture as process.arch names it, where an engine counts differently on one (PostgreSQL on arm64); default process.arch */
  arch?: string;
}

/**
 * Serving work being counted. Each engine says what it counts: PostgreSQL the backends that served the
 * client's connections (callgrind, one process each), a threaded server its connection threads, an
 * embedded engine the driver process's foreground threads; never background work.
 */
export interface InstructionCounter {
  readonly tool: "cachegrind" | "callgrind";
  /** whose work `count` returns, e.g. "serving backends" */
  readonly counted: string;
  /** whether a counted run leaves state the next one reuses (a server's caches), so a warm-up run comes first */
  readonly warmUp: boolean;
  /**
   * Runs the client `command` through `run` and returns its result with the instructions of the work
   * it caused (and, counted with the cache simulation, its cache misses), once every counted process
   * has written its count. A server's counter runs the command as it is; an embedded engine's runs it
   * under the counter (a changed command). `subtracted`: functions whose own costs come off the count
   * (a step counted without glibc's allocator).
   */
  count<T>(command: ClientCommand, run: (command: ClientCommand) => Promise<T>, subtracted?: Subtracted): Promise<{ result: T } & Counts>;
  /**
   * A fresh copy of the data as the counting pass found it (just loaded and settled), for one counted
   * run of a step that writes, and the target that run is pointed at: every such run then starts from
   * the same rows and pages, never from an earlier run's dead rows, split pages or grown tables. What
   * the copy and the run it served leave is gone by the next copy and by stop(). Absent where the
   * engine cannot copy (an embedded engine's runs each open a copy of their own anyway).
   */
  freshCopy?(): Promise<Target>;
  /**
   * Whether a counted run on a fresh copy still leaves server state the next run on another copy
   * reuses (a threaded server's thread cache, memory pools, caches), so a warm-up run on a copy comes
   * first; absent: a copy shares nothing with the run before.
   */
  readonly warmUpOnCopies?: boolean;
  /** Back to the plain instance (same data and connection); the counter is unusable afterwards. */
  stop(): Promise<void>;
}

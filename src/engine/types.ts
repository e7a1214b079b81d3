/** A database server started from an install prefix, for the benchmark drivers to connect to. */
import type { CleanupRegistry } from "../cleanup.js";
import type { TrustLevel } from "../unprivileged.js";

export type SettingValue = string | number | boolean;

export interface Connection {
  /**
   * What clients pass as host: the server's private unix socket directory (a path, the way libpq,
   * pgbench and sysbench's pgsql driver accept it). `tcpHost` is the loopback address it also listens on.
   */
  host: string;
  tcpHost: string;
  port: number;
  user: string;
  database: string;
}

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
  /** CPUs the server and every process it starts are held on; any CPU when absent. */
  cpus?: readonly number[];
  /** Limit for each of initdb, start until ready, and createdb; default 120 s. */
  timeoutMs?: number;
  /** Whose user runs the server (unprivilegedUser); default "pr". */
  trust?: TrustLevel;
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
   * Restarts the server on the same data, port and settings under an instruction counter, for the
   * deterministic channel; absent where the engine cannot count. Throws CountingUnavailableError when
   * this build or machine cannot be counted (valgrind missing, instructions valgrind does not know).
   */
  startCounting?(options?: CountingOptions): Promise<InstructionCounter>;
}

export interface CountingOptions {
  /** Limit for the restart and for the counted processes to finish their output after a run; default 120 s. */
  timeoutMs?: number;
}

/**
 * A server whose serving work is being counted. Each engine says what it counts: PostgreSQL the
 * backends that served the client's connections (cachegrind, one process each), a threaded server
 * would count its connection threads (callgrind --separate-threads), never background work.
 */
export interface InstructionCounter {
  readonly tool: "cachegrind";
  /** whose work `count` returns, e.g. "serving backends" */
  readonly counted: string;
  /**
   * Runs `work` (a client run: it connects, works and disconnects) and returns its result with the
   * instructions of the serving work it caused, once every counted process has written its count.
   */
  count<T>(work: () => Promise<T>): Promise<{ result: T; instructions: number }>;
  /** Back to the plain server (same data and connection); the counter is unusable afterwards. */
  stop(): Promise<void>;
}

export interface Engine {
  readonly name: string;
  start(options: StartOptions): Promise<Server>;
}

/**
 * The driver interface: one benchmark step of a profile (pgbench, sysbench, ...) as the commands that
 * load its data, warm it up and measure it, plus the pure parser of the measured run's output.
 *
 * Everything here is pure: building a command line needs no process, parsing needs no file. The
 * scheduler runs the commands (through client-rusage.ts) and feeds the captured stdout to `parse`.
 */
import type { Latency, Step } from "../results/schema.js";

export { ParseError } from "../errors.js";

/** Where the client connects: `host` is a unix socket directory (starts with "/") or an address. */
export interface ConnectionInfo {
  host: string;
  port: number;
  user: string;
  database: string;
}

/** Absolute paths of the client programs (the engine's own pgbench and psql, the system's sysbench). */
export interface ClientBinaries {
  pgbench: string;
  psql: string;
  sysbench: string;
}

/** One process to run: no shell, arguments passed as they are. */
export interface ClientCommand {
  file: string;
  args: string[];
}

/** The commands that create a step's data set. Steps with the same `key` share one load per server. */
export interface DataSet {
  key: string;
  commands: ClientCommand[];
}

/** What a measured run reported. */
export interface ParsedSample {
  /** operations the field counts for this benchmark (pgbench: transactions; sysbench: queries) */
  ops: number;
  ops_per_s: number;
  duration_s: number;
  latency_ms: Latency | null;
  /** failures the client reported and survived (pgbench 15+ failed transactions, sysbench ignored errors); null when not reported */
  errors: number | null;
  /** the text parsed, kept for the step log */
  raw: string;
}

/** A step of a profile, ready to run against any server of the engine. */
export interface BenchmarkStep extends Step {
  dataSet(conn: ConnectionInfo, bins: ClientBinaries): DataSet;
  /** the measured run, printing progress lines while it runs */
  run(conn: ConnectionInfo, bins: ClientBinaries, seconds: number): ClientCommand;
  /** a run whose numbers are thrown away: caches, plans and connections warm before measuring */
  warmup(conn: ConnectionInfo, bins: ClientBinaries, seconds: number): ClientCommand;
  /**
   * A run of exactly `perClient` operations per client (pgbench transactions, sysbench events), no
   * progress lines: the deterministic channel counts instructions of runs of N and 2N. `parse` reads it.
   */
  fixedRun(conn: ConnectionInfo, bins: ClientBinaries, perClient: number): ClientCommand;
  /** lines of the run's stdout or stderr to show the user as they appear */
  isProgressLine(line: string): boolean;
  /** the measured run's stdout (stderr may be mixed in); throws ParseError when it does not understand it */
  parse(stdout: string): ParsedSample;
}

/** A step as a profile writes it: the driver's name and its parameters. */
export interface StepDefinition {
  driver: string;
  parameters: Record<string, unknown>;
}

/** pgbench -T and sysbench --time take whole seconds. */
export function wholeSeconds(seconds: number): string {
  if (!Number.isInteger(seconds) || seconds <= 0) throw new RangeError(`a run lasts a whole positive number of seconds, got ${seconds}`);
  return String(seconds);
}

/** A fixed-count run's number of operations. */
export function wholeCount(count: number): string {
  if (!Number.isInteger(count) || count <= 0) throw new RangeError(`a fixed-count run does a whole positive number of operations, got ${count}`);
  return String(count);
}

/** The connection options every libpq client (pgbench, psql) takes. */
export function libpqConnectionArgs(conn: ConnectionInfo): string[] {
  return ["-h", conn.host, "-p", String(conn.port), "-U", conn.user];
}

/**
 * SQL run after a load: statistics and the visibility map fresh (index-only scans depend on it, and
 * autovacuum's timing would otherwise differ between servers), and the load's dirty pages written
 * now rather than by a checkpoint in the first measured round.
 */
export function settleAfterLoad(conn: ConnectionInfo, bins: ClientBinaries, tables: readonly string[]): ClientCommand {
  return {
    file: bins.psql,
    args: ["-X", "-q", "-v", "ON_ERROR_STOP=1", ...libpqConnectionArgs(conn), "-d", conn.database, "-c", `VACUUM ANALYZE ${tables.join(", ")}`, "-c", "CHECKPOINT"],
  };
}

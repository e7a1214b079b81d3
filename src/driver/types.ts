/**
 * The driver interface: one benchmark step of a profile (pgbench, sysbench, ...) as the commands that
 * load its data, warm it up and measure it, plus the pure parser of the measured run's output.
 *
 * Everything here is pure: building a command line needs no process, parsing needs no file. The
 * scheduler runs the commands (through client-rusage.ts) and feeds the captured stdout to `parse`.
 */
import path from "node:path";
import type { ClientCommand, Connection, Target } from "../engine/types.js";
import { InputError } from "../common/errors.js";
import type { BackgroundWriter, Latency, LsmMetrics, Step } from "../results/schema.js";

export type { ClientCommand, Connection, Target } from "../engine/types.js";

export { ParseError } from "../common/errors.js";

/**
 * Where a client program comes from: "build", the engine's build (its bin dir: pgbench, db_bench);
 * "system", the runner's PATH (sysbench); "shipped", a file
 * of db-bench-gate's named by its path in the package (lua/ibench.lua), copied into the run directory;
 * "workload", a file of the profile's own (a pgbench script), its text carried by the step
 * (BenchmarkStep.files) and written into the run directory.
 */
export type ProgramSource = "build" | "system" | "shipped" | "workload";

/** A file a profile names for a step (a pgbench script, an init SQL), as read at the judging commit. */
export interface WorkloadFile {
  /** the path as the profile gives it */
  path: string;
  /** where it was read, for errors: `<commit>:<repository path>`, or the path on disk */
  source: string;
  text: string;
}

/** The files a profile's steps name, by the path as the profile gives it (src/config/workload-files.ts reads them). */
export type WorkloadFiles = ReadonlyMap<string, WorkloadFile>;

/** A run that checks a step's own files before anything is measured, and what its output says of them. */
export interface InputCheck {
  command: ClientCommand;
  /**
   * The files' error in the tool's words (naming the file and the field: a step without files of its
   * own, a db_bench list, blames `profileSource`), or null when they passed.
   */
  rejected(output: string, profileSource: string): InputError | null;
}

/** Absolute paths of the programs a step declared (BenchmarkStep.programs), by name. */
export type ClientBinaries<P extends string = string> = Readonly<Record<P, string>>;

/**
 * The commands that create a step's data set. Steps with the same `key` share one load per instance;
 * the engine settles the instance after them (Server.settle with `tables`, EmbeddedInstance.settle).
 */
export interface DataSet {
  key: string;
  commands: ClientCommand[];
  /** what the commands created, for the engine's settling (ANALYZE and the like); empty for an embedded engine */
  tables: string[];
  /**
   * Command `index` failed with `output`: the profile's own file's error (an init SQL's statement,
   * psql's message and line), or null where the failure is not the file's. Absent: never the input's.
   */
  inputError?(index: number, output: string): InputError | null;
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
  /** a query step's background writer (ibench); absent for steps without one */
  background_writer?: BackgroundWriter;
  /** percent of the run's time writes were stalled (db_bench's "Cumulative stall"); absent where the step does not report it */
  stall_percent?: number;
  /** an LSM engine's write counters per operation (db_bench's --statistics); absent where the step does not report them */
  lsm_metrics?: LsmMetrics;
  /** the text parsed, kept for the step log */
  raw: string;
}

/** A step of a profile, ready to run against any instance of the engine. */
export interface BenchmarkStep<P extends string = string> extends Step {
  /** the client programs its commands run, and where each comes from */
  programs: Readonly<Record<P, ProgramSource>>;
  dataSet(target: Target, bins: ClientBinaries<P>): DataSet;
  /** the measured run, printing progress lines while it runs */
  run(target: Target, bins: ClientBinaries<P>, seconds: number): ClientCommand;
  /** a run whose numbers are thrown away: caches, plans and connections warm before measuring */
  warmup(target: Target, bins: ClientBinaries<P>, seconds: number): ClientCommand;
  /**
   * A run of exactly `perClient` operations per client (pgbench transactions, sysbench events), no
   * progress lines: the deterministic channel counts instructions of runs of N and 2N. `parseFixed`, else `parse`, reads it.
   * `run` numbers the counted runs of the step on one variant that follow each other on the same data,
   * from 0 (the same numbers on every variant): a run that starts from a fresh copy of the data is 0.
   */
  fixedRun(target: Target, bins: ClientBinaries<P>, perClient: number, run: number): ClientCommand;
  /**
   * its runs change rows a later run reads (updates, inserts, deletes): each of its counted runs starts
   * from a fresh copy of the data where the engine can make one (InstructionCounter.freshCopy)
   */
  writes?: true;
  /** why the deterministic channel cannot count this step (its instruction samples are "unavailable"); absent: counted */
  uncounted?: string;
  /** why it is counted without the C library allocator's own costs (GLIBC_ALLOCATOR_FUNCTIONS); absent: with them */
  withoutAllocator?: string;
  /**
   * The data its counted runs start from, where it is not `dataSet`'s: before a server is put under
   * the counter, every counted step's data is loaded again on it (this set, else `dataSet`), so that
   * the rounds' writes (a writer paced by wall time writes as many rows as each server's speed
   * allowed) leave no variant's data in a state of its own.
   */
  countedDataSet?(target: Target, bins: ClientBinaries<P>): DataSet;
  /** steps with the same key run the same counted runs (ibench's query steps differ only in the writer, off there): counted once, the counts shared */
  countedAs?: string;
  /** how its fixed-count run differs from a measured round (e.g. "background writer off"), added to its counts' `counted` */
  countedRun?: string;
  /** the fixed-count run's stdout where it reads otherwise than a measured run's (ibench: no writer); absent: `parse` */
  parseFixed?(stdout: string): ParsedSample;
  /** the profile's files its commands run (program source "workload"), by their name in the run directory */
  files?: Readonly<Record<string, WorkloadFile>>;
  /**
   * checks its own files or definition with the clients' programs before anything is measured, pointed
   * at `noServerDir`, a path in the run directory where nothing is yet: no server listens there (pgbench),
   * a scratch database can be made there (db_bench)
   */
  inputCheck?(bins: ClientBinaries<P>, noServerDir: string): InputCheck;
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

/** The server connection of a driver that serves server engines only (the config refuses other pairings). */
export function serverConnection(target: Target): Connection {
  if (target.kind !== "server") throw new InputError(`this driver needs a server to connect to, not an ${target.kind} engine`);
  return target;
}

/** The connection options every libpq client (pgbench, psql) takes: libpq's host is the socket's directory. */
export function libpqConnectionArgs(conn: Connection): string[] {
  return ["-h", path.dirname(conn.socket), "-p", String(conn.port), "-U", conn.user];
}

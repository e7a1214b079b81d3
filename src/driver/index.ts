/**
 * The drivers by the name a profile gives them, with the engines each can measure. Adding a driver is
 * one line here, nothing elsewhere.
 */
import type { EngineName } from "../engine/index.js";
import { InputError } from "../common/errors.js";
import { dbBenchStep } from "./db-bench.js";
import { dbBenchCustomStep, isCustomDbBench } from "./db-bench-custom.js";
import { ibenchStep } from "./ibench.js";
import { pgbenchStep } from "./pgbench.js";
import { isCustomPgbench, pgbenchCustomFiles, pgbenchCustomStep } from "./pgbench-custom.js";
import { sysbenchStep } from "./sysbench.js";
import { isCustomSysbench, sysbenchCustomFiles, sysbenchCustomStep } from "./sysbench-custom.js";
import type { BenchmarkStep, StepDefinition, WorkloadFiles } from "./types.js";

export interface Driver {
  /** engines this driver's commands can measure (a name not registered in src/engine/index.ts does not compile) */
  engines: readonly EngineName[];
  /** the parameter that sets how many clients (connections, threads) the benchmark runs: what a client-count sweep varies; absent: no sweep */
  clients?: string;
  /** the files of the profile's a definition names (a custom pgbench step's scripts, a custom sysbench step's Lua), each with its field; absent: none */
  files?(parameters: Record<string, unknown>): { path: string; field: (string | number)[] }[];
  /** Throws ZodError for bad parameters; `files`: those `files` named, as read */
  step(parameters: unknown, files: WorkloadFiles): BenchmarkStep;
}

export const DRIVERS: Record<string, Driver> = {
  // builtin scripts (script:), or the profile's own (scripts:, src/driver/pgbench-custom.ts)
  pgbench: {
    engines: ["postgresql"],
    clients: "clients",
    files: pgbenchCustomFiles,
    step: (parameters, files) => (isCustomPgbench(parameters) ? pgbenchCustomStep(parameters, files) : pgbenchStep(parameters)),
  },
  // its pgsql driver for PostgreSQL, its mysql one for MariaDB (sysbenchConnectionArgs); the shipped
  // microbenchmarks (benchmark:), or the profile's own Lua script (script:, src/driver/sysbench-custom.ts)
  sysbench: {
    engines: ["postgresql", "mariadb", "myrocks"],
    clients: "threads",
    files: sysbenchCustomFiles,
    step: (parameters, files) => (isCustomSysbench(parameters) ? sysbenchCustomStep(parameters, files) : sysbenchStep(parameters)),
  },
  // sysbench with lua/ibench.lua: its pgsql and mysql dialects (MyRocks: storage_engine rocksdb); a new engine needs its dialect there
  ibench: { engines: ["postgresql", "mariadb", "myrocks"], step: ibenchStep },
  // db_bench runs its operations on --threads threads of one process; a named step (benchmarks:) or the profile's own list (src/driver/db-bench-custom.ts)
  db_bench: { engines: ["rocksdb"], clients: "threads", step: (parameters) => (isCustomDbBench(parameters) ? dbBenchCustomStep(parameters) : dbBenchStep(parameters)) },
};

/**
 * A profile's step for `engine`. Throws InputError for an unknown driver or one that cannot measure
 * this engine, ZodError for bad parameters (the caller names the file and the step).
 */
export function stepFromDefinition(definition: StepDefinition, engine: EngineName, files: WorkloadFiles = new Map()): BenchmarkStep {
  const driver = DRIVERS[definition.driver];
  if (!driver) throw new InputError(`unknown driver "${definition.driver}" (known: ${Object.keys(DRIVERS).join(", ")})`);
  if (!driver.engines.includes(engine)) {
    throw new InputError(`the ${definition.driver} driver cannot measure the ${engine} engine (it measures ${driver.engines.join(", ")})`);
  }
  return driver.step(definition.parameters, files);
}

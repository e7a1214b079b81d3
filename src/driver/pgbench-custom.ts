/**
 * pgbench with the fork's own scripts: the workload its engineers post on a patch thread
 * (`pgbench -n -f jsonb_lookup.sql@9 -f jsonb_update.sql@1 -M prepared -c 8`) as a step of its own.
 *
 * The step id is the name the profile gives (history and baselines follow it across edits of the
 * scripts); its definition hash (the scripts' and init SQL's text, the options) is recorded, so that a
 * baseline of another definition is not compared with it. The files are read at the judging commit
 * (src/config/workload-files.ts) and carried by the step into each run directory: the pull request's
 * copies never run.
 *
 * Every run (measured, warm-up, counted) is `-n` (no vacuum of pgbench's own tables, which the
 * workload may not have) with one `--random-seed`: every side and repeat draws the same operations.
 * Data: `pgbench -i -s <scale>` where a scale is given, then the init SQL (psql, ON_ERROR_STOP), then
 * VACUUM ANALYZE of the database, once per server and again before counting. The init SQL runs in a
 * schema of its own (dropped and made again on every load: the SQL need not undo an earlier load, and
 * no other step's tables are touched), which its runs put first on their search_path, before public
 * (pgbench's tables). It stays in the benchmark database, which the counter copies for a step that writes.
 */
import { z } from "zod";
import { InputError } from "../common/errors.js";
import { dataKeyHash, definitionHash, runDirCopies, scriptEntry, sortedEntries, StepNameSchema, WEIGHTED_FILE, withSources, workloadFileAt } from "./custom-step.js";
import { COUNTED_RUN_SEED, PGBENCH_PROTOCOLS, parsePgbenchOutput, pgbenchCountedRun, type PgbenchRunArgs } from "./pgbench.js";
import { libpqConnectionArgs, serverConnection, wholeSeconds, type BenchmarkStep, type ClientBinaries, type ProgramSource, type Target, type WorkloadFile, type WorkloadFiles } from "./types.js";

/** pgbench's -D name: a psql-like variable name */
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export const PgbenchCustomParametersSchema = z
  .object({
    /** the step id: a name of the user's, kept across edits of the scripts */
    name: StepNameSchema,
    /** script files (paths relative to the profile), each `file@weight` (pgbench -f); no weight is 1 */
    scripts: z
      .array(z.string().regex(WEIGHTED_FILE, "a script file, optionally @ and a whole weight: jsonb_lookup.sql@9"))
      .min(1)
      .max(16)
      .refine((entries) => entries.some((e) => scriptEntry(e).weight > 0), "at least one script needs a weight above 0"),
    /** pgbench -D variables the scripts read as :name */
    defines: z.record(z.string().regex(VARIABLE_NAME, "a variable name: letters, digits and '_'"), z.union([z.string(), z.number()])).optional(),
    /** SQL run once per server with psql before the step (schema and data), a path relative to the profile */
    init_sql: z.string().min(1).optional(),
    /** `pgbench -i -s <scale>` before the init SQL, for scripts that read pgbench's own tables */
    scale: z.number().int().positive().optional(),
    protocol: z.enum(PGBENCH_PROTOCOLS).default("simple"),
    clients: z.number().int().positive(),
    /** pgbench worker threads; defaults to one per client */
    threads: z.number().int().positive().optional(),
    /**
     * whether the scripts change rows a later run reads: then each counted run starts from a fresh copy
     * of the data, and a step of several clients is counted as one client running their transactions in
     * turn. Default true, the safe side: a read-only workload declared as writing is only counted slower.
     */
    writes: z.boolean().default(true),
    progress_interval_s: z.number().int().positive().default(1),
  })
  .strict()
  .refine((p) => p.threads === undefined || p.threads <= p.clients, { message: "threads must not exceed clients", path: ["threads"] })
  .refine((p) => p.init_sql !== undefined || p.scale !== undefined, { message: "the scripts need data: give init_sql (schema and rows), scale (pgbench -i's tables), or both", path: ["init_sql"] });

export type PgbenchCustomParameters = z.output<typeof PgbenchCustomParametersSchema>;

/** The definition of a custom step (it names files), told from a builtin one by its `scripts`. */
export function isCustomPgbench(parameters: unknown): boolean {
  return typeof parameters === "object" && parameters !== null && "scripts" in parameters;
}

/**
 * The files a definition names (scripts, init SQL), as given: what the profile loader reads at the
 * judging commit before the step is made. Lenient: a malformed field is the schema's to report.
 */
export function pgbenchCustomFiles(parameters: Record<string, unknown>): { path: string; field: (string | number)[] }[] {
  const scripts = Array.isArray(parameters.scripts) ? parameters.scripts : [];
  return [
    ...scripts.flatMap((entry, i) => (typeof entry === "string" ? [{ path: scriptEntry(entry).file, field: ["scripts", i] }] : [])),
    ...(typeof parameters.init_sql === "string" ? [{ path: parameters.init_sql, field: ["init_sql"] }] : []),
  ];
}

/** sha256 of what the step runs: the scripts' text and weights, the init SQL's text and every option (not the files' paths: a rename is the same workload). */
export function pgbenchCustomHash(p: PgbenchCustomParameters, scripts: readonly { file: WorkloadFile; weight: number }[], init: WorkloadFile | null): string {
  const definition = {
    scripts: scripts.map((s) => ({ text: s.file.text, weight: s.weight })),
    init_sql: init?.text ?? null,
    defines: sortedEntries(p.defines),
    scale: p.scale ?? null,
    protocol: p.protocol,
    clients: p.clients,
    threads: p.threads ?? p.clients,
    writes: p.writes,
  };
  return definitionHash(definition);
}

/**
 * pgbench parsing the scripts, pointed at a socket directory with no server: it reads every -f before it
 * connects, so a script it rejects fails with its own message, one it accepts with the connection's.
 */
function scriptCheck(output: string): string | null {
  if (/connection to server .* failed|could not create connection/.test(output)) return null;
  const lines = output.split("\n");
  const at = lines.findIndex((l) => l.startsWith("pgbench: error:") || l.startsWith("pgbench: fatal:"));
  if (at < 0) return output.trim().split("\n")[0] || "pgbench printed nothing";
  // the script's line pgbench quotes after its message (then a caret line), for the one line
  const quoted = lines[at + 1]?.trim();
  return quoted && !/^\^/.test(quoted) && !lines[at + 1]!.startsWith("pgbench:") ? `${lines[at]}: ${quoted}` : lines[at]!;
}

/** psql -v ON_ERROR_STOP=1 -f stopping: `psql:<file>:<line>: ERROR:  ...`, as `line N: ERROR: ...`; null when psql did not stop on a statement */
function initSqlError(output: string): { line: number; message: string } | null {
  const stopped = /^psql:.*:(\d+): ((?:ERROR|FATAL):.*)$/m.exec(output);
  return stopped ? { line: Number(stopped[1]), message: stopped[2]!.replace(/\s+/g, " ") } : null;
}

/** Throws a ZodError naming the bad parameter, an InputError for a file the loader did not read. */
export function pgbenchCustomStep(parameters: unknown, files: WorkloadFiles): BenchmarkStep {
  const p = PgbenchCustomParametersSchema.parse(parameters);
  const threads = p.threads ?? p.clients;
  const scripts = p.scripts.map((entry, i) => {
    const { file, weight } = scriptEntry(entry);
    return { file: workloadFileAt(files, file, `scripts[${i}]`), weight };
  });
  const init = p.init_sql === undefined ? null : workloadFileAt(files, p.init_sql, "init_sql");
  const copies = runDirCopies([...scripts.map((s) => s.file), ...(init ? [init] : [])]);
  const nameOf = (file: WorkloadFile) => copies.find((c) => c.file === file)!.name;
  const programs: Record<string, ProgramSource> = { pgbench: "build", psql: "build", ...Object.fromEntries(copies.map((c) => [c.name, "workload" as const])) };
  const transactions = (bins: ClientBinaries) => [
    ...scripts.flatMap((s) => ["-f", `${bins[nameOf(s.file)]}@${s.weight}`]),
    ...Object.entries(p.defines ?? {}).flatMap(([name, value]) => ["-D", `${name}=${value}`]),
    "-M", p.protocol,
  ];
  const runArgs: PgbenchRunArgs = (target, bins, length, parallel = { clients: p.clients, threads }) => [
    ...libpqConnectionArgs(serverConnection(target)),
    ...transactions(bins),
    "-c", String(parallel.clients),
    "-j", String(parallel.threads),
    ...length,
  ];
  const timed = (bins: ClientBinaries, target: Target, seconds: number) => [
    ...runArgs(target, bins, ["-T", wholeSeconds(seconds)]),
    "-n",
    `--random-seed=${COUNTED_RUN_SEED}`,
  ];
  const hash = pgbenchCustomHash(p, scripts, init);
  const dataKey = `pgbench-custom.${dataKeyHash([init?.text ?? null, p.scale ?? null])}`;
  const initIndex = p.scale === undefined ? 0 : 1;
  const schema = `dbg_${dataKey.replace(/\W/g, "_")}`;
  // libpq takes a connection string where a database name goes (pgbench's last argument)
  const database = (target: Target) => (init ? `dbname=${serverConnection(target).database} options=-csearch_path=${schema},public` : serverConnection(target).database);
  return {
    id: p.name,
    driver: "pgbench",
    parameters: {
      scripts: p.scripts.join(" "),
      ...(p.init_sql !== undefined && { init_sql: p.init_sql }),
      ...(p.scale !== undefined && { scale: p.scale }),
      ...(p.defines && { defines: Object.entries(p.defines).map(([k, v]) => `${k}=${v}`).join(" ") }),
      protocol: p.protocol,
      clients: p.clients,
      threads,
      writes: p.writes,
    },
    definition_hash: hash,
    programs,
    files: Object.fromEntries(copies.map((c) => [c.name, c.file])),
    inputCheck: (bins, noServerDir) => ({
      command: { file: bins.pgbench!, args: [...transactions(bins), "-n", "-t", "1", "-h", noServerDir, "-p", "1", "-U", "check", "check"] },
      rejected: (output) => {
        const message = scriptCheck(output);
        return message === null ? null : new InputError(withSources(message, copies), scripts.map((s) => s.file.source).join(", "), "scripts");
      },
    }),
    dataSet: (target, bins) => {
      const conn = serverConnection(target);
      const psql = (args: string[]) => ({ file: bins.psql!, args: ["-X", "-q", "-v", "ON_ERROR_STOP=1", ...libpqConnectionArgs(conn), ...args, conn.database] });
      return {
        key: dataKey,
        commands: [
          ...(p.scale === undefined ? [] : [{ file: bins.pgbench!, args: ["-i", "-s", String(p.scale), "-q", ...libpqConnectionArgs(conn), conn.database] }]),
          ...(init ? [psql(["-c", `DROP SCHEMA IF EXISTS ${schema} CASCADE`, "-c", `CREATE SCHEMA ${schema}`, "-c", `SET search_path TO ${schema}, public`, "-f", bins[nameOf(init)]!])] : []),
          // the workload's tables are its own: statistics and visibility maps fresh for all of them
          psql(["-c", "VACUUM ANALYZE"]),
        ],
        tables: [],
        inputError: (index, output) => {
          if (!init || index !== initIndex) return null;
          const stopped = initSqlError(output);
          return stopped && new InputError(`psql stopped at line ${stopped.line}: ${stopped.message}`, init.source, "init_sql");
        },
      };
    },
    run: (target, bins, seconds) => ({ file: bins.pgbench!, args: [...timed(bins, target, seconds), "-P", String(p.progress_interval_s), database(target)] }),
    warmup: (target, bins, seconds) => ({ file: bins.pgbench!, args: [...timed(bins, target, seconds), database(target)] }),
    ...(p.writes && { writes: true as const }),
    ...pgbenchCountedRun(runArgs, p.writes, p.clients, database),
    isProgressLine: (line) => line.startsWith("progress: "),
    parse: parsePgbenchOutput,
  };
}

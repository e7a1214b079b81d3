/**
 * sysbench with the fork's own workload, as a step of its own, for MariaDB and MyRocks (its mysql
 * driver) and PostgreSQL (its pgsql driver). Two forms:
 *
 * - `script:` a Lua script of the stock scripts' shape (what a MariaDB or MySQL team keeps for its
 *   hot queries: `sysbench perf/orders.lua --threads=4 --orders=10000 run`): `prepare` and `cleanup`
 *   (commands, as oltp_common.lua declares them, or global functions) make and drop its tables,
 *   `event` runs one operation, `sysbench.cmdline.options` declares what the step's `options` set.
 * - `sql:` SQL files alone, `file@weight`, with an `init_sql`: the shipped lua/sql-mix.lua runs one
 *   file's statements per event, the file drawn by weight; the init SQL is its `prepare`, and its
 *   `cleanup` drops the tables the init SQL creates. sysbench is the field's client: no new one.
 *
 * As a custom pgbench step (pgbench-custom.ts, custom-step.ts): the step id is the user's name, the
 * definition hash (the files' text, the options, threads, writes) is recorded, and
 * the files are read at the judging commit and carried into each run directory.
 *
 * Every run (measured, warm-up, counted) is the built-ins' (sysbench.ts sysbenchRuns) with one
 * --rand-seed: every side and repeat draws the same operations (a fixed-count run of a writing step
 * on data an earlier counted run changed: one seed per run, as the built-ins). Data: `cleanup` then
 * `prepare`, in one thread with --rand-seed, once per server and again before counting; a Lua
 * script's `prepare` through lua/seeded-prepare.lua, which seeds the generator sysbench 1.0 leaves
 * unseeded outside `run`, so that every server holds the same rows; then, in both forms,
 * lua/analyze-tables.lua, so that every server plans on statistics of them. The tables are the benchmark database's, which the
 * counter prewarms and (PostgreSQL) copies for a step that writes.
 *
 * Input checks, before anything is measured: sysbench runs the step's script against a socket where
 * no server listens (the mysql driver on every engine: the script is loaded, its options parsed, its
 * `event` looked up and, for SQL files, the files read before a thread connects), so a script
 * without `event`, one that does not compile, an option it does not declare or an SQL file without a
 * statement fails with sysbench's message, one it accepts with the connection's. A missing `prepare`
 * or `cleanup`, or an init SQL that fails, is told when the base's server loads the data.
 */
import path from "node:path";
import { z } from "zod";
import { InputError } from "../common/errors.js";
import { dataKeyHash, definitionHash, runDirCopies, scriptEntry, sortedEntries, StepNameSchema, WEIGHTED_FILE, withSources, workloadFileAt, type RunDirCopy } from "./custom-step.js";
import { sysbenchConnectionArgs, sysbenchRuns, type SysbenchLength } from "./sysbench.js";
import { serverConnection, type BenchmarkStep, type ClientBinaries, type Target, type WorkloadFile, type WorkloadFiles } from "./types.js";

/** The shipped wrapper that seeds a Lua script's `prepare` (lua/seeded-prepare.lua). */
const SEEDED_PREPARE = "lua/seeded-prepare.lua";
/** The shipped script that analyses every table of the database after a custom step's load (lua/analyze-tables.lua). */
const ANALYZE_TABLES = "lua/analyze-tables.lua";
/** The shipped script that runs SQL files (lua/sql-mix.lua). */
const SQL_MIX = "lua/sql-mix.lua";
/** --rand-seed of every load: each variant loads the same rows with its own build */
const LOAD_SEED = 1;

/**
 * The runner's own options: the connection (driver, socket, user, database), how long and how
 * parallel a run is, its seed and its report. `_` and `-` are one to sysbench.
 */
const RESERVED_OPTIONS = new Set(["threads", "time", "events", "rand-seed", "rate", "report-interval", "percentile", "warmup-time", "db-driver"]);
const RESERVED_PREFIXES = ["mysql-", "pgsql-"];
/** oltp_common.lua's option, not the driver's: the tables' engine, a script's own choice */
const SCRIPT_OPTIONS = new Set(["mysql-storage-engine"]);

const OptionNameSchema = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, "an option's name as the script declares it (sysbench.cmdline.options): letters, digits, '_' and '-'")
  .refine((name) => {
    const normal = name.toLowerCase().replace(/_/g, "-");
    return SCRIPT_OPTIONS.has(normal) || (!RESERVED_OPTIONS.has(normal) && !RESERVED_PREFIXES.some((prefix) => normal.startsWith(prefix)));
  }, "set by db-bench-gate for every run (the connection, threads, length, seed and report)");

/** what sql-mix.lua's options and the Lua stub carry: no spaces, quotes, backslashes or commas */
const PLAIN_PATH = /^[^\s'"\\,@]+$/;

const common = {
  name: StepNameSchema,
  threads: z.number().int().positive().default(1),
  /**
   * whether its events change rows a later run reads: then each counted run starts from a fresh copy
   * of the data where the engine makes one (PostgreSQL), or draws its own operations (a seed per
   * run, MariaDB). Default true, the safe side.
   */
  writes: z.boolean().default(true),
  percentile: z.union([z.literal(95), z.literal(99)]).default(95),
  report_interval_s: z.number().int().positive().default(1),
};

export const SysbenchScriptParametersSchema = z
  .object({
    ...common,
    /** the Lua script, a path relative to the profile */
    script: z.string().regex(/^[^\s'"\\,@]+\.lua$/, "a Lua script's path relative to the profile, ending in .lua, without spaces, quotes, backslashes, ',' or '@'"),
    /**
     * the script's options (sysbench.cmdline.options), as --name=value; true and false as on and off.
     * The tables' engine too, where the script declares one (oltp_common.lua's mysql_storage_engine):
     * sysbench's mysql driver has no such option of its own.
     */
    options: z.record(OptionNameSchema, z.union([z.string(), z.number(), z.boolean()])).optional(),
  })
  .strict();

export const SysbenchSqlParametersSchema = z
  .object({
    ...common,
    /** SQL files (paths relative to the profile), each `file@weight`; an event runs one file's statements */
    sql: z
      .array(
        z
          .string()
          .regex(WEIGHTED_FILE, "an SQL file, optionally @ and a whole weight: lookup.sql@9")
          .refine((entry) => PLAIN_PATH.test(scriptEntry(entry).file), "an SQL file's path without spaces, quotes, backslashes or ','"),
      )
      .min(1)
      .max(16)
      .refine((entries) => entries.some((e) => scriptEntry(e).weight > 0), "at least one file needs a weight above 0"),
    /** SQL run once per server before the step (schema and rows), a path relative to the profile */
    init_sql: z.string().regex(PLAIN_PATH, "an SQL file's path without spaces, quotes, backslashes or ','").optional(),
  })
  .strict();

export type SysbenchScriptParameters = z.output<typeof SysbenchScriptParametersSchema>;
export type SysbenchSqlParameters = z.output<typeof SysbenchSqlParametersSchema>;
type CommonParameters = Pick<SysbenchScriptParameters, keyof typeof common>;

/** The definition of a custom step (it names files), told from a builtin one (a `benchmark`) by its `script` or `sql`. */
export function isCustomSysbench(parameters: unknown): boolean {
  return typeof parameters === "object" && parameters !== null && ("script" in parameters || "sql" in parameters);
}

/** The files a definition names, as given (lenient: a malformed field is the schema's to report). */
export function sysbenchCustomFiles(parameters: Record<string, unknown>): { path: string; field: (string | number)[] }[] {
  const sql = Array.isArray(parameters.sql) ? parameters.sql : [];
  return [
    ...(typeof parameters.script === "string" ? [{ path: parameters.script, field: ["script"] }] : []),
    ...sql.flatMap((entry, i) => (typeof entry === "string" ? [{ path: scriptEntry(entry).file, field: ["sql", i] }] : [])),
    ...(typeof parameters.init_sql === "string" ? [{ path: parameters.init_sql, field: ["init_sql"] }] : []),
  ];
}

/** sysbench's --name=value for a script's options, in a stable order. */
export function sysbenchOptionArgs(options: SysbenchScriptParameters["options"]): string[] {
  return sortedEntries(options).map(([name, value]) => `--${name}=${typeof value === "boolean" ? (value ? "on" : "off") : value}`);
}

/** What the options common to both forms add to a definition's hash (not the report's interval or percentile: they change no operation). */
const commonDefinition = (p: CommonParameters) => ({ threads: p.threads, writes: p.writes });

/** sha256 of what a Lua step runs: the script's text and every option that changes its operations (not the path: a rename is the same workload). */
export function sysbenchScriptHash(p: SysbenchScriptParameters, script: WorkloadFile): string {
  return definitionHash({ script: script.text, options: sortedEntries(p.options), ...commonDefinition(p) });
}

/** sha256 of what an SQL step runs: the files' text and weights, the init SQL's text, the options. */
export function sysbenchSqlHash(p: SysbenchSqlParameters, sql: readonly { file: WorkloadFile; weight: number }[], init: WorkloadFile | null): string {
  return definitionHash({ sql: sql.map((s) => ({ text: s.file.text, weight: s.weight })), init_sql: init?.text ?? null, ...commonDefinition(p) });
}

/** one part of a table's name as SQL writes it: bare, `backquoted` or "double-quoted" (no comma: --drop_tables splits on it) */
const NAME_PART = /(?:[A-Za-z_][A-Za-z0-9_$]*|`[^`,\n]+`|"[^",\n]+")/.source;
/** a statement that creates a table, up to its name */
const CREATE_TABLE = /^\s*CREATE\s+(?:OR\s+REPLACE\s+)?(?:(?:GLOBAL|LOCAL)\s+)?(?:TEMP|TEMPORARY|UNLOGGED)?\s*TABLE\b/i;
const CREATED_NAME = new RegExp(`${CREATE_TABLE.source}\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?(${NAME_PART}(?:\\.${NAME_PART})?)(?=[\\s(;]|$)`, "i");

/**
 * The tables an init SQL creates, as it writes them (`orders`, `public.items`, `"Order Items"`,
 * `` `items` ``), in the order cleanup drops them: the last created first, so that a table another
 * one's foreign key references goes after it. The SQL step's cleanup drops them before the data is
 * loaded again (before counting): a table it missed would make the second load's CREATE fail. A
 * statement that creates a table whose name this cannot read is an InputError naming `init_sql` and
 * its line.
 */
export function createdTables(initSql: string, source?: string): string[] {
  const created: string[] = [];
  for (const [i, line] of initSql.split("\n").entries()) {
    if (!CREATE_TABLE.test(line)) continue;
    const name = CREATED_NAME.exec(line)?.[1];
    if (name === undefined) {
      throw new InputError(`line ${i + 1}: cannot read the name of the table it creates (db-bench-gate drops it before loading again): write CREATE TABLE name on one line, the name bare, schema.name, "quoted" or \`quoted\` without commas`, source, "init_sql");
    }
    if (!created.includes(name)) created.push(name);
  }
  return created.reverse();
}

/** The stub a Lua step's load runs for `prepare`: the script, then lua/seeded-prepare.lua, both found beside it in the run directory. */
function seededPrepareStub(script: WorkloadFile, scriptCopy: string): string {
  return [
    `-- ${script.path} with its prepare seeded from --rand-seed (${SEEDED_PREPARE}); written by db-bench-gate`,
    `local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or ""`,
    `dofile(dir .. "${scriptCopy}")`,
    `dofile(dir .. "${path.basename(SEEDED_PREPARE)}")`,
    "",
  ].join("\n");
}

/** A profile's file as the step carries it: its copy in the run directory and the field that names it. */
interface CarriedFile extends RunDirCopy {
  field: string;
}

/** The field whose file `line` names (its run-directory copy, by the name no other word has); the first field where it names none. */
function fieldOf(line: string, files: readonly CarriedFile[]): CarriedFile {
  return files.find((f) => line.includes(f.name)) ?? files[0]!;
}

/** sysbench's first line saying why it did not run the step, as `sysbench: ...`; null where it only failed to connect, or ran. */
function checkMessage(output: string): { line: string; options: boolean } | null {
  if (/unable to connect to MySQL server|Can't connect to local (MySQL )?server/.test(output)) return null;
  const invalid = /^invalid option: .*$/m.exec(output);
  if (invalid) return { line: `sysbench: ${invalid[0]}`, options: true };
  const fatal = /^FATAL: (.*)$/m.exec(output);
  if (fatal) return { line: `sysbench: ${fatal[1]}`, options: false };
  // an event that reaches no server (a script of pure Lua) runs: its summary is printed
  if (/^\s+queries:\s+\d+/m.test(output)) return null;
  return { line: output.trim().split("\n")[0] || "sysbench printed nothing", options: false };
}

/** A failed load's line that is the step's files': a command the script lacks, or an error naming one of its files and a line. */
function loadMessage(output: string, files: readonly CarriedFile[]): string | null {
  // a connection the server refused or dropped is the server's failure, whatever line of the script connected
  if (/unable to connect to|connection creation failed|Lost connection to|server has gone away/.test(output)) return null;
  const lines = output.split("\n");
  const missing = lines.find((l) => /test does not implement the '\w+' command/.test(l));
  if (missing) return `sysbench: ${missing.trim()}`;
  const failed = lines.find((l) => l.startsWith("FATAL: ") && files.some((f) => l.includes(`${f.name}:`)));
  return failed ? `sysbench: ${failed.slice("FATAL: ".length)}` : null;
}

/** What the two forms differ in. */
interface SysbenchWorkload {
  parameters: Record<string, string | number | boolean>;
  hash: string;
  /** a key of what decides the loaded data */
  dataKey: string;
  /** the profile's files (and a stub made from them), the first the one an unattributed error is blamed on */
  files: CarriedFile[];
  /** the shipped Lua its commands run (lua/seeded-prepare.lua, lua/analyze-tables.lua, lua/sql-mix.lua) */
  shipped: string[];
  /** what every command runs: the script and its options */
  script(bins: ClientBinaries): string[];
  /** the load's `prepare`, where it is not `script` */
  prepare?(bins: ClientBinaries): string[];
}

function customSysbenchStep(p: CommonParameters, w: SysbenchWorkload): BenchmarkStep {
  const connection = (target: Target) => sysbenchConnectionArgs(serverConnection(target));
  const runArgs = (target: Target, bins: ClientBinaries, length: SysbenchLength) => [
    ...connection(target),
    `--threads=${p.threads}`,
    `--time=${length.time}`,
    `--events=${length.events}`,
    `--percentile=${p.percentile}`,
    ...w.script(bins).slice(1),
  ];
  return {
    id: p.name,
    driver: "sysbench",
    parameters: {
      ...w.parameters,
      threads: p.threads,
      writes: p.writes,
      percentile: p.percentile,
    },
    definition_hash: w.hash,
    programs: { sysbench: "system", ...Object.fromEntries(w.shipped.map((name) => [name, "shipped" as const])), ...Object.fromEntries(w.files.map((f) => [f.name, "workload" as const])) },
    files: Object.fromEntries(w.files.map((f) => [f.name, f.file])),
    inputCheck: (bins, noServerDir) => ({
      command: { file: bins.sysbench!, args: [...w.script(bins), "--db-driver=mysql", `--mysql-socket=${path.join(noServerDir, "mysqld.sock")}`, "--threads=1", "--events=1", "--time=0", "run"] },
      rejected: (output) => {
        const rejected = checkMessage(output);
        if (!rejected) return null;
        const blamed = fieldOf(rejected.line, w.files);
        return new InputError(withSources(rejected.line, w.files), blamed.file.source, rejected.options ? "options" : blamed.field);
      },
    }),
    dataSet: (target, bins) => {
      const { protocol } = serverConnection(target);
      const load = ([file, ...options]: string[], command: "cleanup" | "prepare" | "analyze") => ({
        file: bins.sysbench!,
        args: [file!, ...connection(target), ...options, "--threads=1", `--rand-seed=${LOAD_SEED}`, command],
      });
      return {
        // the protocol too: tables loaded into one engine are not another's (a storage engine is in the options, so in the key)
        key: `sysbench-custom.${protocol}.${w.dataKey}`,
        // every table of the database analysed after the load: a script's are its own, an init SQL's
        // may sit in a schema or in a name the engine's settle would quote again
        commands: [load(w.script(bins), "cleanup"), load(w.prepare?.(bins) ?? w.script(bins), "prepare"), load([bins[ANALYZE_TABLES]!], "analyze")],
        tables: [],
        inputError: (_index, output) => {
          const line = loadMessage(output, w.files);
          if (!line) return null;
          const blamed = fieldOf(line, w.files);
          return new InputError(withSources(line, w.files), blamed.file.source, blamed.field);
        },
      };
    },
    ...sysbenchRuns(runArgs, (bins) => w.script(bins)[0]!, { threads: p.threads, reportIntervalS: p.report_interval_s, writes: p.writes, seedEveryRun: true }),
  };
}

/** A Lua script's step. Throws a ZodError naming the bad parameter, an InputError for a file the loader did not read. */
function sysbenchScriptStep(parameters: unknown, files: WorkloadFiles): BenchmarkStep {
  const p = SysbenchScriptParametersSchema.parse(parameters);
  const script = workloadFileAt(files, p.script, "script");
  const [scriptCopy] = runDirCopies([script]);
  const [stubCopy] = runDirCopies([{ path: `seeded-${path.basename(script.path)}`, source: script.source, text: seededPrepareStub(script, scriptCopy!.name) }]);
  const options = sysbenchOptionArgs(p.options);
  return customSysbenchStep(p, {
    parameters: { script: p.script, ...(p.options && { options: options.map((o) => o.slice(2)).join(" ") }) },
    hash: sysbenchScriptHash(p, script),
    dataKey: dataKeyHash([script.text, sortedEntries(p.options)]),
    files: [
      { ...scriptCopy!, field: "script" },
      { ...stubCopy!, field: "script" },
    ],
    shipped: [SEEDED_PREPARE, ANALYZE_TABLES],
    script: (bins) => [bins[scriptCopy!.name]!, ...options],
    prepare: (bins) => [bins[stubCopy!.name]!, ...options],
  });
}

/** An SQL files' step. Throws a ZodError naming the bad parameter, an InputError for a file the loader did not read. */
function sysbenchSqlStep(parameters: unknown, files: WorkloadFiles): BenchmarkStep {
  const p = SysbenchSqlParametersSchema.parse(parameters);
  const sql = p.sql.map((entry, i) => {
    const { file, weight } = scriptEntry(entry);
    return { file: workloadFileAt(files, file, `sql[${i}]`), weight, field: `sql[${i}]` };
  });
  const init = p.init_sql === undefined ? null : workloadFileAt(files, p.init_sql, "init_sql");
  const carried: CarriedFile[] = [...sql.map((s) => ({ ...runDirCopies([s.file])[0]!, field: s.field })), ...(init ? [{ ...runDirCopies([init])[0]!, field: "init_sql" }] : [])];
  const copyOf = (file: WorkloadFile) => carried.find((c) => c.file === file)!.name;
  const tables = init ? createdTables(init.text, init.source) : [];
  return customSysbenchStep(p, {
    parameters: { sql: p.sql.join(" "), ...(p.init_sql !== undefined && { init_sql: p.init_sql }) },
    hash: sysbenchSqlHash(p, sql, init),
    dataKey: dataKeyHash([init?.text ?? null]),
    files: carried,
    shipped: [SQL_MIX, ANALYZE_TABLES],
    script: (bins) => [
      bins[SQL_MIX]!,
      `--sql_files=${sql.map((s) => `${bins[copyOf(s.file)]!}@${s.weight}`).join(",")}`,
      ...(init ? [`--init_sql=${bins[copyOf(init)]!}`] : []),
      ...(tables.length > 0 ? [`--drop_tables=${tables.join(",")}`] : []),
    ],
  });
}

/** A custom sysbench step: a Lua script (`script`) or SQL files (`sql`). */
export function sysbenchCustomStep(parameters: unknown, files: WorkloadFiles): BenchmarkStep {
  return "sql" in (parameters as object) ? sysbenchSqlStep(parameters, files) : sysbenchScriptStep(parameters, files);
}

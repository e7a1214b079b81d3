/**
 * MariaDB from an install prefix: mariadb-install-db into a temp dir, mariadbd on a private unix
 * socket (no TCP: mariadb-install-db's root@127.0.0.1 has no password either, so any local user, such
 * as the other variant's code, could log in as root), readiness by `mariadb-admin ping`, stop (SIGTERM:
 * a clean shutdown, InnoDB's fast one; then SIGKILL) and remove the data. As root the server runs as
 * the unprivileged user it is given, like PostgreSQL's. Privileges are checked as in production:
 * root@localhost without a password over the socket, never --skip-grant-tables (it skips the
 * privilege checks and so changes the CPU per query).
 */
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { execa } from "execa";
import { diskUsage } from "../common/disk-usage.js";
import { InputError, PipelineError } from "../common/errors.js";
import { onCpus } from "../measure/cpu-affinity.js";
import { processesUnder } from "../trust/processes.js";
import { asUserIn } from "../trust/unprivileged.js";
import { readAsUser, sizeAsUser } from "../trust/user-files.js";
import { freePort, portIsFree } from "./loopback-port.js";
import { startCountingMariadb, type CountableMariadb } from "./mariadb-counting.js";
import { lastLines, programVersion } from "./program-output.js";
import { LOG_LINES_IN_ERRORS, makeServerRoot, serverUser } from "./server-root.js";
import type { Connection, Server, ServerEngine, SettingValue, StartOptions } from "./types.js";

/** The account mariadb-install-db creates (auth method "normal": no password); clients connect as it over the socket. */
const SUPERUSER = "root";
const START_ATTEMPTS = 3;
/** What a failed start's error log is searched in: its cause is near its start. */
const START_LOG_BYTES = 1024 * 1024;
/** Options the gate never passes on: they would change what is measured, not how the server is reached. */
const REFUSED_SETTINGS: Record<string, string> = {
  skip_grant_tables: "it skips the privilege checks, which changes the CPU per query",
};

/** An option file's name for `name` ("innodb-buffer-pool-size" and "innodb_buffer_pool_size" are one option). */
const optionName = (name: string): string => name.replace(/-/g, "_");

/** One my.cnf value: booleans as ON/OFF, numbers bare, strings double-quoted. */
export function optionValue(value: SettingValue): string {
  if (typeof value === "boolean") return value ? "ON" : "OFF";
  if (typeof value === "number") return String(value);
  if (/[\n\r]/.test(value)) throw new InputError(`"${value}" spans lines: a my.cnf value cannot`, undefined, "settings");
  return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

/**
 * The [mariadbd] group of the server's option file: the profile's settings with a fork's merged in.
 * Where the server listens, its data and its log are the gate's, given on the command line after
 * --defaults-file (the command line wins), so a profile cannot move the server out of reach.
 */
export function renderOptionFile(settings: Record<string, SettingValue>): string {
  const lines = Object.entries(settings).map(([name, value]) => {
    if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(name)) throw new InputError(`"${name}" is not a MariaDB option name`, undefined, "settings");
    const refused = REFUSED_SETTINGS[optionName(name)];
    if (refused) throw new InputError(`"${name}" is not allowed: ${refused}`, undefined, "settings");
    return `${name}=${optionValue(value)}\n`;
  });
  return `# db-bench-gate\n[mariadbd]\n${lines.join("")}`;
}

/**
 * Why a server did not start, from its error log or mariadb-install-db's output, where it says so in
 * a way the user can act on: an option it refused, an unknown one ("unknown variable
 * 'innodb_bogus=1'", "unknown option '--bogus'") or a value it could not take ("Error while setting
 * value 'lots' to 'innodb_buffer_pool_size'"), or a full disk (InnoDB's "failed with error 28",
 * ENOSPC); null otherwise.
 */
export function startFailureCause(log: string): string | null {
  const unknown = /unknown (?:variable|option) '(?:--)?([^'=]+)(?:=[^']*)?'/.exec(log);
  if (unknown?.[1]) return `unknown server option "${unknown[1]}"`;
  const invalid = /Error while setting value '([^']*)' to '([^']+)'/.exec(log);
  if (invalid?.[2]) return `invalid value "${invalid[1]}" for the server option "${invalid[2]}"`;
  if (/failed with error 28\b|No space left on device|Disk got full|Disk is full/.test(log)) return "no space left on the data directory's disk";
  return null;
}

/** The statements' result rows, tab-separated (within `timeoutMs`, default the server's). */
export type Query = (sql: string, timeoutMs?: number) => Promise<string>;

/**
 * What differs between the storage engines a MariaDB engine benchmarks: the options the server needs
 * for it (a plugin to load) and how a load's writes settle. The data's engine itself is the profile's
 * (default_storage_engine, sysbench's storage_engine).
 */
export interface StorageEngine {
  /** Written ahead of the profile's settings, which may not take them back (MyRocks: plugin_load_add=ha_rocksdb). */
  readonly serverSettings: Record<string, SettingValue>;
  /** After ANALYZE: the load's writes out of memory, so that no measured round pays for them. */
  settle(query: Query, timeoutMs: number): Promise<void>;
  /** Before each counted run: the background work earlier writes left done, so that none of it runs beside the counted one. */
  quiesce(query: Query, timeoutMs: number): Promise<void>;
  /** Opens in `session`, before a counted run, what keeps the engine's background cleanup off the pages the run writes until the session commits; absent where nothing needs holding. */
  holdCleanup?(session: Session): Promise<void>;
  /**
   * Whether the counted server runs on one CPU (the first of the run's, every variant's the same):
   * where the engine picks per-CPU shards by the CPU a thread is on, a server that moves between
   * CPUs counts other work from run to run.
   */
  readonly countOnOneCpu?: boolean;
}

/** A client connection of the gate's own, kept open between its statements. */
export interface Session {
  /** The statements' result rows, tab-separated; PipelineError when one fails (the session is then gone). */
  query(sql: string): Promise<string>;
  /** Disconnects and waits for the client to exit. */
  close(): Promise<void>;
}

export const INNODB: StorageEngine = { serverSettings: {}, settle: drainDirtyPages, quiesce: drainPurge, holdCleanup: holdPurge };

/** A MariaDB server engine for `storage`, built with `recipe` (recipes/<recipe>.yaml). */
export function mariadbServerEngine(name: string, recipe: string, storage: StorageEngine): ServerEngine {
  return {
    kind: "server",
    name,
    recipe,
    programs: ["mariadbd", "mariadb", "mariadb-admin"],
    // "mariadbd  Ver 10.11.18-MariaDB for Linux on x86_64 (Source distribution)"
    version: (binDir, user) => programVersion(binDir, "mariadbd", user, /Ver (\d+(?:\.\d+)+)/),
    // a clean shutdown (InnoDB's fast one): mariadbd has no faster one of its own
    emergencySignal: "SIGTERM",
    start: (options) => startMariadb(options, storage),
  };
}

export const mariadbEngine = mariadbServerEngine("mariadb", "mariadb", INNODB);

/** The profile's settings after the storage engine's own: one it needs cannot be set to something else. */
export function storageEngineSettings(storage: StorageEngine, settings: Record<string, SettingValue>): Record<string, SettingValue> {
  for (const [name, value] of Object.entries(storage.serverSettings)) {
    const given = Object.entries(settings).find(([other]) => optionName(other) === optionName(name));
    if (given && given[1] !== value) throw new InputError(`"${given[0]}" must be ${optionValue(value)} for this engine`, undefined, "settings");
  }
  return { ...storage.serverSettings, ...settings };
}

async function startMariadb(options: StartOptions, storage: StorageEngine): Promise<Server> {
  const { binDir, registry } = options;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const prefix = path.dirname(binDir);
  const mariadbd = path.join(binDir, "mariadbd");
  if (!existsSync(mariadbd)) throw new PipelineError(`no mariadbd program in ${binDir}`);
  const optionFileText = renderOptionFile(storageEngineSettings(storage, options.settings));
  const user = await serverUser(options);

  const root = await makeServerRoot(options, { prefix: "dbg-mariadb-", liveLogName: "error.log", description: "mariadb server", user, program: mariadbd, stop: (dataDir) => stopServer(dataDir) });
  const { dataRoot, dataDir, socketDir, userDir, liveLog, logTail } = root;
  // root's, in root's dir: the server's user reads it and cannot replace it
  const optionFile = path.join(dataRoot, "my.cnf");
  const socket = path.join(socketDir, "mariadb.sock");
  /** Stops everything, then throws, with the cause first where the server named one. */
  const fail = async (message: string, output: string): Promise<never> => {
    const cause = startFailureCause(`${output}\n${await logTail(LOG_LINES_IN_ERRORS)}`);
    // mariadb-install-db ends with a page of advice: its [ERROR] lines are what says why
    const errors = output.split("\n").filter((line) => line.includes("[ERROR]")).join("\n");
    return root.fail(cause ? `${message}: ${cause}` : message, errors || lastLines(output, LOG_LINES_IN_ERRORS));
  };
  const run = (file: string, args: string[], timeout = timeoutMs) =>
    execa(file, args, { ...asUserIn(user, userDir), all: true, reject: false, timeout, cancelSignal: registry.signal });
  await writeFile(optionFile, optionFileText, { mode: 0o644 });

  const installDb = await run(path.join(prefix, "scripts", "mariadb-install-db"), [
    `--defaults-file=${optionFile}`,
    `--basedir=${prefix}`,
    `--datadir=${dataDir}`,
    "--auth-root-authentication-method=normal",
    "--skip-test-db",
    "--skip-name-resolve",
  ]);
  if (installDb.failed) await fail(`mariadb-install-db ${installDb.timedOut ? `timed out after ${Math.round(timeoutMs / 1000)} s` : "failed"}`, installDb.all ?? "");

  const admin = (args: string[], timeout: number) =>
    run(path.join(binDir, "mariadb-admin"), ["--no-defaults", "--protocol=socket", `--socket=${socket}`, `--user=${SUPERUSER}`, "--connect-timeout=2", ...args], timeout);

  /**
   * Starts mariadbd on `preferred` if it is free, else on a free port, and waits for `mariadb-admin
   * ping` to answer. Returns the port, or why the start failed for the caller to report. `counted`:
   * under an instruction counter (mariadb-counting.ts), with its options.
   */
  const startServer = async (preferred: number | null, counted?: Counted): Promise<{ port: number } | { failure: string; port: number }> => {
    for (let attempt = 1; ; attempt++) {
      const port = attempt === 1 && preferred !== null && (await portIsFree(preferred)) ? preferred : await freePort();
      const logOffset = await sizeAsUser(user, liveLog);
      // --defaults-file must come first; the gate's options after it win over the file's
      const command = onCpus(
        {
          file: counted?.wrapper[0] ?? mariadbd,
          args: [
            ...(counted ? [...counted.wrapper.slice(1), mariadbd] : []),
            `--defaults-file=${optionFile}`,
            `--basedir=${prefix}`,
            `--datadir=${dataDir}`,
            `--plugin-dir=${path.join(prefix, "lib", "plugin")}`,
            `--lc-messages-dir=${path.join(prefix, "share")}`,
            `--socket=${socket}`,
            `--port=${port}`,
            "--skip-networking",
            `--pid-file=${path.join(socketDir, "mariadbd.pid")}`,
            `--log-error=${liveLog}`,
            ...(counted?.options ?? []),
          ],
        },
        options.cpus,
      );
      // taskset execs mariadbd (or valgrind, which runs it in its own process): the child's pid is the server's
      const server = execa(command.file, command.args, { ...asUserIn(user, userDir), stdio: "ignore", reject: false, detached: true });
      let exited = false;
      void server.then(() => (exited = true));
      root.pid = server.pid ?? 0;
      const ready = await waitUntilReady(admin, () => !exited, timeoutMs, registry.signal);
      if (ready === "ready") return { port };
      // a server stuck in its start may not get to its shutdown (one blocked reading init_file does not)
      await stopServer(dataDir, 5000);
      const log = ((await readAsUser(user, liveLog, START_LOG_BYTES, logOffset)) ?? "").toString("utf8");
      // Another process may take the free port between the probe and the bind: try another one.
      const portTaken = /Address already in use|Do you already have another .* running/.test(log);
      if (!portTaken || attempt === START_ATTEMPTS) return { failure: ready, port };
    }
  };
  const first = await startServer(null);
  if ("failure" in first) await fail(`MariaDB did not start (port ${first.port})`, first.failure);

  const connection: Connection = {
    kind: "server",
    protocol: "mysql",
    socket,
    port: first.port,
    user: SUPERUSER,
    database: options.database,
  };

  /** The statements' result rows, tab-separated; PipelineError with the server log when one fails. */
  const query = async (sql: string, timeout = timeoutMs): Promise<string> => {
    const args = ["--no-defaults", "--protocol=socket", `--socket=${socket}`, `--user=${SUPERUSER}`, "--batch", "--skip-column-names", "-e", sql];
    const result = await run(path.join(binDir, "mariadb"), args, timeout);
    if (result.failed) throw new PipelineError(`mariadb failed: ${result.shortMessage}`, `${result.all ?? ""}\n--- server log ---\n${await logTail(LOG_LINES_IN_ERRORS)}`);
    return result.stdout;
  };
  const session = (): Session =>
    clientSession(
      execa(path.join(binDir, "mariadb"), ["--no-defaults", "--protocol=socket", `--socket=${socket}`, `--user=${SUPERUSER}`, "--batch", "--skip-column-names", "--unbuffered"], {
        ...asUserIn(user, userDir),
        stdin: "pipe",
        reject: false,
        cancelSignal: registry.signal,
      }),
      async (stderr) => `${stderr}\n--- server log ---\n${await logTail(LOG_LINES_IN_ERRORS)}`,
    );
  await query(`CREATE DATABASE \`${options.database}\``).catch(async (e: unknown) => fail(`CREATE DATABASE ${options.database} failed`, e instanceof PipelineError ? e.logExcerpt : String(e)));

  const restart = async (counted?: Counted): Promise<void> => {
    await stopServer(dataDir);
    const started = await startServer(connection.port, counted);
    if ("failure" in started) {
      throw new PipelineError(`MariaDB did not start again (port ${started.port})`, `${started.failure}\n--- server log ---\n${await logTail(LOG_LINES_IN_ERRORS)}`);
    }
    connection.port = started.port;
  };

  const countable: CountableMariadb = {
    dataRoot,
    connection,
    get pid() {
      return root.pid;
    },
    user,
    restart,
    isAlive: root.isAlive,
    query,
    quiesce: () => storage.quiesce(query, timeoutMs),
    settleWrites: () => storage.settle(query, timeoutMs),
    holdCleanup: async () => {
      if (!storage.holdCleanup) return null;
      const held = session();
      await storage.holdCleanup(held);
      return async () => {
        await held.query("COMMIT");
        await held.close();
      };
    },
  };

  return {
    connection,
    binDir,
    get pid() {
      return root.pid;
    },
    dataRoot,
    stop: root.handle.run,
    restart: () => restart(),
    logTail,
    isAlive: root.isAlive,
    startCounting: (counting) => startCountingMariadb(countable, storage.countOnOneCpu && counting?.cpus ? { ...counting, cpus: counting.cpus.slice(0, 1) } : counting),
    settle: async (tables) => {
      if (tables.length > 0) await query(`ANALYZE TABLE ${tables.map((t) => `\`${options.database}\`.\`${t}\``).join(", ")}`);
      await storage.settle(query, timeoutMs);
    },
    databaseBytes: () => databaseBytes(dataDir, options.database),
    // mariadbd works in its data dir
    processes: () => processesUnder(dataDir),
  };
}

/** MyRocks' data directory inside the server's: every column family of every database, in one tree. */
const MYROCKS_DIR = "#rocksdb";

/**
 * The benchmark database's size on disk as the field takes it (du of the data files): its directory
 * (the name maps to itself for a plain name; InnoDB keeps a file per table there) and MyRocks' files,
 * which hold the benchmark's tables only (the system tables are Aria and InnoDB): its SST files and its
 * WAL, whose blocks RocksDB preallocates (du counts them, as the field's does). The server's redo
 * log, undo and system tablespace are not the database's, as PostgreSQL's WAL is not in pg_database_size.
 */
async function databaseBytes(dataDir: string, database: string): Promise<number> {
  const myrocks = path.join(dataDir, MYROCKS_DIR);
  return (await diskUsage(path.join(dataDir, database))) + (existsSync(myrocks) ? await diskUsage(myrocks) : 0);
}

type Counted = Parameters<CountableMariadb["restart"]>[0];

/**
 * InnoDB's dirty pages written now rather than by the page cleaner in the first measured rounds: the
 * flushing targets set to 0 until no page is dirty, then put back.
 */
export async function drainDirtyPages(query: Query, timeoutMs: number): Promise<void> {
  const [pct, lwm] = (await query("SELECT @@global.innodb_max_dirty_pages_pct, @@global.innodb_max_dirty_pages_pct_lwm")).trim().split("\t");
  if (pct === undefined || lwm === undefined) throw new PipelineError("could not read InnoDB's dirty page targets");
  // the low-water mark first: it may not be above the target
  await query("SET GLOBAL innodb_max_dirty_pages_pct_lwm = 0; SET GLOBAL innodb_max_dirty_pages_pct = 0");
  try {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const dirty = Number((await query("SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_pages_dirty'")).trim().split("\t")[1]);
      if (dirty === 0) return;
      if (performance.now() > deadline) throw new PipelineError(`InnoDB still had ${dirty} dirty pages ${Math.round(timeoutMs / 1000)} s after the load`);
      await sleep(200);
    }
  } finally {
    await query(`SET GLOBAL innodb_max_dirty_pages_pct = ${pct}; SET GLOBAL innodb_max_dirty_pages_pct_lwm = ${lwm}`);
  }
}

/**
 * InnoDB's purge of the undo logs earlier writes left, waited for (the history list empty), so that no
 * counted run shares the server with the purge of the QPS rounds' writes (it latches the pages the
 * client reads) and each starts from the same undo state: whether a transaction's undo log takes a new
 * page (allocated and zeroed in the connection thread, about 36k instructions) or reuses a cached one
 * depends on how far purge has got. Measured 2026-12-01: point-query's repeats in whole mariadb-quick
 * runs 0.05-0.30% apart with it, 0.60% without; update-nonindex's in one server 0.42% and 8.3%.
 */
export async function drainPurge(query: Query, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const line = (await query("SHOW GLOBAL STATUS LIKE 'Innodb_history_list_length'")).trim();
    const history = /^Innodb_history_list_length\t(\d+)$/.exec(line)?.[1];
    if (history === undefined) throw new PipelineError("could not read InnoDB's history list length", line);
    if (history === "0") return;
    if (performance.now() > deadline) throw new PipelineError(`InnoDB's purge still had ${history} undo logs to do ${Math.round(timeoutMs / 1000)} s after a counted run`);
    await sleep(200);
  }
}

/**
 * InnoDB's purge held off for a counted run: a read view open in another connection from before the
 * run until after it, so that no undo log and no delete-marked record the run leaves is purged while
 * it runs. Drained before the run, held during it, the run's writes find the same pages with the same
 * free space whatever purge's pace: without it, whether an update of index k found room in its page or
 * reorganized or split it, and whether a transaction's undo log got a new page, depended on how far
 * purge had got (update-index's identical runs spread 32-39%, insert's 2-16%). START TRANSACTION WITH
 * CONSISTENT SNAPSHOT opens the view at once at REPEATABLE READ (InnoDB's default, set here in case
 * the profile changed it); the session's statements and its COMMIT run in dispatch_command, where the
 * counter collects, so the counter holds before its first dump and commits after its second.
 */
export async function holdPurge(session: Session): Promise<void> {
  await session.query("SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ; START TRANSACTION WITH CONSISTENT SNAPSHOT");
}

/** How long one statement of a session may take. */
const SESSION_STATEMENT_TIMEOUT_MS = 60_000;

/**
 * A session over the mariadb client kept running, reading statements from its stdin: each batch ends
 * with a SELECT of a marker, whose row in the (unbuffered) output says the batch is done. In batch
 * mode the client exits at the first failing statement.
 */
function clientSession(client: ReturnType<typeof execa>, say: (output: string) => Promise<string>): Session {
  let output = "";
  let exited = false;
  let batches = 0;
  client.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  void client.then(() => (exited = true));
  return {
    async query(sql) {
      const marker = `db-bench-gate session batch ${++batches} done`;
      const from = output.length;
      client.stdin?.write(`${sql};\nSELECT '${marker}';\n`);
      const deadline = performance.now() + SESSION_STATEMENT_TIMEOUT_MS;
      for (;;) {
        const end = output.indexOf(`${marker}\n`, from);
        if (end >= 0) return output.slice(from, end).replace(/\n$/, "");
        if (exited || performance.now() > deadline) {
          client.kill("SIGKILL");
          const result = await client;
          const why = exited ? `failed (${lastLines(String(result.stderr ?? result.shortMessage), 1) || result.shortMessage})` : `took more than ${SESSION_STATEMENT_TIMEOUT_MS / 1000} s`;
          throw new PipelineError(`a session's statements ${why}: ${sql}`, await say(`${String(result.stderr ?? "")}\n${output}`));
        }
        await sleep(20);
      }
    },
    async close() {
      client.stdin?.end();
      const timer = setTimeout(() => client.kill("SIGKILL"), SESSION_STATEMENT_TIMEOUT_MS);
      await client;
      clearTimeout(timer);
    },
  };
}

/**
 * Waits until `mariadb-admin ping` answers: "ready", or why not (the server exited, or the time ran out).
 */
async function waitUntilReady(
  admin: (args: string[], timeout: number) => ReturnType<typeof execa>,
  isAlive: () => boolean,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<string> {
  const deadline = performance.now() + timeoutMs;
  let last = "";
  while (!signal.aborted) {
    const ping = await admin(["ping"], 10_000);
    if (!ping.failed) return "ready";
    last = String(ping.all ?? ping.shortMessage);
    if (!isAlive()) return `mariadbd exited before it was ready\n${last}`;
    if (performance.now() > deadline) return `mariadbd was not ready after ${Math.round(timeoutMs / 1000)} s (mariadb-admin ping: ${last.trim()})`;
    await sleep(200);
  }
  return "cancelled";
}

/**
 * SIGTERM (mariadbd's clean shutdown), then SIGKILL after `graceMs`. Judged by the processes working
 * in the data dir (mariadbd chdirs there), not by a pid: that also covers a start cut short.
 */
async function stopServer(dataDir: string, graceMs = 60_000): Promise<void> {
  const running = (): number[] => processesUnder(dataDir);
  if (running().length === 0) return;
  for (const pid of running()) process.kill(pid, "SIGTERM");
  for (let waited = 0; running().length > 0; waited += 100) {
    if (waited >= graceMs) for (const pid of running()) process.kill(pid, "SIGKILL");
    await sleep(100);
  }
}

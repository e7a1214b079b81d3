/**
 * PostgreSQL from an install prefix: initdb into a temp dir, start on a private unix socket (no TCP)
 * named by a free port, stop (fast, then immediate, then kill) and remove the data. As root the
 * server runs as the unprivileged user it is given (postgres refuses to run as root anyway).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { execa } from "execa";
import { InputError, ParseError, PipelineError } from "../common/errors.js";
import { onCpus } from "../measure/cpu-affinity.js";
import { processesUnder } from "../trust/processes.js";
import { freePort, portIsFree } from "./loopback-port.js";
import { startCountingPostgres } from "./postgres-counting.js";
import { programVersion } from "./program-output.js";
import { LOG_LINES_IN_ERRORS, makeServerRoot, serverUser } from "./server-root.js";
import { asUserIn, type OsUser } from "../trust/unprivileged.js";
import { appendAsUser, readAsUser } from "../trust/user-files.js";
import type { Connection, Server, ServerEngine, SettingValue, StartOptions } from "./types.js";

/**
 * The database superuser initdb creates; clients connect as it (trust authentication) over the socket
 * only, in a dir only the server's user (and root) can reach: over loopback TCP any local user, such as
 * the other variant's code, could log in as it and run programs as the server's user (COPY TO PROGRAM).
 */
const SUPERUSER = "postgres";
const START_ATTEMPTS = 3;

/** One postgresql.conf value: booleans as on/off, numbers bare, strings quoted. */
export function confValue(value: SettingValue): string {
  if (typeof value === "boolean") return value ? "on" : "off";
  if (typeof value === "number") return String(value);
  return `'${value.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

/**
 * Lines appended to postgresql.conf: the caller's settings, then where the server listens (later lines
 * win in postgresql.conf, so a profile cannot move the server out of reach, nor open it to TCP).
 */
export function renderSettings(settings: Record<string, SettingValue>, socketDir: string): string {
  const all: Record<string, SettingValue> = { ...settings, listen_addresses: "", unix_socket_directories: socketDir };
  return Object.entries(all)
    .map(([name, value]) => {
      if (!/^[A-Za-z_][A-Za-z0-9_.]*$/.test(name)) throw new InputError(`"${name}" is not a PostgreSQL setting name`, undefined, "settings");
      return `${name} = ${confValue(value)}\n`;
    })
    .join("");
}

export const postgresEngine: ServerEngine = {
  kind: "server",
  name: "postgresql",
  recipe: "postgresql",
  programs: ["postgres", "pg_ctl", "initdb", "createdb", "psql"],
  // "postgres (PostgreSQL) 15.18"
  version: (binDir, user) => programVersion(binDir, "postgres", user, /(\d+(?:\.\d+)+\S*)/),
  // immediate shutdown: the postmaster takes its backends and shared memory down
  emergencySignal: "SIGQUIT",
  start: startPostgres,
};

/** libpq's socket file in `dir` for `port`. */
const socketFile = (dir: string, port: number): string => path.join(dir, `.s.PGSQL.${port}`);

async function startPostgres(options: StartOptions): Promise<Server> {
  const { binDir, registry } = options;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const timeoutS = Math.ceil(timeoutMs / 1000);
  if (!existsSync(path.join(binDir, "postgres"))) throw new PipelineError(`no postgres program in ${binDir}`);
  const user = await serverUser(options);
  // Stopping is part of cleanup, which runs after the registry is cancelled: it must not be cancelled.
  const runToStop: Run = (file, args, cwd) => asServer(user, path.join(binDir, file), args, cwd, timeoutMs);

  const root = await makeServerRoot(options, {
    prefix: "dbg-pg-",
    liveLogName: "server.log",
    description: "postgres server",
    user,
    program: path.join(binDir, "postgres"),
    stop: (dataDir, userDir) => stopServer(runToStop, dataDir, userDir),
  });
  const { dataRoot, dataDir, socketDir, userDir, liveLog, isAlive, logTail, fail } = root;
  const run = (file: string, args: string[]) => asServer(user, path.join(binDir, file), args, userDir, timeoutMs, registry.signal);

  const initdb = await run("initdb", ["-D", dataDir, "-U", SUPERUSER, "--auth=trust", "--no-locale", "-E", "UTF8", "--no-sync"]);
  if (initdb.failed) await fail("initdb failed", initdb.all ?? "");
  // initdb is the fork's code: its postgresql.conf is written as the server's user
  await appendAsUser(user, path.join(dataDir, "postgresql.conf"), `\n# db-bench-gate\n${renderSettings(options.settings, socketDir)}`);

  /** postmaster.pid's first line, the postmaster's pid (read as the server's user: the data dir is its). */
  const readPid = async (): Promise<number> => {
    const text = ((await readAsUser(user, path.join(dataDir, "postmaster.pid"), 4096)) ?? "").toString("utf8");
    const pid = /^(\d+)\n/.exec(text)?.[1];
    if (!pid) throw new ParseError(`${path.join(dataDir, "postmaster.pid")}: expected the postmaster's pid on its first line`, text);
    return Number(pid);
  };
  /**
   * Starts the postmaster (or `program` in its place: pg_ctl -p) on `preferred` if it is free, else on
   * a free port. Returns the port, or the failed start's output for the caller to report.
   */
  const pgCtlStart = async (preferred: number | null, program?: string): Promise<{ port: number } | { failure: string; port: number }> => {
    for (let attempt = 1; ; attempt++) {
      const port = attempt === 1 && preferred !== null && (await portIsFree(preferred)) ? preferred : await freePort();
      // The postmaster inherits pg_ctl's affinity, and every backend the postmaster's.
      const start = onCpus({ file: path.join(binDir, "pg_ctl"), args: ["-D", dataDir, "-l", liveLog, ...(program ? ["-p", program] : []), "-o", `-p ${port}`, "-w", "-t", String(timeoutS), "start"] }, options.cpus);
      // pg_ctl -w waits up to timeoutS for readiness; the process timeout is the net under it
      const started = await asServer(user, start.file, start.args, userDir, timeoutMs + 10_000, registry.signal);
      if (!started.failed) {
        root.pid = await readPid();
        return { port };
      }
      // Another process may take the free port between the probe and the bind: try another one.
      const portTaken = /could not bind|Address already in use/.test(await logTail(20));
      if (!portTaken || attempt === START_ATTEMPTS) return { failure: started.all ?? "", port };
    }
  };
  const first = await pgCtlStart(null);
  if ("failure" in first) await fail(`PostgreSQL did not start (port ${first.port})`, first.failure);

  const connection: Connection = {
    kind: "server",
    protocol: "postgresql",
    socket: socketFile(socketDir, first.port),
    port: first.port,
    user: SUPERUSER,
    database: options.database,
  };
  const created = await run("createdb", ["-h", socketDir, "-p", String(connection.port), "-U", SUPERUSER, options.database]);
  if (created.failed) await fail(`createdb ${options.database} failed`, created.all ?? "");

  /**
   * Same data and settings, on the same port where it is free; `program` runs in place of postgres.
   * When the start fails the server stays stopped (its data kept for cleanup).
   */
  const restart = async (program?: string): Promise<void> => {
    await stopServer(runToStop, dataDir, userDir);
    const started = await pgCtlStart(connection.port, program);
    if ("failure" in started) {
      throw new PipelineError(`PostgreSQL did not start again${program ? ` as ${program}` : ""} (port ${started.port})`, `${started.failure}\n--- server log ---\n${await logTail(LOG_LINES_IN_ERRORS)}`);
    }
    connection.port = started.port;
    connection.socket = socketFile(socketDir, started.port);
  };
  /** Each of `commands` in its own transaction (VACUUM cannot run inside one), in `database`; psql's output, unaligned and without headers. */
  const runSqlIn = async (database: string, ...commands: string[]): Promise<string> => {
    const args = ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", socketDir, "-p", String(connection.port), "-U", SUPERUSER, "-d", database, ...commands.flatMap((sql) => ["-c", sql])];
    const result = await run("psql", args);
    if (result.failed) throw new PipelineError(`psql failed: ${result.shortMessage}`, `${result.all ?? ""}\n--- server log ---\n${await logTail(LOG_LINES_IN_ERRORS)}`);
    return result.stdout;
  };
  const runSql = (...commands: string[]) => runSqlIn(options.database, ...commands);
  const countable = { binDir, dataRoot, dataDir, connection, liveLog, owner: user, restart, isAlive, runSql, runSqlIn };

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
    isAlive,
    // Statistics and the visibility map fresh (index-only scans depend on it, and autovacuum's timing
    // would otherwise differ between servers), and the load's dirty pages written now rather than by
    // a checkpoint in the first measured round.
    settle: async (tables) => {
      await runSql(...(tables.length > 0 ? [`VACUUM ANALYZE ${tables.join(", ")}`] : []), "CHECKPOINT");
    },
    databaseBytes: async () => parseDatabaseBytes(await runSql("SELECT pg_database_size(current_database())")),
    processes: () => processesUnder(dataDir),
    startCounting: (counting) => startCountingPostgres(countable, counting),
  };
}

/** psql -A -t's output of SELECT pg_database_size(...): one whole number of bytes. */
export function parseDatabaseBytes(stdout: string): number {
  const bytes = /^\s*(\d+)\s*$/.exec(stdout);
  if (!bytes?.[1]) throw new ParseError("pg_database_size: expected one whole number of bytes", stdout);
  return Number(bytes[1]);
}

type Run = (file: string, args: string[], cwd: string) => ReturnType<typeof asServer>;

/**
 * pg_ctl stop -m fast, then -m immediate, then SIGKILL. Judged by the processes working in the data
 * dir, not by the postmaster's pid: that also covers a start cut short before the pid was known, and
 * backends orphaned by a killed postmaster.
 */
async function stopServer(run: Run, dataDir: string, cwd: string): Promise<void> {
  const running = (): number[] => processesUnder(dataDir);
  for (const mode of ["fast", "immediate"]) {
    if (running().length === 0) return;
    await run("pg_ctl", ["-D", dataDir, "-m", mode, "-w", "-t", "30", "stop"], cwd);
  }
  for (let waited = 0; running().length > 0; waited += 100) {
    if (waited >= 5000) for (const pid of running()) process.kill(pid, "SIGKILL");
    await sleep(100);
  }
}

function asServer(user: OsUser | null, file: string, args: string[], cwd: string, timeoutMs: number, signal?: AbortSignal) {
  return execa(file, args, { ...asUserIn(user, cwd), all: true, reject: false, timeout: timeoutMs, cancelSignal: signal });
}

/**
 * MariaDB under callgrind, counting the instructions of its connection threads.
 *
 * mariadbd is one process: its connection threads, InnoDB's purge, page cleaner and other background
 * threads share it, so a count of the whole process (cachegrind) would carry the background work's
 * variance. Callgrind collects only inside dispatch_command(), the function a connection thread runs
 * for each client command once it has read it (executing it and sending the result), in whatever
 * thread. Not do_command(), its caller: that also reads the next command from the socket, and whether
 * the client has sent it yet when the server asks is a race between the two processes; each time it
 * has not, recv() fails with EAGAIN and the thread polls and waits. Measured 2026-12-01 on Debian's
 * 10.11.19 (four pairs of runs of 200 and 400 point selects on one server, callgrind's per-function
 * counts of identical runs compared): inside do_command the runs of 400 differed by up to 68,000
 * instructions, all of it in vio_read, recv, vio_io_wait, poll and thd_wait_begin/end, and the
 * repeats spread 0.73%; inside dispatch_command they spread 0.05%. Logging in is outside it too, so a
 * connection's setup is not counted at all. Counts are taken by dumps (vgdb): one before the client's
 * run to start from zero, one after it.
 *
 * Under valgrind InnoDB uses synchronous I/O (native AIO is not emulated), reserves no more address
 * space for a buffer pool than the pool itself (innodb_buffer_pool_size_max; its default reserves more
 * than valgrind can map), and neither dumps nor loads the buffer pool: the pool is warmed by reading
 * every index of the benchmark database instead, so that counted runs do not pay misses that decay.
 * MyRocks' tables (index type LSMTREE) are read the same way, into RocksDB's block cache: a block
 * read from its file is checksummed (and at the bottom level decompressed) in the connection thread.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { execa } from "execa";
import { PipelineError } from "../common/errors.js";
import { callgrindArgs, countsOf, lessOwnCosts, logReader, restartUnderValgrind, runCounted, timedFunctions, valgrindLogFile, valgrindOn, valgrindVersion, vgdbDump, vgdbInstrumentation } from "../measure/valgrind.js";
import { asUserIn, giveTo, type OsUser } from "../trust/unprivileged.js";
import { removeUserTree } from "../trust/user-trees.js";
import { copyName } from "./postgres-counting.js";
import type { Connection, CountingOptions, InstructionCounter } from "./types.js";

export const MARIADB_COUNTED_WORK = "connection threads (inside dispatch_command)";

/** dispatch_command(enum_server_command, THD*, char*, unsigned int, bool): one client command read, from executing it to its reply. */
const COLLECT_IN = "dispatch_command*";

/** What counting needs from a running MariaDB server (src/engine/mariadb.ts). */
export interface CountableMariadb {
  /** root's (server-root.ts): the counting dir made in it cannot be a symlink the server's user planted */
  readonly dataRoot: string;
  /** where clients reach it (kept up to date across restarts) */
  readonly connection: Connection;
  /** the server's process (valgrind's, under the counter) */
  readonly pid: number;
  /** who runs the server: vgdb must run as the same user */
  readonly user: OsUser | null;
  /** Stops the server and starts it on the same data and port; with `counted`, under `counted.wrapper` with `counted.options` added to mariadbd's. */
  restart(counted?: { wrapper: string[]; options: string[] }): Promise<void>;
  isAlive(): boolean;
  /** The statements' result rows, tab-separated; PipelineError when one fails or takes longer than `timeoutMs` (default: the server's). */
  query(sql: string, timeoutMs?: number): Promise<string>;
  /** Waits until the background work earlier writes left is done (StorageEngine.quiesce). */
  quiesce(): Promise<void>;
  /** A load's writes out of memory (StorageEngine.settle), after ANALYZE. */
  settleWrites(): Promise<void>;
  /** Holds the storage engine's background cleanup off until the returned function is called (StorageEngine.holdCleanup); null where nothing needs holding. */
  holdCleanup(): Promise<(() => Promise<void>) | null>;
}

/**
 * Background work that would otherwise change a counted run's work at its own pace: InnoDB's
 * recalculation of a table's statistics after a tenth of its rows changed (a fresh copy's load
 * queues one, done ten seconds later by a background thread, around the counted run), and the
 * buffer pool's "old" sublist, whose pages are moved to the young end only if first read over a
 * second before (innodb_old_blocks_time): by wall time, which valgrind stretches unevenly. And the
 * thread cache: a connection served by a cached thread allocates from that thread's malloc arena and
 * cache, left as whichever earlier connection (a copy's statement, one of a varying number of polls)
 * left them; a new thread per connection starts from a fresh cache. Measured 2026-12-05 (update-index,
 * N = 500, fresh copies, purge held, one server): 0.45-1.36% apart with these three as the server's
 * defaults, 0.07-0.43% without; most of what still varies is glibc's _int_malloc.
 * Set (all three are dynamic) only while runs on fresh copies are counted, the server's own values back
 * before any other run: as options of the counted server they applied to the reads too, and the ibench
 * test's A/A read step qp500 then came out a warning twice (344.4k against 347.1k estimated cycles per
 * operation, instructions equal; 2026-12-05), where without them it is unchanged.
 */
export const COPY_RUN_SETTINGS: Readonly<Record<string, string>> = { innodb_stats_auto_recalc: "0", innodb_old_blocks_time: "0", thread_cache_size: "0" };

/** `SET GLOBAL name = value, ...` for `values`, in their order. */
const setGlobalStatement = (values: readonly (readonly [string, string])[]): string => `SET GLOBAL ${values.map(([name, value]) => `${name} = ${value}`).join(", ")}`;

/** The statement that shows the server's own values of COPY_RUN_SETTINGS' variables (restoreSettingsStatement reads its output). */
export const COPY_RUN_SETTINGS_SHOWN = `SHOW GLOBAL VARIABLES WHERE Variable_name IN (${Object.keys(COPY_RUN_SETTINGS)
  .map((name) => `'${name}'`)
  .join(", ")})`;

/** Pure: the output of COPY_RUN_SETTINGS_SHOWN (name TAB value lines), as the statement that sets those values back. */
export function restoreSettingsStatement(shown: string): string {
  const values = new Map(
    shown
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => {
        const [name, value, ...rest] = line.split("\t");
        if (!name || value === undefined || rest.length > 0 || !/^[0-9A-Za-z]+$/.test(value)) throw new PipelineError(`unexpected SHOW GLOBAL VARIABLES line "${line}" (expected name<TAB>value)`);
        return [name.toLowerCase(), value] as const;
      }),
  );
  return setGlobalStatement(
    Object.keys(COPY_RUN_SETTINGS).map((name) => {
      const value = values.get(name);
      if (value === undefined) throw new PipelineError(`the server did not show ${name} (SHOW GLOBAL VARIABLES), which a counted run on a fresh copy sets`, shown);
      return [name, value] as const;
    }),
  );
}

/**
 * A copy's statement under valgrind (mariadb-quick's 100,000 rows: 15-50 s a copy instrumented on a
 * loaded 2-core machine, 2026-12-05) may take as long as a counted run (src/run/stage-count.ts).
 */
const COPY_STATEMENT_TIMEOUT_MS = 600_000;

/** A backquoted MariaDB identifier. */
const quoteName = (name: string): string => `\`${name.replace(/`/g, "``")}\``;

/** The index types whose indexes the prewarm reads: InnoDB's and MyRocks' (information_schema.STATISTICS.INDEX_TYPE). */
const PREWARMED_INDEX_TYPES = ["BTREE", "LSMTREE"];

/** The statements that read every index of `database` in full, through the storage engine's cache. */
export function prewarmStatements(database: string, indexes: string): string[] {
  return indexes
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const [table, index] = line.split("\t");
      if (!table || !index) throw new PipelineError(`unexpected index list line "${line}" (expected table<TAB>index)`);
      return `SELECT COUNT(*) FROM ${quoteName(database)}.${quoteName(table)} FORCE INDEX (${quoteName(index)})`;
    });
}

/** A table of the benchmark database and the columns of its primary key, in order (none: the table has none). */
export interface CopiedTable {
  name: string;
  primaryKey: string[];
}

/** The benchmark database's tables with their primary keys' columns, one per line (the primary key's columns comma-separated, NULL for none). */
export const tablesQuery = (database: string): string =>
  `SELECT t.TABLE_NAME, (SELECT GROUP_CONCAT(k.COLUMN_NAME ORDER BY k.ORDINAL_POSITION SEPARATOR ',') FROM information_schema.KEY_COLUMN_USAGE k ` +
  `WHERE k.TABLE_SCHEMA = t.TABLE_SCHEMA AND k.TABLE_NAME = t.TABLE_NAME AND k.CONSTRAINT_NAME = 'PRIMARY') ` +
  `FROM information_schema.TABLES t WHERE t.TABLE_SCHEMA = '${database.replace(/'/g, "''")}' AND t.TABLE_TYPE = 'BASE TABLE' ORDER BY t.TABLE_NAME`;

/** Pure: tablesQuery's output (mariadb --batch --skip-column-names). */
export function parseCopiedTables(stdout: string): CopiedTable[] {
  return stdout
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const [name, key, ...rest] = line.split("\t");
      if (!name || key === undefined || key === "" || rest.length > 0) throw new PipelineError(`unexpected table list line "${line}" (expected table<TAB>primary key columns or NULL)`);
      return { name, primaryKey: key === "NULL" ? [] : key.split(",") };
    });
}

/**
 * Pure: the statements that replace `copy` with a fresh copy of `database`'s `tables`: each table
 * created like the original (columns, indexes, engine, options) and filled in primary key order, so
 * that every copy gets the same rows in the same pages, with the same free space, whatever earlier
 * runs did to the original's (a table without a primary key is read in its clustered order, which is
 * its hidden row id's). The AUTO_INCREMENT counter follows the rows copied.
 */
export function freshCopyStatements(database: string, copy: string, tables: readonly CopiedTable[]): string[] {
  return [
    `DROP DATABASE IF EXISTS ${quoteName(copy)}`,
    `CREATE DATABASE ${quoteName(copy)}`,
    ...tables.flatMap(({ name, primaryKey }) => {
      const [from, to] = [`${quoteName(database)}.${quoteName(name)}`, `${quoteName(copy)}.${quoteName(name)}`];
      const order = primaryKey.length > 0 ? ` ORDER BY ${primaryKey.map(quoteName).join(", ")}` : "";
      return [`CREATE TABLE ${to} LIKE ${from}`, `INSERT INTO ${to} SELECT * FROM ${from}${order}`];
    }),
    ...(tables.length > 0 ? [`ANALYZE TABLE ${tables.map(({ name }) => `${quoteName(copy)}.${quoteName(name)}`).join(", ")}`] : []),
  ];
}

export async function startCountingMariadb(server: CountableMariadb, options: CountingOptions = {}): Promise<InstructionCounter> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  await valgrindVersion();
  const outDir = path.join(server.dataRoot, "callgrind");
  await mkdir(outDir, { recursive: true });
  await giveTo(server.user, outDir);
  const log = logReader(valgrindLogFile(outDir), server.user);

  const bufferPool = (await server.query("SHOW GLOBAL VARIABLES WHERE Variable_name IN ('innodb_buffer_pool_size', 'innodb_buffer_pool_size_max')"))
    .split("\n")
    .map((line) => line.split("\t"));
  const poolBytes = bufferPool.find(([name]) => name === "innodb_buffer_pool_size")?.[1];
  if (!poolBytes) throw new PipelineError("could not read innodb_buffer_pool_size");
  const hasPoolMax = bufferPool.some(([name]) => name === "innodb_buffer_pool_size_max");
  const counted = {
    wrapper: [...valgrindOn(options.cpus), ...callgrindArgs(outDir, COLLECT_IN, options)],
    options: [
      "--innodb-use-native-aio=0",
      "--innodb-buffer-pool-dump-at-shutdown=0",
      "--innodb-buffer-pool-load-at-startup=0",
      ...(hasPoolMax ? [`--innodb-buffer-pool-size-max=${poolBytes}`] : []),
    ],
  };
  const prewarm = async () => {
    const indexes = await server.query(
      `SELECT DISTINCT TABLE_NAME, INDEX_NAME FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = '${server.connection.database.replace(/'/g, "''")}' AND INDEX_TYPE IN (${PREWARMED_INDEX_TYPES.map((type) => `'${type}'`).join(", ")})`,
    );
    for (const statement of prewarmStatements(server.connection.database, indexes)) await server.query(statement);
  };
  await restartUnderValgrind("MariaDB", { underValgrind: () => server.restart(counted), plain: () => server.restart(), prepare: prewarm }, log);
  const vgdb = (file: string, args: string[]) => execa(file, args, { ...asUserIn(server.user, outDir), all: true, reject: false, timeout: timeoutMs });
  const dump = () => vgdbDump(outDir, server.pid, server.user, vgdb);

  let stopped = false;
  const copy = copyName(server.connection.database);
  let copied = false;
  /** the statement that puts the server's own values of COPY_RUN_SETTINGS back, while they are set */
  let restoreSettings: string | null = null;
  /** whether the next count runs on the copy freshCopy just made */
  let nextOnCopy = false;
  return {
    tool: "callgrind",
    counted: MARIADB_COUNTED_WORK,
    // the server's caches, table definitions and prepared statements settle in a first run
    warmUp: true,
    // one server for every copy: its thread cache, allocator and table cache carry over from copy to copy
    warmUpOnCopies: true,
    // Made while the server runs under valgrind, before the count's first dump: none of it is counted.
    // With callgrind's instrumentation off (vgdbInstrumentation): a copy of mariadb-quick's 100,000
    // rows took 15-50 s instrumented on a loaded 2-core machine (2026-12-05), one before every run of
    // a write step. Switching it back on empties the simulated caches, so every counted run on a copy
    // starts from cold caches, the runs of N and 2N alike: their difference keeps none of it.
    async freshCopy() {
      const tables = parseCopiedTables(await server.query(tablesQuery(server.connection.database)));
      if (restoreSettings === null) {
        restoreSettings = restoreSettingsStatement(await server.query(COPY_RUN_SETTINGS_SHOWN));
        // FLUSH THREADS: a smaller thread_cache_size leaves the threads already cached there
        await server.query(`${setGlobalStatement(Object.entries(COPY_RUN_SETTINGS))}; FLUSH THREADS`);
      }
      copied = true;
      await vgdbInstrumentation(outDir, server.pid, false, vgdb);
      try {
        for (const statement of freshCopyStatements(server.connection.database, copy, tables)) await server.query(statement, COPY_STATEMENT_TIMEOUT_MS);
        await server.settleWrites();
      } finally {
        await vgdbInstrumentation(outDir, server.pid, true, vgdb);
      }
      nextOnCopy = true;
      return { ...server.connection, database: copy };
    },
    async count(command, run, subtracted) {
      if (stopped) throw new Error("the instruction counter was stopped");
      const onCopy = nextOnCopy;
      nextOnCopy = false;
      if (!onCopy && restoreSettings !== null) {
        await server.query(restoreSettings);
        restoreSettings = null;
      }
      await server.quiesce();
      // Held on a copy from before the first dump until after the second: the hold's own statements
      // are not counted. A read's run has no cleanup to hold, and is counted as it always was.
      const release = onCopy ? await server.holdCleanup() : null;
      let result: Awaited<ReturnType<typeof run>>;
      let counted: string;
      try {
        // from zero: what ran since the last dump (the previous run's disconnect, the prewarm) is not this run's
        await dump();
        result = await runCounted("MariaDB", log, () => server.isAlive(), () => run(command));
        counted = await dump();
      } finally {
        await release?.();
      }
      const what = `the callgrind dump of process ${server.pid}`;
      const counts = countsOf(counted, options, what);
      const { functions, functionsSeconds } = timedFunctions(counted, what, { cacheSim: options.cacheSim !== undefined });
      if (!subtracted?.lessOwnCostOf) return { result, ...counts, functions, functionsSeconds };
      const less = lessOwnCosts(counts, functions, subtracted.lessOwnCostOf, what);
      return { result, ...less.counted, functions: less.functions, functionsSeconds };
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.restart();
      if (copied) await server.query(`DROP DATABASE IF EXISTS ${quoteName(copy)}`);
      // the restarted server runs as the dir's owner: it stays, and the dir goes as that user
      await removeUserTree(server.user, outDir, { ending: [] });
    },
  };
}

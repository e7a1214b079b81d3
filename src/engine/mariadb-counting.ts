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
import { callgrindArgs, countsOf, logReader, restartUnderValgrind, runCounted, timedFunctions, valgrindLogFile, valgrindOn, valgrindVersion, vgdbDump } from "../measure/valgrind.js";
import { asUserIn, giveTo, type OsUser } from "../trust/unprivileged.js";
import { removeUserTree } from "../trust/user-trees.js";
import type { CountingOptions, InstructionCounter } from "./types.js";

export const MARIADB_COUNTED_WORK = "connection threads (inside dispatch_command)";

/** dispatch_command(enum_server_command, THD*, char*, unsigned int, bool): one client command read, from executing it to its reply. */
const COLLECT_IN = "dispatch_command*";

/** What counting needs from a running MariaDB server (src/engine/mariadb.ts). */
export interface CountableMariadb {
  /** root's (server-root.ts): the counting dir made in it cannot be a symlink the server's user planted */
  readonly dataRoot: string;
  readonly database: string;
  /** the server's process (valgrind's, under the counter) */
  readonly pid: number;
  /** who runs the server: vgdb must run as the same user */
  readonly user: OsUser | null;
  /** Stops the server and starts it on the same data and port; with `counted`, under `counted.wrapper` with `counted.options` added to mariadbd's. */
  restart(counted?: { wrapper: string[]; options: string[] }): Promise<void>;
  isAlive(): boolean;
  /** The statements' result rows, tab-separated; PipelineError when one fails. */
  query(sql: string): Promise<string>;
  /** Waits until the background work earlier writes left is done (StorageEngine.quiesce). */
  quiesce(): Promise<void>;
}

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
      `SELECT DISTINCT TABLE_NAME, INDEX_NAME FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = '${server.database.replace(/'/g, "''")}' AND INDEX_TYPE IN (${PREWARMED_INDEX_TYPES.map((type) => `'${type}'`).join(", ")})`,
    );
    for (const statement of prewarmStatements(server.database, indexes)) await server.query(statement);
  };
  await restartUnderValgrind("MariaDB", { underValgrind: () => server.restart(counted), plain: () => server.restart(), prepare: prewarm }, log);
  const dump = () =>
    vgdbDump(outDir, server.pid, server.user, (file, args) => execa(file, args, { ...asUserIn(server.user, outDir), all: true, reject: false, timeout: timeoutMs }));

  let stopped = false;
  return {
    tool: "callgrind",
    counted: MARIADB_COUNTED_WORK,
    // the server's caches, table definitions and prepared statements settle in a first run
    warmUp: true,
    async count(command, run) {
      if (stopped) throw new Error("the instruction counter was stopped");
      await server.quiesce();
      // from zero: what ran since the last dump (the previous run's disconnect, the prewarm) is not this run's
      await dump();
      const result = await runCounted("MariaDB", log, () => server.isAlive(), () => run(command));
      const counted = await dump();
      const what = `the callgrind dump of process ${server.pid}`;
      return { result, ...countsOf(counted, options, what), ...timedFunctions(counted, what, { cacheSim: options.cacheSim !== undefined }) };
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.restart();
      // the restarted server runs as the dir's owner: it stays, and the dir goes as that user
      await removeUserTree(server.user, outDir, { ending: [] });
    },
  };
}

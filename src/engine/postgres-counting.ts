/**
 * PostgreSQL under callgrind, counting the instructions of its serving backends, except their socket
 * reads and writes.
 *
 * The postmaster runs under valgrind (pg_ctl -p names a wrapper that execs valgrind on the build's
 * postgres); every process it forks inherits valgrind and writes its own count when it exits.
 * Counted: what runs inside PostgresMain (a backend's life once forked: logging in to the database,
 * then every message) and ParallelWorkerMain (a parallel worker helping it), except inside
 * secure_read and secure_write (and what they call): whether the client's next
 * message is there yet when a backend reads is a race between two processes, and each time it is not,
 * recv fails with EAGAIN and the backend waits in WaitEventSetWait. Measured 2026-12-01 on a 2-vCPU
 * VM (one server's counting pass, select-only prepared c1, cachegrind's per-function counts of two
 * identical runs of 1,000 transactions compared): of the 77,721 instructions between them, 71,466 were
 * in WaitEventSetWait, secure_read, recv, ModifyWaitEvent, epoll_wait and __errno_location. Counted
 * whole, three pg-quick A/As there spread c1's repeats 0.26-0.93% and point-query's 0.14-1.33%.
 * Backends exit when their connection closes, background processes (checkpointer, walwriter,
 * bgwriter, launchers) only at shutdown. A counted run is therefore: the server's processes before
 * the run are background; the processes that appear during the run and exit after it are the
 * backends that served it (and parallel workers that helped them); their counts are summed once
 * every one of them has exited and written its summary. On aarch64 the toggles do not hold, and the
 * backends are counted whole less their socket waits instead (backendCounting).
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ParseError, PipelineError } from "../common/errors.js";
import { callgrindPerProcessArgs, countedPids, logReader, readCounts, removeCounts, restartUnderValgrind, runCounted, valgrindOn, valgrindVersion } from "../measure/valgrind.js";
import { processesUnder } from "../trust/processes.js";
import { shellWord } from "../common/shell-word.js";
import { giveTo, type OsUser } from "../trust/unprivileged.js";
import { removeUserTree } from "../trust/user-trees.js";
import type { Connection, CountingOptions, InstructionCounter } from "./types.js";

/** What counting needs from a running PostgreSQL server (src/engine/postgres.ts). */
export interface CountableServer {
  readonly binDir: string;
  /** root's (server-root.ts): what is written here cannot be a symlink the server's user planted */
  readonly dataRoot: string;
  readonly dataDir: string;
  /** where clients reach it (kept up to date across restarts) */
  readonly connection: Connection;
  /** the server log, valgrind's messages included */
  readonly liveLog: string;
  /** owner of the server's files; null when the server runs as the current user */
  readonly owner: OsUser | null;
  /** Stops the server and starts it on the same data and port; `program` runs in place of postgres (pg_ctl -p). */
  restart(program?: string): Promise<void>;
  isAlive(): boolean;
  /** Runs SQL commands in the benchmark database as the superuser, one transaction each; PipelineError when one fails. */
  runSql(...commands: string[]): Promise<string>;
  /** runSql in another database of the server (one that exists: "postgres") */
  runSqlIn(database: string, ...commands: string[]): Promise<string>;
}

export const COUNTED_WORK = "serving backends, socket reads and writes excluded";
export const COUNTED_WORK_WHOLE = "serving backends whole, less the own instructions of their socket reads, writes and waits";

/** How a backend's work is counted: callgrind's toggles, and the functions whose own costs are taken off afterwards. */
export interface BackendCounting {
  counted: string;
  toggles: readonly string[];
  /** counted whole: where a forked process's inherited costs (the postmaster's, millions) are dropped */
  zeroBefore?: string;
  /** counted whole: the functions whose own costs come off each backend's count */
  lessOwnCostOf?: ReadonlySet<string>;
}

/**
 * callgrind's toggles: a backend's and a parallel worker's main function switch counting on, the
 * functions a backend reads and writes its client's socket in (src/backend/libpq/be-secure.c), called
 * from inside PostgresMain, switch it off again for their calls; neither of those two calls the other.
 */
const TOGGLES = ["PostgresMain", "ParallelWorkerMain", "secure_read", "secure_write"];

/**
 * Where a backend reads, writes and waits for its client's socket, as a whole-backend count names them:
 * PostgreSQL's (be-secure.c, latch.c / waiteventset.c) and the C library's calls under them. aarch64
 * has no epoll_wait system call (glibc's epoll_wait calls epoll_pwait), and glibc 2.41 runs every
 * cancellable system call through __syscall_cancel (file reads' too: a few dozen instructions each).
 * On x86-64, two identical runs' counts differed by 77,721 instructions, 71,466 of them in
 * WaitEventSetWait, secure_read, recv, ModifyWaitEvent, epoll_wait and __errno_location (the comment
 * at the top); on arm64, verdict-quality/arm64-callgrind-2026-12-05 lists what each took.
 */
export const SOCKET_WAIT_FUNCTIONS: readonly string[] = [
  "secure_read",
  "secure_write",
  "secure_raw_read",
  "secure_raw_write",
  "WaitEventSetWait",
  "WaitEventSetWaitBlock",
  "ModifyWaitEvent",
  "WaitEventAdjustEpoll",
  "recv",
  "__libc_recv",
  "send",
  "__libc_send",
  "epoll_wait",
  "epoll_pwait",
  "__errno_location",
  "__syscall_cancel",
  "__internal_syscall_cancel",
  "__syscall_cancel_arch",
  "__pthread_enable_asynccancel",
  "__pthread_disable_asynccancel",
];

/**
 * On aarch64 callgrind's toggles do not hold in PostgreSQL: after PostgresMain's sigsetjmp its shadow
 * call stack goes wrong, a return is taken for a call into PostgresMain, and collection ends up off for
 * the rest of the backend (the demo fork's PostgreSQL 15 counted 1.5M a run of 200 transactions or 400
 * alike; verdict-quality/arm64-callgrind-2026-12-05). The whole backend is counted right there (40.7k
 * a transaction, the own costs of every function right, the inclusive ones not), so on aarch64 the
 * whole backend is counted and the own costs of the socket waits come off. Seen under qemu-user: the
 * fault is in valgrind's arm64 call tracking, which runs the same on hardware, but no arm64 machine
 * has confirmed it.
 */
export function backendCounting(arch: string): BackendCounting {
  if (arch === "arm64") return { counted: COUNTED_WORK_WHOLE, toggles: [], zeroBefore: "InitPostmasterChild", lessOwnCostOf: new Set(SOCKET_WAIT_FUNCTIONS) };
  return { counted: COUNTED_WORK, toggles: TOGGLES };
}

/**
 * A restart empties shared buffers. Read back every table and index of the benchmark database
 * through the buffer manager, so that counted runs do not pay for buffer misses that decay run after
 * run (a run of 2N would then miss less than twice a run of N): an index scan of every index in full
 * (sequential scans and VACUUM of large tables go through a small ring of buffers and would not stay).
 */
export const PREWARM_SQL = `
SET statement_timeout = 0;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
SET enable_indexonlyscan = off;
SET enable_sort = off;
SET max_parallel_workers_per_gather = 0;
DO $$
DECLARE
  ix record;
  n bigint;
BEGIN
  FOR ix IN
    SELECT i.indrelid::regclass AS tbl, a.attname AS col
    FROM pg_index i
    JOIN pg_class c ON c.oid = i.indrelid
    JOIN pg_namespace ns ON ns.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
    WHERE ns.nspname NOT IN ('pg_catalog', 'information_schema') AND ns.nspname NOT LIKE 'pg_toast%'
  LOOP
    EXECUTE format('SELECT count(*) FROM (SELECT t FROM %s t ORDER BY %I) s', ix.tbl, ix.col) INTO n;
  END LOOP;
END $$;
`;

/** The database a counted run of a step that writes connects to: the benchmark database's copy, made afresh for each run. */
export const copyName = (database: string): string => `${database}_counted_copy`;

/** A database name as an SQL identifier. */
const identifier = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * Pure: the statements that replace `copy` with a fresh copy of `database`, run from a third database
 * (a template must have no connection, the copy none either). FILE_COPY (PostgreSQL 15's default is
 * WAL_LOG; before 15 a file copy is the only way) copies the files after a checkpoint instead of
 * writing every page through shared buffers and the WAL: a few hundred MB in seconds, and the copy's
 * pages are not in shared buffers, the same for every run (the template's are, from the prewarm, and
 * stay). Every copy has the template's tables, rows, pages, free space and sequences; dropping the old
 * one drops its buffers unwritten.
 *
 * Sessions in the copy commit synchronously: with asynchronous commit (the profiles' setting) a
 * backend may set a row's hint bits only once the WAL writer has flushed the commit that wrote it, so
 * how often a run looks a transaction's status up again in the commit log depended on the WAL
 * writer's timing (tpcb-like on one client: runs of N apart by 0.4-0.9%, all of it in
 * TransactionIdGetStatus, SimpleLruReadPage_ReadOnly, XLogNeedsFlush and their callers). Committing
 * synchronously, a backend flushes its own commit (fsync is off in the profiles: no disk wait).
 */
export function freshCopyStatements(database: string, copy: string, serverVersionNum: number): string[] {
  const strategy = serverVersionNum >= 150000 ? " STRATEGY = FILE_COPY" : "";
  return [
    `DROP DATABASE IF EXISTS ${identifier(copy)}`,
    `CREATE DATABASE ${identifier(copy)} TEMPLATE ${identifier(database)}${strategy}`,
    `ALTER DATABASE ${identifier(copy)} SET synchronous_commit = on`,
  ];
}

/** psql -A -t's output of SHOW server_version_num, e.g. 150018. */
export function parseServerVersionNum(stdout: string): number {
  const version = /^\s*(\d{5,6})\s*$/.exec(stdout)?.[1];
  if (!version) throw new ParseError("SHOW server_version_num: expected a whole number such as 150018", stdout);
  return Number(version);
}

/** The counter's fresh copies of the benchmark database (InstructionCounter.freshCopy), and their removal at the end. */
function databaseCopies(server: CountableServer) {
  const copy = copyName(server.connection.database);
  let version: number | null = null;
  return {
    async fresh(): Promise<Connection> {
      version ??= parseServerVersionNum(await server.runSqlIn("postgres", "SHOW server_version_num"));
      await server.runSqlIn("postgres", ...freshCopyStatements(server.connection.database, copy, version));
      return { ...server.connection, database: copy };
    },
    async remove(): Promise<void> {
      if (version !== null) await server.runSqlIn("postgres", `DROP DATABASE IF EXISTS ${identifier(copy)}`);
    },
  };
}

export async function startCountingPostgres(server: CountableServer, options: CountingOptions = {}): Promise<InstructionCounter> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  await valgrindVersion();
  const outDir = path.join(server.dataRoot, "callgrind");
  const wrapper = path.join(server.dataRoot, "postgres-under-callgrind");
  const scheme = backendCounting(options.arch ?? process.arch);
  const valgrind = [...valgrindOn(options.cpus), ...callgrindPerProcessArgs(outDir, path.join(server.binDir, "postgres"), scheme.toggles, { ...options, zeroBefore: scheme.zeroBefore })].map(shellWord).join(" ");
  await mkdir(outDir, { recursive: true });
  await giveTo(server.owner, outDir);
  // root's, run by the server's user
  await writeFile(wrapper, `#!/bin/sh\nexec ${valgrind} "$@"\n`, { mode: 0o755 });
  const log = logReader(server.liveLog, server.owner);
  await restartUnderValgrind("PostgreSQL", { underValgrind: () => server.restart(wrapper), plain: () => server.restart(), prepare: async () => void (await server.runSql(PREWARM_SQL)) }, log);

  let stopped = false;
  const copies = databaseCopies(server);
  return {
    tool: "callgrind",
    counted: scheme.counted,
    warmUp: true,
    freshCopy: () => copies.fresh(),
    async count(command, run, subtracted) {
      if (stopped) throw new Error("the instruction counter was stopped");
      // Counts left by processes that exited before this run (the previous run's stragglers) are not
      // this run's, and a new backend may get one of their pids. The live processes first: a session
      // that ends between the two (the fresh copy's, just before) writes its count and is gone, and
      // taken the other way round it would be neither removed nor background (one 3.7M-instruction
      // CREATE DATABASE session counted into a run of 500 updates: -8.8% on that repeat).
      const background = new Set(processesUnder(server.dataDir));
      await removeCounts(outDir, await countedPids(outDir));
      const result = await runCounted("PostgreSQL", log, () => server.isAlive(), () => run(command));
      const deadline = performance.now() + timeoutMs;
      const serving = () => processesUnder(server.dataDir).filter((pid) => !background.has(pid));
      while (serving().length > 0 && performance.now() < deadline) await sleep(50);
      const left = serving();
      if (left.length > 0) throw new PipelineError(`backends ${left.join(", ")} were still running ${Math.round(timeoutMs / 1000)} s after the counted run`);
      const pids = (await countedPids(outDir)).filter((pid) => !background.has(pid));
      if (pids.length === 0) throw new PipelineError("no backend served the counted run (no callgrind count was written)");
      const lessOwnCostOf = [...(scheme.lessOwnCostOf ?? []), ...(subtracted?.lessOwnCostOf ?? [])];
      const counts = await readCounts(outDir, pids, Math.max(1000, deadline - performance.now()), "callgrind", server.owner, { ...options, ...(lessOwnCostOf.length > 0 && { lessOwnCostOf: new Set(lessOwnCostOf) }) });
      await removeCounts(outDir, pids);
      return { result, ...counts };
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.restart();
      await copies.remove();
      // the restarted server runs as the dir's owner: it stays, and the dir goes as that user
      await removeUserTree(server.owner, outDir, { ending: [] });
      await rm(wrapper, { force: true });
    },
  };
}

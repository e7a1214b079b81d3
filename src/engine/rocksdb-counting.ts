/**
 * db_bench under cachegrind: the deterministic channel for RocksDB. An embedded engine has no server
 * to restart under valgrind: each counted run is the db_bench command itself run under it.
 *
 * What is counted: the whole db_bench process, every thread. In a counted run of a read step
 * (readrandom, fwdrange, revrange) no background work runs: the database is settled (no flush or
 * compaction is due) and the statistics dump comes every 600 s; both runs of N and 2N start from a
 * cold block cache and read the same keys in the same order (a fixed seed), and opening the database
 * costs the same in both, so the difference is the reads' own work, their block loads included.
 * overwrite's counted runs stay within one memtable (the profile's N: no flush, and with the WAL on
 * none at close); fillseq's (WAL off) fill less than one, which RocksDB flushes as db_bench closes
 * the database, on its flush thread while the benchmark waits: one flush of N or 2N keys, the same
 * work every time. The driver opens the SST files on one thread in every counted run (db-bench.ts
 * fixedCountArgs): racing file-opening threads made the memtable's skip list differ run to run. The
 * *whilewriting steps are not counted (their driver says why): their writer is paced by wall time,
 * and under valgrind's slowdown it would add writes per read that depend on the machine's speed.
 */
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { BuildNotCountableError, PipelineError } from "../common/errors.js";
import { cachegrindArgs, countedPids, readCounts, removeCounts, tail, unsupportedInstruction, valgrindVersion, type Subtracted } from "../measure/valgrind.js";
import type { SimulatedCaches } from "../measure/simulated-caches.js";
import { giveTo, type OsUser } from "../trust/unprivileged.js";
import { tailAsUser } from "../trust/user-files.js";
import { removeUserTree } from "../trust/user-trees.js";
import type { ClientCommand, InstructionCounter } from "./types.js";

/** The end of valgrind's messages about a counted run that is searched and shown. */
const VALGRIND_LOG_BYTES = 1024 * 1024;

export const DB_BENCH_COUNTED_WORK = "the db_bench process, all threads (no compaction in a counted run; fillseq's memtable flushed at close)";

/** `workDir`: root's, so that the counting dir made in it cannot be a symlink `owner` planted. */
export async function startCountingDbBench(options: { workDir: string; owner: OsUser | null; timeoutMs: number; cacheSim?: SimulatedCaches }): Promise<InstructionCounter> {
  await valgrindVersion();
  const outDir = path.join(options.workDir, "counting");
  await mkdir(outDir, { recursive: true });
  await giveTo(options.owner, outDir);
  const valgrindLog = path.join(outDir, "valgrind.log");
  return {
    tool: "cachegrind",
    counted: DB_BENCH_COUNTED_WORK,
    // every counted run is a new process on its own copy of the database: nothing carries over
    warmUp: false,
    async count<T>(command: ClientCommand, run: (command: ClientCommand) => Promise<T>, subtracted?: Subtracted) {
      const counted: ClientCommand = { file: "valgrind", args: [`--log-file=${valgrindLog}`, ...cachegrindArgs(outDir, command.file, options), ...command.args] };
      const result = await run(counted);
      const pids = await countedPids(outDir);
      try {
        const log = (await tailAsUser(options.owner, valgrindLog, VALGRIND_LOG_BYTES)) ?? "";
        const unsupported = unsupportedInstruction(log);
        if (unsupported) throw new BuildNotCountableError(`valgrind cannot run this build of db_bench: ${unsupported}`, tail(log));
        if (pids.length !== 1) throw new PipelineError(`a counted db_bench run left ${pids.length} cachegrind counts, expected 1 (its own process)`, log.slice(-4000));
        return { result, ...(await readCounts(outDir, pids, options.timeoutMs, "cachegrind", options.owner, { ...options, ...subtracted })) };
      } finally {
        await removeCounts(outDir, pids);
        await rm(valgrindLog, { force: true });
      }
    },
    stop: async () => void (await removeUserTree(options.owner, outDir)),
  };
}

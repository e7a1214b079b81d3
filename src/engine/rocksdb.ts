/**
 * RocksDB, embedded: no server; db_bench (the driver's process) opens a data directory itself.
 *
 * A variant's instance is a directory under the run's work dir. Each data set's load (db_bench fillseq,
 * flushed and compacted by the same command) writes a directory of its own, `data-N/`: two steps whose
 * data differ (keys, sizes, options) never load into one database. Settled, it is that data set's
 * database and nothing opens it again. Every measured or counted run gets its own copy (`runCopy`): the SST
 * files hard-linked (RocksDB never writes an SST after creating it: new data goes to new files with
 * new numbers, and a run's compactions delete only its own links), everything else copied (MANIFEST
 * and the WAL are appended to, CURRENT and OPTIONS rewritten); LOCK and the info LOG are left out (the
 * run creates its own). So a step that writes cannot change what the next round, or the other
 * variant, reads, and a copy of a 410 MB database costs a few milliseconds.
 *
 * The instance's directory is root's (mode 0750, group the driver's user's); data-N/, run-N/ and the
 * counting dir in it are the driver's user's, and what that user's process wrote there is copied and
 * read as that user (src/trust/user-files.ts): root following a symlink planted in them would leak what it
 * points to.
 */
import { appendFile, chmod, chown, mkdir, mkdtemp, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { PipelineError } from "../common/errors.js";
import { giveTo } from "../trust/unprivileged.js";
import { existsAsUser, runAsUser, tailAsUser } from "../trust/user-files.js";
import { removeUserTree } from "../trust/user-trees.js";
import { lastLines, programVersion } from "./program-output.js";
import { startCountingDbBench } from "./rocksdb-counting.js";
import type { EmbeddedEngine, EmbeddedInstance, PrepareOptions } from "./types.js";

/** The end of the load's LOG kept in the instance's log file. */
const LOAD_LOG_BYTES = 4 * 1024 * 1024;
/** The end of a run's LOG kept for the next error's excerpt. */
const RUN_LOG_BYTES = 256 * 1024;

export const rocksdbEngine: EmbeddedEngine = {
  kind: "embedded",
  name: "rocksdb",
  recipe: "rocksdb",
  programs: ["db_bench"],
  // "db_bench version 7.8.3"
  version: (binDir, user) => programVersion(binDir, "db_bench", user, /version (\d+(?:\.\d+)+\S*)/),
  // db_bench has no shutdown of its own to ask for: the data is a throw-away copy
  emergencySignal: "SIGKILL",
  prepare: prepareRocksdb,
};

/** What a run's copy takes from the settled database, and how. */
export function copyAction(fileName: string): "link" | "copy" | "skip" {
  if (fileName.endsWith(".sst") || fileName.endsWith(".blob")) return "link";
  if (fileName === "LOCK" || fileName === "LOG" || fileName.startsWith("LOG.old.")) return "skip";
  return "copy";
}

async function prepareRocksdb(options: PrepareOptions): Promise<EmbeddedInstance> {
  const { owner, registry, logFile } = options;
  await mkdir(options.workDir, { recursive: true });
  const root = await mkdtemp(path.join(options.workDir, "dbg-rocksdb-"));
  const handle = await registry.register(`rocksdb data ${root}`, async () => void (await removeUserTree(owner, root)));
  if (owner) {
    await chown(root, 0, owner.gid);
    await chmod(root, 0o750);
  }
  let [loads, copies] = [0, 0];
  /** A directory of the driver's user's in the instance, for the next load or a run's copy. */
  const userDir = async (name: string): Promise<string> => {
    const dir = path.join(root, name);
    await mkdir(dir);
    await giveTo(owner, dir);
    return dir;
  };
  let loadDir = await userDir(`data-${++loads}`);
  /** each data set's settled database, by its key */
  const settled = new Map<string, string>();

  /** The end of RocksDB's info LOG of a load, kept in the instance's log file. */
  const keepLoadLog = async (key: string, dataDir: string): Promise<void> => {
    const log = await tailAsUser(owner, path.join(dataDir, "LOG"), LOAD_LOG_BYTES);
    if (log !== null) await appendFile(logFile, `--- RocksDB LOG of the load of ${key} ---\n${log}`);
  };
  // the end of the last run's LOG, for the next error's excerpt (every run's would add up to megabytes)
  let lastRunLog: string | null = null;

  const instance: EmbeddedInstance = {
    loadDir: () => loadDir,
    async settle(key) {
      // The load command flushed and compacted (db_bench ... flush,waitforcompaction,compact): here the
      // database is only checked to be one, and its LOG kept.
      // as the driver's user: root would follow a link it planted there, and tell where it leads
      if (!(await existsAsUser(owner, path.join(loadDir, "CURRENT")))) throw new PipelineError(`the load of ${key} left no RocksDB database in ${loadDir} (no CURRENT file)`);
      await keepLoadLog(key, loadDir);
      const replaced = settled.get(key);
      settled.set(key, loadDir);
      loadDir = await userDir(`data-${++loads}`);
      if (replaced !== undefined) await removeUserTree(owner, replaced);
    },
    async runCopy(key) {
      const dataDir = settled.get(key);
      if (dataDir === undefined) throw new PipelineError(`no data set ${key} was loaded into ${root}`);
      const dir = await userDir(`run-${++copies}`);
      const names = await readdir(dataDir);
      const from = (action: ReturnType<typeof copyAction>) => names.filter((name) => copyAction(name) === action).map((name) => path.join(dataDir, name));
      // as the driver's user, who owns what it copies
      for (const [program, files] of [["ln", from("link")], ["cp", from("copy")]] as const) {
        if (files.length > 0) await runAsUser(owner, program, ["--", ...files, dir]);
      }
      return {
        dataDir: dir,
        remove: async () => {
          lastRunLog = (await tailAsUser(owner, path.join(dir, "LOG"), RUN_LOG_BYTES)) ?? lastRunLog;
          await removeUserTree(owner, dir);
        },
      };
    },
    async logTail(lines) {
      return lastLines(lastRunLog ?? (await readFile(logFile, "utf8").catch(() => "")), lines);
    },
    stop: () => handle.run(),
    startCounting: (counting) => startCountingDbBench({ workDir: root, owner, timeoutMs: counting?.timeoutMs ?? 120_000, ...(counting?.cacheSim && { cacheSim: counting.cacheSim }) }),
  };
  return instance;
}

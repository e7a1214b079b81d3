/**
 * RocksDB, embedded: no server; db_bench (the driver's process) opens a data directory itself.
 *
 * A variant's instance is a directory under the run's work dir. The steps' load (db_bench fillseq,
 * flushed and compacted by the same command) writes `data/`; from then on it is the settled database
 * and nothing opens it again. Every measured or counted run gets its own copy (`runCopy`): the SST
 * files hard-linked (RocksDB never writes an SST after creating it: new data goes to new files with
 * new numbers, and a run's compactions delete only its own links), everything else copied (MANIFEST
 * and the WAL are appended to, CURRENT and OPTIONS rewritten); LOCK and the info LOG are left out (the
 * run creates its own). So a step that writes cannot change what the next round, or the other
 * variant, reads, and a copy of a 410 MB database costs a few milliseconds.
 */
import { existsSync } from "node:fs";
import { appendFile, copyFile, link, mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { PipelineError } from "../errors.js";
import { giveTo } from "../unprivileged.js";
import { lastLines, programVersion } from "./program-output.js";
import { startCountingDbBench } from "./rocksdb-counting.js";
import type { EmbeddedEngine, EmbeddedInstance, PrepareOptions } from "./types.js";

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
  const handle = await registry.register(`rocksdb data ${root}`, () => rm(root, { recursive: true, force: true }));
  await giveTo(owner, root);
  const dataDir = path.join(root, "data");
  let copies = 0;

  /** RocksDB's info LOG of the load, kept in the instance's log file. */
  const keepLoadLog = async (): Promise<void> => {
    const log = await readFile(path.join(dataDir, "LOG"), "utf8").catch(() => null);
    if (log !== null) await appendFile(logFile, `--- RocksDB LOG of the load ---\n${log}`);
  };
  // the last run's LOG, for the next error's excerpt (every run's would add up to megabytes)
  const lastRunLog = path.join(root, "last-run.LOG");

  const instance: EmbeddedInstance = {
    dataDir,
    async settle() {
      // The load command flushed and compacted (db_bench ... flush,waitforcompaction,compact): here the
      // database is only checked to be one, and its LOG kept.
      if (!existsSync(path.join(dataDir, "CURRENT"))) throw new PipelineError(`the load left no RocksDB database in ${dataDir} (no CURRENT file)`);
      await keepLoadLog();
    },
    async runCopy() {
      const dir = path.join(root, `run-${++copies}`);
      await mkdir(dir);
      for (const name of await readdir(dataDir)) {
        const action = copyAction(name);
        if (action === "link") await link(path.join(dataDir, name), path.join(dir, name));
        else if (action === "copy") await copyFile(path.join(dataDir, name), path.join(dir, name));
      }
      await giveTo(owner, dir);
      return {
        dataDir: dir,
        remove: async () => {
          await copyFile(path.join(dir, "LOG"), lastRunLog).catch(() => undefined);
          await rm(dir, { recursive: true, force: true });
        },
      };
    },
    async logTail(lines) {
      const log = (await readFile(lastRunLog, "utf8").catch(() => null)) ?? (await readFile(logFile, "utf8").catch(() => ""));
      return lastLines(log, lines);
    },
    stop: () => handle.run(),
    startCounting: (counting) => startCountingDbBench({ workDir: root, owner, timeoutMs: counting?.timeoutMs ?? 120_000 }),
  };
  return instance;
}

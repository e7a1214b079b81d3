/** An exclusive lock between processes of this machine: a file holding its holder's pid. */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { CleanupRegistry } from "./cleanup.js";
import { PipelineError } from "./errors.js";
import { isRunning } from "../trust/processes.js";

/**
 * One holder at a time across processes: an exclusive lock file holding the holder's pid (one build
 * per key sharing a cache dir, build.ts; one run per runner, runner-lock.ts). A lock whose process is gone
 * (killed mid-build) is taken over; one held longer than `timeoutS` fails this build. `holding` says
 * what the holder does, for that error.
 */
export async function lockExclusively(lockFile: string, registry: CleanupRegistry, timeoutS: number, holding = "building the same commit"): Promise<() => Promise<void>> {
  await mkdir(path.dirname(lockFile), { recursive: true });
  const deadline = performance.now() + timeoutS * 1000;
  for (;;) {
    try {
      await writeFile(lockFile, String(process.pid), { flag: "wx" });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const holder = Number(await readFile(lockFile, "utf8").catch(() => ""));
    // An empty file is a lock being written, not a stale one.
    if (holder > 0 && !isRunning(holder)) await rm(lockFile, { force: true });
    else if (performance.now() > deadline) throw new PipelineError(`waited ${timeoutS} s for ${lockFile}, held by process ${holder} ${holding}: giving up`);
    else await sleep(1000, undefined, { signal: registry.signal });
  }
  const handle = await registry.register(`lock ${lockFile}`, () => rm(lockFile, { force: true }));
  return handle.run;
}

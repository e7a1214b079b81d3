/**
 * Last-resort cleanup of one job's root directory, for the action's post step: whatever a killed or
 * cancelled main step left there (servers, clients, worktrees, data dirs) is stopped and removed.
 */
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import { execa } from "execa";
import { childEnv } from "./child-env.js";
import { processesUnder } from "./processes.js";

export const STATE_JOB_ROOT = "job-root";
export const STATE_REPO = "repo";

function signalAll(pids: number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

/** Returns what it found to clean up, for the log. */
export async function removeJobRoot(root: string, repo: string | null): Promise<string[]> {
  const found: string[] = [];
  let pids = processesUnder(root);
  if (pids.length > 0) {
    found.push(`${pids.length} processes`);
    // SIGQUIT is PostgreSQL's immediate shutdown: the postmaster takes its backends and shared memory down.
    signalAll(pids, "SIGQUIT");
    for (let waited = 0; (pids = processesUnder(root)).length > 0 && waited < 5000; waited += 100) await sleep(100);
    signalAll(pids, "SIGKILL");
  }
  if (existsSync(root)) {
    found.push(root);
    await rm(root, { recursive: true, force: true });
  }
  if (repo && existsSync(repo)) await execa("git", ["-C", repo, "worktree", "prune"], { env: childEnv(process.env), extendEnv: false, reject: false });
  return found;
}

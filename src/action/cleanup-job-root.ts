/**
 * Last-resort cleanup of one job's root directory, for the action's post step: whatever a killed or
 * cancelled main step left there (servers, clients, builds, data dirs) is stopped and removed.
 */
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { execa } from "execa";
import { childEnv, JOB_MARKER } from "../child-env.js";
import { processesMarked, processesUnder, withProcessGroups } from "../processes.js";

export const STATE_JOB_ROOT = "job-root";
export const STATE_REPO = "repo";

/** The value of JOB_MARKER in the environment of every process the job with this root starts. */
export function jobMarker(root: string): string {
  return path.basename(root);
}

function signalAll(pids: number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

/**
 * The job's processes: those working under its root (every server chdirs to its data dir), those
 * carrying its marker (a daemon that changed to / still has it), and the rest of the process groups
 * they lead.
 */
export function jobProcesses(root: string): number[] {
  return withProcessGroups([...new Set([...processesUnder(root), ...processesMarked(JOB_MARKER, jobMarker(root))])]);
}

/** Returns what it found to clean up, for the log. */
export async function removeJobRoot(root: string, repo: string | null): Promise<string[]> {
  const found: string[] = [];
  let pids = jobProcesses(root);
  if (pids.length > 0) {
    found.push(`${pids.length} processes`);
    // SIGQUIT is PostgreSQL's immediate shutdown: the postmaster takes its backends and shared memory down.
    signalAll(pids, "SIGQUIT");
    for (let waited = 0; (pids = jobProcesses(root)).length > 0 && waited < 5000; waited += 100) await sleep(100);
    signalAll(pids, "SIGKILL");
  }
  if (existsSync(root)) {
    found.push(root);
    await rm(root, { recursive: true, force: true });
  }
  // a job of an older version may have left worktrees registered in the checkout
  if (repo && existsSync(repo)) await execa("git", ["-C", repo, "worktree", "prune"], { env: childEnv(process.env), extendEnv: false, reject: false });
  return found;
}

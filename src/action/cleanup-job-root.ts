/**
 * Last-resort cleanup of one job's root directory, for the action's post step: whatever a killed or
 * cancelled main step left there (servers, clients, builds, data dirs) is stopped and removed.
 */
import { existsSync } from "node:fs";
import { constants } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { execa } from "execa";
import { childEnv, JOB_MARKER } from "../trust/child-env.js";
import { processesOfJob, signalAll } from "../trust/processes.js";
import { heldByAnotherRun } from "../trust/runner-lock.js";
import { gateUsers, pullRequestUsers } from "../trust/unprivileged.js";
import { removeUserTree } from "../trust/user-trees.js";

export const STATE_JOB_ROOT = "job-root";
export const STATE_REPO = "repo";
/** The engine's emergencySignal, saved once the plan names the engine. */
export const STATE_STOP_SIGNAL = "stop-signal";

/** The value of JOB_MARKER in the environment of every process the job with this root starts. */
export function jobMarker(root: string): string {
  return path.basename(root);
}

/** The saved stop signal when it names one, else SIGTERM (the job died before its plan named the engine). */
export function stopSignal(saved: string): NodeJS.Signals {
  return saved in constants.signals ? (saved as NodeJS.Signals) : "SIGTERM";
}

const jobProcesses = (root: string): number[] => processesOfJob(root, JOB_MARKER, jobMarker(root));

export interface JobRootCleanup {
  /** what it found to clean up, for the log */
  found: string[];
  /**
   * processes of the pull request users still there 10 s after SIGKILL (in uninterruptible sleep: they go
   * when they wake). Not a failure of the job, whose results are in: what they wrote is removed all the
   * same (as their users), and the next run refuses to start beside them.
   */
  left: string[];
}

/**
 * Stops the job's processes with `signal` (the engine's emergencySignal: PostgreSQL's SIGQUIT takes the
 * postmaster's backends and shared memory down), then SIGKILL, then every process left of the pull
 * request users (a daemon that shed the marker and the root: user-processes.ts); removes the root as its
 * users (user-trees.ts).
 */
export async function removeJobRoot(root: string, repo: string | null, signal: NodeJS.Signals = "SIGTERM"): Promise<JobRootCleanup> {
  const found: string[] = [];
  let pids = jobProcesses(root);
  if (pids.length > 0) {
    found.push(`${pids.length} processes`);
    signalAll(pids, signal);
    for (let waited = 0; (pids = jobProcesses(root)).length > 0 && waited < 5000; waited += 100) await sleep(100);
    signalAll(pids, "SIGKILL");
  }
  const there = existsSync(root);
  // the pull request users' processes, unless a run of another job that holds the machine now owns
  // them (removed as the users, this job's root is safe to take without ending them); the trusted
  // user's may be another job's build, and trusted code does not race root
  const ending = (await heldByAnotherRun()) ? [] : await pullRequestUsers();
  const { ended, left } = await removeUserTree(await gateUsers(), root, { ending });
  if (ended.length > 0) found.push(`${ended.length} processes of the pull request users (${ended.join(", ")})`);
  if (there) found.push(root);
  // a job of an older version may have left worktrees registered in the checkout
  if (repo && existsSync(repo)) await execa("git", ["-C", repo, "worktree", "prune"], { env: childEnv(process.env), extendEnv: false, reject: false });
  return { found, left };
}

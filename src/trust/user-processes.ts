/**
 * Ending every process of the users that run pull requests' code, found by uid: a daemon that did
 * setsid, `env -i` (the job marker gone) and chdir("/") still runs as its user. Done before each run
 * (what an earlier job left, said in the log), after the builds (nothing of theirs may run beside the
 * servers), before a tree a user wrote is removed (src/trust/user-trees.ts), when the run ends, and by the
 * action's post step. As root only: the users exist only then, and without root there is no one else's
 * process to end. Right on a runner dedicated to the gate (one job at a time): a second run on the
 * machine needs users of its own (DBG_USER_PREFIX).
 */
import { setTimeout as sleep } from "node:timers/promises";
import { execa } from "execa";
import { PipelineError } from "../common/errors.js";
import { commandOf, processesOfUsers } from "./processes.js";
import { removeScheduledJobs } from "./scheduled-jobs.js";
import { asUser, pullRequestUsers, type OsUser } from "./unprivileged.js";

/** How long processes may take to go after SIGKILL (one in uninterruptible sleep) before they are reported as left. */
const GONE_WITHIN_MS = 10_000;

export interface EndedProcesses {
  /** what was ended, for the log: "1234 (sleep, dbbench-pr)" */
  ended: string[];
  /** what was still there GONE_WITHIN_MS after SIGKILL (in uninterruptible sleep): "1234 (sleep)" */
  left: string[];
}

/**
 * Sends `signal` to every process of `user`: kill(-1) as that user, which the kernel applies to all of
 * them at once. By bash's builtin kill, not procps-ng's program: procps-ng 4.0.4 (Debian 13) refuses
 * `kill -STOP -1` ("failed to parse argument: '(null)'") and 4.0.2 (Debian 12) `kill -s STOP -- -1`;
 * the emulated arm64 run, in a Debian 13 tree, stopped nothing and failed its first warm-up
 * (2026-12-05). Fails quietly when the user has no process left to signal: callers check what is left.
 */
export async function signalEveryProcessOf(user: OsUser, signal: "KILL" | "STOP" | "CONT"): Promise<void> {
  await execa("bash", ["-c", `kill -${signal} -1`], { ...asUser(user), reject: false });
}

/**
 * Ends every process of `users` with SIGKILL, after removing their crontabs and at jobs (which would
 * start their code again after the kill: scheduled-jobs.ts). Each user kills its own with kill(-1),
 * which the kernel applies to all of them at once: a process forking meanwhile cannot leave a child
 * behind. A process in uninterruptible sleep goes only when it wakes: what is still there after
 * GONE_WITHIN_MS is returned as left, for the caller to decide.
 */
export async function endProcessesOf(users: readonly OsUser[]): Promise<EndedProcesses> {
  refuseRunnersOwn(users, "end");
  const unscheduled = await removeScheduledJobs(users);
  const found = users.map((user) => ({ user, pids: processesOfUsers([user.uid]) })).filter(({ pids }) => pids.length > 0);
  const ended = [...unscheduled, ...found.flatMap(({ user, pids }) => pids.map((pid) => `${pid} (${commandOf(pid)}, ${user.name})`))];
  const uids = found.map(({ user }) => user.uid);
  let left = processesOfUsers(uids);
  for (let waited = 0; left.length > 0 && waited < GONE_WITHIN_MS; waited += 100) {
    if (waited % 1000 === 0) {
      // what is left is checked below
      for (const { user } of found) await signalEveryProcessOf(user, "KILL");
    }
    await sleep(100);
    left = processesOfUsers(uids);
  }
  return { ended, left: left.map((pid) => `${pid} (${commandOf(pid)})`) };
}

/**
 * Ends every process of the pull request users (endProcessesOf); returns what it ended, for the log.
 * Throws when one is still there: a run must not start, nor measure, beside it.
 */
export async function endPullRequestProcesses(): Promise<string[]> {
  const { ended, left } = await endProcessesOf(await pullRequestUsers());
  if (left.length > 0) throw new PipelineError(`processes of the pull request users are still running after SIGKILL: ${left.join(", ")}`);
  return ended;
}

/**
 * kill(-1) as root, or as the runner's own user, would signal every process of the machine or of the
 * runner itself: a user of the fork's code is never either, so such a request is a bug, refused.
 */
export function refuseRunnersOwn(users: readonly OsUser[], verb: string): void {
  const own = users.find((user) => user.uid === 0 || user.uid === process.getuid?.());
  if (own) throw new PipelineError(`refusing to ${verb} every process of ${own.name} (uid ${own.uid}): the runner's own user, not one of the fork's code`);
}

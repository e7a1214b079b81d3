/**
 * Ending every process of the users that run pull requests' code, found by uid: a daemon that did
 * setsid, `env -i` (the job marker gone) and chdir("/") still runs as its user. Done before each run
 * (what an earlier job left, said in the log), after the builds (nothing of theirs may run beside the
 * servers), when the run ends, and by the action's post step. As root only: the users exist only then,
 * and without root there is no one else's process to end. Right on a runner dedicated to the gate (one
 * job at a time): a second run on the machine needs users of its own (DBG_USER_PREFIX).
 */
import { setTimeout as sleep } from "node:timers/promises";
import { execa } from "execa";
import { PipelineError } from "./errors.js";
import { commandOf, processesOfUsers } from "./processes.js";
import { removeScheduledJobs } from "./scheduled-jobs.js";
import { asUser, pullRequestUsers } from "./unprivileged.js";

/** How long processes may take to go after SIGKILL (one in uninterruptible sleep) before it is an error. */
const GONE_WITHIN_MS = 10_000;

/**
 * Ends every process of the pull request users with SIGKILL, after removing their crontabs and at jobs;
 * returns what it ended ("crontab of dbbench-pr", "1234 (sleep, dbbench-pr)"), for the log. Each user kills its own with kill(-1), which the kernel applies to all
 * of them at once: a process forking meanwhile cannot leave a child behind. Throws when one is still
 * there after GONE_WITHIN_MS.
 */
export async function endPullRequestProcesses(): Promise<string[]> {
  const users = await pullRequestUsers();
  // first: cron and at would start their code again after the kill (scheduled-jobs.ts)
  const unscheduled = await removeScheduledJobs(users);
  const found = users.map((user) => ({ user, pids: processesOfUsers([user.uid]) })).filter(({ pids }) => pids.length > 0);
  const described = [...unscheduled, ...found.flatMap(({ user, pids }) => pids.map((pid) => `${pid} (${commandOf(pid)}, ${user.name})`))];
  const uids = found.map(({ user }) => user.uid);
  let left = processesOfUsers(uids);
  for (let waited = 0; left.length > 0; waited += 100) {
    if (waited >= GONE_WITHIN_MS) throw new PipelineError(`processes of the pull request users are still running after SIGKILL: ${left.map((pid) => `${pid} (${commandOf(pid)})`).join(", ")}`);
    if (waited % 1000 === 0) {
      // kill exits non-zero when it found nothing more to signal: what is left is checked below
      for (const { user } of found) await execa("kill", ["-KILL", "-1"], { ...asUser(user), reject: false });
    }
    await sleep(100);
    left = processesOfUsers(uids);
  }
  return described;
}

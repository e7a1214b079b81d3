/**
 * The variant not being measured is stopped while the other's round runs (issue 36 item 6): head's
 * code, which can see base's clients in /proc, cannot burn CPU, memory bandwidth or page cache only
 * while base is measured. Every process of the variant's user (its server, what the server or its
 * clients left running) gets SIGSTOP from kill(-1) run as that user, which the kernel delivers to all
 * of them in one pass under the task list's lock: a process forking meanwhile leaves no child running.
 * A cgroup freezer would need every process moved into the group first, where a process forking during
 * the move escapes it. A process stopped so sees a SIGCONT when its round comes (it learns the
 * schedule, not more: it cannot run while the other is measured). As root only: without a user of its
 * own, a variant's processes are the runner's.
 */
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { PipelineError } from "../common/errors.js";
import { processesOfUsers } from "./processes.js";
import type { OsUser } from "./unprivileged.js";
import { refuseRunnersOwn, signalEveryProcessOf } from "./user-processes.js";

/** How long the user's processes may take to stop (one in uninterruptible sleep stops when it wakes) before it is an error. */
const STOPPED_WITHIN_MS = 10_000;

/** A process's state letter (/proc/<pid>/stat); null once it is gone. */
function stateOf(pid: number): string | null {
  try {
    return /^\d+ \(.*\) (\S)/.exec(readFileSync(`/proc/${pid}/stat`, "utf8"))?.[1] ?? null;
  } catch {
    return null;
  }
}

/** Stops (`frozen`: and waits until every process of `user` is stopped, since a signal lands when its process next runs) or resumes every process of `user`. */
export async function freezeUser(user: OsUser, frozen: boolean): Promise<void> {
  refuseRunnersOwn([user], frozen ? "stop" : "resume");
  // nothing to stop when the user has no process left
  await signalEveryProcessOf(user, frozen ? "STOP" : "CONT");
  if (!frozen) return;
  const running = () => processesOfUsers([user.uid]).filter((pid) => !["T", "t", "Z", "X", null].includes(stateOf(pid)));
  for (let waited = 0, left = running(); left.length > 0; waited += 10, left = running()) {
    if (waited >= STOPPED_WITHIN_MS) throw new PipelineError(`processes of ${user.name} still run ${STOPPED_WITHIN_MS / 1000} s after SIGSTOP: ${left.join(", ")}`);
    await sleep(10);
  }
}

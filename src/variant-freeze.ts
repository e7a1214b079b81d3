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
import { execa } from "execa";
import { asUser, type OsUser } from "./unprivileged.js";

/** Stops (`frozen`) or resumes every process of `user`. */
export async function freezeUser(user: OsUser, frozen: boolean): Promise<void> {
  // kill exits non-zero when the user has no process left to signal: nothing to stop then
  await execa("kill", [frozen ? "-STOP" : "-CONT", "-1"], { ...asUser(user), reject: false });
}

/**
 * The action's post step: runs after the job whatever happened (success, failure, cancellation) and
 * removes what a killed main step could not: servers, source trees and temp dirs under the job root.
 */
import * as core from "@actions/core";
import { commandFree } from "./job-log.js";
import { removeJobRoot, STATE_JOB_ROOT, STATE_REPO, STATE_STOP_SIGNAL, stopSignal } from "./cleanup-job-root.js";

const jobRoot = core.getState(STATE_JOB_ROOT);
if (jobRoot) {
  const { found, left } = await removeJobRoot(jobRoot, core.getState(STATE_REPO) || null, stopSignal(core.getState(STATE_STOP_SIGNAL)));
  // the paths are under the job root, named by whatever ran there
  core.info(commandFree(found.length ? `post: cleaned up ${found.join(", ")}` : "post: nothing left to clean up"));
  if (left.length > 0) core.warning(commandFree(`post: still running 10 s after SIGKILL (in uninterruptible sleep; the next run will not start beside them): ${left.join(", ")}`));
}

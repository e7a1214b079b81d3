import { createRequire as __dbgCreateRequire } from 'node:module'; const require = __dbgCreateRequire(import.meta.url);
import {
  STATE_JOB_ROOT,
  STATE_REPO,
  STATE_STOP_SIGNAL,
  commandFree,
  getState,
  info,
  removeJobRoot,
  stopSignal,
  warning
} from "./chunks/chunk-HADDUGYM.js";
import "./chunks/chunk-7W2LAUL5.js";

// src/action/post.ts
var jobRoot = getState(STATE_JOB_ROOT);
if (jobRoot) {
  const { found, left } = await removeJobRoot(jobRoot, getState(STATE_REPO) || null, stopSignal(getState(STATE_STOP_SIGNAL)));
  info(commandFree(found.length ? `post: cleaned up ${found.join(", ")}` : "post: nothing left to clean up"));
  if (left.length > 0) warning(commandFree(`post: still running 10 s after SIGKILL (in uninterruptible sleep; the next run will not start beside them): ${left.join(", ")}`));
}

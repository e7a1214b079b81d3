import { createRequire as __dbgCreateRequire } from 'node:module'; const require = __dbgCreateRequire(import.meta.url);
import {
  STATE_JOB_ROOT,
  STATE_REPO,
  STATE_STOP_SIGNAL,
  commandFree,
  getState,
  info,
  removeJobRoot,
  stopSignal
} from "./chunks/chunk-4O4ES4IE.js";
import "./chunks/chunk-ZGBAQB66.js";

// src/action/post.ts
var jobRoot = getState(STATE_JOB_ROOT);
if (jobRoot) {
  const removed = await removeJobRoot(jobRoot, getState(STATE_REPO) || null, stopSignal(getState(STATE_STOP_SIGNAL)));
  info(commandFree(removed.length ? `post: cleaned up ${removed.join(", ")}` : "post: nothing left to clean up"));
}

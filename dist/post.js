import { createRequire as __dbgCreateRequire } from 'node:module'; const require = __dbgCreateRequire(import.meta.url);
import {
  STATE_JOB_ROOT,
  STATE_REPO,
  getState,
  info,
  removeJobRoot
} from "./chunks/chunk-PME2NQRQ.js";
import "./chunks/chunk-Y3MN3FRU.js";

// src/action/post.ts
var jobRoot = getState(STATE_JOB_ROOT);
if (jobRoot) {
  const removed = await removeJobRoot(jobRoot, getState(STATE_REPO) || null);
  info(removed.length ? `post: cleaned up ${removed.join(", ")}` : "post: nothing left to clean up");
}

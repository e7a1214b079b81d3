/**
 * Which cache namespace (and which unprivileged user) a run builds with. Only the default branch's own
 * runs are trusted: a baseline of the commit pushed to it, the scheduled flags run of its head. Every
 * other build (pull requests, a ref given as input, manual runs) is "pr": it reads the trusted cache
 * and never writes it.
 */
import type { TrustLevel } from "../trust/unprivileged.js";
import type { GitHubEvent } from "./event.js";
import type { Mode } from "./inputs.js";

export function trustLevelOf(mode: Mode, event: GitHubEvent, commit: string, env: NodeJS.ProcessEnv): TrustLevel {
  if (mode === "baseline" && event.kind === "push" && event.isDefaultBranch && commit === event.sha) return "trusted";
  // a scheduled run checks out the default branch at GITHUB_SHA
  if (mode === "flags" && event.kind === "schedule" && commit === env.GITHUB_SHA) return "trusted";
  return "pr";
}

/**
 * A detached git worktree of one commit in a temp dir: the user's checkout, index and branches are
 * never touched. Removal deletes the directory and prunes git's record of it.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { execa } from "execa";
import { childEnv } from "../child-env.js";
import type { CleanupRegistry } from "../cleanup.js";
import { InputError, PipelineError } from "../errors.js";

function git(repo: string, args: string[]) {
  return execa("git", ["-C", repo, ...args], { env: childEnv(process.env), extendEnv: false, reject: false });
}

/** The full sha of `commitish` in `repo`; an unknown ref or a path that is no git repo is an input error. */
export async function resolveCommit(repo: string, commitish: string): Promise<string> {
  const result = await git(repo, ["rev-parse", "--verify", "--end-of-options", `${commitish}^{commit}`]);
  if (result.failed) {
    throw new InputError(`cannot resolve "${commitish}" to a commit: ${result.stderr.trim()}`, repo);
  }
  return result.stdout.trim();
}

export interface Worktree {
  /** The source root of the checked-out commit. */
  path: string;
  commit: string;
  remove(): Promise<void>;
}

export async function addWorktree(repo: string, commit: string, registry: CleanupRegistry): Promise<Worktree> {
  // Same prefix and random-suffix length for every worktree: the compiler sees same-shaped paths.
  const dir = await mkdtemp(path.join(os.tmpdir(), "dbg-wt-"));
  const handle = await registry.register(`worktree ${dir}`, async () => {
    await git(repo, ["worktree", "remove", "--force", dir]);
    await rm(dir, { recursive: true, force: true });
    await git(repo, ["worktree", "prune"]);
  });
  const added = await git(repo, ["worktree", "add", "--detach", dir, commit]);
  if (added.failed) {
    await handle.run();
    throw new PipelineError(`git worktree add of ${commit} failed`, `${added.stderr}`.trim());
  }
  return { path: dir, commit, remove: handle.run };
}

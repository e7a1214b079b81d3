/**
 * The files of one commit, exported into a temp dir (`git archive | tar -x`): no .git, so nothing in
 * the tree leads back to the checkout's config, where actions/checkout may have left a token. The
 * user's checkout, index and branches are never touched.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { execa } from "execa";
import { childEnv } from "../child-env.js";
import type { CleanupRegistry } from "../cleanup.js";
import { InputError, PipelineError } from "../errors.js";
import { giveTo, type OsUser } from "../unprivileged.js";

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

export interface SourceTree {
  /** The source root of the exported commit. */
  path: string;
  commit: string;
  remove(): Promise<void>;
}

/** Exports `commit` of `repo` and hands the tree to `owner` (who builds in it). */
export async function exportSourceTree(repo: string, commit: string, owner: OsUser | null, registry: CleanupRegistry): Promise<SourceTree> {
  // Same prefix and random-suffix length for every tree: the compiler sees same-shaped paths (ccache).
  const dir = await mkdtemp(path.join(os.tmpdir(), "dbg-wt-"));
  const handle = await registry.register(`source tree ${dir}`, () => rm(dir, { recursive: true, force: true }));
  const exported = await execa("git", ["-C", repo, "archive", "--format=tar", commit], { env: childEnv(process.env), extendEnv: false, buffer: false })
    .pipe("tar", ["-x", "-C", dir], { env: childEnv(process.env), extendEnv: false })
    .catch((e: Error) => e);
  if (exported instanceof Error) {
    await handle.run();
    throw new PipelineError(`exporting ${commit} from ${repo} failed`, exported.message);
  }
  await giveTo(owner, dir);
  return { path: dir, commit, remove: handle.run };
}

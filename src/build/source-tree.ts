/**
 * The files of one commit, exported into a temp dir (`git archive | tar -x`): no .git, so nothing in
 * the tree leads back to the checkout's config, where actions/checkout may have left a token. The
 * user's checkout, index and branches are never touched.
 */
import { mkdir, mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { execa } from "execa";
import { childEnv } from "../trust/child-env.js";
import type { CleanupRegistry } from "../common/cleanup.js";
import { InputError, PipelineError } from "../common/errors.js";
import { giveTo, type OsUser } from "../trust/unprivileged.js";
import { removeUserTree } from "../trust/user-trees.js";

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

/** The submodules (gitlinks) of `commit`: where each goes in the tree and the commit it is at. */
export function parseGitlinks(lsTree: string): { path: string; commit: string }[] {
  return lsTree
    .split("\0")
    .filter((entry) => entry.startsWith("160000 commit "))
    .map((entry) => {
      const [meta, file] = entry.split("\t") as [string, string];
      return { path: file, commit: meta.split(" ")[2]! };
    });
}

/** The git dir holding a submodule's objects: its checkout in the superproject's work tree, or .git/modules/<path>. */
async function submoduleRepo(repo: string, submodule: { path: string; commit: string }): Promise<string | null> {
  const modules = await git(repo, ["rev-parse", "--path-format=absolute", "--git-path", `modules/${submodule.path}`]);
  for (const candidate of [path.join(repo, submodule.path), ...(modules.failed ? [] : [modules.stdout.trim()])]) {
    const found = await git(candidate, ["cat-file", "-e", `${submodule.commit}^{commit}`]);
    if (!found.failed) return candidate;
  }
  return null;
}

/** `git archive` of `commit` unpacked into `dir`, then its submodules at their recorded commits, recursively. */
async function exportInto(repo: string, commit: string, dir: string): Promise<void> {
  const exported = await execa("git", ["-C", repo, "archive", "--format=tar", commit], { env: childEnv(process.env), extendEnv: false, buffer: false })
    .pipe("tar", ["-x", "-C", dir], { env: childEnv(process.env), extendEnv: false })
    .catch((e: Error) => e);
  if (exported instanceof Error) throw new PipelineError(`exporting ${commit} from ${repo} failed`, exported.message);
  const listed = await git(repo, ["ls-tree", "-r", "-z", "--full-tree", commit]);
  if (listed.failed) throw new PipelineError(`listing ${commit} in ${repo} failed`, listed.stderr);
  for (const submodule of parseGitlinks(listed.stdout)) {
    const from = await submoduleRepo(repo, submodule);
    if (!from) {
      throw new InputError(`submodule ${submodule.path} at ${submodule.commit.slice(0, 12)} is not in the repository: fetch it first (git submodule update --init --recursive)`, repo);
    }
    await mkdir(path.join(dir, submodule.path), { recursive: true });
    await exportInto(from, submodule.commit, path.join(dir, submodule.path));
  }
}

/**
 * Exports `commit` of `repo` (with its submodules) under `parent` and hands the tree to `owner` (who
 * builds in it).
 */
export async function exportSourceTree(repo: string, commit: string, owner: OsUser | null, registry: CleanupRegistry, parent = os.tmpdir()): Promise<SourceTree> {
  // Same prefix and random-suffix length for every tree: the compiler sees same-shaped paths (ccache).
  const dir = await mkdtemp(path.join(parent, "dbg-wt-"));
  const handle = await registry.register(`source tree ${dir}`, async () => void (await removeUserTree(owner, dir)));
  try {
    await exportInto(repo, commit, dir);
  } catch (e) {
    await handle.run();
    throw e;
  }
  await giveTo(owner, dir);
  return { path: dir, commit, remove: handle.run };
}

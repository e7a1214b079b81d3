/**
 * Removing trees the fork's users wrote in: source trees and temp dirs of builds, servers' data roots,
 * a run's copies, cache entries, the job root. Node's recursive rm (and any walk by path done as root)
 * checks that an entry is a directory, then lists and deletes below it by path: a process of the user,
 * still running, that swaps a subdirectory with a symlink in between (renameat2 RENAME_EXCHANGE in a
 * loop) makes root delete the tree the link leads to, /etc as well as anything. So a removal here
 *   1. ends every process of the tree's users (src/trust/user-processes.ts): nothing of theirs is left to race;
 *   2. has each directory a user owns emptied by that user (find -delete: it never follows a link, and
 *      as the user it could only delete what the user can delete anyway);
 *   3. leaves root its own part only: it lists only directories it owns whose entries nobody else can
 *      replace (writable by root alone, or sticky like /tmp), unlinks the files and links in them
 *      (unlink never follows a link), and removes the directories with rmdir, which removes nothing
 *      but an empty directory.
 * Without root the tree is all the current user's, who runs the fork's code anyway: a plain rm.
 */
import type { Stats } from "node:fs";
import { lstat, mkdtemp, readdir, rm, rmdir, stat, unlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { execa } from "execa";
import { childEnv } from "./child-env.js";
import type { CleanupRegistry } from "../common/cleanup.js";
import { PipelineError } from "../common/errors.js";
import { endProcessesOf, type EndedProcesses } from "./user-processes.js";
import { asUser, giveTo, type OsUser } from "./unprivileged.js";

/** An emptying taking longer is of something planted to make it hang (a large ccache takes a minute). */
const EMPTY_TIMEOUT_MS = 15 * 60_000;
/** What is kept of find's complaints, for the error. */
const MAX_ERROR_BYTES = 64 * 1024;

/**
 * Removes `tree` (a directory or anything else), of which `owners` (the users the fork's code ran as
 * there) own parts and root the rest: their processes ended first, their directories emptied as
 * themselves, root's removed by root. Returns the processes it ended (and any still there after
 * SIGKILL: what it removed is gone all the same). A directory of a user not among `owners`, or one of
 * root's whose entries another user could replace, is left and named in the PipelineError.
 *
 * `ending` names the users whose processes are ended, when not all the owners: none leaves a server
 * that must go on; the pull request users leave the trusted build user's, which another run's build
 * (trusted code, not racing anyone) may be. Root's safety does not rest on the ending of trusted
 * processes, only on nothing hostile writing in the tree while it goes.
 */
export async function removeUserTree(owners: OsUser | null | readonly OsUser[], tree: string, { ending }: { ending?: readonly OsUser[] } = {}): Promise<EndedProcesses> {
  if (process.getuid?.() !== 0) {
    await rm(tree, { recursive: true, force: true });
    return { ended: [], left: [] };
  }
  // what the runner's own user owns is root's to remove, and its processes are not to be ended
  const users = [owners].flat().filter((user): user is OsUser => user !== null && user.uid !== 0);
  const ended = await endProcessesOf((ending ?? users).filter((user) => user.uid !== 0));
  const info = await lstatOrNull(tree);
  if (info) await removeEntry(tree, info, await stat(path.dirname(tree)), new Map(users.map((user) => [user.uid, user])));
  return ended;
}

/**
 * Whether the root-owned entries of dir `info` stay the ones root listed: root's, and writable by nobody
 * else (group-writable only for root's own group: git archive's trees are 775) or sticky (/tmp's 1777).
 */
function keepsRootsEntries(info: Stats): boolean {
  const othersWrite = (info.mode & 0o002) !== 0 || ((info.mode & 0o020) !== 0 && info.gid !== 0);
  return info.uid === 0 && (!othersWrite || (info.mode & 0o1000) !== 0);
}

/** Removes `entry` (its stats `info`), in a dir (stats `parent`) that root has checked or the caller trusts. */
async function removeEntry(entry: string, info: Stats, parent: Stats, owners: ReadonlyMap<number, OsUser>): Promise<void> {
  if (!info.isDirectory()) {
    await ignoreMissing(unlink(entry));
    return;
  }
  if (info.uid === 0) {
    // another user able to rename it could put a link in its place between this check and the listing
    if (!keepsRootsEntries(parent)) throw new PipelineError(`${entry} is not removed: it is root's, in a directory others can write to`);
    for (const name of await readdir(entry)) {
      const child = path.join(entry, name);
      const childInfo = await lstatOrNull(child);
      if (childInfo) await removeEntry(child, childInfo, info, owners);
    }
  } else {
    const owner = owners.get(info.uid);
    if (!owner) throw new PipelineError(`${entry} is not removed: it belongs to uid ${info.uid}, not to ${[...owners.values()].map((user) => user.name).join(", ") || "root"}`);
    await emptyAsUser(owner, entry);
  }
  try {
    await ignoreMissing(rmdir(entry));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOTEMPTY") throw e;
    throw new PipelineError(`${entry} is not removed: something was written in it while it was being removed`);
  }
}

/**
 * Removes everything in `dir`, a directory of `owner`'s, as `owner`. It runs in `dir` (root changes into
 * it before becoming the user: `dir` may be behind a root-only dir, such as a closed ccache gate), so
 * it reaches nothing the user could not reach from there itself. A first failure (a build leaves
 * read-only dirs; a dir handed over after root took its build back holds root's entries) is retried
 * once root has handed the user everything in there, with chown -R from inside the dir (it walks by
 * file descriptor and follows no link), and the user has given itself every right on it.
 */
async function emptyAsUser(owner: OsUser, dir: string): Promise<void> {
  const limits = { cwd: dir, env: childEnv(process.env), extendEnv: false, stdin: "ignore", reject: false, timeout: EMPTY_TIMEOUT_MS, maxBuffer: MAX_ERROR_BYTES } as const;
  const options = { ...limits, ...asUser(owner) } as const;
  const empty = () => execa("find", [".", "-mindepth", "1", "-delete"], options);
  let emptied = await empty();
  if (emptied.failed) {
    await execa("chown", ["-R", "-P", "-h", `${owner.uid}:${owner.gid}`, "."], limits);
    await execa("chmod", ["-R", "u+rwX", "."], options);
    emptied = await empty();
  }
  if (emptied.failed) throw new PipelineError(`cannot remove what ${owner.name} wrote in ${dir}`, emptied.stderr || emptied.message);
}

async function lstatOrNull(entry: string): Promise<Stats | null> {
  return ignoreMissing(lstat(entry));
}

async function ignoreMissing<T>(operation: Promise<T>): Promise<T | null> {
  try {
    return await operation;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
}

/** A temp dir of `user`'s, removed (removeUserTree) with the registry's cleanup: its TMPDIR, where the caller's may not be writable by it. */
export async function userTempDir(user: OsUser | null, registry: CleanupRegistry, parent = os.tmpdir()): Promise<{ path: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(parent, "dbg-tmp-"));
  const handle = await registry.register(`temp dir ${dir}`, async () => void (await removeUserTree(user, dir)));
  await giveTo(user, dir);
  return { path: dir, remove: handle.run };
}

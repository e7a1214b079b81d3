/**
 * Code from the fork (configure, make, install, the server, the benchmark clients) runs as an
 * unprivileged user, never as the runner's: another uid cannot read /proc/<pid>/environ of the action
 * or the runner (where the tokens are), nor write what the runner owns. Builds run as one user per
 * trust level: pull requests build as "dbbench-pr" and can only read what trusted builds ("dbbench",
 * runs on the default branch) left in the cache. Each variant of a run (base, head, each flag set) then
 * runs its server, data and clients as a user of its own ("dbbench-pr-v0", "dbbench-pr-v1", ...), so
 * that head's code cannot signal base's server nor touch its data. Without root there is nobody to
 * switch to: the code runs as the current user, and unprivilegedWarning() says what that means.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { execa } from "execa";
import { childEnv } from "./child-env.js";
import { InputError, PipelineError } from "../common/errors.js";
import { denyScheduling } from "./scheduled-jobs.js";

/** "trusted": the default branch's baseline and flags runs; "pr": everything else (pull requests, the CLI). */
export type TrustLevel = "trusted" | "pr";

/**
 * The users' names start with it: DBG_USER_PREFIX, default "dbbench". Every process of the pull
 * request users is ended before and after each run (user-processes.ts): two runs on one machine (the
 * test suite beside a job) each need their own.
 */
function userPrefix(): string {
  const prefix = process.env.DBG_USER_PREFIX ?? "dbbench";
  if (!/^[a-z_][a-z0-9_-]{0,19}$/.test(prefix)) throw new InputError(`DBG_USER_PREFIX "${prefix}" is not a user name start: lower-case letters, digits, _ and -, at most 20`, undefined, "DBG_USER_PREFIX");
  return prefix;
}

/** Who builds the code of this trust level: "dbbench" (trusted), "dbbench-pr". */
export function unprivilegedUserName(trust: TrustLevel): string {
  return trust === "trusted" ? userPrefix() : `${userPrefix()}-pr`;
}

/**
 * Who builds a pull request's base (build.ts BuildRequest.trustedInputsOnly): "dbbench-pr-base", not the
 * PR builds' user, whose files and processes the pull request's code may have left behind.
 */
export function baseBuildUserName(): string {
  return `${unprivilegedUserName("pr")}-base`;
}

/** Who runs the variant at `index` of a run of this trust level: "dbbench-pr-v0", "dbbench-pr-v1", ... */
export function variantUserName(trust: TrustLevel, index: number): string {
  return `${unprivilegedUserName(trust)}-v${index}`;
}

const NO_HOME = "/nonexistent";

export interface OsUser {
  name: string;
  uid: number;
  gid: number;
}

const lookups = new Map<string, Promise<OsUser | null>>();

/** The user `name`, created on first use; null when not root. */
function userNamed(name: string): Promise<OsUser | null> {
  let lookup = lookups.get(name);
  if (!lookup) {
    lookup = process.getuid?.() === 0 ? lookUpOrCreate(name) : Promise.resolve(null);
    lookups.set(name, lookup);
  }
  return lookup;
}

/** The user code of this trust level builds as, created on first use; null when not root. */
export function unprivilegedUser(trust: TrustLevel): Promise<OsUser | null> {
  return userNamed(unprivilegedUserName(trust));
}

/** The user that builds pull requests' bases (baseBuildUserName), created on first use; null when not root. */
export function baseBuildUser(): Promise<OsUser | null> {
  return userNamed(baseBuildUserName());
}

/** The user the variant at `index` runs as (its server, data and clients), created on first use; null when not root. */
export function variantUser(trust: TrustLevel, index: number): Promise<OsUser | null> {
  return userNamed(variantUserName(trust, index));
}

/**
 * The users that run pull requests' code and exist on this machine: the PR builds', the PR bases'
 * builds' and the PR variants'. None when not root (nobody else's processes to end then).
 */
export function pullRequestUsers(): Promise<OsUser[]> {
  return existingUsers(["pr"]);
}

/** Every user of the gate that exists on this machine, of both trust levels (a job root holds what any of them wrote); none when not root. */
export function gateUsers(): Promise<OsUser[]> {
  return existingUsers(["trusted", "pr"]);
}

/** The builds' and the variants' users of `trusts` that exist on this machine; none when not root. */
async function existingUsers(trusts: readonly TrustLevel[]): Promise<OsUser[]> {
  if (process.getuid?.() !== 0) return [];
  const entries = await execa("getent", ["passwd"], { env: childEnv(process.env), extendEnv: false, reject: false });
  const ours = (name: string) =>
    name === baseBuildUserName() ||
    trusts.some((trust) => {
      const builds = unprivilegedUserName(trust);
      return name === builds || (name.startsWith(`${builds}-v`) && /^\d+$/.test(name.slice(builds.length + 2)));
    });
  return entries.stdout.split("\n").flatMap((line) => {
    const [name, , uid, gid] = line.split(":");
    return name && uid && gid && ours(name) ? [{ name, uid: Number(uid), gid: Number(gid) }] : [];
  });
}

const USERADD_ATTEMPTS = 10;
const USERADD_RETRY_MS = 200;

async function lookUpOrCreate(name: string): Promise<OsUser> {
  const options = { env: childEnv(process.env), extendEnv: false, reject: false } as const;
  const lookup = () => execa("getent", ["passwd", name], options);
  let entry = await lookup();
  if (entry.failed) {
    const useradd = () => execa("useradd", ["--system", "--user-group", "--no-create-home", "--home-dir", NO_HOME, "--shell", "/usr/sbin/nologin", name], options);
    let added = await useradd();
    // another run creating its own users holds /etc/passwd's lock for a moment ("cannot lock /etc/passwd; try again later")
    for (let attempt = 1; added.failed && /cannot lock/.test(added.stderr) && attempt < USERADD_ATTEMPTS; attempt++) {
      await sleep(USERADD_RETRY_MS * attempt);
      added = await useradd();
    }
    // a concurrent run may have created it meanwhile
    entry = await lookup();
    if (entry.failed) throw new PipelineError(`cannot create the unprivileged user "${name}" to run the fork's code`, added.stderr);
  }
  // name:password:uid:gid:...
  const [, , uid, gid] = entry.stdout.split(":");
  if (!uid || !gid) throw new PipelineError(`cannot look up the user "${name}"`, entry.stdout + entry.stderr);
  // also for a user an older version created
  await denyScheduling(name);
  return { name, uid: Number(uid), gid: Number(gid) };
}

/**
 * execa options that run a subprocess as `user` (libuv drops the supplementary groups) with the
 * allow-listed environment, `extra` on top; as the current user when `user` is null.
 */
export function asUser(user: OsUser | null, extra: Record<string, string> = {}) {
  const identity: Record<string, string> = user ? { HOME: NO_HOME, USER: user.name, LOGNAME: user.name } : {};
  return { env: childEnv(process.env, { ...extra, ...identity }), extendEnv: false, ...(user && { uid: user.uid, gid: user.gid }) } as const;
}

/**
 * asUser, working in `cwd` (a dir `user` owns), which is also its TMPDIR: the caller's TMPDIR may not be
 * writable by `user`, and programs such as valgrind fail at start-up without a writable one.
 */
export function asUserIn(user: OsUser | null, cwd: string, extra: Record<string, string> = {}) {
  return { cwd, ...asUser(user, { TMPDIR: cwd, ...extra }) } as const;
}

/** Hands `paths` (recursively) to `user`; nothing to do without one. */
export async function giveTo(user: OsUser | null, ...paths: string[]): Promise<void> {
  if (user) await chownTree(`${user.uid}:${user.gid}`, paths);
}

/**
 * Takes `paths` (recursively) back for the current user, writable by nobody else (whatever the umask
 * was): what the fork's code wrote becomes read-only to it.
 */
export async function takeBack(...paths: string[]): Promise<void> {
  if (process.getuid?.() === 0) await chownTree("0:0", paths);
  await run("chmod", ["-R", "go-w", "--", ...paths]);
}

function chownTree(owner: string, paths: string[]): Promise<void> {
  return run("chown", ["-R", "--no-dereference", owner, "--", ...paths]);
}

async function run(file: string, args: string[]): Promise<void> {
  const result = await execa(file, args, { env: childEnv(process.env), extendEnv: false, reject: false });
  if (result.failed) throw new PipelineError(`${file} ${args.join(" ")} failed`, result.stderr);
}

/** One paragraph for the log when there is no user to switch to (null as root). */
export function unprivilegedWarning(): string | null {
  if (process.getuid?.() === 0) return null;
  return (
    "not running as root: the fork's code (configure, make, the server, the benchmark clients) runs as this runner's own user, " +
    "so it can read this job's environment through /proc, including its tokens. Run the runner as root (the action then runs that " +
    `code as the users ${unprivilegedUserName("trusted")}, ${unprivilegedUserName("pr")} and one per variant) or use a runner dedicated to benchmarks with no secrets; ` +
    "see docs/action.md, \"Setting up a self-hosted runner\"."
  );
}

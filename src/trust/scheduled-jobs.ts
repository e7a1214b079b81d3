/**
 * cron and at start a user's code later, outside every process the run ends: a build that installs a
 * crontab would run in every later job as its user (dbbench-pr builds every PR, dbbench-pr-v1 runs
 * every PR's head). Debian allows both to every user by default. The users the action creates are
 * denied both (/etc/cron.deny, /etc/at.deny: checked by crontab(1) and at(1), whatever cron.allow or
 * at.allow list, since they are never in those), and whatever they scheduled before the deny existed
 * (an older version's job) is removed from the spools before and after each run, with their processes
 * (user-processes.ts). As root only, like the users.
 */
import { appendFile, lstat, readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";

/** Who may not use crontab(1) and at(1): one user name a line. */
const DENY_FILES = ["/etc/cron.deny", "/etc/at.deny"] as const;
/** Debian's cron: one crontab a user, named by the user. */
const CRONTABS_DIR = "/var/spool/cron/crontabs";
/** Debian's at: one file a job, owned by the user who queued it. */
const AT_JOBS_DIR = "/var/spool/cron/atjobs";

/** Adds `name` to cron.deny and at.deny where it is not listed yet (created when missing). */
export async function denyScheduling(name: string): Promise<void> {
  for (const file of DENY_FILES) {
    const listed = await readFile(file, "utf8").catch((e: NodeJS.ErrnoException) => {
      if (e.code === "ENOENT") return "";
      throw e;
    });
    const lines = listed.split("\n");
    if (lines.includes(name)) continue;
    await appendFile(file, `${listed === "" || listed.endsWith("\n") ? "" : "\n"}${name}\n`, { mode: 0o644 });
  }
}

/** Removes the crontabs and at jobs of `users`; returns what it removed ("crontab of dbbench-pr"), for the log. */
export async function removeScheduledJobs(users: readonly { name: string; uid: number }[]): Promise<string[]> {
  const removed: string[] = [];
  for (const user of users) {
    // the spool dir is root's (and group crontab's): nobody else can put a link at that name
    const crontab = path.join(CRONTABS_DIR, user.name);
    if (await lstat(crontab).catch(() => null)) {
      await rm(crontab, { force: true });
      removed.push(`crontab of ${user.name}`);
    }
  }
  const byUid = new Map(users.map((user) => [user.uid, user.name]));
  for (const job of await readdir(AT_JOBS_DIR).catch(() => [])) {
    const file = path.join(AT_JOBS_DIR, job);
    const owner = byUid.get((await lstat(file).catch(() => null))?.uid ?? -1);
    if (owner === undefined) continue;
    await rm(file, { force: true });
    removed.push(`at job ${job} of ${owner}`);
  }
  return removed;
}

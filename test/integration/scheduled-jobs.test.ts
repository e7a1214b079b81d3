/**
 * cron and at (issue 36 item 5): a pull request user's crontab or at job would run its code in later
 * jobs, past every kill. The users are denied both, and what they scheduled before (an older version's
 * job, before the deny) is removed when the run ends their processes. Debian's cron and at, installed
 * here as a runner would have them.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childEnv } from "../../src/trust/child-env.js";
import { ensureDebianPackages } from "../../src/setup/debian-packages.js";
import { unprivilegedUser, variantUser, type OsUser } from "../../src/trust/unprivileged.js";
import { endPullRequestProcesses } from "../../src/trust/user-processes.js";
import { useOwnUsers } from "../helpers/user-prefix.js";

// users of this file's own: every process of the pull request users is ended below
useOwnUsers("cron");
const asRoot = process.getuid?.() === 0;
const env = { env: childEnv(process.env), extendEnv: false, reject: false } as const;
const asThe = (user: OsUser) => ({ ...env, uid: user.uid, gid: user.gid });

describe.runIf(asRoot)("cron and at (issue 36 item 5)", () => {
  beforeAll(async () => {
    // the users first, as on a runner where the action ran before cron or at was installed: their
    // deny files exist, and the packages' own are conffiles (dpkg asked about them and waited, 2026-12-06)
    await Promise.all([unprivilegedUser("pr"), variantUser("pr", 1)]);
    await ensureDebianPackages(["cron", "at"]);
  }, 900_000);
  // what a failed run of this test left scheduled: nothing of it may run later
  afterAll(async () => {
    const names = (await Promise.all([unprivilegedUser("pr"), variantUser("pr", 1)])).map((user) => user!.name);
    for (const name of names) rmSync(`/var/spool/cron/crontabs/${name}`, { force: true });
    const jobs = (await execa("atq", [], env)).stdout.split("\n").filter((line) => names.some((name) => line.trim().endsWith(` ${name}`)));
    if (jobs.length > 0) await execa("atrm", jobs.map((line) => line.split(/\s+/)[0]!), env);
  });

  it("the pull request users may not schedule anything, and what they scheduled before is gone when the run ends their processes", async () => {
    const builds = (await unprivilegedUser("pr"))!;
    const head = (await variantUser("pr", 1))!;

    // a build's `crontab -` and `at`: refused
    for (const user of [builds, head]) {
      const crontab = await execa("crontab", ["-"], { ...asThe(user), input: "* * * * * touch /tmp/dbgcron-ran\n" });
      expect(crontab.exitCode, `crontab of ${user.name}: ${crontab.stderr}`).not.toBe(0);
      const at = await execa("at", ["now", "+", "1", "hour"], { ...asThe(user), input: "touch /tmp/dbgcron-ran\n" });
      expect(at.exitCode, `at of ${user.name}: ${at.stderr}`).not.toBe(0);
    }

    // what they scheduled in an older version's job, before cron.deny and at.deny listed them
    const beforeTheDeny = async (file: string, user: OsUser, schedule: () => Promise<{ exitCode?: number; stderr: string }>) => {
      const listed = readFileSync(file, "utf8");
      writeFileSync(file, listed.split("\n").filter((line) => line !== user.name).join("\n"));
      try {
        const done = await schedule();
        expect(done.exitCode, `${file}: ${done.stderr}`).toBe(0);
      } finally {
        writeFileSync(file, listed);
      }
    };
    await beforeTheDeny("/etc/cron.deny", builds, () => execa("crontab", ["-"], { ...asThe(builds), input: "* * * * * touch /tmp/dbgcron-ran\n" }));
    await beforeTheDeny("/etc/at.deny", head, () => execa("at", ["now", "+", "1", "hour"], { ...asThe(head), input: "touch /tmp/dbgcron-ran\n" }));
    // crontab -l -u refuses a denied user, root or not: the spool file is what cron runs
    const crontabFile = `/var/spool/cron/crontabs/${builds.name}`;
    expect(readFileSync(crontabFile, "utf8")).toContain("touch /tmp/dbgcron-ran");
    const jobsOf = async (user: OsUser) => (await execa("atq", [], env)).stdout.split("\n").filter((line) => line.trim().endsWith(` ${user.name}`));
    expect((await jobsOf(head)).length).toBeGreaterThan(0);

    const ended = await endPullRequestProcesses();
    expect(ended).toEqual(expect.arrayContaining([`crontab of ${builds.name}`, expect.stringMatching(new RegExp(`^at job .* of ${head.name}$`))]));
    expect(existsSync(crontabFile), "the crontab is still there").toBe(false);
    expect(await jobsOf(head)).toEqual([]);
  });
});

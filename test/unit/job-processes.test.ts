/**
 * The post step finds what a killed job left running (issue 10 item 12): not only by working
 * directory, which a daemon sheds with chdir("/"), but by the job marker every child carries; and the
 * children keep RUNNER_TRACKING_ID, by which the runner finds orphans itself.
 */
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { jobMarker, removeJobRoot, stopSignal } from "../../src/action/cleanup-job-root.js";
import { endProcessesOf } from "../../src/trust/user-processes.js";
import { freezeUser } from "../../src/trust/variant-freeze.js";
import { postgresEngine } from "../../src/engine/postgres.js";
import { childEnv, JOB_MARKER } from "../../src/trust/child-env.js";
import { unprivilegedUser } from "../../src/trust/unprivileged.js";
import { REPO_ROOT } from "../helpers/run-action.js";
import { useOwnUsers } from "../helpers/user-prefix.js";

// removeJobRoot also ends every process of the pull request users: as root, only this file's own
useOwnUsers("unit");

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
};
const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) if (alive(pid)) process.kill(pid, "SIGKILL");
});

describe("the job's processes", () => {
  it("children keep RUNNER_TRACKING_ID and the job marker, and no secret", () => {
    const env = childEnv({ RUNNER_TRACKING_ID: "github_0f1e", [JOB_MARKER]: "db-bench-gate-7-42", GITHUB_TOKEN: "ghs_x", PATH: "/bin" });
    expect(env).toEqual({ RUNNER_TRACKING_ID: "github_0f1e", [JOB_MARKER]: "db-bench-gate-7-42", PATH: "/bin" });
  });

  it("a daemon that left the job root for / and its own session is found by the marker and stopped", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "db-bench-gate-test-"));
    const pidFile = path.join(os.tmpdir(), `${path.basename(root)}.pid`);
    // started in the job root, then: a new session, cwd /, its pid written down (renamed into place: never read half-written), and waiting
    const daemon = spawn("setsid", ["-f", "sh", "-c", `cd / && echo $$ > ${pidFile}.tmp && mv ${pidFile}.tmp ${pidFile} && exec sleep 300`], {
      cwd: root,
      env: childEnv({ ...process.env, [JOB_MARKER]: jobMarker(root) }),
      stdio: "ignore",
    });
    await new Promise((resolve) => daemon.on("exit", resolve));
    for (let waited = 0; !existsSync(pidFile) && waited < 5000; waited += 50) await sleep(50);
    const pid = Number(readFileSync(pidFile, "utf8"));
    rmSync(pidFile);
    started.push(pid);
    expect(alive(pid)).toBe(true);

    const { found } = await removeJobRoot(root, null);
    expect(found).toContain("1 processes");
    for (let waited = 0; alive(pid) && waited < 2000; waited += 50) await sleep(50);
    expect(alive(pid)).toBe(false);
    expect(existsSync(root)).toBe(false);
  });

  it("stops them with the engine's signal first (the saved state; SIGTERM when none was saved)", async () => {
    expect(stopSignal("SIGQUIT")).toBe("SIGQUIT");
    expect(stopSignal("")).toBe("SIGTERM");
    expect(stopSignal("kill -9 1")).toBe("SIGTERM");
    expect(postgresEngine.emergencySignal).toBe("SIGQUIT");

    const root = mkdtempSync(path.join(os.tmpdir(), "db-bench-gate-test-"));
    const got = path.join(os.tmpdir(), `${path.basename(root)}.signal`);
    // a stand-in server in the job root that says which signal stopped it
    const server = spawn("sh", ["-c", `trap 'echo QUIT > ${got}; exit 0' QUIT; trap 'echo TERM > ${got}; exit 0' TERM; while :; do sleep 0.05; done`], { cwd: root, stdio: "ignore" });
    started.push(server.pid!);
    await sleep(200);
    expect((await removeJobRoot(root, null, stopSignal("SIGQUIT"))).found).toContain(root);
    for (let waited = 0; !existsSync(got) && waited < 2000; waited += 50) await sleep(50);
    expect(readFileSync(got, "utf8").trim()).toBe("QUIT");
    rmSync(got);
  });

  it("stops, resumes and ends every process of a user by the shell's own kill, whatever kill program PATH finds (procps-ng 4.0.4's refuses -STOP -1)", async () => {
    const user = (await unprivilegedUser("pr"))!;
    const sleeper = spawn("sleep", ["300"], { uid: user.uid, gid: user.gid, stdio: "ignore" });
    started.push(sleeper.pid!);
    const state = () => /^\d+ \(.*\) (\S)/.exec(readFileSync(`/proc/${sleeper.pid}/stat`, "utf8"))?.[1];
    // the user must reach it: a 0700 dir of root's would be skipped by the PATH search
    const bin = mkdtempSync(path.join(os.tmpdir(), "dbg-kill-"));
    chmodSync(bin, 0o755);
    writeFileSync(path.join(bin, "kill"), "#!/bin/sh\necho \"kill: failed to parse argument: '(null)'\" >&2\nexit 1\n", { mode: 0o755 });
    const before = process.env.PATH;
    process.env.PATH = `${bin}:${before}`;
    try {
      await freezeUser(user, true);
      expect(state()).toBe("T");
      await freezeUser(user, false);
      // resumed: back to its sleep, or still on its way there (runnable) on a busy machine
      expect(["S", "R"]).toContain(state());
      expect((await endProcessesOf([user])).left).toEqual([]);
      expect(alive(sleeper.pid!)).toBe(false);
    } finally {
      process.env.PATH = before;
      rmSync(bin, { recursive: true, force: true });
    }
  });

  it("refuses to end or stop every process of root or of the runner's own user: kill -1 as them reaches the whole machine", async () => {
    const root = { name: "root", uid: 0, gid: 0 };
    await expect(endProcessesOf([root])).rejects.toThrow(/refusing to end every process of root \(uid 0\)/);
    await expect(freezeUser(root, true)).rejects.toThrow(/refusing to stop every process of root/);
    const own = { name: "runner", uid: process.getuid!(), gid: process.getgid!() };
    await expect(endProcessesOf([own])).rejects.toThrow(/refusing to end/);
  });
});

/**
 * cgroup v1's freezer: a task frozen there is in uninterruptible sleep and stays, SIGKILL pending, until
 * it is thawed (cgroup v2's freezer lets a fatal signal through). A real process that outlives SIGKILL
 * for as long as the test wants, as one blocked on a hung NFS or FUSE mount would.
 */
const FREEZER = "/sys/fs/cgroup/freezer";
const canFreeze = process.getuid?.() === 0 && existsSync(path.join(FREEZER, "cgroup.procs"));

describe.runIf(canFreeze)("a process that outlives SIGKILL (frozen by cgroup v1's freezer, in uninterruptible sleep)", () => {
  it("the post step removes the job root all the same, names the process in a warning, and succeeds", async () => {
    const user = (await unprivilegedUser("pr"))!;
    const root = mkdtempSync(path.join(os.tmpdir(), "db-bench-gate-test-"));
    writeFileSync(path.join(root, "left-by-the-job"), "");
    const cgroup = mkdtempSync(path.join(FREEZER, "dbg-survivor-"));
    const survivor = spawn("sleep", ["300"], { uid: user.uid, gid: user.gid, stdio: "ignore" });
    started.push(survivor.pid!);
    const state = path.join(cgroup, "freezer.state");
    try {
      writeFileSync(path.join(cgroup, "cgroup.procs"), String(survivor.pid));
      writeFileSync(state, "FROZEN");
      for (let waited = 0; readFileSync(state, "utf8").trim() !== "FROZEN" && waited < 5000; waited += 50) await sleep(50);
      expect(readFileSync(state, "utf8").trim()).toBe("FROZEN");

      // the post step as the runner runs it: the job root from the main step's saved state
      const post = await execa(path.join(REPO_ROOT, "node_modules", ".bin", "tsx"), [path.join(REPO_ROOT, "src", "action", "post.ts")], {
        env: { PATH: process.env.PATH, "STATE_job-root": root, DBG_USER_PREFIX: process.env.DBG_USER_PREFIX },
        extendEnv: false,
        reject: false,
        timeout: 60_000,
      });
      expect(post.exitCode, post.stderr).toBe(0);
      expect(post.stdout).toContain(`::warning::post: still running 10 s after SIGKILL (in uninterruptible sleep; the next run will not start beside them): ${survivor.pid} (sleep)`);
      expect(existsSync(root)).toBe(false);
      expect(alive(survivor.pid!), "killed while frozen, it goes only when thawed").toBe(true);
    } finally {
      writeFileSync(state, "THAWED");
      for (let waited = 0; alive(survivor.pid!) && waited < 5000; waited += 50) await sleep(50);
      rmdirSync(cgroup);
      rmSync(root, { recursive: true, force: true });
    }
    expect(alive(survivor.pid!), "thawed, the SIGKILL it had pending ends it").toBe(false);
  }, 60_000);
});

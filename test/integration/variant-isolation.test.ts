/**
 * What a pull request's code can do to the rest of the run and to later runs (issue 28 items 3 and 5),
 * as root with real users and processes:
 * - a daemon its build starts with setsid and `env -i` (no job marker, cwd /) does not outlive the
 *   run, nor the action's post step; one an earlier run left is ended before the next run builds;
 * - head's server (PostgreSQL whose postgres program is a hostile wrapper) cannot read or write base's
 *   data dir, reach base's server over loopback TCP, nor signal it: each variant has its own user.
 * The runs use their own users (DBG_USER_PREFIX): every process of the pull request users is ended,
 * and this machine runs other jobs' as dbbench-pr.
 */
import { spawn } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { execa } from "execa";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { jobMarker, removeJobRoot } from "../../src/action/cleanup-job-root.js";
import { buildAtCommit, type BuildResult } from "../../src/build/build.js";
import { loadBuiltinRecipe, type BuildRecipe } from "../../src/build/recipe.js";
import { childEnv } from "../../src/trust/child-env.js";
import { CleanupRegistry, withCleanup } from "../../src/common/cleanup.js";
import type { RunPlan } from "../../src/config/plan.js";
import { parseProfile } from "../../src/config/profile.js";
import { consoleLog } from "../../src/common/log.js";
import { runBenchmark } from "../../src/run/pipeline.js";
import { runnerLockFile } from "../../src/trust/runner-lock.js";
import { realPorts } from "../../src/run/pipeline-ports.js";
import { processesOfUsers } from "../../src/trust/processes.js";
import type { PipelinePorts } from "../../src/run/pipeline.js";
import { asUserIn, unprivilegedUser, variantUser, type OsUser } from "../../src/trust/unprivileged.js";
import { postgresPlan } from "../helpers/postgres-plan.js";
import { commitOn, makeTinyEngineRepo, type TinyEngineRepo } from "../helpers/tiny-engine.js";
import { useOwnUsers } from "../helpers/user-prefix.js";

useOwnUsers("iso");

const asRoot = process.getuid?.() === 0;
const scratch = mkdtempSync(path.join(os.tmpdir(), "dbg-isolation-"));
// the unprivileged users reach the cache, the work dirs and the drop box
chmodSync(scratch, 0o755);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const PROFILE = parseProfile(
  `
name: isolation-test
version: 1
engine: postgresql
description: select-only, two rounds of 1 s
schedule: { rounds: 2, min_rounds: 2, duration_s: 1, warmup_s: 0, time_budget_s: null }
server_settings: { shared_buffers: 32MB, max_connections: 20, fsync: "off", synchronous_commit: "off", autovacuum: "off" }
steps:
  - { driver: pgbench, script: select-only, protocol: prepared, clients: 1, scale: 1 }
`,
  "isolation-test.yaml",
);

function planOf(repo: string, refs: Record<string, string>, recipe: BuildRecipe, cacheDir: string, workDir: string, profile = PROFILE): RunPlan {
  return { ...postgresPlan(repo, refs, recipe, profile, cacheDir, workDir), trust: "pr", prNamespace: "variant-isolation", countInstructions: false };
}

/** A dir every user may write into (sticky, as /tmp). */
function sharedDir(): string {
  const dir = mkdtempSync(path.join(scratch, "shared-"));
  chmodSync(dir, 0o1777);
  return dir;
}

function privateWorkDirs(): { cacheDir: string; workDir: string } {
  const dirs = { cacheDir: mkdtempSync(path.join(scratch, "cache-")), workDir: mkdtempSync(path.join(scratch, "work-")) };
  for (const dir of Object.values(dirs)) chmodSync(dir, 0o755);
  return dirs;
}

const isAlive = (pid: number): boolean => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
};

/** A daemon of `user` that shed the job: new session, empty environment, cwd /; its pid. */
async function startDaemon(user: OsUser): Promise<number> {
  const pidFile = path.join(sharedDir(), "daemon.pid");
  const daemon = spawn("setsid", ["env", "-i", "sh", "-c", `echo $$ > ${pidFile}.tmp && mv ${pidFile}.tmp ${pidFile}; cd /; exec sleep 1000`], { uid: user.uid, gid: user.gid, detached: true, stdio: "ignore" });
  daemon.unref();
  const pid = await pidIn(pidFile);
  started.push(pid);
  return pid;
}

/** The pid a process wrote into `file` (renamed into place: never read half-written). */
async function pidIn(file: string): Promise<number> {
  for (let waited = 0; !existsSync(file) && waited < 10_000; waited += 50) await sleep(50);
  return Number(readFileSync(file, "utf8"));
}

const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) if (isAlive(pid)) process.kill(pid, "SIGKILL");
});

/** A log that keeps its lines. */
function keptLog(): { lines: string[]; log: ReturnType<typeof consoleLog> } {
  const lines: string[] = [];
  return {
    lines,
    log: consoleLog((line) => {
      lines.push(line);
      console.log(line);
    }),
  };
}

describe.runIf(asRoot)("a daemon of the pull request's code (issue 28 item 3)", () => {
  let repo: TinyEngineRepo;
  let recipe: BuildRecipe;
  beforeAll(async () => {
    repo = await makeTinyEngineRepo(path.join(scratch, "tiny"));
    recipe = await loadBuiltinRecipe("postgresql");
  });

  /** A commit of the tiny engine whose configure leaves a daemon that sheds the job: new session, empty environment, cwd /; it writes its pid into `pidFile`. */
  async function daemonCommit(pidFile: string): Promise<string> {
    const git = async (...args: string[]) =>
      (await execa("git", ["-C", repo.path, "-c", "commit.gpgsign=false", ...args], { env: childEnv(process.env, { GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t.invalid", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t.invalid" }), extendEnv: false })).stdout.trim();
    await git("switch", "-q", "--detach", repo.base);
    const configure = readFileSync(path.join(repo.path, "configure"), "utf8").replace(
      "echo configured",
      // configure waits for it to be in its own session: the build kills configure's process group when it exits
      () => `setsid env -i sh -c 'echo $$ > ${pidFile}.tmp && mv ${pidFile}.tmp ${pidFile}; cd /; exec sleep 1000' </dev/null >/dev/null 2>&1 &\nwhile [ ! -e ${pidFile} ]; do sleep 0.05; done\necho configured`,
    );
    writeFileSync(path.join(repo.path, "configure"), configure);
    await git("commit", "-q", "-am", "configure: leave a daemon");
    const commit = await git("rev-parse", "HEAD");
    await git("switch", "-q", "main");
    return commit;
  }

  it("started by head's build (setsid, env -i, cwd /) does not outlive the run, and the log says so", async () => {
    const pidFile = path.join(sharedDir(), "daemon.pid");
    const head = await daemonCommit(pidFile);
    const { cacheDir, workDir } = privateWorkDirs();
    const { lines, log } = keptLog();
    // the tiny engine has no pg_ctl: the run fails once both are built, before the servers would start
    const run = withCleanup((registry) => runBenchmark(planOf(repo.path, { base: repo.base, head }, recipe, cacheDir, workDir), registry, log, realPorts));
    await expect(run).rejects.toThrow(/has no pg_ctl/);
    const daemon = await pidIn(pidFile);
    started.push(daemon);
    expect(isAlive(daemon), `the daemon ${daemon} outlived the run`).toBe(false);
    // ended as soon as its build was done, before root took the prefix back
    expect(lines.join("\n")).toMatch(new RegExp(`ended 1 processes of the pull request users that the build of ${head} left running: ${daemon} \\(sleep, ${process.env.DBG_USER_PREFIX}-pr\\)`));
  });

  it("two runs at once on one machine build one after the other, never as the same user at the same time (issue 36)", async () => {
    const record = path.join(sharedDir(), "configures");
    writeFileSync(record, "", { mode: 0o666 });
    chmodSync(record, 0o666);
    const baseConfigure = (await execa("git", ["-C", repo.path, "show", `${repo.base}:configure`], { env: childEnv(process.env), extendEnv: false })).stdout;
    const configure = baseConfigure.replace("echo configured", () => `echo "start $(id -un)" >> ${record}; sleep 1; echo "end $(id -un)" >> ${record}\necho configured`);
    const commits = [await commitOn(repo, repo.base, "configure", configure, "configure: 1 s, recorded"), await commitOn(repo, repo.base, "configure", configure.replace("sleep 1", "sleep 1.1"), "configure: 1.1 s, recorded")];
    const runs = commits.map((commit) => {
      const { cacheDir, workDir } = privateWorkDirs();
      return withCleanup((registry) => runBenchmark(planOf(repo.path, { base: commit }, recipe, cacheDir, workDir), registry, keptLog().log, realPorts));
    });
    const outcomes = await Promise.allSettled(runs);
    expect(outcomes.map((outcome) => (outcome.status === "rejected" ? String(outcome.reason) : "measured"))).toEqual([expect.stringMatching(/has no pg_ctl/), expect.stringMatching(/has no pg_ctl/)]);
    expect(readFileSync(record, "utf8").split("\n").filter(Boolean).map((line) => line.split(" ")[0])).toEqual(["start", "end", "start", "end"]);
  });

  it("left by an earlier run is ended before the next run builds anything, and the log says so", async () => {
    const user = await unprivilegedUser("pr");
    const pid = await startDaemon(user!);
    expect(isAlive(pid)).toBe(true);

    const { cacheDir, workDir } = privateWorkDirs();
    const { lines, log } = keptLog();
    await expect(withCleanup((registry) => runBenchmark(planOf(repo.path, { base: repo.base }, recipe, cacheDir, workDir), registry, log, realPorts))).rejects.toThrow(/has no pg_ctl/);
    expect(isAlive(pid), `the leftover ${pid} is still running`).toBe(false);
    const ended = lines.findIndex((line) => line.includes(`ended 1 processes of the pull request users that an earlier run left running: ${pid} (sleep, ${user!.name})`));
    const firstBuild = lines.findIndex((line) => line.includes("build base"));
    expect(ended, lines.join("\n")).toBeGreaterThanOrEqual(0);
    expect(ended).toBeLessThan(firstBuild);
  });

  it("is left alone by a post step while another job's run holds the machine: it is that run's (issue 36)", async () => {
    const user = await unprivilegedUser("pr");
    const pid = await startDaemon(user!);
    // another job's run: a live process holding the machine's lock
    const holder = spawn("sleep", ["60"], { stdio: "ignore" });
    started.push(holder.pid!);
    mkdirSync(path.dirname(runnerLockFile()), { recursive: true });
    writeFileSync(runnerLockFile(), String(holder.pid));
    try {
      const { found } = await removeJobRoot(mkdtempSync(path.join(scratch, "db-bench-gate-job-")), null);
      expect(found.join("\n")).not.toContain(String(pid));
      expect(isAlive(pid), "the post step ended another run's process").toBe(true);
    } finally {
      rmSync(runnerLockFile(), { force: true });
    }
  });

  it("which the main step, killed, could not end, is ended by the post step though it has neither the job's marker nor its root", async () => {
    const user = await unprivilegedUser("pr");
    const root = mkdtempSync(path.join(scratch, "db-bench-gate-job-"));
    chmodSync(root, 0o1777);
    const pidFile = path.join(root, "daemon.pid");
    // started in the job root with the job's marker, then: new session, empty environment, cwd /
    const daemon = spawn("setsid", ["env", "-i", "sh", "-c", `echo $$ > ${pidFile}.tmp && mv ${pidFile}.tmp ${pidFile}; cd /; exec sleep 1000`], {
      ...asUserIn(user, root, { DB_BENCH_GATE_JOB: jobMarker(root) }),
      detached: true,
      stdio: "ignore",
    });
    daemon.unref();
    const pid = await pidIn(pidFile);
    started.push(pid);
    expect(readFileSync(`/proc/${pid}/environ`, "utf8")).not.toContain("DB_BENCH_GATE_JOB");

    const { found } = await removeJobRoot(root, null);
    expect(found.join("\n")).toContain(`${pid} (sleep, ${user!.name})`);
    for (let waited = 0; isAlive(pid) && waited < 2000; waited += 50) await sleep(50);
    expect(isAlive(pid)).toBe(false);
  });
});

describe.runIf(asRoot)("head's server against base's (issue 28 item 5, issue 36 item 6)", () => {
  const cacheDir = inject("cacheDir");
  const fork = inject("pgFork");
  const registry = new CleanupRegistry();
  afterAll(() => registry.runAll(new Error("done")));

  /**
   * A copy of `build`'s prefix (its own paths: nothing else on this machine runs these programs). With
   * `prelude`, its postgres is a wrapper that runs those shell lines first (they get its bin dir as
   * $bin), then the real postgres.
   */
  function copyOf(build: BuildResult, name: string, prelude?: string): BuildResult {
    const prefix = path.join(scratch, name);
    cpSync(build.prefix, prefix, { recursive: true, verbatimSymlinks: true });
    const binDir = path.join(prefix, path.relative(build.prefix, build.binDir));
    if (prelude !== undefined) {
      renameSync(path.join(binDir, "postgres"), path.join(binDir, "postgres.real"));
      writeFileSync(path.join(binDir, "postgres"), `#!/bin/sh\nbin=${binDir}\n${prelude}\nexec "$bin/postgres.real" "$@"\n`, { mode: 0o755 });
    }
    return { ...build, dir: prefix, prefix, binDir, buildId: `${build.buildId}-${name}`, reused: true };
  }

  /** A postgres prelude that goes after every other server of the run and appends what it could do to `report`. */
  function attacks(report: string, workDir: string, target: string): string {
    return `own=$(pwd)
for root in ${workDir}/dbg-pg-*; do
  case "$own/" in "$root"/*) continue;; esac
  if cat "$root/data/postgresql.conf" >/dev/null 2>&1; then echo "read $root: done"; else echo "read $root: denied"; fi
  if echo pwned 2>/dev/null > "$root/data/pwned"; then echo "write $root: done"; else echo "write $root: denied"; fi
done >> ${report}
for pid in $(pgrep -f "^${target}/postgres "); do
  port=$(tr '\\0' ' ' < /proc/$pid/cmdline | sed -n 's/.* -p \\([0-9]*\\).*/\\1/p')
  if "$bin/psql" -X -h 127.0.0.1 -p "$port" -U postgres -d postgres -Atc "select 1" >/dev/null 2>&1; then echo "tcp $port: done"; else echo "tcp $port: denied"; fi
  if kill -KILL "$pid" 2>/dev/null; then echo "kill $pid: done"; else echo "kill $pid: denied"; fi
done >> ${report}`;
  }

  it("cannot read or write base's data dir, reach base's server over TCP, nor signal it; its build's daemon is gone before the servers start: base measures undisturbed", async () => {
    const built = await buildAtCommit({ repo: fork.path, commitish: "base", recipe: await loadBuiltinRecipe("postgresql"), cacheDir, trust: "trusted", registry });
    const { workDir } = privateWorkDirs();
    const report = path.join(sharedDir(), "attacks");
    writeFileSync(report, "", { mode: 0o666 });
    chmodSync(report, 0o666);
    const base = copyOf(built, "base-prefix");
    const head = copyOf(built, "head-prefix", attacks(report, workDir, base.binDir));
    // head's "build" leaves a daemon as the builds' user
    let daemon = 0;
    const build = async (request: { commitish: string }) => {
      if (request.commitish === "base") return base;
      daemon = await startDaemon((await unprivilegedUser("pr"))!);
      return head;
    };
    const { lines, log } = keptLog();
    const recipe = await loadBuiltinRecipe("postgresql");
    const results = await withCleanup((r) => runBenchmark(planOf(fork.path, { base: "base", head: "head" }, recipe, cacheDir, workDir), r, log, { ...realPorts, build }));

    const attempts = readFileSync(report, "utf8").trim().split("\n");
    console.log(attempts.join("\n"));
    // head's postgres ran several times (initdb, pg_ctl's version check, the server) with base's up
    for (const attack of ["read", "write", "tcp", "kill"]) expect(attempts.filter((line) => line.startsWith(`${attack} `)).length, attack).toBeGreaterThan(0);
    expect(attempts.filter((line) => !line.endsWith(": denied"))).toEqual([]);
    expect(results.run.notes.join("\n")).not.toMatch(/had died/);
    expect(results.samples.filter((s) => s.variant === "base").map((s) => s.status)).toEqual(["ok", "ok"]);
    // the build's daemon was gone before the first server started
    const ended = lines.findIndex((line) => line.includes(`that the builds left running: ${daemon} (sleep, ${process.env.DBG_USER_PREFIX}-pr)`));
    expect(ended, lines.join("\n")).toBeGreaterThanOrEqual(0);
    expect(ended).toBeLessThan(lines.findIndex((line) => line.includes("base: postgresql started")));
    expect(isAlive(daemon)).toBe(false);
  });

  it("is stopped with all it left running while base's rounds run, and held on the server's CPUs however it sets its affinity", async () => {
    const built = await buildAtCommit({ repo: fork.path, commitish: "base", recipe: await loadBuiltinRecipe("postgresql"), cacheDir, trust: "trusted", registry });
    const { workDir } = privateWorkDirs();
    const daemonPid = path.join(sharedDir(), "daemon.pid");
    const base = copyOf(built, "base-prefix-frozen");
    // every postgres of head's widens its affinity to every CPU, and the first leaves a daemon doing so every 0.2 s
    const head = copyOf(
      built,
      "head-prefix-frozen",
      `taskset -p -a -c 0-1 $$ >/dev/null
[ -e ${daemonPid} ] || setsid sh -c 'echo $$ > ${daemonPid}.tmp && mv ${daemonPid}.tmp ${daemonPid}; while :; do taskset -p -c 0-1 $$ >/dev/null 2>&1; sleep 0.2; done' </dev/null >/dev/null 2>&1 &`,
    );
    const headUser = (await variantUser("pr", 1))!;
    // null: gone meanwhile (the daemon's sleep, its taskset)
    const procFile = (pid: number, file: string) => {
      try {
        return readFileSync(`/proc/${pid}/${file}`, "utf8");
      } catch {
        return null;
      }
    };
    const allowedCpus = (text: string) => /^Cpus_allowed_list:\s*(\S+)$/m.exec(text)?.[1];
    const state = (text: string) => /^\d+ \(.*\) (\S)/.exec(text)?.[1];
    // what head's processes were doing as each client started (no client of head's runs then)
    const seen: string[] = [];
    const runClient: PipelinePorts["runClient"] = async (command, options) => {
      const headProcesses = processesOfUsers([headUser.uid]).flatMap((pid) => {
        const [stat, status] = [procFile(pid, "stat"), procFile(pid, "status")];
        return stat && status ? [{ state: state(stat), cpus: allowedCpus(status) }] : [];
      });
      if (headProcesses.length > 0) {
        const whose = options.user?.uid === headUser.uid ? "head" : "base";
        seen.push(`${whose}: states ${[...new Set(headProcesses.map((p) => p.state))].sort().join("")}, CPUs ${[...new Set(headProcesses.map((p) => p.cpus))].sort().join(" ")}`);
      }
      return realPorts.runClient(command, options);
    };
    const build = async (request: { commitish: string }) => (request.commitish === "base" ? base : head);
    const profile = parseProfile(
      `name: isolation-test-split\nversion: 1\nengine: postgresql\ndescription: select-only, two rounds of 1 s, server and client apart\nschedule: { rounds: 2, min_rounds: 2, duration_s: 1, warmup_s: 0, time_budget_s: null }\ncpu_affinity: split\nserver_settings: { shared_buffers: 32MB, max_connections: 20, fsync: "off", synchronous_commit: "off", autovacuum: "off" }\nsteps:\n  - { driver: pgbench, script: select-only, protocol: prepared, clients: 1, scale: 1 }\n`,
      "isolation-test-split.yaml",
    );
    const { lines, log } = keptLog();
    const recipe = await loadBuiltinRecipe("postgresql");
    const results = await withCleanup((r) => runBenchmark(planOf(fork.path, { base: "base", head: "head" }, recipe, cacheDir, workDir, profile), r, log, { ...realPorts, build, runClient }));
    started.push(await pidIn(daemonPid));
    expect(results.samples.map((s) => `${s.variant} ${s.status}`)).toEqual(["base ok", "head ok", "head ok", "base ok"]);
    expect(lines.join("\n")).not.toMatch(/by taskset alone/);
    const placement = results.run.cpu_placement;
    const server = placement && "server" in placement ? placement.server : expect.fail("no server placement");
    // head's processes (its server, its daemon) stopped whenever base's clients start, running for its own, and always on the server's CPUs
    expect(seen.filter((line) => line.startsWith("base")).length).toBeGreaterThan(0);
    for (const line of seen) expect(line).toMatch(line.startsWith("base") ? new RegExp(`^base: states T, CPUs ${server}$`) : new RegExp(`^head: states [^T]+, CPUs ${server}$`));
  });
});

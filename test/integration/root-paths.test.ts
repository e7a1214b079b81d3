/**
 * Root never follows a path the fork's user controls (issue 28, items 1 and 2). Each test gives the
 * gate a hostile stand-in for the fork's code (fake PostgreSQL and MariaDB programs, the RocksDB
 * driver's user writing the data dir, a tiny engine whose `make install` plants links) that puts a
 * symlink where the gate, as root, writes or reads, and then checks that root wrote, chowned and
 * showed nothing through it: a root-owned target must stay as it was, and the content of a root-only
 * sentinel file must appear in no error, log or result.
 *
 * Removals (issue 36): a daemon of the fork's user, left running, swaps a subdirectory of the tree
 * being removed with a link to a root-owned directory outside (renameat2 RENAME_EXCHANGE) the moment
 * the removal starts deleting in it; the tree must go, the outside directory stay whole, and the racing
 * process be dead (except where the user's server must go on running).
 */
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { execa } from "execa";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildAtCommit } from "../../src/build/build.js";
import { capBuildCache, ENTRY_MARKER, touchEntry, touchPrNamespace } from "../../src/build/cache-cap.js";
import { loadBuiltinRecipe } from "../../src/build/recipe.js";
import { CleanupRegistry } from "../../src/common/cleanup.js";
import { mariadbEngine } from "../../src/engine/mariadb.js";
import { postgresEngine } from "../../src/engine/postgres.js";
import { rocksdbEngine } from "../../src/engine/rocksdb.js";
import { realPorts } from "../../src/run/pipeline-ports.js";
import { processesOfUsers, processesUnder } from "../../src/trust/processes.js";
import { asUser, unprivilegedUser, type OsUser } from "../../src/trust/unprivileged.js";
import { commitHostileInstall, makeTinyEngineRepo } from "../helpers/tiny-engine.js";
import { declaredInputs } from "../helpers/run-action.js";
import { inputVariable } from "../../src/action/inputs.js";
import { JOB_MARKER } from "../../src/trust/child-env.js";
import { run } from "../../src/main.js";
import { useOwnUsers } from "../helpers/user-prefix.js";

// removals end every process of the tree's user first: this file's own users, not those of a build or a test beside it
useOwnUsers("rootpaths");

const asRoot = process.getuid?.() === 0;
/** reachable by the unprivileged users, as the cache dir and the job root are */
const scratch = mkdtempSync(path.join(os.tmpdir(), "dbg-root-paths-"));
chmodSync(scratch, 0o755);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const SECRET = `root-only-${randomBytes(8).toString("hex")}`;
const TARGET_TEXT = "root's own file\n";
let sentinel: string;
let targetFile: string;
let targetDir: string;
/** where each test's files go: logs, the hostile programs, data dirs */
let work: string;
let registry: CleanupRegistry;
let user: OsUser;

beforeEach(async () => {
  user = (await unprivilegedUser("pr"))!;
  work = mkdtempSync(path.join(scratch, "t-"));
  chmodSync(work, 0o755);
  mkdirSync(path.join(work, "logs"));
  // root's secret: what a leak would show
  sentinel = path.join(work, "sentinel");
  writeFileSync(sentinel, `${SECRET}\n`, { mode: 0o600 });
  // what a write through a planted link would change: a root-owned file, and a dir that must stay root's
  targetFile = path.join(work, "target-file");
  writeFileSync(targetFile, TARGET_TEXT, { mode: 0o644 });
  targetDir = path.join(work, "target-dir");
  mkdirSync(targetDir, { mode: 0o755 });
  registry = new CleanupRegistry();
});
afterEach(async () => {
  const failures = await registry.runAll(new Error("test finished"));
  // a racer the code under test did not end must not outlive the test: the user kills every process of its own
  await execa("kill", ["-KILL", "-1"], { ...asUser(user), reject: false });
  expect(failures).toEqual([]);
  expect(processesUnder(work), "processes left in the test's dirs").toEqual([]);
});

/** The targets as root left them: unchanged, root's, and no file in the dir. */
function expectTargetsUntouched(): void {
  expect(readFileSync(targetFile, "utf8")).toBe(TARGET_TEXT);
  expect(lstatSync(targetFile).uid).toBe(0);
  expect(statSync(targetDir).uid).toBe(0);
  expect(readdirSync(targetDir)).toEqual([]);
}

/** Regular files under `dir` (links not followed) holding the secret. */
function filesWithSecret(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && path.join(entry.parentPath, entry.name) !== sentinel)
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => readFileSync(file, "utf8").includes(SECRET));
}

/** What `promise` rejected with, as text (message and what is shown with it: a log excerpt, a parser's input), or "" when it resolved. */
async function failureText(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => "",
    (e: unknown) => {
      const { logExcerpt, raw } = e as { logExcerpt?: string; raw?: string };
      return [String(e), logExcerpt, raw].filter(Boolean).join("\n");
    },
  );
}

/** Executable shell scripts `name -> body` in a new dir under `work`. */
function scripts(dir: string, files: Record<string, string>): string {
  const full = path.join(work, dir);
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(full, name)), { recursive: true, mode: 0o755 });
    writeFileSync(path.join(full, name), `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  }
  return full;
}

/**
 * A stand-in for a PostgreSQL build: initdb makes the data dir (and runs `initdb`'s extra lines in it),
 * pg_ctl starts a "postmaster" (a sleep working in the data dir) or stops it, and runs `start`'s lines
 * first; createdb and psql succeed.
 */
function fakePostgres(hostile: { initdb?: string; start?: string }): string {
  return scripts("pg-bin", {
    postgres: 'echo "postgres (PostgreSQL) 15.0"',
    initdb: `D=$2\nmkdir -p "$D" && cd "$D" || exit 1\ntouch postgresql.conf\n${hostile.initdb ?? ""}`,
    pg_ctl: [
      "D=$2",
      "for last; do :; done",
      'case $last in',
      `start) ${hostile.start ?? ""}`,
      '  cd "$D" && { sleep 300 </dev/null >/dev/null 2>&1 & echo $! > postmaster.pid; } ;;',
      'stop) kill "$(head -n 1 "$D/postmaster.pid")" ;;',
      "esac",
    ].join("\n"),
    createdb: "exit 0",
    psql: "exit 0",
  });
}

const startPostgres = (binDir: string, timeoutMs = 20_000) =>
  postgresEngine.start({ binDir, settings: {}, database: "bench", logFile: path.join(work, "logs", "postgres.log"), registry, workDir: work, trust: "pr", timeoutMs });

describe.skipIf(!asRoot)("root writes nothing through a path the fork's user controls (item 1)", () => {
  it("PostgreSQL: the settings go to postgresql.conf as the server's user; a link initdb puts there leads nowhere root's", async () => {
    const failure = await failureText(startPostgres(fakePostgres({ initdb: `rm -f postgresql.conf; ln -s ${targetFile} postgresql.conf` })));
    expectTargetsUntouched();
    // initdb is the fork's code: it left a postgresql.conf its user cannot append to
    expect(failure).toMatch(/cannot append to .*postgresql\.conf/);
  });

  it("PostgreSQL counting: links initdb plants at the counting dir and the valgrind wrapper are neither written nor chowned", async () => {
    const server = await startPostgres(fakePostgres({ initdb: `ln -s ${targetDir} ../callgrind 2>/dev/null; ln -s ${targetFile} ../postgres-under-callgrind 2>/dev/null; true` }));
    const counter = await server.startCounting!({ timeoutMs: 20_000 });
    await counter.stop();
    await server.stop();
    expectTargetsUntouched();
  });

  it("RocksDB: the last run's LOG is kept by root, not copied to a link the driver's user planted in the instance", async () => {
    const logFile = path.join(work, "logs", "rocksdb.log");
    const instance = await rocksdbEngine.prepare({ binDir: "/nonexistent", settings: {}, workDir: work, owner: user, logFile, registry });
    const root = path.dirname(instance.loadDir());
    // the load, as db_bench would run it: the driver's user writes its database, and what else it can
    await asUserShell(`mkdir -p ${instance.loadDir()} && cd ${instance.loadDir()} && echo MANIFEST-1 > CURRENT && echo manifest > MANIFEST-1 && echo 'load log' > LOG; ln -s ${targetFile} ${root}/last-run.LOG 2>/dev/null; true`);
    await instance.settle("kv");
    const run = await instance.runCopy("kv");
    await asUserShell(`ln -s ${sentinel} ${run.dataDir}/LOG`);
    await run.remove();
    expectTargetsUntouched();
    expect(await instance.logTail(10)).not.toContain(SECRET);
    await instance.stop();
  });

  it("a build: the completion marker is written where make install cannot have planted a link", async () => {
    const repo = await makeTinyEngineRepo(path.join(work, "repo"));
    const commit = await commitHostileInstall(repo, "install: plant the marker", [`ln -s ${targetFile} $(DESTDIR)/.db-bench-gate-build.json.tmp`]);
    const cacheDir = path.join(work, "cache");
    mkdirSync(cacheDir, { mode: 0o755 });
    const build = await buildAtCommit({ repo: repo.path, commitish: commit, recipe: await loadBuiltinRecipe("postgresql"), cacheDir, trust: "pr", prNamespace: "root-paths", registry });
    expect(existsSync(path.join(build.binDir, "postgres"))).toBe(true);
    expectTargetsUntouched();
  });
});

describe.skipIf(!asRoot)("root shows nothing it read through a path the fork's user controls (item 2)", () => {
  it("PostgreSQL: a server log swapped for a link to root's secret is not in the error or the kept log", async () => {
    const failure = await failureText(startPostgres(fakePostgres({ start: `L=$4; rm -f "$L" && ln -s ${sentinel} "$L"; exit 1` })));
    expect(failure).toMatch(/PostgreSQL did not start/);
    expect(failure).not.toContain(SECRET);
    expect(filesWithSecret(work)).toEqual([]);
  });

  it("PostgreSQL counting: a count file linked to root's secret is read as the server's user", async () => {
    const server = await startPostgres(fakePostgres({}));
    const counter = await server.startCounting!({ timeoutMs: 2000 });
    // the counted "client" plants a count of a process that served it
    const failure = await failureText(counter.count({ file: "true", args: [] }, () => asUserShell(`ln -s ${sentinel} ${server.dataRoot}/callgrind/cg.999999`)));
    expect(failure).toMatch(/count of process 999999/);
    expect(failure).not.toContain(SECRET);
    await counter.stop();
    await server.stop();
  });

  it("MariaDB: an error log swapped for a link to root's secret is not in the error; the option file stays root's", async () => {
    // where the hostile script says it could change the option file
    const records = path.join(work, "records");
    mkdirSync(records, { mode: 0o777 });
    chmodSync(records, 0o777);
    const record = path.join(records, "option-file-writable");
    const prefix = scripts("mariadb", {
      "bin/mariadbd": [
        'for arg; do case $arg in --log-error=*) log=${arg#--log-error=};; esac; done',
        `rm -f "$log" && ln -s ${sentinel} "$log"`,
        "exit 1",
      ].join("\n"),
      "bin/mariadb-admin": "exit 1",
      "bin/mariadb": "exit 1",
      "scripts/mariadb-install-db": [
        'for arg; do case $arg in --defaults-file=*) cnf=${arg#--defaults-file=};; esac; done',
        `if echo 'init_file=/hostile.sql' >> "$cnf" 2>/dev/null || { rm -f "$cnf" 2>/dev/null && ln -s ${targetFile} "$cnf"; }; then touch ${record}; fi`,
        "exit 0",
      ].join("\n"),
    });
    const failure = await failureText(
      mariadbEngine.start({ binDir: path.join(prefix, "bin"), settings: {}, database: "bench", logFile: path.join(work, "logs", "mariadb.log"), registry, workDir: work, trust: "pr", timeoutMs: 5000 }),
    );
    expect(failure).toMatch(/MariaDB did not start/);
    expect(failure).not.toContain(SECRET);
    expect(existsSync(record), "the fork's code changed or replaced the option file root wrote").toBe(false);
    expect(filesWithSecret(work)).toEqual([]);
    expectTargetsUntouched();
  });

  it("RocksDB: the load's LOG and the data files linked to root's secret are neither logged nor copied", async () => {
    const logFile = path.join(work, "logs", "rocksdb.log");
    const instance = await rocksdbEngine.prepare({ binDir: "/nonexistent", settings: {}, workDir: work, owner: user, logFile, registry });
    await asUserShell(`mkdir -p ${instance.loadDir()} && cd ${instance.loadDir()} && echo MANIFEST-1 > CURRENT && ln -s ${sentinel} LOG && ln -s ${sentinel} MANIFEST-1`);
    const failures = [await failureText(instance.settle("kv")), await failureText(instance.runCopy("kv"))];
    expect(failures.join("\n")).not.toContain(SECRET);
    expect(await instance.logTail(10)).not.toContain(SECRET);
    expect(filesWithSecret(work)).toEqual([]);
    await instance.stop();
  });

  it("a client's CPU report, linked to root's secret by the client (its path is in its parent's command line), is read as the client's user", async () => {
    const runDir = path.join(work, "run");
    mkdirSync(runDir);
    await execa("chown", [`${user.uid}:${user.gid}`, runDir]);
    const client = `report=$(xargs -0 -n1 printf '%s\\n' < /proc/$PPID/cmdline | grep -x '/.*/rusage-[0-9a-f]*'); ln -s ${sentinel} "$report"`;
    const failure = await failureText(realPorts.runClient({ file: "sh", args: ["-c", client] }, { cwd: runDir, user, timeoutS: 30, rusage: true, signal: registry.signal }));
    expect(failure).toMatch(/client rusage report/);
    expect(failure).not.toContain(SECRET);
  });

  it("a build: a ccache stats log linked to root's secret is read as the build's user", async () => {
    const repo = await makeTinyEngineRepo(path.join(work, "repo"));
    const commit = await commitHostileInstall(repo, "install: plant the stats log", [`rm -f .db-bench-gate-ccache-stats; ln -s ${sentinel} .db-bench-gate-ccache-stats`]);
    const cacheDir = path.join(work, "cache");
    mkdirSync(cacheDir, { mode: 0o755 });
    const failure = await failureText(buildAtCommit({ repo: repo.path, commitish: commit, recipe: await loadBuiltinRecipe("postgresql"), cacheDir, trust: "pr", prNamespace: "root-paths", registry }));
    expect(failure).not.toContain(SECRET);
    expect(filesWithSecret(cacheDir)).toEqual([]);
  });
});

describe.skipIf(!asRoot)("root removes nothing through a tree the fork's user can still change (issue 36)", () => {
  let swapper: string;
  beforeAll(async () => {
    const source = path.join(scratch, "swapper.c");
    writeFileSync(source, SWAPPER_C);
    swapper = path.join(scratch, "swapper");
    await execa("gcc", ["-O2", "-o", swapper, source]);
  });

  /** The outside dir root's removal must not reach (a stand-in for /etc), and a script that plants the race in its first argument, as the user. */
  function race(): { plant: string; outside: string; pidFile: string; treeFile: string } {
    const outside = path.join(work, "outside");
    mkdirSync(outside, { mode: 0o755 });
    for (let i = 1; i <= RACE_FILES; i++) writeFileSync(path.join(outside, `f${i}`), TARGET_TEXT);
    const records = path.join(work, "records");
    mkdirSync(records, { mode: 0o777 });
    chmodSync(records, 0o777);
    const [pidFile, treeFile] = [path.join(records, "pid"), path.join(records, "tree")];
    const victims = Array.from({ length: RACE_DIRS }, (_, k) => `"$D/victim${k}"`).join(" ");
    const plant = scripts("race", {
      plant: [
        'D=$(cd "$1" && pwd) || exit 1',
        `for k in $(seq 0 ${RACE_DIRS - 1}); do mkdir "$D/victim$k" && (cd "$D/victim$k" && seq -f f%g ${RACE_FILES} | xargs touch) || exit 1; done`,
        // a daemon: its own session, working in /, an empty environment (nothing finds it by its working directory or the job's marker)
        `cd / && env -i setsid ${swapper} ${outside} ${victims} </dev/null >/dev/null 2>&1 &`,
        `echo $! > ${pidFile}; echo "$D" > ${treeFile}`,
      ].join("\n"),
    });
    return { plant: path.join(plant, "plant"), outside, pidFile, treeFile };
  }

  /**
   * Waits for the racer to start and gives it real-time priority: blocked in read() until the removal
   * deletes in its dirs, it then wakes at once, as it would on an idle runner; on this loaded machine the
   * removal could otherwise be over before it is scheduled.
   */
  async function boost(pidFile: string): Promise<void> {
    for (let waited = 0; !(existsSync(pidFile) && /^\d+\n$/.test(readFileSync(pidFile, "utf8"))) && waited < 120_000; waited += 50) await sleep(50);
    await execa("chrt", ["-f", "-p", "10", readFileSync(pidFile, "utf8").trim()]);
  }

  /** The outside dir whole, the racer dead (its user's processes all ended), unless `racerKept`. */
  function expectRaceLost(outside: string, pidFile: string, { racerKept = false } = {}): void {
    expect(readdirSync(outside).length, "files root deleted outside the tree").toBe(RACE_FILES);
    expect(statSync(outside).uid).toBe(0);
    const racer = Number(readFileSync(pidFile, "utf8"));
    expect(racer).toBeGreaterThan(0);
    if (!racerKept) expect(processesOfUsers([user.uid]), "the racing process left running").not.toContain(racer);
  }

  it("a build's source tree, where make install left a racing daemon", async () => {
    const { plant, outside, pidFile, treeFile } = race();
    const repo = await makeTinyEngineRepo(path.join(work, "repo"));
    const commit = await commitHostileInstall(repo, "install: leave a racer", [`sh ${plant} $(CURDIR)`]);
    const cacheDir = path.join(work, "cache");
    mkdirSync(cacheDir, { mode: 0o755 });
    const boosted = boost(pidFile);
    await buildAtCommit({ repo: repo.path, commitish: commit, recipe: await loadBuiltinRecipe("postgresql"), cacheDir, trust: "pr", prNamespace: "root-paths", registry, workDir: work });
    await boosted;
    expect(existsSync(readFileSync(treeFile, "utf8").trim())).toBe(false);
    expectRaceLost(outside, pidFile);
  });

  it("a failed build's source tree, where make install left a racing daemon before failing (the removal is all that stands between)", async () => {
    const { plant, outside, pidFile, treeFile } = race();
    const repo = await makeTinyEngineRepo(path.join(work, "repo"));
    // a failed build ends nobody's processes itself: what removes its trees must
    const commit = await commitHostileInstall(repo, "install: leave a racer, then fail", [`sh ${plant} $(CURDIR)`, "false"]);
    const cacheDir = path.join(work, "cache");
    mkdirSync(cacheDir, { mode: 0o755 });
    const boosted = boost(pidFile);
    const failure = await failureText(buildAtCommit({ repo: repo.path, commitish: commit, recipe: await loadBuiltinRecipe("postgresql"), cacheDir, trust: "pr", prNamespace: "root-paths", registry, workDir: work }));
    await boosted;
    expect(failure).toMatch(/build of .* failed/);
    expect(existsSync(readFileSync(treeFile, "utf8").trim())).toBe(false);
    expectRaceLost(outside, pidFile);
  });

  it("a server's data root, where initdb left a racing daemon in the data dir", async () => {
    const { plant, outside, pidFile } = race();
    const boosted = boost(pidFile);
    const server = await startPostgres(fakePostgres({ initdb: `sh ${plant} "$D"` }), 120_000);
    await boosted;
    await server.stop();
    expect(existsSync(server.dataRoot)).toBe(false);
    expectRaceLost(outside, pidFile);
  });

  it("PostgreSQL counting: the counting dir, removed while the restarted server (and a racer of its user's) runs", async () => {
    const { plant, outside, pidFile } = race();
    const server = await startPostgres(fakePostgres({}));
    const counter = await server.startCounting!({ timeoutMs: 20_000 });
    const countingDir = path.join(server.dataRoot, "callgrind");
    await asUserShell(`sh ${plant} ${countingDir}`);
    await boost(pidFile);
    await counter.stop();
    expect(existsSync(countingDir)).toBe(false);
    expectRaceLost(outside, pidFile, { racerKept: true });
    await server.stop();
  });

  it("RocksDB: a run's copy, where the run left a racer", async () => {
    const { plant, outside, pidFile } = race();
    const instance = await rocksdbEngine.prepare({ binDir: "/nonexistent", settings: {}, workDir: work, owner: user, logFile: path.join(work, "logs", "rocksdb.log"), registry });
    await asUserShell(`cd ${instance.loadDir()} && echo MANIFEST-1 > CURRENT`);
    await instance.settle("kv");
    const copy = await instance.runCopy("kv");
    await asUserShell(`sh ${plant} ${copy.dataDir}`);
    await boost(pidFile);
    await copy.remove();
    expect(existsSync(copy.dataDir)).toBe(false);
    expectRaceLost(outside, pidFile);
    await instance.stop();
  });

  it("the build cache: a pull request's namespace evicted, where a failed build left a racer", async () => {
    const { plant, outside, pidFile } = race();
    const cacheDir = path.join(work, "cache");
    mkdirSync(cacheDir, { mode: 0o755 });
    await touchPrNamespace(cacheDir, "pr-old");
    const failedBuild = path.join(cacheDir, "prs", "pr-old", "builds", "failed");
    mkdirSync(failedBuild, { recursive: true });
    await execa("chown", [`${user.uid}:${user.gid}`, failedBuild]);
    await asUserShell(`sh ${plant} ${failedBuild}`);
    await boost(pidFile);
    await touchEntry(path.join(cacheDir, "prs"), "pr-old", new Date("2020-01-01T00:00:00Z"));
    const done = await capBuildCache(cacheDir, 1 / 1024 ** 3, new Set(), "pr-new");
    expect(done.at(-1)!.evict.map((e) => e.name)).toEqual(["pr-old"]);
    expect(existsSync(path.join(cacheDir, "prs", "pr-old"))).toBe(false);
    expectRaceLost(outside, pidFile);
  });
});

describe.skipIf(!asRoot)("root creates and touches nothing through a marker or a name the fork's user planted (issue 36)", () => {
  it("the cache's entry marker, a link make install left to a file that is not there, or to root's file", async () => {
    const created = path.join(work, "created-by-root");
    utimesSync(targetFile, new Date("2001-01-01T00:00:00Z"), new Date("2001-01-01T00:00:00Z"));
    const repo = await makeTinyEngineRepo(path.join(work, "repo"));
    const cacheDir = path.join(work, "cache");
    mkdirSync(cacheDir, { mode: 0o755 });
    for (const [i, target] of [created, targetFile].entries()) {
      const commit = await commitHostileInstall(repo, `install: plant the entry marker (${i})`, [`ln -s ${target} $(DESTDIR)/${ENTRY_MARKER}`]);
      const build = await buildAtCommit({ repo: repo.path, commitish: commit, recipe: await loadBuiltinRecipe("postgresql"), cacheDir, trust: "pr", prNamespace: "root-paths", registry, workDir: work });
      await capBuildCache(cacheDir, 100, new Set([build.buildId]), "root-paths");
      expect(lstatSync(path.join(build.dir, ENTRY_MARKER)).isFile()).toBe(true);
    }
    expect(existsSync(created), "root created the file the marker linked to").toBe(false);
    expect(statSync(targetFile).mtime.toISOString()).toBe("2001-01-01T00:00:00.000Z");
    expectTargetsUntouched();
  });

  it("RocksDB: a CURRENT linked to a file only root can see is no database (root does not look for it)", async () => {
    const hidden = path.join(work, "hidden");
    mkdirSync(hidden, { mode: 0o700 });
    writeFileSync(path.join(hidden, "CURRENT"), "MANIFEST-1\n");
    const instance = await rocksdbEngine.prepare({ binDir: "/nonexistent", settings: {}, workDir: work, owner: user, logFile: path.join(work, "logs", "rocksdb.log"), registry });
    await asUserShell(`cd ${instance.loadDir()} && ln -s ${hidden}/CURRENT CURRENT`);
    expect(await failureText(instance.settle("kv"))).toMatch(/left no RocksDB database/);
    await instance.stop();
  });

  it("the job root: a link planted at its name in RUNNER_TEMP is not followed (no chmod of where it leads)", async () => {
    const runnerTemp = path.join(work, "runner-temp");
    mkdirSync(runnerTemp);
    chmodSync(runnerTemp, 0o1777);
    // the name the job root had: RUNNER_TEMP/db-bench-gate-<run id>-<pid>
    const planted = `db-bench-gate-4242-${process.pid}`;
    symlinkSync(targetDir, path.join(runnerTemp, planted));
    const eventFile = path.join(work, "event.json");
    writeFileSync(eventFile, JSON.stringify({ schedule: "0 0 * * *" }));
    const inputs = Object.fromEntries(Object.entries(declaredInputs()).flatMap(([name, spec]) => (spec.default !== undefined && !spec.default.includes("${{") ? [[inputVariable(name), spec.default]] : [])));
    const env = { ...inputs, INPUT_MODE: "report", RUNNER_TEMP: runnerTemp, GITHUB_RUN_ID: "4242", GITHUB_EVENT_NAME: "schedule", GITHUB_EVENT_PATH: eventFile };
    const marker = process.env[JOB_MARKER];
    let jobRoot: string | undefined;
    try {
      // report mode without a token fails once the job root is made (its name is then every child's marker): all this needs
      await run(env);
    } finally {
      jobRoot = process.env[JOB_MARKER];
      process.exitCode = undefined;
      if (marker === undefined) delete process.env[JOB_MARKER];
      else process.env[JOB_MARKER] = marker;
    }
    expect(jobRoot).toMatch(/^db-bench-gate-4242-/);
    expect(statSync(targetDir).mode & 0o7777).toBe(0o755);
    expectTargetsUntouched();
    expect(readdirSync(runnerTemp), "the job root removed, the planted link left").toEqual([planted]);
  });
});

/** Dirs in the tree the racer watches; files in each dir (the outside dir's names). */
const RACE_DIRS = 4;
const RACE_FILES = 2000;

/**
 * The racer: given the outside dir and dirs in the tree, it waits until a file in one of the dirs is
 * deleted (the tree's removal has listed that dir and is deleting in it by path), then puts a link to
 * the outside dir in the dir's place (a new link exchanged with it: renameat2 RENAME_EXCHANGE, atomic):
 * the rest of the deletions by path go through the link. Blocked in read() otherwise.
 */
const SWAPPER_C = `#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <sys/inotify.h>
#include <sys/syscall.h>
#include <unistd.h>
int main(int argc, char **argv) {
  int fd = inotify_init(), watch[64];
  char events[4096] __attribute__((aligned(8))), aside[4096];
  for (int i = 2; i < argc && i < 64; i++) watch[i] = inotify_add_watch(fd, argv[i], IN_DELETE);
  for (;;) {
    ssize_t n = read(fd, events, sizeof events);
    for (char *p = events; n > 0 && p < events + n; p += sizeof(struct inotify_event) + ((struct inotify_event *)p)->len)
      for (int i = 2; i < argc && i < 64; i++)
        if (watch[i] >= 0 && ((struct inotify_event *)p)->wd == watch[i]) {
          snprintf(aside, sizeof aside, "%s.x", argv[i]);
          if (symlink(argv[1], aside) == 0) syscall(SYS_renameat2, AT_FDCWD, argv[i], AT_FDCWD, aside, 2 /* RENAME_EXCHANGE */);
          watch[i] = -1;
        }
  }
}
`;

/** `script` run by sh as the pull requests' user, as the fork's code would. */
async function asUserShell(script: string): Promise<void> {
  await execa("sh", ["-c", script], { ...asUser(user), cwd: "/" });
}

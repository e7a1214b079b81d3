/**
 * Root never follows a path the fork's user controls (issue 28, items 1 and 2). Each test gives the
 * gate a hostile stand-in for the fork's code (fake PostgreSQL and MariaDB programs, the RocksDB
 * driver's user writing the data dir, a tiny engine whose `make install` plants links) that puts a
 * symlink where the gate, as root, writes or reads, and then checks that root wrote, chowned and
 * showed nothing through it: a root-owned target must stay as it was, and the content of a root-only
 * sentinel file must appear in no error, log or result.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { execa } from "execa";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildAtCommit } from "../../src/build/build.js";
import { loadBuiltinRecipe } from "../../src/build/recipe.js";
import { CleanupRegistry } from "../../src/cleanup.js";
import { mariadbEngine } from "../../src/engine/mariadb.js";
import { postgresEngine } from "../../src/engine/postgres.js";
import { rocksdbEngine } from "../../src/engine/rocksdb.js";
import { realPorts } from "../../src/pipeline-ports.js";
import { processesUnder } from "../../src/processes.js";
import { asUser, unprivilegedUser, type OsUser } from "../../src/unprivileged.js";
import { commitHostileInstall, makeTinyEngineRepo } from "../helpers/tiny-engine.js";

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
  expect(await registry.runAll(new Error("test finished"))).toEqual([]);
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

const startPostgres = (binDir: string) =>
  postgresEngine.start({ binDir, settings: {}, database: "bench", logFile: path.join(work, "logs", "postgres.log"), registry, workDir: work, trust: "pr", timeoutMs: 20_000 });

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
    const root = path.dirname(instance.dataDir);
    // the load, as db_bench would run it: the driver's user writes its database, and what else it can
    await asUserShell(`mkdir -p ${instance.dataDir} && cd ${instance.dataDir} && echo MANIFEST-1 > CURRENT && echo manifest > MANIFEST-1 && echo 'load log' > LOG; ln -s ${targetFile} ${root}/last-run.LOG 2>/dev/null; true`);
    await instance.settle();
    const run = await instance.runCopy();
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
    await asUserShell(`mkdir -p ${instance.dataDir} && cd ${instance.dataDir} && echo MANIFEST-1 > CURRENT && ln -s ${sentinel} LOG && ln -s ${sentinel} MANIFEST-1`);
    const failures = [await failureText(instance.settle()), await failureText(instance.runCopy())];
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

/** `script` run by sh as the pull requests' user, as the fork's code would. */
async function asUserShell(script: string): Promise<void> {
  await execa("sh", ["-c", script], { ...asUser(user), cwd: "/" });
}

/**
 * A fork's own pgbench workload as a profile step: its definition (scripts with weights, -D variables,
 * init SQL, options) parsed and checked, its files read at the judging commit (a real git repository
 * whose checkout holds other versions), its definition hash, the commands it runs, the messages of the
 * tools that reject its files, and a stored baseline of another definition not compared with it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, describe, expect, it } from "vitest";
import { childEnv } from "../../src/trust/child-env.js";
import { changedDefinitions, compareAgainstBaseline } from "../../src/compare/compare.js";
import { changedJudgingFiles, judgingCommit, MAX_JUDGING_FILE_BYTES } from "../../src/config/judging-files.js";
import { newWorkloadFiles } from "../../src/config/workload-files.js";
import { judgingFilesNote, newWorkloadFilesNote } from "../../src/report/judging-note.js";
import { loadProfile, parseProfile } from "../../src/config/profile.js";
import type { BenchmarkStep, Target, WorkloadFile } from "../../src/driver/types.js";
import { InputError } from "../../src/common/errors.js";
import { syntheticResults } from "../../scripts/lib/synthetic-results.js";
import { inputError } from "./expect-input-error.js";

const dir = mkdtempSync(join(tmpdir(), "dbg-own-workload-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const profileText = (step: string) => `
name: own
version: 1
engine: postgresql
description: a custom step
schedule: { rounds: 4, min_rounds: 2, duration_s: 1, warmup_s: 0, time_budget_s: null }
server_settings: {}
steps:
  - ${step}
`;
const CUSTOM = `{ driver: pgbench, name: jsonb-lookup, scripts: [lookup.sql@9, update.sql], defines: { ndocs: 1000 }, init_sql: init.sql, protocol: prepared, clients: 4, threads: 2 }`;

const file = (path: string, text: string): WorkloadFile => ({ path, source: `abc123:perf/${path}`, text });
const FILES = new Map([
  ["lookup.sql", file("lookup.sql", "\\set id random(1, :ndocs)\nSELECT doc -> 'name' FROM docs WHERE id = :id;\n")],
  ["update.sql", file("update.sql", "\\set id random(1, :ndocs)\nUPDATE docs SET doc = doc WHERE id = :id;\n")],
  ["init.sql", file("init.sql", "CREATE TABLE docs (id int PRIMARY KEY, doc jsonb);\n")],
]);
const customStep = (step = CUSTOM, files = FILES): BenchmarkStep => parseProfile(profileText(step), "own.yaml", 2, files).steps[0]!;

const TARGET: Target = { kind: "server", protocol: "postgresql", socket: "/sock/.s.PGSQL.5433", port: 5433, user: "bench", database: "bench" };
const BINS = new Proxy({} as Record<string, string>, { get: (_, name) => (name === "pgbench" || name === "psql" ? `/build/bin/${String(name)}` : `/run/dir/${String(name)}`) });

describe("a custom pgbench step's definition", () => {
  it("is named by the user, records what it runs, and hashes the files' text and the options", () => {
    const step = customStep();
    expect(step.id).toBe("jsonb-lookup");
    expect(step.parameters).toEqual({ scripts: "lookup.sql@9 update.sql", init_sql: "init.sql", defines: "ndocs=1000", protocol: "prepared", clients: 4, threads: 2, writes: true });
    expect(step.definition_hash).toMatch(/^[0-9a-f]{64}$/);
    const edited = new Map(FILES).set("lookup.sql", file("lookup.sql", "\\set id random(1, :ndocs)\nSELECT doc FROM docs WHERE id = :id;\n"));
    expect(customStep(CUSTOM, edited).definition_hash).not.toBe(step.definition_hash);
    expect(customStep(CUSTOM, new Map(FILES).set("init.sql", file("init.sql", "CREATE TABLE docs (id bigint PRIMARY KEY, doc jsonb);\n"))).definition_hash).not.toBe(step.definition_hash);
    expect(customStep(CUSTOM.replace("clients: 4", "clients: 3")).definition_hash).not.toBe(step.definition_hash);
    expect(customStep(CUSTOM.replace("lookup.sql@9", "lookup.sql@8")).definition_hash).not.toBe(step.definition_hash);
    expect(customStep(CUSTOM.replace("ndocs: 1000", "ndocs: 999")).definition_hash).not.toBe(step.definition_hash);
    // the same definition under another name keeps its hash; the builtin steps have none
    expect(customStep(CUSTOM.replace("jsonb-lookup", "jsonb-lookup-2")).definition_hash).toBe(step.definition_hash);
    expect(customStep("{ driver: pgbench, script: select-only, clients: 1 }").definition_hash).toBeUndefined();
  });

  it("changes the profile's hash with its files", () => {
    const hash = (files: Map<string, WorkloadFile>) => parseProfile(profileText(CUSTOM), "own.yaml", 2, files).hash;
    expect(hash(new Map(FILES).set("update.sql", file("update.sql", "SELECT 2;\n")))).not.toBe(hash(FILES));
  });

  it.each([
    [CUSTOM.replace("jsonb-lookup", "'jsonb lookup'"), "$.steps[0].name"],
    [CUSTOM.replace("lookup.sql@9", "lookup.sql@x"), "$.steps[0].scripts[0]"],
    [CUSTOM.replace("[lookup.sql@9, update.sql]", "[lookup.sql@0]"), "$.steps[0].scripts"],
    [CUSTOM.replace("[lookup.sql@9, update.sql]", "[]"), "$.steps[0].scripts"],
    [CUSTOM.replace("init_sql: init.sql, ", ""), "$.steps[0].init_sql"],
    [CUSTOM.replace("threads: 2", "threads: 5"), "$.steps[0].threads"],
    [CUSTOM.replace("ndocs: 1000", "'n docs': 1000"), "$.steps[0].defines.n docs"],
    [CUSTOM.replace("clients: 4", "clients: 4, script: select-only"), "$.steps[0]"],
  ])("refuses %s, naming %s", (step, field) => {
    expect(inputError(() => customStep(step))).toContain(`own.yaml: ${field}: `);
  });

  it("is not swept: its id is the user's name, one per step", () => {
    expect(inputError(() => customStep(CUSTOM.replace("clients: 4, threads: 2", "sweep: { clients: [1, 2] }")))).toBe("own.yaml: $.steps[0].sweep: the pgbench step ids do not name the client count (jsonb-lookup, jsonb-lookup)");
  });

  it("runs every run with the profile's scripts, weights, variables and one seed; counts a writing step as one client", () => {
    const step = customStep();
    const names = Object.keys(step.files!);
    expect(names).toHaveLength(3);
    const [lookup, update] = names.map((n) => `/run/dir/${n}`);
    const run = step.run(TARGET, BINS, 5).args;
    expect(run).toEqual(expect.arrayContaining(["-f", `${lookup}@9`, "-f", `${update}@1`, "-D", "ndocs=1000", "-M", "prepared", "-c", "4", "-j", "2", "-T", "5", "-n", "--random-seed=1", "-P"]));
    expect(step.warmup(TARGET, BINS, 2).args).toEqual(expect.arrayContaining(["-n", "--random-seed=1"]));
    // the init SQL's schema first on every run's search path, loaded afresh (dropped and made again) on every load
    const schema = /^dbname=bench options=-csearch_path=(dbg_pgbench_custom_[0-9a-f]{12}),public$/.exec(run.at(-1)!)?.[1];
    expect(schema).toBeDefined();
    expect(step.fixedRun(TARGET, BINS, 100, 0).args.at(-1)).toBe(run.at(-1));
    expect(step.fixedRun({ ...TARGET, database: "bench_counted_copy" }, BINS, 100, 0).args.at(-1)).toBe(`dbname=bench_counted_copy options=-csearch_path=${schema},public`);
    expect(step.dataSet(TARGET, BINS).commands[0]!.args).toEqual(expect.arrayContaining(["-c", `DROP SCHEMA IF EXISTS ${schema} CASCADE`, "-c", `CREATE SCHEMA ${schema}`, "-c", `SET search_path TO ${schema}, public`]));
    expect(step.fixedRun(TARGET, BINS, 100, 0).args).toEqual(expect.arrayContaining(["-c", "1", "-j", "1", "-t", "400", "--random-seed=1"]));
    expect(step.countedRun).toBe("one client running the 4 clients' transactions in turn");
    const readOnly = customStep(CUSTOM.replace("threads: 2", "threads: 2, writes: false"));
    expect(readOnly.writes).toBeUndefined();
    expect(readOnly.fixedRun(TARGET, BINS, 100, 0).args).toEqual(expect.arrayContaining(["-c", "4", "-t", "100"]));
    const data = step.dataSet(TARGET, BINS);
    expect(data.commands.map((c) => [c.file, ...c.args.filter((a) => a.startsWith("-f") || a.startsWith("/run") || a === "ON_ERROR_STOP=1" || a === "VACUUM ANALYZE")])).toEqual([
      ["/build/bin/psql", "ON_ERROR_STOP=1", "-f", `/run/dir/${names[2]}`],
      ["/build/bin/psql", "ON_ERROR_STOP=1", "VACUUM ANALYZE"],
    ]);
    // pgbench -i first where a scale is given; the same init SQL and scale share one load
    const scaled = customStep(CUSTOM.replace("init_sql: init.sql", "init_sql: init.sql, scale: 2")).dataSet(TARGET, BINS);
    expect(scaled.commands[0]!.args.slice(0, 3)).toEqual(["-i", "-s", "2"]);
    expect(customStep(CUSTOM.replace("jsonb-lookup", "other")).dataSet(TARGET, BINS).key).toBe(data.key);
    expect(scaled.key).not.toBe(data.key);
  });

  // pgbench 15's own output (/usr/bin/pgbench -n -t 1 -f <script> -h <no server>), recorded 2026-12-05
  it("keeps pgbench's message for a script it rejects, named as the judging commit's file", () => {
    const step = customStep();
    const lookup = Object.keys(step.files!)[0]!;
    const check = step.inputCheck!(BINS, "/run/dir/no-server");
    expect(check.command.args).toEqual(expect.arrayContaining(["-h", "/run/dir/no-server", "-t", "1", "-n"]));
    const rejected = check.rejected(`pgbench: error: /run/dir/${lookup}:1: syntax error in command "set"\n\\set aid random(1, 100000 * :scale\n                                  ^ error found here\n`, "own.yaml");
    expect(rejected).toBeInstanceOf(InputError);
    expect(rejected!.message).toBe(
      'abc123:perf/lookup.sql, abc123:perf/update.sql: scripts: pgbench: error: abc123:perf/lookup.sql:1: syntax error in command "set": \\set aid random(1, 100000 * :scale',
    );
    const accepted = 'pgbench: error: connection to server on socket "/run/dir/no-server/.s.PGSQL.1" failed: No such file or directory\n\tIs the server running locally and accepting connections on that socket?\npgbench: error: could not create connection for setup\n';
    expect(check.rejected(accepted, "own.yaml")).toBeNull();
    expect(check.rejected("", "own.yaml")!.message).toContain("pgbench printed nothing");
  });

  // psql 15 -v ON_ERROR_STOP=1 -f stopping on a statement, recorded 2026-12-05
  it("keeps psql's message and line for an init SQL that fails; another failure is not the file's", () => {
    const step = customStep();
    const data = step.dataSet(TARGET, BINS);
    const init = Object.keys(step.files!)[2]!;
    const error = data.inputError!(0, `psql:/run/dir/${init}:4: ERROR:  syntax error at or near "CREAT"\nLINE 1: CREAT INDEX ON docs (id);\n        ^\n`);
    expect(error!.message).toBe('abc123:perf/init.sql: init_sql: psql stopped at line 4: ERROR: syntax error at or near "CREAT"');
    expect(data.inputError!(0, "psql: error: connection to server on socket failed: server closed the connection unexpectedly")).toBeNull();
    expect(data.inputError!(1, `psql:/run/dir/${init}:4: ERROR:  x`)).toBeNull();
  });
});

describe("a custom step's files", () => {
  const repo = join(dir, "repo");
  mkdirSync(join(repo, "perf"), { recursive: true });
  const git = async (...args: string[]) => (await execa("git", ["-C", repo, ...args], { env: { ...childEnv(process.env), GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@example.com", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@example.com" }, extendEnv: false })).stdout.trim();
  const write = (path: string, text: string) => writeFileSync(join(repo, path), text);
  const profileFile = join(repo, "perf", "profile.yaml");

  it("are read at the judging commit, relative to the profile, never from the checkout", async () => {
    await execa("git", ["init", "-q", "-b", "main", repo], { env: childEnv(process.env), extendEnv: false });
    write("perf/profile.yaml", profileText(CUSTOM));
    for (const [name, f] of FILES) write(`perf/${name}`, f.text);
    await git("add", "-A");
    await git("commit", "-qm", "base");
    const base = await git("rev-parse", "HEAD");
    // the pull request's checkout: another script
    write("perf/lookup.sql", "SELECT 1;\n");
    const at = judgingCommit(repo, base);
    const profile = await loadProfile(profileFile, at);
    const step = profile.steps[0]!;
    expect(Object.values(step.files!).map((f) => [f.source, f.text])).toEqual([...FILES.values()].map((f) => [`${base}:perf/${f.path}`, f.text]));
    expect(step.definition_hash).toBe(customStep().definition_hash);
    // read, so that a pull request changing them is told its changes apply after merge
    expect([...at.read].sort()).toEqual(["perf/init.sql", "perf/lookup.sql", "perf/profile.yaml", "perf/update.sql"]);
    // from disk (the CLI without --judge-at), the checkout's
    expect(Object.values((await loadProfile(profileFile)).steps[0]!.files!)[0]!.text).toBe("SELECT 1;\n");
  });

  it("a pull request's edits: a changed script is measured with the base's and said so in one line; a new one is listed as not measured until merged", async () => {
    const base = await git("rev-parse", "HEAD");
    write("perf/lookup.sql", "SELECT 1;\n");
    write("perf/added.sql", "SELECT 3;\n");
    write("perf/profile.yaml", profileText(`${CUSTOM}\n  - { driver: pgbench, name: added, scripts: [added.sql], scale: 1, clients: 1 }`));
    await git("add", "-A");
    await git("commit", "-qm", "the pull request");
    const head = await git("rev-parse", "HEAD");
    const at = judgingCommit(repo, base);
    const profile = await loadProfile(profileFile, at);
    expect(profile.steps.map((s) => s.id)).toEqual(["jsonb-lookup"]);
    expect(Object.values(profile.steps[0]!.files!)[0]!.text).toBe(FILES.get("lookup.sql")!.text);
    const changed = await changedJudgingFiles(repo, base, head, at.read);
    expect(changed).toEqual([
      { path: "perf/lookup.sql", change: "changes" },
      { path: "perf/profile.yaml", change: "changes" },
    ]);
    expect(judgingFilesNote(changed, base).trim().split("\n")).toHaveLength(2);
    expect(await newWorkloadFiles(at, head)).toEqual(["perf/added.sql"]);
    expect(newWorkloadFilesNote(["perf/added.sql"])).toBe("\n> [!NOTE]\n> Not measured until merged: this pull request adds `perf/added.sql`, named by its profile; the steps are the base's.\n");
    // a head whose profile does not parse adds nothing to the list
    write("perf/profile.yaml", "steps: [");
    await git("commit", "-qam", "broken profile");
    expect(await newWorkloadFiles(at, await git("rev-parse", "HEAD"))).toEqual([]);
  });

  it("missing at the judging commit or too large: one line naming the profile and the field", async () => {
    // a profile committed naming a script that is only in the checkout
    write("perf/profile.yaml", profileText(CUSTOM.replace("update.sql", "new.sql")));
    write("perf/new.sql", "SELECT 2;\n");
    await git("add", "perf/profile.yaml");
    await git("commit", "-qm", "names new.sql, not committed");
    const named = await git("rev-parse", "HEAD");
    await expect(loadProfile(profileFile, judgingCommit(repo, named))).rejects.toThrow(
      `${named}:perf/profile.yaml: $.steps[0].scripts[1]: perf/new.sql: not in commit ${named}: the workload file is read as committed there, never from the pull request's tree`,
    );
    write("perf/init.sql", `-- ${"x".repeat(MAX_JUDGING_FILE_BYTES)}\n`);
    await git("add", "-A");
    await git("commit", "-qm", "an init SQL over the cap");
    const large = await git("rev-parse", "HEAD");
    await expect(loadProfile(profileFile, judgingCommit(repo, large))).rejects.toThrow(new RegExp(`^${large}:perf/profile.yaml: \\$.steps\\[0\\].init_sql: .*larger than`));
    write("perf/profile.yaml", profileText(CUSTOM.replace("lookup.sql", "gone.sql")));
    await expect(loadProfile(profileFile)).rejects.toThrow(`${profileFile}: $.steps[0].scripts[0]: ${join(repo, "perf", "gone.sql")}: cannot read: ENOENT`);
  });
});

describe("a stored baseline of another definition", () => {
  const STEP = "jsonb-lookup";
  const withHash = (results: ReturnType<typeof syntheticResults>, hash: string) => ({ ...results, steps: results.steps.map((s) => ({ ...s, definition_hash: hash })) });

  it("is not compared with the step: missing, saying the workload changed; the same definition is compared", () => {
    const baseline = withHash(syntheticResults({ variants: ["main"], steps: [STEP], noise: 0.01, seed: 1 }), "a".repeat(64));
    const current = withHash(syntheticResults({ variants: ["head"], steps: [STEP], noise: 0.01, seed: 2, effects: { head: { [STEP]: 0.8 } } }), "b".repeat(64));
    const refused = compareAgainstBaseline(current, baseline).steps[0]!.variants[0]!;
    expect(refused).toMatchObject({ verdict: "missing", reason: expect.stringMatching(/^not compared: the step's definition changed since the baseline \(definition hash aaaaaaaaaaaa, now bbbbbbbbbbbb\)/) });
    const compared = compareAgainstBaseline(withHash(current, "a".repeat(64)), baseline).steps[0]!.variants[0]!;
    expect(compared.verdict).toBe("regression");
    // a builtin step of the same id in the baseline (no hash) is another definition too
    expect(changedDefinitions(current, { ...baseline, steps: baseline.steps.map(({ definition_hash: _, ...s }) => s) }).get(STEP)).toContain("definition hash none, now bbbbbbbbbbbb");
  });
});

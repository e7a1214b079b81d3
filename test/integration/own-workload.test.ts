/**
 * A fork's own pgbench workload as a step, end to end through `db-bench-gate run` on the demo fork:
 * a jsonb lookup script with an init SQL, committed in the fork (the judging commit) beside a profile
 * that also runs the builtin select-only. The pull request's commit slows jsonb's `->` (a function only
 * the custom script reaches): the gate fails on the custom step's count and not on select-only's. The
 * scripts run are the judging commit's, never the working tree's (which is changed here to tell). Bad
 * workload files end the run with exit 2 and one line naming the file and the field.
 *
 * Builds: base is the suite's cached build; the slowed commit has fixed identity and dates (so one sha on
 * every machine, cached after the first run) and differs from base in one file: with the shared
 * ccache, its first build is a configure, one compiled file and an install.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { execa } from "execa";
import { afterAll, describe, expect, inject, it } from "vitest";
import { childEnv } from "../../src/trust/child-env.js";
import { compareRun } from "../../src/compare/compare.js";
import { readResults } from "../../src/results/io.js";
import { addPatchBranches } from "../../src/setup/fork-repo.js";
import { cliInProcess } from "../helpers/cli-in-process.js";

const cacheDir = inject("cacheDir");
const fork = inject("pgFork");
const work = mkdtempSync(path.join(os.tmpdir(), "dbg-own-workload-test-"));
chmodSync(work, 0o755);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const CUSTOM_STEP = "jsonb-lookup";
const BUILTIN_STEP = "pgbench.select-only.prepared.c1";
const SLOW_REF = "own-workload-slow-jsonb-field";
const FILES_REF = "own-workload-files";

/** jsonb's `->` (jsonb_object_field) hashes a counter 2000 times per call: what only the custom script runs. */
const SLOW_JSONB_FIELD = {
  file: "src/backend/utils/adt/jsonfuncs.c",
  edits: [
    { anchor: '#include "common/jsonapi.h"\n', replacement: '#include "common/hashfn.h"\n#include "common/jsonapi.h"\n' },
    {
      anchor: "Datum\njsonb_object_field(PG_FUNCTION_ARGS)\n{\n\tJsonb\t   *jb = PG_GETARG_JSONB_P(0);\n\ttext\t   *key = PG_GETARG_TEXT_PP(1);\n\tJsonbValue *v;\n\tJsonbValue\tvbuf;\n",
      replacement:
        "static volatile uint64 field_lookup_sink = 0;\n\nDatum\njsonb_object_field(PG_FUNCTION_ARGS)\n{\n\tJsonb\t   *jb = PG_GETARG_JSONB_P(0);\n\ttext\t   *key = PG_GETARG_TEXT_PP(1);\n\tJsonbValue *v;\n\tJsonbValue\tvbuf;\n\tuint64\t\th = field_lookup_sink;\n\tuint32\t\ti;\n\n\tfor (i = 0; i < 2000; i++)\n\t\th = hash_bytes_uint32_extended(i, h);\n\tfield_lookup_sink = h;\n",
    },
  ],
};

const INIT_SQL = `-- the documents the lookups read
CREATE TABLE docs (id integer PRIMARY KEY, doc jsonb NOT NULL);
INSERT INTO docs SELECT i, jsonb_build_object('name', md5(i::text), 'n', i) FROM generate_series(1, 10000) AS i;
`;
const LOOKUP_SQL = "\\set id random(1, :ndocs)\nSELECT doc -> 'name' FROM docs WHERE id = :id;\n";
const PROFILE = `
name: own-workload-test
version: 1
engine: postgresql
description: a custom jsonb lookup step beside the builtin select-only
schedule: { rounds: 2, min_rounds: 2, duration_s: 1, warmup_s: 0, time_budget_s: null }
server_settings: { shared_buffers: 32MB, max_connections: 20, fsync: "off", synchronous_commit: "off", autovacuum: "off" }
instructions: { ops_per_client: 200, repeats: 3, judge: instructions }
steps:
  - { driver: pgbench, script: select-only, protocol: prepared, clients: 1, scale: 1 }
  - driver: pgbench
    name: ${CUSTOM_STEP}
    scripts: [lookup.sql@1]
    defines: { ndocs: 10000 }
    init_sql: init.sql
    protocol: prepared
    clients: 1
    writes: false
`;

const git = (repo: string, args: string[]) => execa("git", ["-C", repo, "-c", "user.name=test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false", ...args], { env: childEnv(process.env), extendEnv: false });

/**
 * The test's clone of the fork: the slowed commit, and a commit on base that adds workload/ (profile,
 * script, init SQL), the judging commit. The working tree then gets another script: a run reading it
 * would measure `SELECT 1`.
 */
async function forkWithWorkload(): Promise<{ repo: string; profile: string }> {
  const repo = path.join(work, "fork");
  await addPatchBranches(fork, repo, [{ ref: SLOW_REF, files: [SLOW_JSONB_FIELD], message: "jsonb: hash a counter 2000 times per -> lookup" }]);
  await git(repo, ["switch", "-q", "-c", FILES_REF, fork.base]);
  const dir = path.join(repo, "workload");
  mkdirSync(dir);
  writeFileSync(path.join(dir, "profile.yaml"), PROFILE);
  writeFileSync(path.join(dir, "init.sql"), INIT_SQL);
  writeFileSync(path.join(dir, "lookup.sql"), LOOKUP_SQL);
  await git(repo, ["add", "workload"]);
  await git(repo, ["commit", "-q", "-m", "workload: the jsonb lookup benchmark"]);
  writeFileSync(path.join(dir, "lookup.sql"), "SELECT 1;\n");
  return { repo, profile: path.join(dir, "profile.yaml") };
}

function privateTmp(name: string): string {
  const dir = path.join(work, name);
  mkdirSync(dir, { mode: 0o755 });
  return dir;
}

describe("a fork's own pgbench workload", () => {
  it("runs as a step through `run`: QPS and counts, the judging commit's script, and a slowed function only it reaches fails the gate on it alone", async () => {
    const { repo, profile } = await forkWithWorkload();
    const out = path.join(work, "results.json");
    const tmp = privateTmp("run");
    process.env.TMPDIR = tmp;
    const run = await cliInProcess("run", "--repo", repo, "--base", fork.base, "--head", SLOW_REF, "--trusted", "--judge-at", FILES_REF, "--profile", profile, "--cache-dir", cacheDir, "--results", out);
    expect(run.code, run.stderr).toBe(1);
    const results = await readResults(out);
    const custom = results.steps.find((s) => s.id === CUSTOM_STEP)!;
    expect(custom).toMatchObject({ driver: "pgbench", parameters: { scripts: "lookup.sql@1", init_sql: "init.sql", defines: "ndocs=10000", protocol: "prepared", clients: 1 } });
    expect(custom.definition_hash).toMatch(/^[0-9a-f]{64}$/);
    for (const step of [CUSTOM_STEP, BUILTIN_STEP]) {
      for (const variant of ["base", "head"]) {
        expect(results.samples.filter((s) => s.step === step && s.variant === variant && s.status === "ok").length, `${step} ${variant}`).toBe(2);
        const counted = results.instructions!.filter((s) => s.step === step && s.variant === variant && s.status === "ok");
        expect(counted.length, `${step} ${variant} counts`).toBe(3);
      }
    }
    const perOp = (step: string, variant: string) => results.instructions!.flatMap((s) => (s.step === step && s.variant === variant && s.status === "ok" ? [s.instructions_per_op] : []))[0]!;
    // the lookup itself, not `SELECT 1` from the working tree: a jsonb lookup by primary key costs more than a trivial select
    expect(perOp(CUSTOM_STEP, "base")).toBeGreaterThan(perOp(BUILTIN_STEP, "base") * 0.5);
    // 2000 hashes per lookup: tens of thousands of instructions per transaction more
    expect(perOp(CUSTOM_STEP, "head") - perOp(CUSTOM_STEP, "base")).toBeGreaterThan(20_000);

    const comparison = compareRun(results);
    const verdictOf = (step: string) => comparison.steps.find((s) => s.step === step)!.variants[0]!.instructions!.verdict;
    expect(verdictOf(CUSTOM_STEP)).toBe("regression");
    expect(verdictOf(BUILTIN_STEP)).toBe("unchanged");
  });

  it("ends with exit 2 and one line naming the file and the field for a script pgbench rejects and an init SQL that fails", async () => {
    const repo = path.join(work, "fork");
    const dir = path.join(work, "bad");
    mkdirSync(dir);
    const profileWith = (name: string, script: string, init: string) => {
      writeFileSync(path.join(dir, `${name}.sql`), script);
      writeFileSync(path.join(dir, `${name}-init.sql`), init);
      const file = path.join(dir, `${name}.yaml`);
      writeFileSync(file, PROFILE.replace("lookup.sql@1", `${name}.sql@1`).replace("init_sql: init.sql", `init_sql: ${name}-init.sql`));
      return file;
    };
    const tmp = privateTmp("bad-runs");
    process.env.TMPDIR = tmp;
    const runWith = (file: string) => cliInProcess("run", "--repo", repo, "--base", fork.base, "--head", SLOW_REF, "--trusted", "--profile", file, "--cache-dir", cacheDir, "--no-instructions", "--results", path.join(dir, "results.json"));

    const badScript = await runWith(profileWith("bad-script", "\\set id random(1, :ndocs\nSELECT 1;\n", INIT_SQL));
    expect(badScript.code).toBe(2);
    const scriptLine = badScript.stderr.trim().split("\n").at(-1)!;
    expect(scriptLine).toContain(`${path.join(dir, "bad-script.sql")}: scripts: pgbench: error: ${path.join(dir, "bad-script.sql")}:1: syntax error in command "set"`);

    const badInit = await runWith(profileWith("bad-init", LOOKUP_SQL, `${INIT_SQL}CREAT INDEX ON docs (id);\n`));
    expect(badInit.code).toBe(2);
    const initLine = badInit.stderr.trim().split("\n").at(-1)!;
    expect(initLine).toContain(`${path.join(dir, "bad-init-init.sql")}: init_sql: psql stopped at line 4: ERROR: syntax error at or near "CREAT"`);
  });
});

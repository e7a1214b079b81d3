/**
 * The field's full profiles end to end through the bundled CLI on the engines CI builds from source
 * (issue #27), each shaped to two 1-s rounds a step on small data (test/helpers/profile-shape.ts):
 * pg-sysbench, pg-scaling and pg-sysbench-scaling on the PostgreSQL test fork, mariadb-sysbench and
 * mariadb-sysbench-scaling on the MariaDB demo fork (InnoDB), rocksdb-quick and rocksdb-scaling on the
 * RocksDB demo fork. myrocks-sysbench runs the same way on Debian's MyRocks in engine-myrocks.test.ts.
 * Each run: every step measured on both variants with its per-operation metrics, a chart per swept
 * step, the verdict judged (exit 0 or 1, never 2), nothing left running or in its temp dir.
 *
 * The runs go three at a time, each with its own unprivileged users (a run ends every process of its
 * users): a shaped run's time is its fixed 1-s measurements, not CPU, so running them side by side cuts
 * the file to about the longest run's (docs/measurements.md, "The tests and CI"). Their QPS means
 * nothing either way.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { parseProfile } from "../../src/config/profile.js";
import { processesUnder } from "../../src/trust/processes.js";
import { readResults } from "../../src/results/io.js";
import { engineForkBuilds, type ForkEngine } from "../helpers/engine-fork-builds.js";
import { expectEveryStepMeasured, shapedProfile } from "../helpers/profile-shape.js";
import { runCli } from "../helpers/run-cli.js";

const cacheDir = inject("cacheDir");
const pgFork = inject("pgFork");
const work = mkdtempSync(path.join(os.tmpdir(), "dbg-full-profiles-test-"));
// the unprivileged build and server users must reach the run dirs below it
chmodSync(work, 0o755);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The fork to run on: PostgreSQL's is the global setup's; MariaDB's and RocksDB's are built (or reused) here. */
async function forkOf(engine: "postgresql" | ForkEngine): Promise<string> {
  return engine === "postgresql" ? pgFork.path : (await engineForkBuilds(engine, cacheDir)).fork.path;
}

// the two longest first, so that the short ones share the third slot (vitest.config.ts: maxConcurrency)
const CASES: { profile: string; engine: "postgresql" | ForkEngine; users: string }[] = [
  { profile: "pg-sysbench", engine: "postgresql", users: "dbgfull1" },
  { profile: "mariadb-sysbench", engine: "mariadb", users: "dbgfull2" },
  { profile: "pg-scaling", engine: "postgresql", users: "dbgfull3" },
  { profile: "pg-sysbench-scaling", engine: "postgresql", users: "dbgfull4" },
  { profile: "mariadb-sysbench-scaling", engine: "mariadb", users: "dbgfull5" },
  { profile: "rocksdb-quick", engine: "rocksdb", users: "dbgfull6" },
  { profile: "rocksdb-scaling", engine: "rocksdb", users: "dbgfull7" },
];

// A cold MariaDB or RocksDB build (when the global setup's prebuild has not finished) and the run.
const CASE_TIMEOUT_MS = 60 * 60_000;

describe.concurrent("the full profiles, shaped, through the CLI", () => {
  it.each(CASES)("$profile on $engine: every step on both variants, a chart per sweep, nothing left", async ({ profile: name, engine, users }) => {
    const repo = await forkOf(engine);
    const dir = path.join(work, name);
    const tmp = path.join(dir, "tmp");
    mkdirSync(tmp, { recursive: true, mode: 0o755 });
    const profileText = shapedProfile(name);
    const profileFile = path.join(dir, `${name}-shaped.yaml`);
    writeFileSync(profileFile, profileText);
    const resultsFile = path.join(dir, "results.json");
    const charts = path.join(dir, "charts");

    const started = performance.now();
    const run = await runCli(["run", "--repo", repo, "--base", "base", "--head", "head", "--profile", profileFile, "--cache-dir", cacheDir, "--results", resultsFile, "--charts-dir", charts], tmp, users);
    console.log(`${name}-shaped on ${engine}: ${((performance.now() - started) / 1000).toFixed(0)} s, exit ${run.exitCode}`);
    expect([0, 1], run.all).toContain(run.exitCode);

    const results = await readResults(resultsFile);
    const profile = parseProfile(profileText, profileFile);
    expectEveryStepMeasured(results, profile);
    // the charts the profile's sweeps call for, not the ones the results happen to name
    expect(results.steps.map((step) => [step.id, step.sweep])).toEqual(profile.steps.map((step) => [step.id, step.sweep]));
    const sweeps = [...new Set(profile.steps.flatMap((step) => (step.sweep ? [step.sweep.group] : [])))];
    expect(sweeps.length > 0).toBe(name.includes("scaling"));
    for (const group of sweeps) expect(existsSync(path.join(charts, `results.${group}.svg`)), group).toBe(true);
    expect({ processes: processesUnder(tmp), entries: readdirSync(tmp) }).toEqual({ processes: [], entries: [] });
  }, CASE_TIMEOUT_MS);
});

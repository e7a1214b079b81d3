/**
 * Once per integration run: the Debian packages the tests use, the PostgreSQL 15 source and the demo
 * fork made from it, and the fork's base and head built in the trusted namespace, all cached under
 * $DBG_CACHE_DIR (default /var/cache/db-bench-gate as root) and reused, so a repeated run spends
 * seconds here. The builds come first because a trusted build is reused at every trust level while a
 * pull request's is not: on a fresh machine, a PR-level run building them first meant each was built
 * cold twice (the PR namespace's ccache is its own).
 *
 * The MariaDB and RocksDB forks are made here too, and their builds start in the background at the
 * idle scheduling class (test/helpers/prebuild-engines.ts): cold, they are most of a fresh machine's
 * run, and the files that need them run last (vitest.config.ts), so these builds take the CPU the
 * PostgreSQL tests leave idle instead of adding their time to the run. DBG_TEST_PREBUILD=0 leaves
 * them to the tests that need them (a run of a few files). Teardown stops a prebuild still running.
 */
import { createInterface } from "node:readline";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { execa, type ResultPromise } from "execa";
import type { TestProject } from "vitest/node";
import { buildAtCommit } from "../../src/build/build.js";
import { loadBuiltinRecipe } from "../../src/build/recipe.js";
import { withCleanup } from "../../src/common/cleanup.js";
import { defaultCacheDir } from "../../src/config/plan.js";
import { ensureDebianPackages, POSTGRES_BENCH_PACKAGES } from "../../src/setup/debian-packages.js";
import { makePostgresFork, type ForkRepo } from "../../src/setup/fork-repo.js";
import { obtainPostgresSource } from "../../src/setup/pg-source.js";
import { engineFork, type ForkEngine } from "../helpers/engine-fork-builds.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Build prefixes, the shared ccache and the demo fork live here. */
    cacheDir: string;
    /** The PostgreSQL 15 fork: base, head (slower) and build-failure commits. */
    pgFork: ForkRepo;
  }
}


export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The same cache as the CLI's (DBG_CACHE_DIR, else /var/cache/db-bench-gate as root): outside any
  // private home directory, so the unprivileged server user can run the builds, wherever the clone is.
  const cacheDir = path.resolve(defaultCacheDir());
  const say = (line: string): void => console.log(`[global-setup] ${line}`);
  const installed = await ensureDebianPackages(POSTGRES_BENCH_PACKAGES, say);
  if (installed.length > 0) say(`installed ${installed.join(" ")}`);
  const source = await obtainPostgresSource(cacheDir, { onLine: say });
  const fork = await makePostgresFork(source, path.join(cacheDir, "pg-fork", source.package));
  const recipe = await loadBuiltinRecipe("postgresql");
  for (const commitish of ["base", "head"]) {
    const build = await withCleanup((registry) => buildAtCommit({ repo: fork.path, commitish, recipe, cacheDir, trust: "trusted", registry }));
    say(`PostgreSQL ${commitish}: ${build.reused ? "cached" : `built in ${Math.round(build.timings.total)} s`} (${build.buildId})`);
  }
  project.provide("cacheDir", cacheDir);
  project.provide("pgFork", fork);

  const engines: ForkEngine[] = ["mariadb", "rocksdb"];
  if (process.env.DBG_TEST_PREBUILD === "0") return async () => {};
  for (const engine of engines) await engineFork(engine, cacheDir, say);
  const prebuild = startPrebuild(cacheDir, engines, say);
  return () => stopPrebuild(prebuild, say);
}

const PREBUILD_OPTIONS = { reject: false, stdin: "ignore", all: true, forceKillAfterDelay: 60_000 } as const;
type Prebuild = ResultPromise<typeof PREBUILD_OPTIONS>;

const PREBUILD_SCRIPT = fileURLToPath(new URL("../helpers/prebuild-engines.ts", import.meta.url));

function startPrebuild(cacheDir: string, engines: ForkEngine[], say: (line: string) => void): Prebuild {
  // chrt --idle: SCHED_IDLE, inherited by make and every compiler; a test's process always runs first
  const child = execa("chrt", ["--idle", "0", process.execPath, "--import", "tsx", PREBUILD_SCRIPT, cacheDir, ...engines], PREBUILD_OPTIONS);
  say(`prebuilding ${engines.join(", ")} in the background (pid ${child.pid})`);
  createInterface({ input: child.all }).on("line", (line) => say(`prebuild: ${line}`));
  return child;
}

async function stopPrebuild(child: Prebuild, say: (line: string) => void): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    say("stopping the background prebuild (the tests are done)");
    child.kill("SIGTERM");
  }
  const result = await child;
  if (result.failed && !result.isTerminated) say(`prebuild: exited ${result.exitCode}`);
}

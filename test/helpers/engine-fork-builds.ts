/**
 * The MariaDB and RocksDB demo forks, and their base and head built in the trusted namespace, as the
 * tests share them. Trusted because a trusted build is reused at every trust level and a pull
 * request's is not (its ccache is its own): on a fresh machine a CLI run building them first meant a
 * second cold build (MariaDB: about 17 minutes on 2 cores).
 */
import path from "node:path";
import { buildAtCommit, type BuildResult } from "../../src/build/build.js";
import { loadBuiltinRecipe } from "../../src/build/recipe.js";
import { withCleanup } from "../../src/common/cleanup.js";
import { ensureDebianPackages, MARIADB_BENCH_PACKAGES, ROCKSDB_BENCH_PACKAGES } from "../../src/setup/debian-packages.js";
import type { ForkRepo } from "../../src/setup/fork-repo.js";
import { makeMariadbFork, obtainMariadbSource } from "../../src/setup/mariadb-fork.js";
import { makeRocksdbFork, obtainRocksdbSource } from "../../src/setup/rocksdb-fork.js";

export type ForkEngine = "mariadb" | "rocksdb";

const FORKS: Record<ForkEngine, { packages: string[]; fork: (cacheDir: string, say?: (line: string) => void) => Promise<ForkRepo> }> = {
  mariadb: {
    packages: MARIADB_BENCH_PACKAGES,
    fork: async (cacheDir, say) => makeMariadbFork(await obtainMariadbSource(cacheDir, say), path.join(cacheDir, "demo-fork-mariadb")),
  },
  rocksdb: {
    packages: ROCKSDB_BENCH_PACKAGES,
    fork: async (cacheDir, say) => makeRocksdbFork(await obtainRocksdbSource(cacheDir, say), path.join(cacheDir, "rocksdb-fork")),
  },
};

/** The engine's build packages installed and its demo fork made (both cached: seconds when done before). */
export async function engineFork(engine: ForkEngine, cacheDir: string, say?: (line: string) => void): Promise<ForkRepo> {
  const installed = await ensureDebianPackages(FORKS[engine].packages, say);
  if (installed.length > 0) say?.(`installed ${installed.join(" ")}`);
  return FORKS[engine].fork(cacheDir, say);
}

export interface EngineForkBuilds {
  fork: ForkRepo;
  base: BuildResult;
  head: BuildResult;
}

/**
 * Base and head with the engine's shipped recipe. Safe beside another process building the same
 * commit (the global setup's prebuild): buildAtCommit waits for its lock and then reuses the build.
 */
export async function engineForkBuilds(engine: ForkEngine, cacheDir: string, say?: (line: string) => void): Promise<EngineForkBuilds> {
  const fork = await engineFork(engine, cacheDir, say);
  const recipe = await loadBuiltinRecipe(engine);
  const build = (commitish: string) => withCleanup((registry) => buildAtCommit({ repo: fork.path, commitish, recipe, cacheDir, trust: "trusted", registry }));
  const base = await build("base");
  return { fork, base, head: await build("head") };
}

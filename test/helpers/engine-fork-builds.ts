/**
 * The MariaDB demo fork with its base and head built in the trusted namespace, as the tests share them.
 * Built before any PR-level run needs them: a trusted build is reused at every trust level, a pull
 * request's is not (its ccache is its own), so on a fresh machine a CLI run building them first meant
 * a second cold build of MariaDB, about 17 minutes on 2 cores.
 */
import path from "node:path";
import { buildAtCommit, type BuildResult } from "../../src/build/build.js";
import { loadBuiltinRecipe } from "../../src/build/recipe.js";
import { withCleanup } from "../../src/cleanup.js";
import { ensureDebianPackages, MARIADB_BENCH_PACKAGES } from "../../src/setup/debian-packages.js";
import type { ForkRepo } from "../../src/setup/fork-repo.js";
import { makeMariadbFork, obtainMariadbSource } from "../../src/setup/mariadb-fork.js";

export interface MariadbForkBuilds {
  fork: ForkRepo;
  base: BuildResult;
  head: BuildResult;
}

export async function mariadbForkBuilds(cacheDir: string): Promise<MariadbForkBuilds> {
  await ensureDebianPackages(MARIADB_BENCH_PACKAGES);
  const fork = await makeMariadbFork(await obtainMariadbSource(cacheDir), path.join(cacheDir, "demo-fork-mariadb"));
  const recipe = await loadBuiltinRecipe("mariadb");
  const build = (commitish: string) => withCleanup((registry) => buildAtCommit({ repo: fork.path, commitish, recipe, cacheDir, trust: "trusted", registry }));
  const base = await build("base");
  return { fork, base, head: await build("head") };
}

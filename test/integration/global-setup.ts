/**
 * Once per integration run: the Debian packages the tests use, the PostgreSQL 15 source and the demo
 * fork made from it, all cached under $DBG_CACHE_DIR (default /var/cache/db-bench-gate as root) and reused, so a
 * repeated run spends seconds here.
 */
import path from "node:path";
import type { TestProject } from "vitest/node";
import { defaultCacheDir } from "../../src/config/plan.js";
import { ensureDebianPackages, POSTGRES_BENCH_PACKAGES } from "../../src/setup/debian-packages.js";
import { makePostgresFork, type ForkRepo } from "../../src/setup/fork-repo.js";
import { obtainPostgresSource } from "../../src/setup/pg-source.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Build prefixes, the shared ccache and the demo fork live here. */
    cacheDir: string;
    /** The PostgreSQL 15 fork: base, head (slower) and build-failure commits. */
    pgFork: ForkRepo;
  }
}


export default async function setup(project: TestProject): Promise<void> {
  // The same cache as the CLI's (DBG_CACHE_DIR, else /var/cache/db-bench-gate as root): outside any
  // private home directory, so the unprivileged server user can run the builds, wherever the clone is.
  const cacheDir = path.resolve(defaultCacheDir());
  const say = (line: string): void => console.log(`[global-setup] ${line}`);
  const installed = await ensureDebianPackages(POSTGRES_BENCH_PACKAGES, say);
  if (installed.length > 0) say(`installed ${installed.join(" ")}`);
  const source = await obtainPostgresSource(cacheDir, { onLine: say });
  const fork = await makePostgresFork(source, path.join(cacheDir, "pg-fork", source.package));
  project.provide("cacheDir", cacheDir);
  project.provide("pgFork", fork);
}

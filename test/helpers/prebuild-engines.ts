/**
 * `prebuild-engines.ts CACHE_DIR ENGINE...`: builds each engine's demo fork at base and head (trusted,
 * the tests' builds), one after another, printing one line per build. The integration global setup
 * runs it in the background at the idle scheduling class, so that on a fresh machine these cold builds
 * (MariaDB about 17 minutes, db_bench about 15 on 2 cores) use the CPU the PostgreSQL tests leave idle
 * instead of adding to the run. A test that needs a build meanwhile waits for its lock (buildAtCommit);
 * a build that fails here is built again, and fails visibly, by the test that needs it.
 */
import { engineForkBuilds, type ForkEngine } from "./engine-fork-builds.js";

const [cacheDir, ...engines] = process.argv.slice(2);
if (!cacheDir || engines.length === 0) throw new Error("usage: prebuild-engines.ts CACHE_DIR ENGINE...");
for (const engine of engines as ForkEngine[]) {
  const started = performance.now();
  try {
    const { base, head } = await engineForkBuilds(engine, cacheDir);
    const how = (b: typeof base) => (b.reused ? "cached" : `built in ${Math.round(b.timings.total)} s`);
    console.log(`${engine}: base ${how(base)}, head ${how(head)}; ${Math.round((performance.now() - started) / 1000)} s`);
  } catch (e) {
    console.log(`${engine}: ${(e as Error).message.split("\n")[0]} (the tests that need it build it themselves)`);
    process.exitCode = 1;
  }
}

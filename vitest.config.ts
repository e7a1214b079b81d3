import path from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that need the MariaDB and RocksDB builds, in the order the integration global setup
 * prebuilds them in the background: run last, so that on a fresh machine those cold builds overlap the
 * PostgreSQL tests (test/integration/global-setup.ts).
 */
const NEED_ENGINE_BUILDS = ["engine-mariadb.test.ts", "own-workload-sysbench.test.ts", "ibench.test.ts", "rocksdb.test.ts", "full-profiles.test.ts"];

class EngineBuildsLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    const rank = (file: TestSpecification) => NEED_ENGINE_BUILDS.indexOf(path.basename(file.moduleId));
    // stable: within a project, every other file keeps vitest's order (failed first, then longest)
    return sorted.sort((a, b) => projects.indexOf(a.project.name) - projects.indexOf(b.project.name) || rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: EngineBuildsLast },
    projects: [
      {
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts"],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: "integration",
          include: ["test/integration/**/*.test.ts"],
          // Builds of a real PostgreSQL and real benchmark runs: minutes, not milliseconds.
          testTimeout: 20 * 60_000,
          hookTimeout: 20 * 60_000,
          fileParallelism: false,
          // concurrent tests (full-profiles.test.ts's shaped runs) three at a time on the 2-core runner
          maxConcurrency: 3,
          globalSetup: ["test/integration/global-setup.ts"],
        },
      },
    ],
  },
});

import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
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
          globalSetup: ["test/integration/global-setup.ts"],
        },
      },
    ],
  },
});

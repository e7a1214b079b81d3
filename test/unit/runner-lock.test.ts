import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { withCleanup, withTimeLimit } from "../../src/common/cleanup.js";
import { lockRunner, runnerLockFile } from "../../src/trust/runner-lock.js";
import { useOwnUsers } from "../helpers/user-prefix.js";

// this file's own lock (per prefix): a job or another test of this machine is not waited for
useOwnUsers("unitlock");

describe.skipIf(process.getuid?.() !== 0)("the runner's lock", () => {
  it("is held by a run until its cleanup; a part of the run under a time limit (an alert's bisect) does not wait for it", async () => {
    await withCleanup(async (registry) => {
      await lockRunner(registry, 5);
      expect(readFileSync(runnerLockFile(), "utf8")).toBe(String(process.pid));
      // it would wait for its own run's lock, and give up after 2 s with an error
      await withTimeLimit(registry, 60_000, () => "timed out", (part) => lockRunner(part, 2), () => undefined);
      expect(readFileSync(runnerLockFile(), "utf8")).toBe(String(process.pid));
    });
    expect(existsSync(runnerLockFile())).toBe(false);
  });
});

import { existsSync, mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { execa } from "execa";
import { CleanupRegistry, withCleanup, withTimeLimit } from "../../src/common/cleanup.js";
import { PipelineError } from "../../src/common/errors.js";

const tempDir = (): string => mkdtempSync(path.join(os.tmpdir(), "dbg-cleanup-test-"));
const removeDir = (dir: string) => () => rm(dir, { recursive: true, force: true });

describe("withCleanup", () => {
  it("removes what was registered when the work succeeds", async () => {
    const dir = tempDir();
    const result = await withCleanup(async (registry) => {
      await registry.register("dir", removeDir(dir));
      return 42;
    });
    expect(result).toBe(42);
    expect(existsSync(dir)).toBe(false);
  });

  it("removes what was registered when the work fails, and keeps the work's error", async () => {
    const dir = tempDir();
    const failing = withCleanup(async (registry) => {
      await registry.register("dir", removeDir(dir));
      throw new PipelineError("the build broke");
    });
    await expect(failing).rejects.toThrow("the build broke");
    expect(existsSync(dir)).toBe(false);
  });

  it("on timeout cancels the work, removes what it registered, and nothing registered later survives", async () => {
    const dir = tempDir();
    const late = tempDir();
    let cancelled: AbortSignal | undefined;
    let lateRegistration: Promise<unknown> | undefined;
    const slow = withCleanup(
      async (registry) => {
        cancelled = registry.signal;
        await registry.register("dir", removeDir(dir));
        await new Promise((resolve) => registry.signal.addEventListener("abort", resolve));
        lateRegistration = registry.register("late", removeDir(late)).catch((err: unknown) => err);
        return "finished";
      },
      { timeoutMs: 100 },
    );
    await expect(slow).rejects.toThrow(/timed out after 0 s/);
    expect(cancelled?.aborted).toBe(true);
    expect(existsSync(dir)).toBe(false);
    expect(await lateRegistration).toEqual(expect.objectContaining({ message: expect.stringMatching(/timed out/) }));
    expect(existsSync(late)).toBe(false);
  });

  it("reports cleanup failures without hiding the result", async () => {
    const warnings: string[] = [];
    const result = await withCleanup(
      async (registry) => {
        await registry.register("server", () => Promise.reject(new Error("pg_ctl: no such file")));
        return "measured";
      },
      { warn: (message) => warnings.push(message) },
    );
    expect(result).toBe("measured");
    expect(warnings).toEqual(["cleanup: server: pg_ctl: no such file"]);
  });
});

describe("CleanupRegistry", () => {
  it("runs actions newest first, each once, and forgets an action run early", async () => {
    const registry = new CleanupRegistry();
    const order: string[] = [];
    const first = await registry.register("worktree", async () => void order.push("worktree"));
    await registry.register("server", async () => void order.push("server"));
    await first.run();
    await first.run();
    await registry.register("data dir", async () => void order.push("data dir"));
    expect(await registry.runAll(new Error("done"))).toEqual([]);
    expect(order).toEqual(["worktree", "data dir", "server"]);
  });
});

describe("withTimeLimit", () => {
  const noWarnings = (m: string) => expect.fail(m);

  it("removes what the part registered when it settles; the parent run goes on", async () => {
    const parent = new CleanupRegistry();
    const dir = tempDir();
    const result = await withTimeLimit(parent, 60_000, (s) => `over ${s} s`, async (registry) => {
      await registry.register("dir", removeDir(dir));
      return "bisected";
    }, noWarnings);
    expect(result).toBe("bisected");
    expect(existsSync(dir)).toBe(false);
    expect(parent.signal.aborted).toBe(false);
    expect(await parent.runAll(new PipelineError("done"))).toEqual([]);
  });

  it("at its limit stops the part's subprocess, removes its files and fails with its message, not cancelling the parent", async () => {
    const parent = new CleanupRegistry();
    const dir = tempDir();
    let sleeper: ReturnType<typeof execa> | undefined;
    const limited = withTimeLimit(parent, 300, (s) => `stopped at ${s} s after 1 probe`, async (registry) => {
      await registry.register("dir", removeDir(dir));
      sleeper = execa("sleep", ["30"], { cancelSignal: registry.signal });
      await sleeper;
      return "never";
    }, noWarnings);
    await expect(limited).rejects.toThrow("stopped at 0 s after 1 probe");
    expect(existsSync(dir)).toBe(false);
    expect(await sleeper!.catch((e: { isCanceled: boolean }) => e.isCanceled)).toBe(true);
    expect(parent.signal.aborted).toBe(false);
  });

  it("when the parent run is cancelled, the part is cancelled and its files removed before the parent's older ones", async () => {
    const parent = new CleanupRegistry();
    const order: string[] = [];
    await parent.register("job root", async () => void order.push("job root"));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const limited = withTimeLimit(parent, 60_000, (s) => `over ${s} s`, async (registry) => {
      await registry.register("server", async () => void order.push("server"));
      started();
      await new Promise((resolve) => registry.signal.addEventListener("abort", resolve));
      throw registry.signal.reason;
    }, noWarnings);
    await running;
    await parent.runAll(new PipelineError("interrupted by SIGTERM"));
    await expect(limited).rejects.toThrow("the run was cancelled");
    expect(order).toEqual(["server", "job root"]);
  });
});

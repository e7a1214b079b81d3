/**
 * Real builds of PostgreSQL 15 from the demo fork (Debian's source): base and head share the ccache,
 * a complete prefix is reused, a half-installed one is not, a broken commit fails with its compiler
 * error, and the fork's checkout is never touched.
 */
import { existsSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { execa } from "execa";
import { afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { buildAtCommit, type BuildResult } from "../../src/build/build.js";
import { loadBuiltinRecipe, type BuildRecipe } from "../../src/build/recipe.js";
import { childEnv } from "../../src/trust/child-env.js";
import { CleanupRegistry } from "../../src/common/cleanup.js";
import { PipelineError } from "../../src/common/errors.js";

const cacheDir = inject("cacheDir");
const fork = inject("pgFork");
let recipe: BuildRecipe;
let registry = new CleanupRegistry();

const git = async (...args: string[]) => (await execa("git", ["-C", fork.path, ...args], { env: childEnv(process.env), extendEnv: false })).stdout;
/** Worktrees the builds of this file ran in, from the first line of their logs. */
const worktrees: string[] = [];
const build = (commitish: string): Promise<BuildResult> =>
  buildAtCommit({
    repo: fork.path,
    commitish,
    recipe,
    cacheDir,
    trust: "trusted",
    registry,
    onLine: (line) => worktrees.push(...(/ in (\/\S+dbg-wt-\S+)$/.exec(line)?.slice(1) ?? [])),
  });

/** Other processes may build from the same fork meanwhile: only this file's worktrees are checked. */
async function expectWorktreesRemoved(): Promise<void> {
  expect(worktrees.length).toBeGreaterThan(0);
  const listed = await git("worktree", "list", "--porcelain");
  for (const dir of worktrees) {
    expect(existsSync(dir)).toBe(false);
    expect(listed).not.toContain(dir);
  }
}

beforeAll(async () => {
  recipe = await loadBuiltinRecipe("postgresql");
});
afterEach(async () => {
  expect(await registry.runAll(new Error("test finished"))).toEqual([]);
  registry = new CleanupRegistry();
});

describe("building PostgreSQL at a commit", () => {
  it("builds base, then head mostly from base's ccache entries, and reuses complete prefixes", async () => {
    const statusBefore = await git("status", "--porcelain");
    const headBefore = await git("rev-parse", "HEAD");

    const base = await build("base");
    expect(base.commit).toBe(fork.base);
    expect(existsSync(path.join(base.binDir, "postgres"))).toBe(true);
    expect(existsSync(path.join(base.binDir, "pgbench"))).toBe(true);
    expect(base.flags).toEqual({ cflags: "-O2 -g", cxxflags: "-O2", ldflags: "", configure_args: [] });
    expect(base.compiler.name).toMatch(/^(gcc|clang)$/);
    const configured = await execa(path.join(base.binDir, "pg_config"), ["--configure", "--cc"], { env: childEnv(process.env), extendEnv: false });
    // configured for the fixed prefix of relocatable builds, installed in the build's own dir
    expect(configured.stdout).toContain("'--prefix=/install'");
    expect(base.prefix).toBe(path.join(cacheDir, "builds", base.buildId, "install"));
    expect(configured.stdout).toContain("'CFLAGS=-O2 -g'");

    // A prefix without its completion marker (an interrupted install) is rebuilt, not reused.
    const firstHead = await build("head");
    await rm(path.join(path.dirname(firstHead.prefix), ".db-bench-gate-build.json"));
    await writeFile(path.join(firstHead.prefix, "left-over-from-an-interrupted-install"), "");
    const head = await build("head");
    expect(head.reused).toBe(false);
    expect(head.buildId).toBe(firstHead.buildId);
    expect(head.buildId).not.toBe(base.buildId);
    expect(existsSync(path.join(head.prefix, "left-over-from-an-interrupted-install"))).toBe(false);
    // Only execMain.c differs from base: nearly every compilation is a hit across the two worktrees.
    expect(head.ccache).not.toBeNull();
    const { hits, misses } = head.ccache!;
    expect(hits / (hits + misses)).toBeGreaterThan(0.9);
    console.log(`head rebuild with warm ccache: ${JSON.stringify(head.timings)}, ccache ${JSON.stringify(head.ccache)}`);

    const again = await build(fork.head);
    expect(again.reused).toBe(true);
    expect(again.prefix).toBe(head.prefix);
    expect(again.timings.total).toBeLessThan(5);
    console.log(`cached prefix reuse: ${again.timings.total.toFixed(2)} s`);

    // The fork's checkout, index and worktree list are as they were.
    expect(await git("status", "--porcelain")).toBe(statusBefore);
    expect(await git("rev-parse", "HEAD")).toBe(headBefore);
    await expectWorktreesRemoved();
  });

  it("a commit that does not compile fails with the failing command and the compiler's error", async () => {
    const failure = await build("build-failure").then(
      () => null,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(PipelineError);
    const { message, logExcerpt } = failure as PipelineError;
    expect(message).toMatch(/^build of build-failure \([0-9a-f]{12}\) failed: `make -j\d+` exited with code 2; full log: /);
    expect(logExcerpt).toMatch(/execMain\.c.*has no member named .plannedstm/);
    expect(logExcerpt.split("\n").length).toBeLessThanOrEqual(50);
    await expectWorktreesRemoved();
  });

  it("an unknown ref is an input error, not a build failure", async () => {
    await expect(build("no-such-branch")).rejects.toThrow(/cannot resolve "no-such-branch"/);
  });
});

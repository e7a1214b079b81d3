/**
 * A flags-mode variant's own compilers and LDFLAGS (issue 27 item 4): each variant's build is made with
 * its CC, CXX and LDFLAGS and cached under a key of its own. The second "compiler" is a script on PATH
 * (a plain name, as the vetting allows) that reports a version of its own and compiles with gcc: the
 * test needs no second compiler installed.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAtCommit } from "../../src/build/build.js";
import { loadBuiltinRecipe, withSettings, type BuildSettings } from "../../src/build/recipe.js";
import { CleanupRegistry } from "../../src/common/cleanup.js";
import { commitRecordingConfigure, makeTinyEngineRepo } from "../helpers/tiny-engine.js";

const FAKE_COMPILER = "dbg-test-cc";
const FAKE_VERSION = `#!/bin/sh
if [ "$1" = --version ]; then
  echo "${FAKE_COMPILER} (db-bench-gate test compiler) 99.1.0"
  echo "Copyright (C) 2022 Free Software Foundation, Inc."
  exit 0
fi
exec gcc "$@"
`;

const scratch = mkdtempSync(path.join(os.tmpdir(), "dbg-compilers-"));
const registry = new CleanupRegistry();
const savedPath = process.env.PATH;
let repoPath: string;
let commit: string;
let cacheDir: string;

beforeAll(async () => {
  // the unprivileged build user runs the compiler and reaches the cache
  chmodSync(scratch, 0o755);
  const bin = path.join(scratch, "bin");
  mkdirSync(bin, { mode: 0o755 });
  writeFileSync(path.join(bin, FAKE_COMPILER), FAKE_VERSION, { mode: 0o755 });
  process.env.PATH = `${bin}:${savedPath}`;
  const repo = await makeTinyEngineRepo(path.join(scratch, "repo"));
  repoPath = repo.path;
  commit = await commitRecordingConfigure(repo);
  cacheDir = path.join(scratch, "cache");
});
afterAll(async () => {
  process.env.PATH = savedPath;
  await registry.runAll(new Error("done"));
  rmSync(scratch, { recursive: true, force: true });
});

describe("a variant's compilers and LDFLAGS", () => {
  it("builds each variant with its own CC, CXX and LDFLAGS, caches them under different keys and records the compiler", async () => {
    const recipe = await loadBuiltinRecipe("postgresql");
    const build = (settings: BuildSettings) => buildAtCommit({ repo: repoPath, commitish: commit, recipe: withSettings(recipe, settings), cacheDir, trust: "trusted", registry });
    const gcc = await build({ cc: "gcc", cxx: "g++", cflags: "-O2" });
    const other = await build({ cc: FAKE_COMPILER, cxx: FAKE_COMPILER, cflags: "-O2", ldflags: "-Wl,-O1" });
    const recorded = (prefix: string) => Object.fromEntries(readFileSync(path.join(prefix, "build-env"), "utf8").trim().split("\n").map((line) => line.split(/=(.*)/s).slice(0, 2)));

    expect(recorded(gcc.prefix)).toEqual({ CC: expect.stringMatching(/(^| )gcc$/), CXX: expect.stringMatching(/(^| )g\+\+$/), LDFLAGS: "" });
    expect(recorded(other.prefix)).toEqual({ CC: expect.stringMatching(new RegExp(`(^| )${FAKE_COMPILER}$`)), CXX: expect.stringMatching(new RegExp(`(^| )${FAKE_COMPILER}$`)), LDFLAGS: "-Wl,-O1" });
    expect(other.buildId).not.toBe(gcc.buildId);
    expect(other.prefix).not.toBe(gcc.prefix);
    expect(other.compiler).toEqual({ name: "gcc", version: "99.1.0" });
    expect(gcc.compiler.version).not.toBe("99.1.0");
    expect(other.flags).toMatchObject({ cc: FAKE_COMPILER, cxx: FAKE_COMPILER, ldflags: "-Wl,-O1" });

    // the same settings again: the cached build, not a gcc one
    const again = await build({ cc: FAKE_COMPILER, cxx: FAKE_COMPILER, cflags: "-O2", ldflags: "-Wl,-O1" });
    expect(again.reused).toBe(true);
    expect(again.buildId).toBe(other.buildId);
  });
});

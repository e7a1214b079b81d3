/**
 * The cmake and make build systems on tiny C and C++ projects made here (the PostgreSQL test covers
 * autoconf): a second commit that changes one file is rebuilt from the first one's ccache entries
 * (the build dir lives inside the source tree, so compile lines are the same relative to
 * CCACHE_BASEDIR), submodules are in the exported tree, artifacts are installed where a project has no
 * install target, make variables reach the compiler, and both compilers go through ccache.
 */
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { execa } from "execa";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildAtCommit, type BuildResult } from "../../src/build/build.js";
import { advance, NO_PROGRESS, type BuildProgress } from "../../src/build/progress.js";
import { parseRecipe, type BuildRecipe } from "../../src/build/recipe.js";
import { childEnv } from "../../src/trust/child-env.js";
import { CleanupRegistry } from "../../src/common/cleanup.js";

const env = childEnv(process.env, {
  GIT_AUTHOR_NAME: "t",
  GIT_AUTHOR_EMAIL: "t@db-bench-gate.invalid",
  GIT_COMMITTER_NAME: "t",
  GIT_COMMITTER_EMAIL: "t@db-bench-gate.invalid",
});
const scratch = mkdtempSync(path.join(os.tmpdir(), "dbg-build-systems-"));
// the unprivileged build user reaches the cache, as it reaches /var/cache/db-bench-gate
chmodSync(scratch, 0o755);
let registry = new CleanupRegistry();
afterEach(async () => {
  expect(await registry.runAll(new Error("test finished"))).toEqual([]);
  registry = new CleanupRegistry();
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const git = async (dir: string, ...args: string[]) => (await execa("git", ["-C", dir, "-c", "commit.gpgsign=false", "-c", "protocol.file.allow=always", ...args], { env, extendEnv: false })).stdout.trim();

async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
}

/** Twelve C++ files and a C library in a submodule; `head` changes one C++ file. */
async function makeCmakeRepo(): Promise<{ path: string; base: string; head: string }> {
  const lib = path.join(scratch, "kvlib");
  await mkdir(lib, { recursive: true });
  await git(lib, "init", "-q", "-b", "main");
  await writeFiles(lib, {
    "kv.h": "int kv_get(int key);\n",
    "kv.c": '#include "kv.h"\nint kv_get(int key) { return key * 2; }\n',
    "kv_extra.c": '#include "kv.h"\nint kv_twice(int key) { return kv_get(kv_get(key)); }\n',
  });
  await git(lib, "add", "-A");
  await git(lib, "commit", "-q", "-m", "kv library");

  const repo = path.join(scratch, "cmake-repo");
  await mkdir(repo, { recursive: true });
  await git(repo, "init", "-q", "-b", "main");
  await git(repo, "submodule", "add", "-q", lib, "vendor/kvlib");
  const parts = Array.from({ length: 12 }, (_, i) => i);
  await writeFiles(repo, {
    "CMakeLists.txt": [
      "cmake_minimum_required(VERSION 3.13)",
      "project(tiny C CXX)",
      "add_library(kv STATIC vendor/kvlib/kv.c vendor/kvlib/kv_extra.c)",
      "target_include_directories(kv PUBLIC vendor/kvlib)",
      `add_executable(tool main.cc ${parts.map((i) => `part${i}.cc`).join(" ")})`,
      "target_link_libraries(tool kv)",
      "install(TARGETS tool DESTINATION bin)",
      "",
    ].join("\n"),
    "main.cc": `#include <cstdio>\nextern "C" int kv_get(int);\n${parts.map((i) => `int part${i}();`).join("\n")}\nint main() { std::printf("%d\\n", kv_get(21)${parts.map((i) => ` + part${i}()`).join("")}); return 0; }\n`,
    ...Object.fromEntries(parts.map((i) => [`part${i}.cc`, `#include <string>\nint part${i}() { return std::string("${"x".repeat(i)}").size() * 0; }\n`])),
  });
  await git(repo, "add", "-A");
  await git(repo, "commit", "-q", "-m", "base");
  const base = await git(repo, "rev-parse", "HEAD");
  await writeFiles(repo, { "part3.cc": "#include <string>\nint part3() { return std::string(\"changed\").size() * 0; }\n" });
  await git(repo, "commit", "-q", "-am", "head: one file changed");
  return { path: repo, base, head: await git(repo, "rev-parse", "HEAD") };
}

/** A Makefile project with no install target: C and C++ files, a make variable that reaches the compiler. */
async function makeMakeRepo(): Promise<{ path: string; base: string; head: string }> {
  const repo = path.join(scratch, "make-repo");
  await mkdir(repo, { recursive: true });
  await git(repo, "init", "-q", "-b", "main");
  const parts = Array.from({ length: 8 }, (_, i) => i);
  await writeFiles(repo, {
    Makefile: [
      "GREETING ?= unset",
      `OBJS = main.o util.o ${parts.map((i) => `part${i}.o`).join(" ")}`,
      "CXXFLAGS += -DGREETING=\\\"$(GREETING)\\\"",
      "bench: $(OBJS)",
      "\t$(CXX) -o $@ $(OBJS)",
      "%.o: %.cc",
      "\t$(CXX) $(CXXFLAGS) -c $< -o $@",
      "%.o: %.c",
      "\t$(CC) $(CFLAGS) -c $< -o $@",
      "",
    ].join("\n"),
    "util.c": "int util(void) { return 1; }\n",
    "main.cc": `#include <cstdio>\nextern "C" int util(void);\n${parts.map((i) => `int part${i}();`).join("\n")}\nint main() { std::printf("%s %d\\n", GREETING, util()${parts.map((i) => ` + part${i}()`).join("")}); return 0; }\n`,
    ...Object.fromEntries(parts.map((i) => [`part${i}.cc`, `#include <string>\nint part${i}() { return std::string("${"y".repeat(i)}").size() * 0; }\n`])),
  });
  await git(repo, "add", "-A");
  await git(repo, "commit", "-q", "-m", "base");
  const base = await git(repo, "rev-parse", "HEAD");
  await writeFiles(repo, { "part5.cc": "#include <string>\nint part5() { return std::string(\"changed\").size() * 0; }\n" });
  await git(repo, "commit", "-q", "-am", "head: one file changed");
  return { path: repo, base, head: await git(repo, "rev-parse", "HEAD") };
}

const recipeYaml = (fields: Record<string, string>): BuildRecipe =>
  parseRecipe(
    Object.entries({
      name: "tiny",
      configure: "[]",
      configure_args: "[]",
      cflags: "-O2",
      cxxflags: "-O2",
      ldflags: '""',
      make_variables: "[]",
      make_targets: "[]",
      artifacts: "[]",
      parallelism: "2",
      bin_dir: "bin",
      relocatable: "true",
      ...fields,
    })
      .map(([k, v]) => `${k}: ${v}`)
      .join("\n"),
    "tiny.yaml",
  );

/** The run's compiler output lines, from the build log. */
const logOf = async (build: BuildResult): Promise<string> => (await execa("cat", [build.logFile])).stdout;
const hitRate = (build: BuildResult): number => build.ccache!.hits / (build.ccache!.hits + build.ccache!.misses);

/** A build's progress as the pipeline shows it: the phases it went through and the files compiled in the make phase. */
function followProgress(): { onLine: (line: string, phase: BuildProgress["phase"]) => void; phases: string[]; compiled: number } {
  let progress = NO_PROGRESS;
  const followed = {
    phases: [] as string[],
    compiled: 0,
    onLine: (line: string, phase: BuildProgress["phase"]) => {
      progress = advance(progress, line, phase);
      if (progress.phase !== null && followed.phases.at(-1) !== progress.phase) followed.phases.push(progress.phase);
      if (progress.phase === "make") followed.compiled = progress.compiled;
    },
  };
  return followed;
}

describe("second builds from the first one's ccache", () => {
  let cacheDir: string;
  beforeAll(() => {
    cacheDir = mkdtempSync(path.join(scratch, "cache-"));
    chmodSync(cacheDir, 0o755);
  });

  it("cmake: out of tree in the source tree, submodule included, C and C++ through the launcher; one changed file is the only miss", async () => {
    const repo = await makeCmakeRepo();
    const recipe = recipeYaml({ build_system: "cmake", configure_args: "[-DCMAKE_BUILD_TYPE=Release]", install_target: "install", artifacts: "[{ from: tool, to: bin/tool-copy }]" });
    const progress = followProgress();
    const build = (commit: string) => buildAtCommit({ repo: repo.path, commitish: commit, recipe, cacheDir, trust: "trusted", registry, onLine: progress.onLine });
    const base = await build(repo.base);
    expect(base.ccache).toMatchObject({ hits: 0 });
    // cmake --build is the make phase, each "[ NN%] Building ... object" a file compiled
    expect(progress.phases).toEqual(["configure", "make", "install"]);
    expect(progress.compiled).toBe(15);
    // kv.c and kv_extra.c (C, from the submodule), main.cc and 12 parts (C++)
    expect(base.ccache!.misses).toBe(15);
    const head = await build(repo.head);
    console.log(`cmake second build: ccache ${JSON.stringify(head.ccache)} (${(hitRate(head) * 100).toFixed(1)}% hits) in ${head.timings.total.toFixed(1)} s`);
    expect(head.ccache).toEqual({ hits: 14, directHits: 14, misses: 1 });
    expect((await execa(path.join(head.binDir, "tool"))).stdout).toBe("42");
    expect((await execa(path.join(head.binDir, "tool-copy"))).stdout).toBe("42");
    // the compilers bare in the environment: ccache comes in as CMake's launcher, once
    expect(await logOf(head)).toMatch(/\$ CC="(?!ccache)[^"]+" CXX="(?!ccache)[^"]+" CFLAGS="-O2" CXXFLAGS="-O2" cmake -S \. -B _build -DCMAKE_INSTALL_PREFIX=\/install -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_BUILD_TYPE=Release$/m);
  });

  it("make: make variables on the command line, flags from the environment, no install target: the artifact is copied", async () => {
    const repo = await makeMakeRepo();
    const recipe = recipeYaml({ build_system: "make", cflags: '""', cxxflags: '""', make_variables: "[GREETING=from-the-recipe]", make_targets: "[bench]", install_target: "null", artifacts: "[{ from: bench, to: bin/bench }]" });
    const progress = followProgress();
    const build = (commit: string) => buildAtCommit({ repo: repo.path, commitish: commit, recipe, cacheDir, trust: "trusted", registry, onLine: progress.onLine });
    const base = await build(repo.base);
    expect(base.ccache).toMatchObject({ hits: 0, misses: 10 });
    // make with its environment first (CC="ccache cc" ... make) is the make phase; the artifact's copy the install
    expect(progress.phases).toEqual(["make", "install"]);
    expect(progress.compiled).toBe(10);
    const head = await build(repo.head);
    console.log(`make second build: ccache ${JSON.stringify(head.ccache)} (${(hitRate(head) * 100).toFixed(1)}% hits) in ${head.timings.total.toFixed(1)} s`);
    expect(head.ccache).toEqual({ hits: 9, directHits: 9, misses: 1 });
    expect((await execa(path.join(head.binDir, "bench"))).stdout).toBe("from-the-recipe 1");
  });

  it("a submodule whose commit is not in the repository is an input error naming it", async () => {
    const repo = path.join(scratch, "missing-submodule");
    await mkdir(repo, { recursive: true });
    await git(repo, "init", "-q", "-b", "main");
    await git(repo, "update-index", "--add", "--cacheinfo", `160000,${"ab".repeat(20)},vendor/gone`);
    await git(repo, "commit", "-q", "-m", "a gitlink to nowhere");
    await expect(buildAtCommit({ repo, commitish: "HEAD", recipe: recipeYaml({ build_system: "make", install_target: "null", artifacts: "[{ from: x, to: bin/x }]" }), cacheDir, trust: "trusted", registry })).rejects.toThrow(
      /submodule vendor\/gone at abababababab is not in the repository: fetch it first/,
    );
  });
});

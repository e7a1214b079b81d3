import { describe, expect, it } from "vitest";
import { InputError } from "../../src/errors.js";
import {
  buildCommands,
  buildFlags,
  buildKey,
  installLayout,
  loadBuiltinRecipe,
  makeJobs,
  mergeRecipe,
  parseRecipe,
  type BuildRecipe,
} from "../../src/build/recipe.js";

const gcc = { name: "gcc", version: "12.2.0" };
const commit = "0123456789abcdef0123456789abcdef01234567";

describe("the PostgreSQL recipe shipped in recipes/", () => {
  it("is valid and describes an optimised autoconf build", async () => {
    const recipe = await loadBuiltinRecipe("postgresql");
    expect(recipe.configure).toEqual(["./configure"]);
    expect(recipe.cflags).toBe("-O2");
    expect(recipe.install_target).toBe("install");
    expect(recipe.bin_dir).toBe("bin");
    expect(recipe.relocatable).toBe(true);
    expect(recipe.configure_args).not.toContain("--enable-cassert");
  });

  it("an unknown recipe name is an input error", async () => {
    await expect(loadBuiltinRecipe("no-such-engine")).rejects.toThrow(InputError);
  });
});

describe("parseRecipe", () => {
  const valid = (overrides: Record<string, string> = {}) =>
    Object.entries({
      name: "x",
      configure: "[./configure]",
      configure_args: "[--without-icu]",
      cflags: "-O2",
      cxxflags: '""',
      ldflags: '""',
      make_targets: "[]",
      install_target: "install",
      parallelism: "0",
      bin_dir: "bin",
      relocatable: "false",
      ...overrides,
    })
      .map(([k, v]) => `${k}: ${v}`)
      .join("\n");

  it("reads every field", () => {
    expect(parseRecipe(valid(), "r.yaml")).toMatchObject({ configure_args: ["--without-icu"], parallelism: 0, cxxflags: "" });
  });

  it("names the file and the bad field", () => {
    expect(() => parseRecipe(valid({ parallelism: "-1" }), "fork.yaml")).toThrow(/^fork\.yaml: \$\.parallelism: /);
    expect(() => parseRecipe(valid({ make_targets: '[""]' }), "fork.yaml")).toThrow(/\$\.make_targets\[0\]/);
    expect(() => parseRecipe(valid() + "\nmake_args: [-k]", "fork.yaml")).toThrow(InputError);
    expect(() => parseRecipe("name: [", "bad.yaml")).toThrow(/^bad\.yaml: not valid YAML/);
  });
});

describe("recipe overrides and commands", () => {
  const base = async (): Promise<BuildRecipe> => loadBuiltinRecipe("postgresql");

  it("an override replaces only the fields it sets", async () => {
    const recipe = mergeRecipe(await base(), { cflags: "-O2 -march=native", configure_args: ["--with-lz4"], ldflags: undefined });
    expect(recipe.cflags).toBe("-O2 -march=native");
    expect(recipe.configure_args).toEqual(["--with-lz4"]);
    expect(recipe.ldflags).toBe("");
    expect(recipe.install_target).toBe("install");
    expect(buildFlags(recipe)).toEqual({ cflags: "-O2 -march=native", cxxflags: "-O2", ldflags: "", configure_args: ["--with-lz4"] });
  });

  it("configure gets the prefix, the compiler and the non-empty flags; make and install get -jN", async () => {
    const recipe = mergeRecipe(await base(), { configure_args: ["--without-icu"], make_targets: ["world-bin"], relocatable: false });
    const [configure, make, install] = buildCommands(recipe, { buildDir: "/cache/builds/k", cc: ["ccache", "gcc"], cpus: 2 });
    expect(configure).toEqual({
      phase: "configure",
      file: "./configure",
      args: ["--prefix=/cache/builds/k/install", "--without-icu"],
      // LDFLAGS is empty in the recipe: left unset so configure keeps its default
      env: { CC: "ccache gcc", CFLAGS: "-O2", CXXFLAGS: "-O2" },
    });
    expect(make).toEqual({ phase: "make", file: "make", args: ["-j2", "world-bin"], env: {} });
    expect(install).toEqual({ phase: "install", file: "make", args: ["-j2", "install"], env: {} });
  });

  it("a relocatable engine is configured with one fixed prefix and installed into the build's dir with DESTDIR", async () => {
    const recipe = await base();
    const commands = (buildDir: string) => buildCommands(recipe, { buildDir, cc: ["cc"], cpus: 1 });
    const [configureA, , installA] = commands("/cache/builds/a");
    const [configureB] = commands("/cache/builds/b");
    expect(configureA?.args).toEqual(["--prefix=/install"]);
    expect(configureB).toEqual(configureA);
    expect(installA?.args).toEqual(["-j1", "install", "DESTDIR=/cache/builds/a"]);
    expect(installLayout(recipe, "/cache/builds/a").installDir).toBe("/cache/builds/a/install");
    expect(installLayout(mergeRecipe(recipe, { relocatable: false }), "/cache/builds/a").installDir).toBe("/cache/builds/a/install");
  });

  it("parallelism 0 means every CPU, a number is taken as is", async () => {
    expect(makeJobs(await base(), 6)).toBe(6);
    expect(makeJobs(mergeRecipe(await base(), { parallelism: 3 }), 6)).toBe(3);
  });
});

describe("buildKey", () => {
  it("changes with the commit, the flags, the configure arguments and the compiler version", async () => {
    const recipe = await loadBuiltinRecipe("postgresql");
    const key = buildKey({ commit, recipe, compiler: gcc });
    expect(key).toMatch(/^[0-9a-f]{20}$/);
    expect(buildKey({ commit, recipe, compiler: { ...gcc } })).toBe(key);
    const others = [
      buildKey({ commit: commit.replace("0", "f"), recipe, compiler: gcc }),
      buildKey({ commit, recipe: mergeRecipe(recipe, { cflags: "-O3" }), compiler: gcc }),
      buildKey({ commit, recipe: mergeRecipe(recipe, { configure_args: ["--with-lz4"] }), compiler: gcc }),
      buildKey({ commit, recipe, compiler: { name: "gcc", version: "13.2.0" } }),
      buildKey({ commit, recipe, compiler: { name: "clang", version: "12.2.0" } }),
      buildKey({ commit, recipe: mergeRecipe(recipe, { relocatable: false }), compiler: gcc }),
    ];
    expect(new Set([key, ...others]).size).toBe(7);
  });

  it("does not change with how the build runs (parallelism)", async () => {
    const recipe = await loadBuiltinRecipe("postgresql");
    expect(buildKey({ commit, recipe: mergeRecipe(recipe, { parallelism: 8 }), compiler: gcc })).toBe(buildKey({ commit, recipe, compiler: gcc }));
  });
});

import { describe, expect, it } from "vitest";
import { InputError } from "../../src/common/errors.js";
import { parseConfigText } from "../../src/config/config-file.js";
import {
  buildCommands,
  buildFlags,
  buildKey,
  installLayout,
  loadBuiltinRecipe,
  makeJobs,
  mergeRecipe,
  parseBuildSettings,
  parseRecipe,
  setConfigureArgs,
  withSettings,
  type BuildRecipe,
} from "../../src/build/recipe.js";

const gcc = { name: "gcc", version: "12.2.0" };
const gxx = { name: "gcc", version: "12.2.0" };
const commit = "0123456789abcdef0123456789abcdef01234567";

describe("the PostgreSQL recipe shipped in recipes/", () => {
  it("is valid and describes an optimised autoconf build", async () => {
    const recipe = await loadBuiltinRecipe("postgresql");
    expect(recipe.configure).toEqual(["./configure"]);
    // debug information for where the cost went, the same code
    expect(recipe.cflags).toBe("-O2 -g");
    expect(recipe.install_target).toBe("install");
    expect(recipe.bin_dir).toBe("bin");
    expect(recipe.relocatable).toBe(true);
    expect(recipe.configure_args).not.toContain("--enable-cassert");
  });

  it("an unknown recipe name is an input error", async () => {
    await expect(loadBuiltinRecipe("no-such-engine")).rejects.toThrow(InputError);
  });
});

describe("the MariaDB recipes: mariadb-myrocks extends mariadb", () => {
  it("is mariadb's build with the dynamic ha_rocksdb plugin and no other module plugin", async () => {
    const mariadb = await loadBuiltinRecipe("mariadb");
    const myrocks = await loadBuiltinRecipe("mariadb-myrocks");
    expect(myrocks.name).toBe("mariadb-myrocks");
    expect({ ...myrocks, name: "mariadb", configure_args: [] }).toEqual({ ...mariadb, configure_args: [] });
    expect(mariadb.configure_args).toContain("-DPLUGIN_ROCKSDB=NO");
    expect(myrocks.configure_args).toContain("-DPLUGIN_ROCKSDB=DYNAMIC");
    expect(myrocks.configure_args).not.toContain("-DPLUGIN_ROCKSDB=NO");
    expect(myrocks.configure_args).not.toContain("-DWITHOUT_DYNAMIC_PLUGINS=1");
    expect(myrocks.configure_args).toContain("-DPLUGIN_FEDERATEDX=NO");
    // every option of mariadb's is kept, at its place, unless replaced
    expect(myrocks.configure_args.slice(0, mariadb.configure_args.length).filter((arg, i) => arg !== mariadb.configure_args[i])).toEqual([
      "-DPLUGIN_ROCKSDB=DYNAMIC",
      "-DWITHOUT_DYNAMIC_PLUGINS=OFF",
    ]);
    const names = myrocks.configure_args.map((arg) => arg.split("=")[0]);
    expect(new Set(names).size).toBe(names.length);
  });

  it("configure_args_set replaces options by name in place and appends new ones", () => {
    expect(setConfigureArgs(["-DA=1", "-DB=2", "--with-x=y"], ["-DB=3", "-DC=4", "--with-x=z"])).toEqual(["-DA=1", "-DB=3", "--with-x=z", "-DC=4"]);
    // -DAB is not -DA
    expect(setConfigureArgs(["-DAB=1"], ["-DA=2"])).toEqual(["-DAB=1", "-DA=2"]);
  });
});

describe("parseRecipe", () => {
  const valid = (overrides: Record<string, string> = {}) =>
    Object.entries({
      name: "x",
      build_system: "autoconf",
      configure: "[./configure]",
      configure_args: "[--without-icu]",
      cflags: "-O2",
      cxxflags: '""',
      ldflags: '""',
      make_variables: "[]",
      make_targets: "[]",
      install_target: "install",
      artifacts: "[]",
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
    expect(() => parseRecipe(valid({ build_system: "scons" }), "fork.yaml")).toThrow(/\$\.build_system/);
    expect(() => parseRecipe(valid({ make_variables: "[DEBUG_LEVEL]" }), "fork.yaml")).toThrow(/\$\.make_variables\[0\]: NAME=value/);
  });

  it("refuses fields the build system would ignore, and a build that installs nothing", () => {
    expect(() => parseRecipe(valid({ build_system: "make" }), "r.yaml")).toThrow(/\$\.configure: a make build has no configure step/);
    expect(() => parseRecipe(valid({ build_system: "cmake", make_variables: "[A=1]", configure: "[]" }), "r.yaml")).toThrow(/\$\.make_variables: a cmake build takes its options as configure_args/);
    expect(() => parseRecipe(valid({ configure: "[]" }), "r.yaml")).toThrow(/\$\.configure: an autoconf build needs its configure command/);
    expect(() => parseRecipe(valid({ install_target: "null" }), "r.yaml")).toThrow(/\$\.install_target: with no install target, list the artifacts/);
    expect(parseRecipe(valid({ install_target: "null", artifacts: "[{ from: db_bench, to: bin/db_bench }]" }), "r.yaml").artifacts).toEqual([{ from: "db_bench", to: "bin/db_bench" }]);
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
    const [configure, make, install] = buildCommands(recipe, { buildDir: "/cache/builds/k", cc: ["gcc"], cxx: ["g++"], ccache: true, cpus: 2 });
    expect(configure).toEqual({
      phase: "configure",
      file: "./configure",
      args: ["--prefix=/cache/builds/k/install", "--without-icu"],
      // LDFLAGS is empty in the recipe: left unset so configure keeps its default
      env: { CC: "ccache gcc", CXX: "ccache g++", CFLAGS: "-O2 -g", CXXFLAGS: "-O2" },
    });
    expect(make).toEqual({ phase: "make", file: "make", args: ["-j2", "world-bin"], env: {} });
    expect(install).toEqual({ phase: "install", file: "make", args: ["-j2", "install"], env: {} });
  });

  it("a relocatable engine is configured with one fixed prefix and installed into the build's dir with DESTDIR", async () => {
    const recipe = await base();
    const commands = (buildDir: string) => buildCommands(recipe, { buildDir, cc: ["cc"], cxx: null, ccache: false, cpus: 1 });
    const [configureA, , installA] = commands("/cache/builds/a");
    const [configureB] = commands("/cache/builds/b");
    expect(configureA?.args).toEqual(["--prefix=/install"]);
    expect(configureB).toEqual(configureA);
    expect(installA?.args).toEqual(["-j1", "install", "DESTDIR=/cache/builds/a"]);
    expect(installLayout(recipe, "/cache/builds/a").installDir).toBe("/cache/builds/a/install");
    expect(installLayout(mergeRecipe(recipe, { relocatable: false }), "/cache/builds/a").installDir).toBe("/cache/builds/a/install");
  });

  it("cmake: configured out of tree in _build inside the source tree, ccache as both compilers' launcher, installed with DESTDIR", async () => {
    const recipe = parseRecipe(
      "name: c\nbuild_system: cmake\nconfigure: []\nconfigure_args: [-DCMAKE_BUILD_TYPE=Release]\ncflags: -O2\ncxxflags: -O2\nldflags: ''\n" +
        "make_variables: []\nmake_targets: [tool]\ninstall_target: install\nartifacts: [{ from: tool, to: bin/tool }]\nparallelism: 2\nbin_dir: bin\nrelocatable: true\n",
      "c.yaml",
    );
    expect(buildCommands(recipe, { buildDir: "/cache/builds/c", cc: ["gcc"], cxx: ["g++"], ccache: true, cpus: 8 })).toEqual([
      {
        phase: "configure",
        file: "cmake",
        args: ["-S", ".", "-B", "_build", "-DCMAKE_INSTALL_PREFIX=/install", "-DCMAKE_C_COMPILER_LAUNCHER=ccache", "-DCMAKE_CXX_COMPILER_LAUNCHER=ccache", "-DCMAKE_BUILD_TYPE=Release"],
        env: { CC: "gcc", CXX: "g++", CFLAGS: "-O2", CXXFLAGS: "-O2" },
      },
      { phase: "make", file: "cmake", args: ["--build", "_build", "-j", "2", "--target", "tool"], env: {} },
      { phase: "install", file: "cmake", args: ["--install", "_build"], env: { DESTDIR: "/cache/builds/c" } },
      { phase: "install", file: "install", args: ["-D", "-m", "755", "_build/tool", "/cache/builds/c/install/bin/tool"], env: {} },
    ]);
  });

  it("make: no configure, the compilers through ccache and the variables on make's command line, artifacts copied from the tree", async () => {
    const recipe = parseRecipe(
      "name: m\nbuild_system: make\nconfigure: []\nconfigure_args: []\ncflags: ''\ncxxflags: ''\nldflags: ''\n" +
        "make_variables: [DEBUG_LEVEL=0, PORTABLE=1]\nmake_targets: [db_bench]\ninstall_target: null\nartifacts: [{ from: db_bench, to: bin/db_bench }]\nparallelism: 0\nbin_dir: bin\nrelocatable: true\n",
      "m.yaml",
    );
    expect(buildCommands(recipe, { buildDir: "/cache/builds/m", cc: ["gcc"], cxx: ["g++"], ccache: true, cpus: 2 })).toEqual([
      { phase: "make", file: "make", args: ["-j2", "DEBUG_LEVEL=0", "PORTABLE=1", "db_bench"], env: { CC: "ccache gcc", CXX: "ccache g++" } },
      { phase: "install", file: "install", args: ["-D", "-m", "755", "db_bench", "/cache/builds/m/install/bin/db_bench"], env: {} },
    ]);
  });

  it("an override that leaves the recipe inconsistent is an input error naming the field", async () => {
    const recipe = await base();
    expect(() => mergeRecipe(recipe, { build_system: "make" }, ".db-bench-gate.yml")).toThrow(/^\.db-bench-gate\.yml: \$?\.?recipe\.configure: a make build has no configure step/);
  });

  it("parallelism 0 means every CPU, a number is taken as is", async () => {
    expect(makeJobs(await base(), 6)).toBe(6);
    expect(makeJobs(mergeRecipe(await base(), { parallelism: 3 }), 6)).toBe(3);
  });
});

describe("buildKey", () => {
  it("changes with the commit, the flags, the configure arguments and the compiler version", async () => {
    const recipe = await loadBuiltinRecipe("postgresql");
    const key = buildKey({ commit, recipe, compilers: { c: gcc, cxx: gxx } });
    expect(key).toMatch(/^[0-9a-f]{20}$/);
    expect(buildKey({ commit, recipe, compilers: { c: { ...gcc }, cxx: { ...gxx } } })).toBe(key);
    const others = [
      buildKey({ commit: commit.replace("0", "f"), recipe, compilers: { c: gcc, cxx: gxx } }),
      buildKey({ commit, recipe: mergeRecipe(recipe, { cflags: "-O3" }), compilers: { c: gcc, cxx: gxx } }),
      buildKey({ commit, recipe: mergeRecipe(recipe, { configure_args: ["--with-lz4"] }), compilers: { c: gcc, cxx: gxx } }),
      buildKey({ commit, recipe, compilers: { c: { name: "gcc", version: "13.2.0" }, cxx: gxx } }),
      buildKey({ commit, recipe, compilers: { c: { name: "clang", version: "12.2.0" }, cxx: gxx } }),
      buildKey({ commit, recipe, compilers: { c: gcc, cxx: { name: "gcc", version: "13.2.0" } } }),
      buildKey({ commit, recipe, compilers: { c: gcc, cxx: null } }),
      buildKey({ commit, recipe: mergeRecipe(recipe, { make_variables: ["PORTABLE=1"] }), compilers: { c: gcc, cxx: gxx } }),
      buildKey({ commit, recipe: mergeRecipe(recipe, { relocatable: false }), compilers: { c: gcc, cxx: gxx } }),
    ];
    expect(new Set([key, ...others]).size).toBe(others.length + 1);
  });

  it("differs between two variants' compilers: gcc and clang builds of one commit and flags never share a cache entry", async () => {
    const recipe = await loadBuiltinRecipe("postgresql");
    const clang = { name: "clang", version: "14.0.6" };
    const gccKey = buildKey({ commit, recipe: withSettings(recipe, { cc: "gcc" }), compilers: { c: gcc, cxx: gxx } });
    expect(buildKey({ commit, recipe: withSettings(recipe, { cc: "clang", cxx: "clang++" }), compilers: { c: clang, cxx: clang } })).not.toBe(gccKey);
    expect(buildKey({ commit, recipe: withSettings(recipe, { cc: "gcc", ldflags: "-flto" }), compilers: { c: gcc, cxx: gxx } })).not.toBe(gccKey);
    // the compiler's identity, not how it was spelled: `gcc` and `/usr/bin/gcc-12` reporting 12.2.0 build the same binaries
    expect(buildKey({ commit, recipe: withSettings(recipe, { cc: "/usr/bin/gcc-12" }), compilers: { c: gcc, cxx: gxx } })).toBe(gccKey);
  });

  it("does not change with how the build runs (parallelism)", async () => {
    const recipe = await loadBuiltinRecipe("postgresql");
    expect(buildKey({ commit, recipe: mergeRecipe(recipe, { parallelism: 8 }), compilers: { c: gcc, cxx: gxx } })).toBe(buildKey({ commit, recipe, compilers: { c: gcc, cxx: gxx } }));
  });
});

describe("a variant's compilers and flags", () => {
  it("reads CFLAGS alone (the older form) or NAME=value words, each value running to the next NAME=", () => {
    expect(parseBuildSettings("-O2 -march=native", "f")).toEqual({ cflags: "-O2 -march=native", cxxflags: "-O2 -march=native" });
    expect(parseBuildSettings("CC=clang CFLAGS=-O3 -march=native LDFLAGS=-flto -Wl,--as-needed CXXFLAGS=-O2", "f")).toEqual({
      cc: "clang",
      cflags: "-O3 -march=native",
      ldflags: "-flto -Wl,--as-needed",
      cxxflags: "-O2",
    });
    expect(parseBuildSettings("CC=gcc CFLAGS=", "f")).toEqual({ cc: "gcc", cflags: "", cxxflags: "" });
  });

  it("buildFlags records the compilers a variant named, for the results and the reproduce command", async () => {
    const recipe = withSettings(await loadBuiltinRecipe("postgresql"), { cc: "clang", cxx: "clang++", ldflags: "-flto" });
    expect(buildFlags(recipe)).toMatchObject({ cc: "clang", cxx: "clang++", ldflags: "-flto" });
    expect(buildFlags(await loadBuiltinRecipe("postgresql"))).not.toHaveProperty("cc");
  });

  it("vets a config file's recipe.cc like a variant's: a program in the checkout is refused, naming file and field", async () => {
    const recipe = await loadBuiltinRecipe("postgresql");
    expect(() => parseConfigText("recipe:\n  cc: /home/runner/work/cc\n", ".db-bench-gate.yml")).toThrow(/^\.db-bench-gate\.yml: .*recipe\.cc.*: expected a compiler's plain name/);
    expect(() => mergeRecipe(recipe, { cc: "./tools/cc" }, ".db-bench-gate.yml")).toThrow(
      /^\.db-bench-gate\.yml: recipe\.cc: expected a compiler's plain name on the runner's PATH or a program under \/usr\/bin/,
    );
    expect(mergeRecipe(recipe, { cc: "clang-16" }).cc).toBe("clang-16");
  });
});

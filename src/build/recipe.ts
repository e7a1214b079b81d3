/**
 * A build recipe is data (recipes/<engine>.yaml, overridable from the fork's config file). This module
 * validates it and turns it into the commands and the cache key of a build: pure, apart from
 * loadRecipe/loadBuiltinRecipe, which read the file.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { InputError } from "../common/errors.js";
import { firstIssue, validate, validateYaml } from "../common/validate.js";
import type { BuildFlags } from "../results/schema.js";
import type { Compiler } from "./compiler.js";

const word = z.string().min(1);

/**
 * A compiler a recipe or a variant may name: a plain name, found on the runner's PATH, or a program
 * under /usr/bin; never a path into a checkout or a temp dir, where a pull request could have put one.
 */
export const COMPILER_COMMAND = /^(?:\/usr\/bin\/)?[A-Za-z0-9][A-Za-z0-9._+-]*$/;
const COMPILER_EXPECTED = "expected a compiler's plain name on the runner's PATH or a program under /usr/bin (e.g. clang, /usr/bin/gcc-12)";
const compilerCommand = z.string().regex(COMPILER_COMMAND, COMPILER_EXPECTED);

export const BUILD_SYSTEMS = ["autoconf", "cmake", "make"] as const;
export type BuildSystem = (typeof BUILD_SYSTEMS)[number];

/** CMake's build directory, inside the source tree: compile lines relative to the tree are the same for every commit (ccache). */
export const CMAKE_BUILD_DIR = "_build";

export const ArtifactSchema = z
  .object({
    from: word.describe("a file the build made, relative to the build directory (CMake's _build, else the source root), e.g. db_bench"),
    to: word.describe("where it is installed, relative to the install prefix, e.g. bin/db_bench (mode 755)"),
  })
  .strict();

const RecipeFields = z
  .object({
    name: word,
    build_system: z
      .enum(BUILD_SYSTEMS)
      .describe(
        "autoconf: <configure> --prefix=P <configure_args>; make -jN <make_variables> <make_targets>; make <install_target> [DESTDIR]. " +
          `cmake: cmake -S . -B ${CMAKE_BUILD_DIR} -DCMAKE_INSTALL_PREFIX=P (ccache as the C and C++ compiler launcher) <configure_args>; cmake --build -j N [--target t...]; cmake --install (DESTDIR). ` +
          "make: no configure; make -jN <make_variables> <make_targets>; make <install_target> <make_variables> [DESTDIR]. " +
          "Every command runs in the exported source tree; CC, CXX (with ccache for autoconf and make), CFLAGS, CXXFLAGS and LDFLAGS come from the environment; then the artifacts are copied.",
      ),
    configure: z.array(word).describe("autoconf: the configure command, relative to the source root; cmake: [] (cmake from PATH) or [the cmake program]; make: []"),
    configure_args: z.array(word).describe("autoconf: after --prefix; cmake: after the gate's own -D options (e.g. -DCMAKE_BUILD_TYPE=Release); make: []"),
    cc: compilerCommand.optional().describe("the C compiler (CC), e.g. clang or /usr/bin/gcc-12; absent: the runner's $CC, else cc"),
    cxx: compilerCommand.optional().describe("the C++ compiler (CXX), e.g. clang++; absent: the runner's $CXX, else c++"),
    cflags: z.string().describe("empty = leave CFLAGS unset (the build system's default)"),
    cxxflags: z.string(),
    ldflags: z.string(),
    make_variables: z
      .array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*=/, "NAME=value"))
      .describe("make's command-line variables (e.g. DEBUG_LEVEL=0, PORTABLE=1), for autoconf and make builds; they override the Makefile's own assignments"),
    make_targets: z.array(word).describe("empty = the default target (cmake: all)"),
    install_target: word.nullable().describe("null: the project has no install target for what is needed; artifacts are copied instead"),
    artifacts: z.array(ArtifactSchema).describe("files copied into the install prefix after the install target (or instead of it)"),
    parallelism: z.number().int().nonnegative().describe("make -j value; 0 = every online CPU"),
    bin_dir: word.describe("programs directory, relative to the install prefix"),
    relocatable: z
      .boolean()
      .describe("the installed programs find their files relative to their own location: build for a fixed prefix, install with DESTDIR"),
  })
  .strict();

/** Which fields each build system uses: a recipe that sets one its build system ignores is wrong, not quietly half-applied. */
function checkBuildSystem(recipe: z.infer<typeof RecipeFields>, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (recipe.build_system === "autoconf" && recipe.configure.length === 0) issue("configure", "an autoconf build needs its configure command");
  if (recipe.build_system === "cmake" && recipe.configure.length > 1) issue("configure", "a cmake build takes [] or the cmake program");
  if (recipe.build_system === "cmake" && recipe.make_variables.length > 0) issue("make_variables", "a cmake build takes its options as configure_args (-DNAME=value)");
  if (recipe.build_system === "make" && recipe.configure.length > 0) issue("configure", "a make build has no configure step");
  if (recipe.build_system === "make" && recipe.configure_args.length > 0) issue("configure_args", "a make build has no configure step: use make_variables");
  if (recipe.install_target === null && recipe.artifacts.length === 0) issue("install_target", "with no install target, list the artifacts to install");
}

export const BuildRecipeSchema = RecipeFields.superRefine(checkBuildSystem);

/** What a fork's config file may change: any field of the recipe (the merged recipe is checked again). */
export const RecipeOverridesSchema = RecipeFields.partial();

export type BuildRecipe = z.infer<typeof BuildRecipeSchema>;
export type RecipeOverrides = z.infer<typeof RecipeOverridesSchema>;

/** `source` (a file name) is named in errors, with the offending field. */
export function parseRecipe(text: string, source: string): BuildRecipe {
  return validateYaml(BuildRecipeSchema, text, source);
}

/** `source` names the config file in the error when the overrides make the recipe inconsistent. */
export function mergeRecipe(recipe: BuildRecipe, overrides: RecipeOverrides, source = "the config file's recipe"): BuildRecipe {
  const defined = Object.entries(overrides).filter(([, value]) => value !== undefined);
  const merged = { ...recipe, ...Object.fromEntries(defined) } as BuildRecipe;
  const checked = BuildRecipeSchema.safeParse(merged);
  if (!checked.success) {
    const issue = firstIssue(checked.error);
    throw new InputError(issue.message, source, `recipe.${issue.path.join(".")}`);
  }
  return merged;
}

/** A `-DNAME=value` or `--name=value` option's name with its "=": what configure_args_set matches on. */
const optionKey = (arg: string): string => arg.slice(0, arg.indexOf("=") + 1);

/**
 * A built-in recipe that is another one with a few changes (mariadb-myrocks: mariadb plus a plugin),
 * so that the two cannot drift apart: `extends` names the base; the other fields replace the base's;
 * `configure_args_set` replaces the base's configure options of the same name in place and appends
 * the others (a list of 25 options is not copied to change two).
 */
const ExtendingRecipeSchema = RecipeFields.partial()
  .extend({
    extends: word.describe("the built-in recipe this one changes"),
    configure_args_set: z
      .array(z.string().regex(/^(-D[A-Za-z_][A-Za-z0-9_]*|--[a-z][a-z0-9-]*)=/, "-DNAME=value or --name=value"))
      .describe("options replacing the base's of the same name, in place; the others appended")
      .default([]),
  })
  .strict();

/** `args` with the options of `set` replacing those of the same name in place; new ones at the end. */
export function setConfigureArgs(args: readonly string[], set: readonly string[]): string[] {
  const byKey = new Map(set.map((arg) => [optionKey(arg), arg]));
  const ownKeys = new Set(args.map(optionKey));
  return [...args.map((arg) => byKey.get(optionKey(arg)) ?? arg), ...set.filter((arg) => !ownKeys.has(optionKey(arg)))];
}

async function readRecipeText(file: string): Promise<string> {
  try {
    return await readFile(file, "utf8");
  } catch (err) {
    throw new InputError(`cannot read the recipe: ${(err as Error).message}`, file);
  }
}

export async function loadRecipe(file: string): Promise<BuildRecipe> {
  return parseRecipe(await readRecipeText(file), file);
}

/**
 * recipes/<name>.yaml shipped with db-bench-gate. Looked up from this module's directory upwards so
 * that it is found both from the sources (src/build) and from the bundle (dist).
 */
export async function loadBuiltinRecipe(name: string, extendedBy: readonly string[] = []): Promise<BuildRecipe> {
  const file = `recipes/${name}.yaml`;
  if (extendedBy.includes(name)) throw new InputError(`the recipe extends itself through ${[...extendedBy, name].join(" -> ")}`, file, "extends");
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const found = path.join(dir, file);
    if (existsSync(found)) {
      const data = validateYaml(z.record(z.string(), z.unknown()), await readRecipeText(found), found);
      if (!("extends" in data)) return validate(BuildRecipeSchema, data, found);
      const { extends: base, configure_args_set, ...fields } = validate(ExtendingRecipeSchema, data, found);
      const baseRecipe = await loadBuiltinRecipe(base, [...extendedBy, name]);
      return mergeRecipe(baseRecipe, { ...fields, configure_args: setConfigureArgs(fields.configure_args ?? baseRecipe.configure_args, configure_args_set) }, found);
    }
    if (path.dirname(dir) === dir) throw new InputError(`no built-in recipe "${name}"`, file);
  }
}

export function buildFlags(recipe: BuildRecipe): BuildFlags {
  return {
    ...(recipe.cc !== undefined && { cc: recipe.cc }),
    ...(recipe.cxx !== undefined && { cxx: recipe.cxx }),
    cflags: recipe.cflags,
    cxxflags: recipe.cxxflags,
    ldflags: recipe.ldflags,
    configure_args: [...recipe.configure_args],
  };
}

/** What one variant sets over the recipe: its compilers and flags; absent ones are the recipe's. */
export type BuildSettings = Partial<Pick<BuildRecipe, "cc" | "cxx" | "cflags" | "cxxflags" | "ldflags">>;

/** The settings a variant spells as NAME=value, by the variable's name as make and configure know it. */
const SETTING_FIELDS = { CC: "cc", CXX: "cxx", CFLAGS: "cflags", CXXFLAGS: "cxxflags", LDFLAGS: "ldflags" } as const;
type SettingName = keyof typeof SETTING_FIELDS;
const isSettingName = (name: string): name is SettingName => Object.hasOwn(SETTING_FIELDS, name);

/**
 * A variant's settings: `CC=clang CXX=clang++ CFLAGS=-O3 -march=native LDFLAGS=-flto`, each value
 * running to the next NAME= (flags start with "-": no quoting needed), or, the older form, CFLAGS
 * alone (`-O2 -march=native`). CXXFLAGS default to the CFLAGS given. `field` names the input in errors.
 */
export function parseBuildSettings(text: string, field: string): BuildSettings {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (!/^[A-Z][A-Z0-9_]*=/.test(words[0] ?? "")) return { cflags: text, cxxflags: text };
  const values = new Map<SettingName, string[]>();
  let current: string[] = [];
  for (const word of words) {
    const assignment = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(word);
    if (!assignment) {
      current.push(word);
      continue;
    }
    const name = assignment[1]!;
    if (!isSettingName(name)) throw new InputError(`unknown setting ${name}: expected ${Object.keys(SETTING_FIELDS).join(", ")}`, undefined, field);
    if (values.has(name)) throw new InputError(`${name} is set twice`, undefined, field);
    current = assignment[2] ? [assignment[2]] : [];
    values.set(name, current);
  }
  const settings: BuildSettings = {};
  for (const [name, value] of values) {
    const text = value.join(" ");
    if ((name === "CC" || name === "CXX") && !compilerCommand.safeParse(text).success) {
      throw new InputError(`${name} ${JSON.stringify(text)}: ${COMPILER_EXPECTED}`, undefined, field);
    }
    settings[SETTING_FIELDS[name]] = text;
  }
  if (settings.cflags !== undefined) settings.cxxflags ??= settings.cflags;
  return settings;
}

/** The recipe with a variant's settings over it. */
export function withSettings(recipe: BuildRecipe, settings: BuildSettings): BuildRecipe {
  return { ...recipe, ...Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined)) };
}

export type BuildPhase = "configure" | "make" | "install";

export interface BuildCommand {
  phase: BuildPhase;
  file: string;
  args: string[];
  /** Set on top of childEnv(); only for this command. */
  env: Record<string, string>;
}

export interface CommandContext {
  /** The build's own directory under the cache; it is installed in <buildDir>/install. */
  buildDir: string;
  /** The C and C++ compiler commands, without ccache (cxx null: no C++ compiler on this machine). */
  cc: string[];
  cxx: string[] | null;
  /** Compile through ccache. */
  ccache: boolean;
  /** Online CPUs, for parallelism 0. */
  cpus: number;
}

/**
 * Where a build is installed, and the prefix it is configured with. A relocatable engine is
 * configured with the same prefix for every build and installed with DESTDIR: generated headers that
 * spell the prefix (PostgreSQL's pg_config.h) are then the same for every commit, and ccache's direct
 * mode hits across commits.
 */
export function installLayout(recipe: BuildRecipe, buildDir: string): { installDir: string; configurePrefix: string; destdir: string | null } {
  const installDir = path.join(buildDir, "install");
  return recipe.relocatable ? { installDir, configurePrefix: "/install", destdir: buildDir } : { installDir, configurePrefix: installDir, destdir: null };
}

export function makeJobs(recipe: BuildRecipe, cpus: number): number {
  return recipe.parallelism > 0 ? recipe.parallelism : Math.max(1, cpus);
}

/** The compilers and flags, as every build system reads them from the environment. */
function compilerEnv(recipe: BuildRecipe, context: CommandContext, launcherInEnv: boolean): Record<string, string> {
  const wrap = (command: string[]) => [...(launcherInEnv && context.ccache ? ["ccache"] : []), ...command].join(" ");
  const env: Record<string, string> = { CC: wrap(context.cc), ...(context.cxx && { CXX: wrap(context.cxx) }) };
  // An empty flag string leaves the variable unset: CFLAGS="" would tell configure "no optimisation".
  for (const [name, value] of [["CFLAGS", recipe.cflags], ["CXXFLAGS", recipe.cxxflags], ["LDFLAGS", recipe.ldflags]] as const) {
    if (value.trim() !== "") env[name] = value;
  }
  return env;
}

/** configure, build and install, in order, as they run in the source root; then the artifacts' copies. */
export function buildCommands(recipe: BuildRecipe, context: CommandContext): BuildCommand[] {
  const jobs = makeJobs(recipe, context.cpus);
  const { installDir, configurePrefix, destdir } = installLayout(recipe, context.buildDir);
  const artifactsFrom = recipe.build_system === "cmake" ? CMAKE_BUILD_DIR : ".";
  const artifacts: BuildCommand[] = recipe.artifacts.map((artifact) => ({
    phase: "install",
    file: "install",
    args: ["-D", "-m", "755", path.join(artifactsFrom, artifact.from), path.join(installDir, artifact.to)],
    env: {},
  }));
  if (recipe.build_system === "cmake") {
    const cmake = recipe.configure[0] ?? "cmake";
    const launchers = context.ccache ? ["-DCMAKE_C_COMPILER_LAUNCHER=ccache", "-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"] : [];
    return [
      { phase: "configure", file: cmake, args: ["-S", ".", "-B", CMAKE_BUILD_DIR, `-DCMAKE_INSTALL_PREFIX=${configurePrefix}`, ...launchers, ...recipe.configure_args], env: compilerEnv(recipe, context, false) },
      { phase: "make", file: cmake, args: ["--build", CMAKE_BUILD_DIR, "-j", String(jobs), ...(recipe.make_targets.length > 0 ? ["--target", ...recipe.make_targets] : [])], env: {} },
      ...(recipe.install_target === null ? [] : [{ phase: "install" as const, file: cmake, args: ["--install", CMAKE_BUILD_DIR], env: destdir ? { DESTDIR: destdir } : {} }]),
      ...artifacts,
    ];
  }
  // autoconf's configure writes the compilers into its Makefiles; a plain Makefile reads them from the environment.
  const env = compilerEnv(recipe, context, true);
  const configure: BuildCommand[] =
    recipe.build_system === "autoconf"
      ? [{ phase: "configure", file: recipe.configure[0]!, args: [...recipe.configure.slice(1), `--prefix=${configurePrefix}`, ...recipe.configure_args], env }]
      : [];
  const makeEnv = recipe.build_system === "make" ? env : {};
  return [
    ...configure,
    { phase: "make", file: "make", args: [`-j${jobs}`, ...recipe.make_variables, ...recipe.make_targets], env: makeEnv },
    ...(recipe.install_target === null
      ? []
      : [{ phase: "install" as const, file: "make", args: [`-j${jobs}`, recipe.install_target, ...recipe.make_variables, ...(destdir ? [`DESTDIR=${destdir}`] : [])], env: makeEnv }]),
    ...artifacts,
  ];
}

export interface BuildKeyInput {
  commit: string;
  recipe: BuildRecipe;
  /** the C compiler, and the C++ one (null where there is none) */
  compilers: { c: Compiler; cxx: Compiler | null };
}

/**
 * The cache key of an installed build: everything that changes the installed binaries (commit,
 * build system, flags, configure arguments, make variables, targets, artifacts, both compilers' names
 * and versions), never where or how fast it was built (parallelism, ccache).
 */
export function buildKey({ commit, recipe, compilers }: BuildKeyInput): string {
  const identity = {
    commit,
    build_system: recipe.build_system,
    configure: recipe.configure,
    configure_args: recipe.configure_args,
    cflags: recipe.cflags,
    cxxflags: recipe.cxxflags,
    ldflags: recipe.ldflags,
    make_variables: recipe.make_variables,
    make_targets: recipe.make_targets,
    install_target: recipe.install_target,
    artifacts: recipe.artifacts,
    relocatable: recipe.relocatable,
    compiler: { name: compilers.c.name, version: compilers.c.version },
    cxx_compiler: compilers.cxx && { name: compilers.cxx.name, version: compilers.cxx.version },
  };
  return createHash("sha256").update(JSON.stringify(identity)).digest("hex").slice(0, 20);
}

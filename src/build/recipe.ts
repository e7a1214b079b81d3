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
import { InputError } from "../errors.js";
import { validateYaml } from "../validate.js";
import type { BuildFlags } from "../results/schema.js";
import type { Compiler } from "./compiler.js";

const word = z.string().min(1);

export const BuildRecipeSchema = z
  .object({
    name: word,
    configure: z.array(word).min(1).describe("configure command, relative to the source root"),
    configure_args: z.array(word),
    cflags: z.string().describe("empty = leave CFLAGS unset (the build system's default)"),
    cxxflags: z.string(),
    ldflags: z.string(),
    make_targets: z.array(word).describe("empty = the Makefile's default target"),
    install_target: word,
    parallelism: z.number().int().nonnegative().describe("make -j value; 0 = every online CPU"),
    bin_dir: word.describe("programs directory, relative to the install prefix"),
    relocatable: z
      .boolean()
      .describe("the installed programs find their files relative to their own location: build for a fixed prefix, install with DESTDIR"),
  })
  .strict();

/** What a fork's config file may change: any field of the recipe. */
export const RecipeOverridesSchema = BuildRecipeSchema.partial();

export type BuildRecipe = z.infer<typeof BuildRecipeSchema>;
export type RecipeOverrides = z.infer<typeof RecipeOverridesSchema>;

/** `source` (a file name) is named in errors, with the offending field. */
export function parseRecipe(text: string, source: string): BuildRecipe {
  return validateYaml(BuildRecipeSchema, text, source);
}

export function mergeRecipe(recipe: BuildRecipe, overrides: RecipeOverrides): BuildRecipe {
  const defined = Object.entries(overrides).filter(([, value]) => value !== undefined);
  return { ...recipe, ...Object.fromEntries(defined) };
}

export async function loadRecipe(file: string): Promise<BuildRecipe> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    throw new InputError(`cannot read the recipe: ${(err as Error).message}`, file);
  }
  return parseRecipe(text, file);
}

/**
 * recipes/<name>.yaml shipped with db-bench-gate. Looked up from this module's directory upwards so
 * that it is found both from the sources (src/build) and from the bundle (dist).
 */
export async function loadBuiltinRecipe(name: string): Promise<BuildRecipe> {
  const file = `recipes/${name}.yaml`;
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, file))) return loadRecipe(path.join(dir, file));
    if (path.dirname(dir) === dir) throw new InputError(`no built-in recipe "${name}"`, file);
  }
}

export function buildFlags(recipe: BuildRecipe): BuildFlags {
  return { cflags: recipe.cflags, cxxflags: recipe.cxxflags, ldflags: recipe.ldflags, configure_args: [...recipe.configure_args] };
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
  /** The C compiler command, with its ccache wrapper when one is used. */
  cc: string[];
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

/** configure, make and install, in order, as they run in the source root. */
export function buildCommands(recipe: BuildRecipe, context: CommandContext): BuildCommand[] {
  const [configure, ...configureWords] = recipe.configure as [string, ...string[]];
  const compilerEnv: Record<string, string> = { CC: context.cc.join(" ") };
  // An empty flag string leaves the variable unset: CFLAGS="" would tell configure "no optimisation".
  for (const [name, value] of [["CFLAGS", recipe.cflags], ["CXXFLAGS", recipe.cxxflags], ["LDFLAGS", recipe.ldflags]] as const) {
    if (value.trim() !== "") compilerEnv[name] = value;
  }
  const jobs = `-j${makeJobs(recipe, context.cpus)}`;
  const { configurePrefix, destdir } = installLayout(recipe, context.buildDir);
  return [
    { phase: "configure", file: configure, args: [...configureWords, `--prefix=${configurePrefix}`, ...recipe.configure_args], env: compilerEnv },
    { phase: "make", file: "make", args: [jobs, ...recipe.make_targets], env: {} },
    { phase: "install", file: "make", args: [jobs, recipe.install_target, ...(destdir ? [`DESTDIR=${destdir}`] : [])], env: {} },
  ];
}

export interface BuildKeyInput {
  commit: string;
  recipe: BuildRecipe;
  compiler: Compiler;
}

/**
 * The cache key of an installed build: everything that changes the installed binaries (commit,
 * flags, configure arguments, targets, compiler name and version), never where or how fast it was
 * built (parallelism, ccache).
 */
export function buildKey({ commit, recipe, compiler }: BuildKeyInput): string {
  const identity = {
    commit,
    configure: recipe.configure,
    configure_args: recipe.configure_args,
    cflags: recipe.cflags,
    cxxflags: recipe.cxxflags,
    ldflags: recipe.ldflags,
    make_targets: recipe.make_targets,
    install_target: recipe.install_target,
    relocatable: recipe.relocatable,
    compiler: { name: compiler.name, version: compiler.version },
  };
  return createHash("sha256").update(JSON.stringify(identity)).digest("hex").slice(0, 20);
}

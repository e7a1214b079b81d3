/**
 * The fork's config file (.db-bench-gate.yml): profile, thresholds, per-step overrides, build recipe
 * and server settings. Validated with zod; a bad field is a one-line error naming file and field.
 */
import { readFile } from "node:fs/promises";
import { execa } from "execa";
import { z } from "zod";
import { RecipeOverridesSchema } from "../build/recipe.js";
import { childEnv } from "../child-env.js";
import { InputError } from "../errors.js";
import { validateYaml } from "../validate.js";
import { ThresholdOverrideSchema, ThresholdsInputSchema } from "./thresholds.js";

export const ConfigFileSchema = z
  .object({
    profile: z.string().min(1).optional().describe("profile name (pg-quick, pg-sysbench) or a path to a profile file"),
    thresholds: ThresholdsInputSchema.optional(),
    overrides: z.array(ThresholdOverrideSchema).optional(),
    recipe: RecipeOverridesSchema.optional().describe("any field of recipes/postgresql.yaml"),
    server_settings: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
    time_budget_s: z.number().positive().optional(),
    rounds: z.number().int().min(2).optional(),
  })
  .strict();

export type ConfigFile = z.infer<typeof ConfigFileSchema>;

/** Parses YAML (JSON is YAML) text; `file` names the source in errors. */
export function parseConfigText(text: string, file: string): ConfigFile {
  return validateYaml(ConfigFileSchema, text, file);
}

export async function loadConfigFile(file: string): Promise<ConfigFile> {
  const text = await readFile(file, "utf8").catch((e: NodeJS.ErrnoException) => {
    throw new InputError(`cannot read config file: ${e.code ?? e.message}`, file);
  });
  return parseConfigText(text, file);
}

/** The file name a fork commits its config under. */
export const CONFIG_FILE_NAME = ".db-bench-gate.yml";

/**
 * The config file as committed at `ref` (empty when the commit has none). Read from the base commit,
 * never the PR's head: a pull request must not be able to loosen the thresholds that judge it.
 */
export async function loadConfigFromCommit(repo: string, ref: string): Promise<ConfigFile> {
  const shown = await execa("git", ["-C", repo, "show", `${ref}:${CONFIG_FILE_NAME}`], { env: childEnv(process.env), extendEnv: false, reject: false });
  if (shown.failed) return {};
  return parseConfigText(shown.stdout, `${ref}:${CONFIG_FILE_NAME}`);
}

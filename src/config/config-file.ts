/**
 * The fork's config file (.db-bench-gate.yml): profile, thresholds, per-step overrides, build recipe
 * and server settings. Validated with zod; a bad field is a one-line error naming file and field.
 */
import { z } from "zod";
import { RecipeOverridesSchema } from "../build/recipe.js";
import { validateYaml } from "../common/validate.js";
import { builtinProfileNames } from "./profile-list.js";
import { judgingCommit, readAtCommit, readJudgingFile, type JudgingCommit } from "./judging-files.js";
import { ThresholdOverrideSchema, ThresholdsInputSchema } from "./thresholds.js";
import { TimeoutsSchema } from "./timeouts.js";

export const ConfigFileSchema = z
  .object({
    profile: z.string().min(1).optional().describe(`profile name (${builtinProfileNames().join(", ")}) or a path to a profile file`),
    thresholds: ThresholdsInputSchema.optional(),
    overrides: z.array(ThresholdOverrideSchema).optional(),
    recipe: RecipeOverridesSchema.optional().describe("any field of the engine's recipe (recipes/<engine>.yaml; recipes/README.md)"),
    server_settings: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
    time_budget_s: z.number().positive().optional(),
    rounds: z.number().int().min(2).optional(),
    timeouts: TimeoutsSchema.omit({ run_s: true }).optional().describe("seconds per external step (run_s, the whole run, is the action's input or the CLI's flag)"),
  })
  .strict();

export type ConfigFile = z.infer<typeof ConfigFileSchema> & {
  /** where it was read from, for errors about its fields found later (plan.ts); absent: no config file */
  source?: string;
};

/** Parses YAML (JSON is YAML) text; `file` names the source in errors. */
export function parseConfigText(text: string, file: string): ConfigFile {
  return { ...validateYaml(ConfigFileSchema, text, file), source: file };
}

/** A config file on disk, as the CLI's user names it (capped in size like every judging file). */
export async function loadConfigFile(file: string): Promise<ConfigFile> {
  const { text, source } = await readJudgingFile(file, null, "config file");
  return parseConfigText(text, source);
}

/** The file name a fork commits its config under. */
export const CONFIG_FILE_NAME = ".db-bench-gate.yml";

/**
 * The config file judging a run, at the trusted commit `at`: the default name as committed there (an
 * empty config when it has none), or `file`, an explicit path (inside the repository: as committed at
 * `at` too; outside it: the runner's own file). Never the PR's tree: a pull request must not be able to
 * loosen the thresholds that judge it.
 */
export async function loadConfigAt(at: JudgingCommit, file: string | null = null): Promise<ConfigFile> {
  if (file !== null) {
    const { text, source } = await readJudgingFile(file, at, "config file");
    return parseConfigText(text, source);
  }
  const committed = await readAtCommit(at, CONFIG_FILE_NAME);
  return committed ? parseConfigText(committed.text, committed.source) : {};
}

/** The config file as committed at `ref` (empty when the commit has none). */
export async function loadConfigFromCommit(repo: string, ref: string): Promise<ConfigFile> {
  return loadConfigAt(judgingCommit(repo, ref));
}

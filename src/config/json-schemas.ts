/**
 * The JSON Schemas of the files a fork writes by hand (.db-bench-gate.yml, a profile), generated from
 * the zod schemas that validate them, for editors: a YAML file points at one with a
 * `# yaml-language-server: $schema=...` line (editorSchemaLine).
 */
import { jsonSchemaOf } from "../results/json-schema.js";
import { ConfigFileSchema } from "./config-file.js";
import { ProfileSchema } from "./profile.js";

export const CONFIG_SCHEMA_ID = "config.v1";
export const PROFILE_SCHEMA_ID = "profile.v1";

// what a person writes, defaults not yet applied: the schemas of the input, not of the parsed value
export const configJsonSchema = (): Record<string, unknown> => jsonSchemaOf(CONFIG_SCHEMA_ID, "db-bench-gate config file (.db-bench-gate.yml)", ConfigFileSchema, "input");
export const profileJsonSchema = (): Record<string, unknown> => jsonSchemaOf(PROFILE_SCHEMA_ID, "db-bench-gate benchmark profile", ProfileSchema, "input");

/**
 * Where a fork's editor finds the schema `id`: the copy in db-bench-gate's repository at the release the
 * workflows use (@v0), which editors with the YAML language server fetch.
 */
export function editorSchemaLine(id: string): string {
  return `# yaml-language-server: $schema=https://raw.githubusercontent.com/db-bench-gate/db-bench-gate/v0/schema/${id}.json`;
}

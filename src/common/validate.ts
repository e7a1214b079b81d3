/**
 * Every boundary where outside data comes in (results files, config files, profiles, recipes, event
 * payloads) validates it the same way: zod, and on failure one InputError naming the source and the
 * JSON path of the first bad field.
 */
import { parse as parseYaml } from "yaml";
import type { z } from "zod";
import { InputError } from "./errors.js";

/** `$.samples[3].ops` style path of a zod issue, the way JSON tools print it. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return "$" + path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("");
}

/** The first issue's message and where it is: its path as zod gives it, and as `jsonPath` prints it. */
export function firstIssue(error: z.ZodError): { path: (string | number)[]; field: string; message: string } {
  const issue = error.issues[0];
  if (!issue) return { path: [], field: "$", message: "invalid" };
  // a map's bad key: zod says "Invalid key in record" around the key schema's own message
  const message = issue.code === "invalid_key" ? (issue.issues[0]?.message ?? issue.message) : issue.message;
  // zod's paths are keys and indexes: no symbol reaches them from parsed YAML or JSON
  const path = issue.path.map((p) => (typeof p === "number" ? p : String(p)));
  return { path, field: jsonPath(path), message };
}

export function validate<S extends z.ZodType>(schema: S, data: unknown, source: string): z.output<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const { field, message } = firstIssue(parsed.error);
    throw new InputError(message, source, field);
  }
  return parsed.data;
}

/** YAML (or JSON, which is YAML) text validated with `schema`; an empty document is `{}`. */
export function validateYaml<S extends z.ZodType>(schema: S, text: string, source: string): z.output<S> {
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (e) {
    throw new InputError(`not valid YAML: ${(e as Error).message.split("\n")[0]}`, source);
  }
  return validate(schema, data ?? {}, source);
}

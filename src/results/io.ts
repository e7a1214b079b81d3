/** Reading and writing results documents: every read is validated, so a file from another run or a fork is untrusted until it passes. */
import { readFile, writeFile, rename } from "node:fs/promises";
import type { z } from "zod";
import { InputError } from "../errors.js";
import { RESULTS_SCHEMA_ID, RESULTS_VERSION, ResultsSchema, type Results } from "./schema.js";

/** `$.samples[3].ops` style path of a zod issue, the way JSON tools print it. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return "$" + path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("");
}

export function firstIssue(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0];
  if (!issue) return { field: "$", message: "invalid" };
  return { field: jsonPath(issue.path), message: issue.message };
}

/** Validates an already parsed document; `source` names it in errors (a file path or "artifact x"). */
export function parseResults(data: unknown, source: string): Results {
  if (typeof data === "object" && data !== null) {
    const { schema, version } = data as { schema?: unknown; version?: unknown };
    if (schema !== RESULTS_SCHEMA_ID) {
      throw new InputError(`not a db-bench-gate results document (schema is ${JSON.stringify(schema)}, expected "${RESULTS_SCHEMA_ID}")`, source, "$.schema");
    }
    if (typeof version === "number" && version > RESULTS_VERSION) {
      throw new InputError(
        `results format version ${version} is newer than this db-bench-gate understands (${RESULTS_VERSION}); upgrade db-bench-gate`,
        source,
        "$.version",
      );
    }
  }
  const parsed = ResultsSchema.safeParse(data);
  if (!parsed.success) {
    const { field, message } = firstIssue(parsed.error);
    throw new InputError(message, source, field);
  }
  return parsed.data;
}

export async function readResults(file: string): Promise<Results> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (e) {
    throw new InputError(`cannot read: ${(e as NodeJS.ErrnoException).code ?? String(e)}`, file);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new InputError(`not JSON: ${(e as Error).message}`, file, "$");
  }
  return parseResults(data, file);
}

/** Writes atomically (temp file + rename) so a crash never leaves half a results file behind. */
export async function writeResults(file: string, results: Results): Promise<void> {
  const checked = ResultsSchema.parse(results);
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(checked, null, 2) + "\n");
  await rename(tmp, file);
}

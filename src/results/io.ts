/** Reading and writing results documents: every read is validated, so a file from another run or a fork is untrusted until it passes. */
import { readFile, writeFile, rename } from "node:fs/promises";
import { z } from "zod";
import { InputError } from "../errors.js";
import { validate } from "../validate.js";
import { NoiseFloorSchema, RESULTS_SCHEMA_ID, RESULTS_VERSION, ResultsSchema, type NoiseFloor, type Results } from "./schema.js";

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
  return validate(ResultsSchema, data, source);
}

async function readJson(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (e) {
    throw new InputError(`cannot read: ${(e as NodeJS.ErrnoException).code ?? String(e)}`, file);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new InputError(`not JSON: ${(e as Error).message}`, file, "$");
  }
}

export async function readResults(file: string): Promise<Results> {
  return parseResults(await readJson(file), file);
}

/** A noise-floor file as `npm run bench:verdict -- analyze` writes it (noise-floor.json): per-step A/A noise of one runner. */
export async function readNoiseFloor(file: string): Promise<NoiseFloor[]> {
  return validate(z.array(NoiseFloorSchema), await readJson(file), file);
}

/** Writes atomically (temp file + rename) so a crash never leaves half a results file behind. */
export async function writeResults(file: string, results: Results): Promise<void> {
  const checked = ResultsSchema.parse(results);
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(checked, null, 2) + "\n");
  await rename(tmp, file);
}

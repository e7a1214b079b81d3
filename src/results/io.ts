/** Reading and writing results documents: every read is validated, so a file from another run or a fork is untrusted until it passes. */
import { mkdir, open, writeFile, rename } from "node:fs/promises";
import { dirname } from "node:path";
import { InputError } from "../common/errors.js";
import { validate } from "../common/validate.js";
import { NoiseFloorListSchema, RESULTS_SCHEMA_ID, RESULTS_VERSION, ResultsSchema, type NoiseFloor, type Results } from "./schema.js";

/**
 * The largest results file read, whole or unpacked from an artifact: compare stays within 10 s and 500 MB
 * up to this size (npm run bench:compare). The gate's own files are far smaller.
 */
export const MAX_RESULTS_FILE_BYTES = 64 * 1024 * 1024;
/** One short entry per step. */
export const MAX_NOISE_FLOOR_FILE_BYTES = 1024 * 1024;

/** The one-line refusal of content past a size cap. */
export function tooLargeError(bytes: string, maxBytes: number, source: string): InputError {
  return new InputError(`${bytes} bytes is larger than the ${maxBytes.toLocaleString("en-US")} bytes a file of this kind may have`, source, "$");
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
  return validate(ResultsSchema, data, source);
}

/** JSON text to a value; `source` names it in the error. */
export function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new InputError(`not JSON: ${(e as Error).message}`, source, "$");
  }
}

/** First read buffer of a file whose size stat cannot tell (a device or a pipe); it doubles as needed. */
const UNKNOWN_SIZE_BUFFER_BYTES = 1024 * 1024;

/**
 * The file's text, read into one buffer no larger than one byte past `maxBytes`: its size can change
 * after stat, and a device or pipe has none. (One buffer and the string: the peak memory of a read.)
 * With `missingIsNull`, a file that does not exist is null rather than an error.
 */
export async function readCapped(file: string, maxBytes: number): Promise<string>;
export async function readCapped(file: string, maxBytes: number, options: { missingIsNull: true }): Promise<string | null>;
export async function readCapped(file: string, maxBytes: number, options: { missingIsNull?: boolean } = {}): Promise<string | null> {
  const cannotRead = (e: unknown) => new InputError(`cannot read: ${(e as NodeJS.ErrnoException).code ?? String(e)}`, file);
  let handle;
  try {
    handle = await open(file, "r");
  } catch (e) {
    if (options.missingIsNull && (e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw cannotRead(e);
  }
  try {
    const { size } = await handle.stat();
    if (size > maxBytes) throw tooLargeError(size.toLocaleString("en-US"), maxBytes, file);
    let buffer = Buffer.allocUnsafe(Math.min(maxBytes, size || UNKNOWN_SIZE_BUFFER_BYTES) + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        if (length > maxBytes) throw tooLargeError(`more than ${maxBytes.toLocaleString("en-US")}`, maxBytes, file);
        const grown = Buffer.allocUnsafe(Math.min(maxBytes + 1, 2 * buffer.length));
        buffer.copy(grown, 0, 0, length);
        buffer = grown;
      }
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null).catch((e: unknown) => {
        throw cannotRead(e);
      });
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > maxBytes) throw tooLargeError(`more than ${maxBytes.toLocaleString("en-US")}`, maxBytes, file);
    return buffer.toString("utf8", 0, length);
  } finally {
    await handle.close();
  }
}

async function readJson(file: string, maxBytes: number): Promise<unknown> {
  return parseJson(await readCapped(file, maxBytes), file);
}

export async function readResults(file: string): Promise<Results> {
  return parseResults(await readJson(file, MAX_RESULTS_FILE_BYTES), file);
}

/** A noise-floor file as `npm run bench:verdict -- analyze` writes it (noise-floor.json): per-step A/A noise of one runner. */
export async function readNoiseFloor(file: string): Promise<NoiseFloor[]> {
  return parseNoiseFloor(await readCapped(file, MAX_NOISE_FLOOR_FILE_BYTES), file);
}

/** A noise floor's text, from disk or as committed (config/judging-files.ts); `source` names it in errors. */
export function parseNoiseFloor(text: string, source: string): NoiseFloor[] {
  return validate(NoiseFloorListSchema, parseJson(text, source), source);
}

/** Writes `text` to a temp file beside `file`, then renames it into place: a crash never leaves half a file behind. */
export async function writeAtomically(file: string, text: string): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, text);
  await rename(tmp, file);
}

/** Writes the validated results atomically, making the file's directory when missing. */
export async function writeResults(file: string, results: Results): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeAtomically(file, JSON.stringify(ResultsSchema.parse(results), null, 2) + "\n");
}

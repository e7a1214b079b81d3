/**
 * Where the history lives: a data branch of the repository (the default, src/publish/history-branch.ts)
 * or the runner's cache dir. Each profile and architecture has a directory `<profile>-<arch>/` with
 * history.json (the compact records, src/history/record.ts) and latest.json (the newest baseline's whole
 * results document: the stored baseline once its artifact expired). Both are validated on every read.
 */
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { InputError } from "../errors.js";
import { MAX_RESULTS_FILE_BYTES, parseJson, parseResults, tooLargeError } from "../results/io.js";
import type { Results } from "../results/schema.js";
import { MAX_HISTORY_FILE_BYTES, parseHistory, type HistoryFile } from "./record.js";

export const HISTORY_FILE = "history.json";
export const LATEST_FILE = "latest.json";

export interface StoredHistory {
  history: HistoryFile | null;
  latest: Results | null;
}

export interface HistoryStore {
  /** for the reader: "branch db-bench-gate-data", "the runner's cache dir /var/cache/..." */
  where: string;
  read(key: string): Promise<StoredHistory>;
  /**
   * Stores `append(current history)` and `latest`. The branch store retries on a concurrent writer,
   * calling `append` again on what that writer stored, so no run's record is lost.
   */
  write(key: string, append: (current: HistoryFile | null) => HistoryFile, latest: Results): Promise<HistoryFile>;
}

/** The directory of a profile and architecture: characters a path must not hold become "_". */
export function historyKey(profile: string, arch: string): string {
  return [profile, arch].map((part) => part.replace(/[^A-Za-z0-9._-]/g, "_").replace(/^\.+/, "_")).join("-");
}

/** Validates the two files' texts (null: absent); `source` names where they came from. */
export function parseStored(texts: { history: string | null; latest: string | null }, source: string): StoredHistory {
  const latestSource = `${source}/${LATEST_FILE}`;
  if (texts.latest !== null && Buffer.byteLength(texts.latest) > MAX_RESULTS_FILE_BYTES) throw tooLargeError(String(Buffer.byteLength(texts.latest)), MAX_RESULTS_FILE_BYTES, latestSource);
  return {
    history: texts.history === null ? null : parseHistory(texts.history, `${source}/${HISTORY_FILE}`),
    latest: texts.latest === null ? null : parseResults(parseJson(texts.latest, latestSource), latestSource),
  };
}

async function readIfPresent(file: string, maxBytes: number): Promise<string | null> {
  try {
    const text = await readFile(file, "utf8");
    if (Buffer.byteLength(text) > maxBytes) throw tooLargeError(String(Buffer.byteLength(text)), maxBytes, file);
    return text;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    if (e instanceof InputError) throw e;
    throw new InputError(`cannot read: ${(e as NodeJS.ErrnoException).code ?? String(e)}`, file);
  }
}

async function writeAtomically(file: string, text: string): Promise<void> {
  await writeFile(`${file}.tmp`, text);
  await rename(`${file}.tmp`, file);
}

/** The history under `<cacheDir>/history/`: one runner's, kept as long as its disk. */
export function cacheDirHistoryStore(cacheDir: string): HistoryStore {
  const root = path.join(cacheDir, "history");
  const dirOf = (key: string) => path.join(root, key);
  const read = async (key: string) =>
    parseStored(
      { history: await readIfPresent(path.join(dirOf(key), HISTORY_FILE), MAX_HISTORY_FILE_BYTES), latest: await readIfPresent(path.join(dirOf(key), LATEST_FILE), MAX_RESULTS_FILE_BYTES) },
      dirOf(key),
    );
  return {
    where: `the runner's cache dir (${root})`,
    read,
    async write(key, append, latest) {
      const history = append((await read(key)).history);
      await mkdir(dirOf(key), { recursive: true });
      await writeAtomically(path.join(dirOf(key), HISTORY_FILE), `${JSON.stringify(history, null, 1)}\n`);
      await writeAtomically(path.join(dirOf(key), LATEST_FILE), `${JSON.stringify(latest)}\n`);
      return history;
    },
  };
}

/**
 * Where the history lives: a data branch of the repository (the default, src/publish/history-branch.ts)
 * or the runner's cache dir. Each profile and architecture has a directory `<profile>-<arch>/` with
 * history.json (the compact records, src/history/record.ts) and latest.json (the newest baseline's whole
 * results document: the stored baseline once its artifact expired). Both are validated on every read.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { MAX_RESULTS_FILE_BYTES, parseJson, parseResults, readCapped, tooLargeError, writeAtomically } from "../results/io.js";
import type { Results } from "../results/schema.js";
import { MAX_HISTORY_FILE_BYTES, parseHistory, type HistoryFile } from "./record.js";

export const HISTORY_FILE = "history.json";
export const LATEST_FILE = "latest.json";

export interface HistoryStore {
  /** for the reader: "branch db-bench-gate-data", "the runner's cache dir /var/cache/..." */
  where: string;
  /** history.json of `key`, validated; null when absent */
  readHistory(key: string): Promise<HistoryFile | null>;
  /** latest.json of `key` (up to 64 MB), validated; null when absent */
  readLatest(key: string): Promise<Results | null>;
  /**
   * Stores `append(current history)` and `latest`. The branch store retries when a concurrent writer
   * moved the branch first (its update is a fast-forward from the tip it read), calling `append` again
   * on what that writer stored, so no run's record is lost.
   */
  write(key: string, append: (current: HistoryFile | null) => HistoryFile, latest: Results): Promise<HistoryFile>;
}

/** The directory of a profile and architecture: characters a path must not hold become "_". */
export function historyKey(profile: string, arch: string): string {
  return [profile, arch].map((part) => part.replace(/[^A-Za-z0-9._-]/g, "_").replace(/^\.+/, "_")).join("-");
}

/** Validates history.json's text (null: absent); `source` names the directory it came from. */
export function parseStoredHistory(text: string | null, source: string): HistoryFile | null {
  return text === null ? null : parseHistory(text, `${source}/${HISTORY_FILE}`);
}

/** Validates latest.json's text (null: absent); `source` names the directory it came from. */
export function parseStoredLatest(text: string | null, source: string): Results | null {
  if (text === null) return null;
  const latestSource = `${source}/${LATEST_FILE}`;
  if (Buffer.byteLength(text) > MAX_RESULTS_FILE_BYTES) throw tooLargeError(String(Buffer.byteLength(text)), MAX_RESULTS_FILE_BYTES, latestSource);
  return parseResults(parseJson(text, latestSource), latestSource);
}

/** The history under `<cacheDir>/history/`: one runner's, kept as long as its disk. */
export function cacheDirHistoryStore(cacheDir: string): HistoryStore {
  const root = path.join(cacheDir, "history");
  const dirOf = (key: string) => path.join(root, key);
  const readHistory = async (key: string) =>
    parseStoredHistory(await readCapped(path.join(dirOf(key), HISTORY_FILE), MAX_HISTORY_FILE_BYTES, { missingIsNull: true }), dirOf(key));
  return {
    where: `the runner's cache dir (${root})`,
    readHistory,
    readLatest: async (key) => parseStoredLatest(await readCapped(path.join(dirOf(key), LATEST_FILE), MAX_RESULTS_FILE_BYTES, { missingIsNull: true }), dirOf(key)),
    async write(key, append, latest) {
      const history = append(await readHistory(key));
      await mkdir(dirOf(key), { recursive: true });
      await writeAtomically(path.join(dirOf(key), HISTORY_FILE), `${JSON.stringify(history, null, 1)}\n`);
      await writeAtomically(path.join(dirOf(key), LATEST_FILE), `${JSON.stringify(latest)}\n`);
      return history;
    },
  };
}

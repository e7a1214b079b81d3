/** Reading bench-verdict's recorded sessions (results files with their load samples): bench-verdict and bench-qps-rule share it. */
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { readResults } from "../../src/results/io.js";
import type { Results } from "../../src/results/schema.js";

export interface Session {
  file: string;
  results: Results;
  load: { at: string; load1: number }[];
}

/** The sessions `only` names, or every session-*.json in `dir` (not its .load.json companions). */
export async function readSessions(dir: string, only?: string[]): Promise<Session[]> {
  const files = only ?? (await readdir(dir)).filter((f) => /^session-.*(?<!\.load)\.json$/.test(f)).map((f) => path.join(dir, f));
  return Promise.all(
    files.map(async (file) => {
      const loadFile = file.replace(/\.json$/, ".load.json");
      return {
        file,
        results: await readResults(file),
        load: existsSync(loadFile) ? (JSON.parse(await readFile(loadFile, "utf8")) as Session["load"]) : [],
      };
    }),
  );
}

/**
 * The files a profile's steps name (a custom pgbench step's scripts and init SQL), read like the
 * profile itself: at the judging commit when they lie in the repository, so that a pull request's own
 * copies never decide what it is measured with (judging-files.ts), from disk otherwise. A path is
 * relative to the profile's directory. Each is capped at the judging files' 1 MiB: a pgbench script is
 * a few lines and an init SQL makes its rows with generate_series, while the text is held in memory,
 * hashed and written into every variant's run directory; a load of more belongs in SQL that generates it.
 */
import path from "node:path";
import { DRIVERS } from "../driver/index.js";
import type { WorkloadFile, WorkloadFiles } from "../driver/types.js";
import { InputError } from "../errors.js";
import { jsonPath } from "../validate.js";
import { readJudgingFile, type JudgingCommit } from "./judging-files.js";

/** What the steps name, each once, with the field of its first mention (steps[i].scripts[j]). */
export function workloadPaths(steps: readonly ({ driver: string } & Record<string, unknown>)[]): { path: string; field: string }[] {
  const named = new Map<string, string>();
  steps.forEach(({ driver, sweep: _sweep, ...parameters }, i) => {
    for (const file of DRIVERS[driver]?.files?.(parameters) ?? []) if (!named.has(file.path)) named.set(file.path, jsonPath(["steps", i, ...file.field]));
  });
  return [...named].map(([p, field]) => ({ path: p, field }));
}

/**
 * The files `steps` name, read relative to `profileDir` (a directory on disk, inside `at.repo` when the
 * profile is the repository's); `source` names the profile in errors.
 */
export async function readWorkloadFiles(steps: readonly ({ driver: string } & Record<string, unknown>)[], profileDir: string, at: JudgingCommit | null, source: string): Promise<WorkloadFiles> {
  const files = new Map<string, WorkloadFile>();
  for (const { path: given, field } of workloadPaths(steps)) {
    try {
      const { text, source: readFrom } = await readJudgingFile(path.resolve(profileDir, given), at, "workload file");
      files.set(given, { path: given, source: readFrom, text });
    } catch (e) {
      if (e instanceof InputError) throw new InputError(e.message, source, field);
      throw e;
    }
  }
  return files;
}

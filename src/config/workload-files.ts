/**
 * The files a profile's steps name (a custom pgbench step's scripts and init SQL), read like the
 * profile itself: at the judging commit when they lie in the repository, so that a pull request's own
 * copies never decide what it is measured with (judging-files.ts), from disk otherwise. A path is
 * relative to the profile's directory. Each is capped at the judging files' 1 MiB: a pgbench script is
 * a few lines and an init SQL makes its rows with generate_series, while the text is held in memory,
 * hashed and written into every variant's run directory; a load of more belongs in SQL that generates it.
 */
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { DRIVERS } from "../driver/index.js";
import type { WorkloadFile, WorkloadFiles } from "../driver/types.js";
import { InputError } from "../common/errors.js";
import { jsonPath } from "../common/validate.js";
import { blobAt, readAtCommit, readJudgingFile, type JudgingCommit } from "./judging-files.js";

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

/** The repository paths of the files the profile at `profilePath` names as committed at `commit`; none where it is not a profile that parses. */
async function workloadPathsAt(repo: string, commit: string, profilePath: string): Promise<string[]> {
  const read = await readAtCommit({ repo, commit, read: new Set(), profiles: new Set() }, profilePath).catch(() => null);
  let steps: unknown;
  try {
    steps = read && (parseYaml(read.text) as { steps?: unknown } | null)?.steps;
  } catch {
    return [];
  }
  if (!Array.isArray(steps)) return [];
  const definitions = steps.filter((s): s is { driver: string } & Record<string, unknown> => typeof s === "object" && s !== null && typeof (s as { driver?: unknown }).driver === "string");
  return workloadPaths(definitions).map((file) => path.posix.normalize(path.posix.join(path.posix.dirname(profilePath), file.path)));
}

/**
 * The workload files `head`'s versions of the profiles judged at `judged` name that the judging commit
 * lacks: a pull request's new workload, not measured until it is merged (its steps are the judging
 * commit's). The PR's profile is only read for these names, never run.
 */
export async function newWorkloadFiles(judged: JudgingCommit, head: string): Promise<string[]> {
  const named = new Set<string>();
  for (const profile of judged.profiles) for (const file of await workloadPathsAt(judged.repo, head, profile)) named.add(file);
  const added: string[] = [];
  for (const file of [...named].sort()) if ((await blobAt(judged.repo, judged.commit, file)) === null && (await blobAt(judged.repo, head, file)) !== null) added.push(file);
  return added;
}

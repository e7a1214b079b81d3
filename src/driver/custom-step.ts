/**
 * What every step of a fork's own workload shares, whatever its client (pgbench scripts,
 * pgbench-custom.ts; a sysbench Lua script, sysbench-custom.ts; a db_bench benchmarks list,
 * db-bench-custom.ts): a step id the user names, the files
 * the profile loader read at the judging commit (workload-files.ts) and their copies in the run
 * directory, the definition hash, and the tools' messages told in the profile's file names.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import { InputError } from "../common/errors.js";
import type { WorkloadFile, WorkloadFiles } from "./types.js";

/** the step id: a name of the user's, kept across edits of the files */
export const StepNameSchema = z
  .string()
  .max(100)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "letters, digits, '.', '_' and '-', starting with a letter or digit: the step's id");

/** `file@weight` as pgbench's -f takes it; no weight is 1 */
export const WEIGHTED_FILE = /^(?<file>[^@\s][^@]*?)(?:@(?<weight>\d+))?$/;

export function scriptEntry(entry: string): { file: string; weight: number } {
  const groups = WEIGHTED_FILE.exec(entry)?.groups;
  return { file: groups?.file ?? entry, weight: groups?.weight === undefined ? 1 : Number(groups.weight) };
}

/** A file's name in the run directory: by its content, so two steps naming one file share one copy. */
export function runDirName(file: WorkloadFile): string {
  return `workload-${createHash("sha256").update(file.text).digest("hex").slice(0, 12)}-${path.basename(file.path)}`;
}

/** sha256 of a definition (JSON): what the step runs, its files' text and its options. */
export function definitionHash(definition: unknown): string {
  return createHash("sha256").update(JSON.stringify(definition)).digest("hex");
}

/** A short key of a definition's part that decides a step's data (steps with the same one share a load). */
export function dataKeyHash(definition: unknown): string {
  return definitionHash(definition).slice(0, 12);
}

/** The file the profile names at `given` as read; an InputError naming `field` where the loader did not read it. */
export function workloadFileAt(files: WorkloadFiles, given: string, field: string): WorkloadFile {
  const file = files.get(given);
  if (!file) throw new InputError(`${given} was not read (the profile's files are read when it is loaded)`, undefined, field);
  return file;
}

/** A step's files as copied into the run directory: the name of each copy there. */
export interface RunDirCopy {
  name: string;
  file: WorkloadFile;
}

export function runDirCopies(files: readonly WorkloadFile[]): RunDirCopy[] {
  return files.map((file) => ({ name: runDirName(file), file }));
}

/**
 * `text` with the run directory's copies named as the profile's files (`source`): what the user can
 * find. A copy is named by its path, by its path cut short (Lua keeps a chunk name's last 60
 * characters after "..."), or by its name alone (sysbench names a script without `event` so): its
 * name, `workload-<hash>-<file>`, is no other word.
 */
export function withSources(text: string, copies: readonly RunDirCopy[]): string {
  return copies.reduce((out, c) => out.replace(new RegExp(`(?:\\.\\.\\.)?(?:[^\\s'"\`]*/)?${c.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "g"), () => c.file.source), text);
}

/** Options and variables in a stable order, so that the hash does not depend on how the profile lists them. */
export function sortedEntries<V>(record: Readonly<Record<string, V>> | undefined): [string, V][] {
  return Object.entries(record ?? {}).sort(([a], [b]) => (a < b ? -1 : 1));
}

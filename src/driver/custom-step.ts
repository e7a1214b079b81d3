/**
 * What every step of a fork's own workload shares, whatever its tool (pgbench scripts, a db_bench
 * benchmarks list): its id is a name the user gives, kept across edits, and its definition's hash is
 * recorded, so that a baseline of another definition is not compared with it (compare.ts).
 */
import { createHash } from "node:crypto";
import { z } from "zod";

/** a custom step's `name`: its id in results, history and the profile's per-step settings */
export const CustomStepNameSchema = z
  .string()
  .max(100)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "letters, digits, '.', '_' and '-', starting with a letter or digit: the step's id");

/** sha256 of a definition (what the step runs: texts and options, never file paths), as JSON. */
export function definitionHash(definition: unknown): string {
  return createHash("sha256").update(JSON.stringify(definition)).digest("hex");
}

/** `record`'s entries sorted by name: a map's order in the profile does not change the hash. */
export function sortedEntries<V>(record: Readonly<Record<string, V>>): [string, V][] {
  return Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The default branch's history: one compact record per `baseline` run (per profile and architecture),
 * derived from its results document, appended in the order the runs stored them. Kept where artifacts'
 * retention does not reach (src/history/store.ts), bounded to the newest MAX_HISTORY_RECORDS runs, and
 * validated on every read like any file from elsewhere. Pure.
 */
import { median } from "simple-statistics";
import { howCounted } from "../compare/instructions.js";
import { z } from "zod";
import { InputError } from "../common/errors.js";
import { parseJson } from "../results/io.js";
import type { Results } from "../results/schema.js";
import { validate } from "../common/validate.js";

export const HISTORY_SCHEMA_ID = "db-bench-gate/history";
export const HISTORY_VERSION = 1;
/** The retention: the newest this many runs of a profile and architecture are kept (about 1 KB each for 8 steps). */
export const MAX_HISTORY_RECORDS = 500;
/** A history of MAX_HISTORY_RECORDS runs of a few dozen steps is well under this. */
export const MAX_HISTORY_FILE_BYTES = 8 * 1024 * 1024;
const MAX_HISTORY_STEPS = 2_000;

const positive = z.number().finite().positive();

export const HistoryStepSchema = z
  .object({
    id: z.string().min(1),
    qps_median: positive.nullable().describe("median QPS over the run's ok rounds; null without any"),
    rounds: z.number().int().nonnegative().describe("ok rounds behind qps_median"),
    instructions_per_op: positive.nullable().describe("median instructions per operation over the repeats; null when not counted"),
    instructions_counted: z
      .string()
      .min(1)
      .nullable()
      .optional()
      .describe("how instructions_per_op was counted, as the results say it: the tool and whose work (absent in records from before it was kept)"),
    definition_hash: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional()
      .describe("the step's definition hash where it is the fork's own workload (results' steps[].definition_hash): a series starts again where it changes"),
  })
  .strict();

export const HistoryRecordSchema = z
  .object({
    commit: z.string().regex(/^[0-9a-f]{7,64}$/, "a hex commit sha"),
    measured_at: z.iso.datetime({ offset: true }),
    run_id: z.string().nullable().describe("the GitHub workflow run that measured it"),
    run_url: z.string().nullable(),
    hostname_hash: z.string().regex(/^[0-9a-f]{16}$/),
    steps: z.array(HistoryStepSchema).max(MAX_HISTORY_STEPS),
  })
  .strict();

export const HistoryFileSchema = z
  .object({
    schema: z.literal(HISTORY_SCHEMA_ID),
    version: z.literal(HISTORY_VERSION),
    profile: z.string().min(1),
    arch: z.string().min(1),
    retention: z.number().int().positive().describe("the newest this many records are kept"),
    records: z.array(HistoryRecordSchema).max(MAX_HISTORY_RECORDS),
  })
  .strict();

export type HistoryStep = z.infer<typeof HistoryStepSchema>;
export type HistoryRecord = z.infer<typeof HistoryRecordSchema>;
export type HistoryFile = z.infer<typeof HistoryFileSchema>;

/** The record of a baseline run: its one variant's commit and each step's medians. */
export function historyRecordOf(results: Results, run: { id: string | null; url: string | null }): HistoryRecord {
  const variant = results.variants.find((v) => v.id === results.base_variant)!;
  const qps = new Map<string, number[]>();
  const instructions = new Map<string, number[]>();
  const counted = new Map<string, string>();
  for (const s of results.samples) if (s.variant === variant.id && s.status === "ok") qps.set(s.step, [...(qps.get(s.step) ?? []), s.ops_per_s]);
  for (const s of results.instructions ?? []) {
    if (s.variant !== variant.id || s.status !== "ok") continue;
    instructions.set(s.step, [...(instructions.get(s.step) ?? []), s.instructions_per_op]);
    counted.set(s.step, howCounted(s));
  }
  const middle = (values: number[] | undefined) => (values?.length ? median(values) : null);
  return {
    commit: variant.commit,
    measured_at: results.run.finished_at,
    run_id: run.id,
    run_url: run.url,
    hostname_hash: results.fingerprint.hostname_hash,
    steps: results.steps.map((s) => ({
      id: s.id,
      qps_median: middle(qps.get(s.id)),
      rounds: qps.get(s.id)?.length ?? 0,
      instructions_per_op: middle(instructions.get(s.id)),
      instructions_counted: counted.get(s.id) ?? null,
      ...(s.definition_hash && { definition_hash: s.definition_hash }),
    })),
  };
}

/**
 * The history with `record` appended (a re-run of a commit already there replaces its record in place),
 * and the oldest records beyond the retention dropped.
 */
export function appendRecord(history: HistoryFile | null, record: HistoryRecord, key: { profile: string; arch: string }, retention = MAX_HISTORY_RECORDS): HistoryFile {
  const records = [...(history?.records ?? [])];
  const same = records.findIndex((r) => r.commit === record.commit);
  if (same >= 0) records[same] = record;
  else records.push(record);
  const kept = Math.min(retention, MAX_HISTORY_RECORDS);
  return { schema: HISTORY_SCHEMA_ID, version: HISTORY_VERSION, profile: key.profile, arch: key.arch, retention: kept, records: records.slice(-kept) };
}

/** Parses and validates a stored history; `source` names it in the one-line error. */
export function parseHistory(text: string, source: string): HistoryFile {
  if (Buffer.byteLength(text) > MAX_HISTORY_FILE_BYTES) throw new InputError(`larger than the ${MAX_HISTORY_FILE_BYTES} bytes a history may have`, source, "$");
  const data = parseJson(text, source);
  const { schema } = (data ?? {}) as { schema?: unknown };
  if (schema !== HISTORY_SCHEMA_ID) throw new InputError(`not a db-bench-gate history (schema is ${JSON.stringify(schema)})`, source, "$.schema");
  return validate(HistoryFileSchema, data, source);
}

export type Channel = "qps" | "instructions";

export interface SeriesPoint {
  commit: string;
  measured_at: string;
  run_url: string | null;
  value: number;
}

/**
 * One step's values in one channel, oldest first; runs without a value (an error, not counted) are left
 * out. Instructions counted another way (another tool, or other work: MariaDB's count moved from
 * do_command to dispatch_command) are another measure, not a change of the code: the series is the
 * newest runs counted as the newest one was, back to where the way of counting changed.
 */
export function stepSeries(history: HistoryFile, step: string, channel: Channel): SeriesPoint[] {
  const points = history.records.flatMap((r) => {
    const s = r.steps.find((x) => x.id === step);
    const value = channel === "qps" ? s?.qps_median : s?.instructions_per_op;
    // what a point is comparable by: the step's definition (a custom step's scripts), and for counts how they were counted
    const kind = `${s?.definition_hash ?? ""} ${channel === "qps" ? "" : (s?.instructions_counted ?? "")}`;
    return value ? [{ point: { commit: r.commit, measured_at: r.measured_at, run_url: r.run_url, value }, kind }] : [];
  });
  const newest = points.at(-1)?.kind;
  let first = points.length;
  while (first > 0 && points[first - 1]!.kind === newest) first--;
  return points.slice(first).map((p) => p.point);
}

/** The step ids of the newest record (steps dropped from the profile since have no alert). */
export function currentSteps(history: HistoryFile): string[] {
  return history.records.at(-1)?.steps.map((s) => s.id) ?? [];
}

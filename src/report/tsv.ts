/**
 * TSV exports laid out like the field's summary files, so existing habits and scripts apply:
 * - relative: like qps.rel.all.tsv, one row per step, one column per (label x variant), 2 decimals,
 *   the step name last;
 * - metrics: like o.met.all, one block per step with the absolute per-op metrics of every variant,
 *   then the same relative to the base; the insert benchmark's steps in one table of the field's
 *   ibench names instead (ibench.ts), one row per step and variant, like its mrg.* and rel.* files.
 * Pure.
 */
import type { Comparison, StepComparison } from "../compare/types.js";
import { METRIC_KEYS, type MetricKey } from "../results/schema.js";
import { columnsOf, comparisonLabels, rowsOf, type Column } from "./columns.js";
import { stripControl } from "./escape.js";
import { formatTsvNumber } from "./format.js";
import { IBENCH_FIELDS, ibenchTables, type IbenchField, type IbenchRow } from "./ibench.js";

export type TsvKind = "relative" | "metrics";

/**
 * The metrics header as o.met.all has it (`cpu_us/o`, not the comment's `cpu/op`): the TSV is the
 * field's format, so the scripts that read those files read these; the comment uses the project's names.
 */
const FIELD_METRIC_COLUMN: Record<MetricKey, string> = { cpu_us_per_op: "cpu_us/o", cs_per_op: "cs/o", r_per_op: "r/o", rkb_per_op: "rKB/o", wkb_per_op: "wKB/o" };

/** Decimals per metric: CPU in µs needs one; the small per-op counts need three, as in o.met.all. */
const METRIC_DECIMALS: Record<MetricKey, number> = { cpu_us_per_op: 1, cs_per_op: 3, r_per_op: 3, rkb_per_op: 3, wkb_per_op: 3 };

/**
 * A tab or line break inside a name would shift every following column; control characters (ESC, BEL,
 * NUL) would act on the terminal that shows the file, and bidi or zero-width characters hide what a name is.
 */
function field(text: string): string {
  return stripControl(text).replace(/[\t\n]+/g, " ");
}

function line(fields: readonly string[]): string {
  return fields.map(field).join("\t");
}

/** whole numbers from 100 up, and 0 as the field writes a load step's qps */
function opsPerSecond(value: number | null): string {
  return formatTsvNumber(value, value !== null && (value >= 100 || value === 0) ? 0 : 2);
}

/** `native/O2`, or `aarch64:head/base` when several comparisons are side by side. */
function relativeColumnName(column: Column): string {
  return `${column.label === null ? "" : `${column.label}:`}${column.variant}/${column.comparison.base_variant}`;
}

/**
 * Relative QPS per column; after them, for the comparisons that counted instructions, relative
 * instructions per op with 3 decimals (their thresholds are that fine), headed `head/base instr/op`.
 */
function relativeTsv(comparisons: Comparison[]): string {
  const columns = columnsOf(comparisons);
  const counted = columns.filter((c) => c.comparison.instruction_counts !== null);
  const countedAt = counted.map((c) => columns.indexOf(c));
  const lines = [line([...columns.map(relativeColumnName), ...counted.map((c) => `${relativeColumnName(c)} instr/op`), "step"])];
  for (const row of rowsOf(columns)) {
    const qps = row.cells.map((cell) => formatTsvNumber(cell?.result?.qps?.estimate, 2));
    const instructions = countedAt.map((i) => formatTsvNumber(row.cells[i]?.result?.instructions?.ratio?.estimate, 3));
    lines.push(line([...qps, ...instructions, row.step]));
  }
  return lines.join("\n") + "\n";
}

const METRICS_HEADER = line([...METRIC_KEYS.map((k) => FIELD_METRIC_COLUMN[k]), "o/s", "variant"]);

function metricsBlock(step: StepComparison, comparison: Comparison, label: string | null): string[] {
  const absolute = step.absolute.map((a) =>
    line([...METRIC_KEYS.map((k) => formatTsvNumber(a.metrics?.[k], METRIC_DECIMALS[k])), opsPerSecond(a.ops_per_s), a.variant]),
  );
  const relative = step.variants.map((v) =>
    line([...METRIC_KEYS.map((k) => formatTsvNumber(v.metrics[k]?.estimate, 2)), formatTsvNumber(v.qps?.estimate, 2), v.variant]),
  );
  return [
    field(label === null ? step.step : `${step.step} [${label}]`),
    "--- absolute",
    METRICS_HEADER,
    ...absolute,
    `--- relative to ${field(comparison.base_variant)}`,
    METRICS_HEADER,
    ...relative,
    "",
  ];
}

/** Decimals per ibench column: rates as o/s; CPU in µs one; the small per-op counts three, MiB one, ms three. */
const IBENCH_DECIMALS: Record<Exclude<IbenchField, "ips" | "qps">, number> = { cpupi: 1, cpupq: 1, cspq: 3, rpq: 3, rkbpq: 3, wkbpi: 3, dbmb: 1, rssmb: 1, p50: 3, p90: 3, max: 3 };

const IBENCH_HEADER = line([...IBENCH_FIELDS, "step", "variant"]);

function ibenchLines(rows: readonly IbenchRow[], format: (field: IbenchField, value: number | null) => string): string[] {
  return rows.map((r) => line([...IBENCH_FIELDS.map((f) => format(f, r.values[f])), r.step, r.variant]));
}

/** The insert benchmark's steps of one comparison: relative to the base first (the field's rel.*), then absolute (mrg.*). */
function ibenchBlock(comparison: Comparison, label: string | null): string[] {
  const tables = ibenchTables(comparison);
  if (!tables) return [];
  return [
    field(label === null ? "insert benchmark" : `insert benchmark [${label}]`),
    `--- relative to ${field(comparison.base_variant)}`,
    IBENCH_HEADER,
    ...ibenchLines(tables.relative, (_, value) => formatTsvNumber(value, 2)),
    "--- absolute",
    IBENCH_HEADER,
    ...ibenchLines(tables.absolute, (f, value) => (f === "ips" || f === "qps" ? opsPerSecond(value) : formatTsvNumber(value, IBENCH_DECIMALS[f]))),
    "",
  ];
}

function metricsTsv(comparisons: Comparison[]): string {
  const labels = comparisons.length > 1 ? comparisonLabels(comparisons) : comparisons.map(() => null);
  const lines = comparisons.flatMap((comparison, i) => [
    ...comparison.steps.filter((step) => step.driver !== "ibench").flatMap((step) => metricsBlock(step, comparison, labels[i] ?? null)),
    ...ibenchBlock(comparison, labels[i] ?? null),
  ]);
  return lines.join("\n");
}

export function renderTsv(comparisons: Comparison[], kind: TsvKind): string {
  return kind === "relative" ? relativeTsv(comparisons) : metricsTsv(comparisons);
}

/**
 * The insert benchmark's steps (driver "ibench") in the field's shape: one row per step with the
 * relative rate (ips for the load steps, qps for the query steps) and relative CPU per operation (cpupi,
 * cpupq), then the field's per-step metrics per variant, under the field's names:
 * - ips, qps: inserts/s (a load step's rate, a query step's background writer) and queries/s;
 * - cpupi, cpupq: host CPU µs per insert (load steps) or per query (query steps: the writer's CPU is in
 *   it, as in the field's numbers);
 * - cspq, rpq, rkbpq: context switches, storage reads and KB read per operation (insert or query);
 * - wkbpi: KB written per insert (a query step's writes over its writer's inserts);
 * - dbmb, rssmb: database size and the server's peak memory (summed Pss), MiB;
 * - p50, p90, max: the client's per-operation latency in ms (a commit of a load step, a query).
 * Relative values are variant / base: the rate and per-op counters as compare estimated them (paired
 * rounds), the rest as the quotient of the two sides' medians. Pure.
 */
import { markdownTable } from "markdown-table";
import type { AbsoluteSummary, Comparison, StepComparison, VariantComparison } from "../compare/types.js";
import { columnsOf } from "./columns.js";
import { escapeMarkdown, escapeHtml, inlineCode } from "./escape.js";
import { formatAmount, formatRatio, NONE } from "./format.js";

export const IBENCH_FIELDS = ["ips", "qps", "cpupi", "cpupq", "cspq", "rpq", "rkbpq", "wkbpi", "dbmb", "rssmb", "p50", "p90", "max"] as const;
export type IbenchField = (typeof IBENCH_FIELDS)[number];
export type IbenchValues = Record<IbenchField, number | null>;

const MIB = 2 ** 20;
const isIbench = (step: StepComparison) => step.driver === "ibench";
/** qr and qp measure queries (with a background writer); l.i0, l.x, l.i1 and l.i2 inserts (l.x: rows indexed) */
const isQueryStep = (step: StepComparison) => step.parameters.step === "qr" || step.parameters.step === "qp";

const ratio = (variant: number | null, base: number | null): number | null =>
  variant === null || base === null || base === 0 ? null : variant / base;
const scaled = (value: number | null, by: number): number | null => (value === null ? null : value / by);

/** The field's metrics of one variant of one step, from its medians. */
export function ibenchAbsolute(step: StepComparison, a: AbsoluteSummary): IbenchValues {
  const query = isQueryStep(step);
  const cpu = a.metrics?.cpu_us_per_op ?? null;
  const wkbPerOp = a.metrics?.wkb_per_op ?? null;
  // a query step writes for its writer's inserts: KB written per second over rows inserted per second
  const wkbpi = !query ? wkbPerOp : wkbPerOp === null || a.ops_per_s === null ? null : ratio(wkbPerOp * a.ops_per_s, a.writer_rows_per_s);
  return {
    ips: query ? a.writer_rows_per_s : a.ops_per_s,
    qps: query ? a.ops_per_s : 0,
    cpupi: query ? null : cpu,
    cpupq: query ? cpu : null,
    cspq: a.metrics?.cs_per_op ?? null,
    rpq: a.metrics?.r_per_op ?? null,
    rkbpq: a.metrics?.rkb_per_op ?? null,
    wkbpi,
    dbmb: scaled(a.database_bytes, MIB),
    rssmb: scaled(a.server_rss_bytes, MIB),
    p50: a.latency_p50_ms,
    p90: a.latency_p90_ms,
    max: a.latency_max_ms,
  };
}

/** Variant / base of each metric: compare's paired estimates where it made them, else the quotient of the medians. */
function ibenchRelative(step: StepComparison, base: IbenchValues, variant: IbenchValues, result: VariantComparison): IbenchValues {
  const query = isQueryStep(step);
  const estimated = (value: { estimate: number } | null | undefined) => value?.estimate ?? null;
  const quotient = Object.fromEntries(IBENCH_FIELDS.map((f) => [f, ratio(variant[f], base[f])])) as IbenchValues;
  const cpu = estimated(result.metrics.cpu_us_per_op);
  return {
    ...quotient,
    ips: query ? quotient.ips : estimated(result.qps),
    qps: query ? estimated(result.qps) : null,
    cpupi: query ? null : cpu,
    cpupq: query ? cpu : null,
    cspq: estimated(result.metrics.cs_per_op),
    rpq: estimated(result.metrics.r_per_op),
    rkbpq: estimated(result.metrics.rkb_per_op),
    wkbpi: query ? quotient.wkbpi : estimated(result.metrics.wkb_per_op),
  };
}

export interface IbenchRow {
  step: string;
  variant: string;
  values: IbenchValues;
}

/** Per comparison: the absolute rows of every variant, and the relative rows of the compared ones, in profile order. */
export function ibenchTables(comparison: Comparison): { absolute: IbenchRow[]; relative: IbenchRow[] } | null {
  const steps = comparison.steps.filter(isIbench);
  if (steps.length === 0) return null;
  const absolute: IbenchRow[] = [];
  const relative: IbenchRow[] = [];
  for (const step of steps) {
    const values = new Map(step.absolute.map((a) => [a.variant, ibenchAbsolute(step, a)]));
    for (const [variant, v] of values) absolute.push({ step: step.step, variant, values: v });
    const base = values.get(comparison.base_variant);
    for (const result of step.variants) {
      const variant = values.get(result.variant);
      if (base && variant) relative.push({ step: step.step, variant: result.variant, values: ibenchRelative(step, base, variant, result) });
    }
  }
  return { absolute, relative };
}

/**
 * The comment's insert-benchmark section: one row per step (and column) with the relative rate and CPU
 * per operation, then the field's metrics per variant in a collapsed block; "" without ibench steps.
 */
export function renderIbench(comparisons: readonly Comparison[]): string {
  if (!comparisons.some((c) => c.steps.some(isIbench))) return "";
  const columns = columnsOf(comparisons);
  const several = columns.length > 1;
  const body = columns.flatMap((column) =>
    column.comparison.steps.filter(isIbench).map((step) => {
      const query = isQueryStep(step);
      const base = step.absolute.find((a) => a.variant === column.comparison.base_variant);
      const variant = step.absolute.find((a) => a.variant === column.variant);
      const result = step.variants.find((v) => v.variant === column.variant);
      const writer = variant?.writer_rows_per_s ?? null;
      return [
        `${inlineCode(step.step, true)}${several ? ` · ${escapeMarkdown(column.name)}` : ""}`,
        query ? "qps · cpupq" : "ips · cpupi",
        formatAmount(base?.ops_per_s),
        formatAmount(variant?.ops_per_s),
        formatRatio(result?.qps?.estimate),
        formatRatio(result?.metrics.cpu_us_per_op?.estimate),
        query ? `${formatAmount(writer)} / ${formatAmount(typeof step.parameters.writer_rate === "number" ? step.parameters.writer_rate : null)}` : NONE,
      ];
    }),
  );
  const bases = [...new Set(comparisons.map((c) => c.base_variant))];
  const header = ["step", "measures", `${bases.map(escapeMarkdown).join(", ")} rate`, "variant rate", "relative rate", "relative CPU/op", "writer rows/s (median / target)"];
  const summary = [
    "### Insert benchmark",
    "",
    "One row per step, as the field reports it: ips (inserts/s) for the load steps, qps for the query steps, and CPU µs per insert (cpupi) or per query (cpupq); relative = variant / base, CPU above 1.00 is more per operation.",
    "",
    markdownTable([header, ...body], { align: ["l", "l", "r", "r", "r", "r", "r"] }),
  ].join("\n");
  const metrics = comparisons.flatMap((comparison) => {
    const tables = ibenchTables(comparison);
    if (!tables) return [];
    const rows = tables.absolute.map((r) => [inlineCode(r.step, true), inlineCode(r.variant, true), ...IBENCH_FIELDS.map((f) => formatAmount(r.values[f]))]);
    const where = comparison.label ? ` · ${comparison.label}` : "";
    return [
      `<details><summary>${escapeHtml(`Insert benchmark: the field's metrics per step${where}`)}</summary>\n\n` +
        "Medians over the rounds (max: the highest of any round). cspq, rpq, rkbpq: context switches, storage reads and KB read per operation; wkbpi: KB written per insert (a query step's over its writer's inserts); dbmb: database size after a round, MiB; rssmb: the server's peak memory in a round (its processes' Pss summed), MiB; p50, p90, max: latency of one operation (a load step's commit, a query), ms.\n\n" +
        markdownTable([["step", "variant", ...IBENCH_FIELDS], ...rows], { align: ["l", "l", ...IBENCH_FIELDS.map(() => "r")] }) +
        "\n\n</details>",
    ];
  });
  return [summary, ...metrics].join("\n\n");
}

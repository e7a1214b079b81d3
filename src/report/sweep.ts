/**
 * Client-count sweeps side by side: each swept step's relative QPS per client count, and the base's
 * median QPS per count, where the base stops scaling shows. Each count is a step of its own with its
 * own verdict in the main table; this groups them. Pure.
 */
import { markdownTable } from "markdown-table";
import type { Comparison } from "../compare/types.js";
import { columnsOf } from "./columns.js";
import { escapeMarkdown, inlineCode } from "./escape.js";
import { formatAmount, formatRatio, NONE } from "./format.js";

/** The sweep table, or "" when no comparison has a swept step. */
export function renderSweeps(comparisons: readonly Comparison[]): string {
  const swept = comparisons.flatMap((c) => c.steps.flatMap((s) => (s.sweep ? [s.sweep] : [])));
  if (swept.length === 0) return "";
  const groups = [...new Set(swept.map((s) => s.group))];
  const counts = [...new Set(swept.map((s) => s.clients))].sort((a, b) => a - b);
  const columns = columnsOf(comparisons);
  const several = columns.length > 1;
  const body: string[][] = [];
  for (const group of groups) {
    for (const column of columns) {
      const stepAt = (clients: number) => column.comparison.steps.find((s) => s.sweep?.group === group && s.sweep.clients === clients);
      if (!counts.some(stepAt)) continue;
      const name = `${inlineCode(group, true)}${several ? ` · ${escapeMarkdown(column.name)}` : ""}`;
      body.push([
        name,
        ...counts.map((clients) => {
          const result = stepAt(clients)?.variants.find((v) => v.variant === column.variant);
          if (!result?.qps) return NONE;
          return `${formatRatio(result.qps.estimate)}${result.verdict === "unchanged" ? "" : ` ${result.verdict}`}`;
        }),
      ]);
      // the base is the same for every variant of a comparison: one row after its last column
      if (column !== columns.findLast((c) => c.comparison === column.comparison)) continue;
      const base = column.comparison.base_variant;
      body.push([
        `${escapeMarkdown(base)} QPS${column.label ? ` · ${escapeMarkdown(column.label)}` : ""}`,
        ...counts.map((clients) => formatAmount(stepAt(clients)?.absolute.find((a) => a.variant === base)?.ops_per_s)),
      ]);
    }
  }
  const header = ["step", ...counts.map((n) => `${n} client${n === 1 ? "" : "s"}`)];
  return [
    "### Relative QPS per client count",
    "",
    "Each client count is a step of its own, with its verdict in the table above; here side by side, with the base's median QPS per count (where it stops rising, the server stops scaling).",
    "",
    markdownTable([header, ...body], { align: ["l", ...counts.map(() => "r")] }),
  ].join("\n");
}

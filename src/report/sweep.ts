/**
 * Client-count sweeps side by side: each swept step's relative QPS per client count, and the base's
 * median QPS per count, where the base stops scaling shows. Each count is a step of its own with its
 * own verdict in the main table; this groups them. Pure.
 */
import { markdownTable } from "markdown-table";
import { sweepWords } from "../compare/gate.js";
import type { Comparison } from "../compare/types.js";
import { columnsOf } from "./columns.js";
import { escapeMarkdown, inlineCode } from "./escape.js";
import { formatAmount, formatRatio, NONE } from "./format.js";

/**
 * The swept steps whose QPS regressed, each naming its counts and ratios: "`point-query.range100.pk1`
 * regressed at 4 and 8 clients (0.91, 0.88)"; "" when none did. Under the headline: where a change costs
 * only under concurrency is the sweep's finding.
 */
export function sweepRegressionLine(comparisons: readonly Comparison[]): string {
  const columns = columnsOf(comparisons);
  const several = columns.length > 1;
  const parts = columns.flatMap((column) => {
    const regressed = column.comparison.steps.flatMap((step) => {
      const result = step.variants.find((v) => v.variant === column.variant);
      return step.sweep && result?.verdict === "regression" ? [{ group: step.sweep.group, clients: step.sweep.clients, ratio: result.qps?.estimate ?? null }] : [];
    });
    const groups = [...new Set(regressed.map((r) => r.group))];
    return groups.map((group) => `${sweepWords(inlineCode(group), regressed.filter((r) => r.group === group), "regressed")}${several ? ` · ${escapeMarkdown(column.name)}` : ""}`);
  });
  return parts.length > 0 ? `📉 ${parts.join("; ")}` : "";
}

/** The sweep charts' file names, and the artifact (name, page) or the directory that holds them. */
export interface SweepChartsWhere {
  files: readonly string[];
  in: { artifact: string; url: string | null } | { dir: string };
}

/** The line naming the charts: a comment cannot show a file of the runner, so it says where they are. */
function chartsLine(charts: SweepChartsWhere): string {
  const where = "artifact" in charts.in ? `the results artifact ${charts.in.url ? `[${inlineCode(charts.in.artifact)}](${charts.in.url})` : inlineCode(charts.in.artifact)}` : inlineCode(charts.in.dir);
  return `Charts (SVG: relative and absolute QPS against clients, a line per variant): ${charts.files.map((f) => inlineCode(f)).join(", ")} in ${where}.`;
}

/** The sweep table (and where its charts are), or "" when no comparison has a swept step. */
export function renderSweeps(comparisons: readonly Comparison[], charts?: SweepChartsWhere): string {
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
    ...(charts && charts.files.length > 0 ? ["", chartsLine(charts)] : []),
  ].join("\n");
}

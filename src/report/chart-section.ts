/** The folded chart of relative QPS per step, one per column. Pure. */
import { relativeQpsChart } from "./chart.js";
import { type Report, details } from "./comment-report.js";

export function chartSection(report: Report): string {
  const inProfileOrder = [...report.rows].sort((a, b) => a.order - b.order);
  const charts = report.columns.flatMap((column, i) => {
    const bars = inProfileOrder.flatMap((row) => {
      const ratio = row.cells[i]?.result?.qps?.estimate;
      return ratio !== undefined && Number.isFinite(ratio) ? [{ step: row.step, ratio }] : [];
    });
    if (bars.length === 0) return [];
    const where = column.label ? ` on ${column.label}` : "";
    return [relativeQpsChart(`Relative QPS ${column.variant} / ${column.comparison.base_variant}${where}`, bars)];
  });
  return charts.length > 0 ? details("Chart: relative QPS per step (line at 1.0 = no change)", charts.join("\n\n")) : "";
}

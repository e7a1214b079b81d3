/** Mermaid xychart of relative QPS per step, with the 1.0 line for reference. Pure. */
import { formatRatio } from "./format.js";

export interface ChartBar {
  step: string;
  ratio: number;
}

/** Mermaid has no escape for `"` in xychart labels and treats some punctuation specially: keep a safe set. */
function chartLabel(text: string): string {
  return `"${text.replace(/[^A-Za-z0-9 ._:/=+,()@-]/g, "_")}"`;
}

/** A ```mermaid block of an xychart 800 px wide and `height` high. */
function xyChartBlock(height: number, chart: string[]): string {
  return ["```mermaid", "---", "config:", "  xyChart:", "    width: 800", `    height: ${height}`, "---", ...chart, "```"].join("\n");
}

/** Axis bounds on a 0.05 grid that include every bar and 1.0 with a margin, so small changes stay visible. */
export function axisRange(ratios: number[]): [number, number] {
  const step = 0.05;
  const low = Math.min(1, ...ratios);
  const high = Math.max(1, ...ratios);
  // the epsilon keeps 0.95 / 0.05 = 18.999... on the 19th grid line
  const min = Math.max(0, Math.floor((low - step) / step + 1e-9) * step);
  const max = Math.ceil((high + step) / step - 1e-9) * step;
  return [Number(min.toFixed(2)), Number(max.toFixed(2))];
}

/**
 * A ```mermaid block with one bar per step (horizontal: step ids are long) and a line at 1.0.
 * Bars with no finite ratio (errors, missing steps) must be left out by the caller.
 */
export function relativeQpsChart(title: string, bars: ChartBar[]): string {
  const ratios = bars.map((b) => b.ratio);
  const [min, max] = axisRange(ratios);
  // Mermaid's default 500px squeezes more than ~15 bars; grow with the number of steps.
  const height = Math.max(300, 60 + 28 * bars.length);
  return xyChartBlock(height, [
    "xychart-beta horizontal",
    `  title ${chartLabel(title)}`,
    `  x-axis [${bars.map((b) => chartLabel(b.step)).join(", ")}]`,
    `  y-axis "relative QPS" ${min.toFixed(2)} --> ${max.toFixed(2)}`,
    `  bar [${ratios.map((r) => formatRatio(r)).join(", ")}]`,
    `  line [${bars.map(() => "1.00").join(", ")}]`,
  ]);
}

/** The points a trend chart shows at most: more labels than this are unreadable on the x axis. */
const TREND_MAX_POINTS = 60;

export interface TrendPoint {
  /** the x-axis label: a short commit sha */
  label: string;
  value: number;
}

/** The points shown: all when they fit, else the newest, or with `focus` (an index) a window around that point. */
function trendWindow(points: readonly TrendPoint[], focus: number | undefined): readonly TrendPoint[] {
  if (points.length <= TREND_MAX_POINTS) return points;
  if (focus === undefined) return points.slice(-TREND_MAX_POINTS);
  const start = Math.min(Math.max(0, focus - Math.floor(TREND_MAX_POINTS / 2)), points.length - TREND_MAX_POINTS);
  return points.slice(start, start + TREND_MAX_POINTS);
}

/**
 * A ```mermaid line chart of one step's series relative to its first shown point, with the 1.0 line
 * for reference. At most TREND_MAX_POINTS are shown: the newest, or those around the point at index
 * `focus` (a change point). The title says which point the values are relative to: `TITLE relative to
 * LABEL`. `what` names the y axis ("relative QPS").
 */
export function trendChart(title: string, what: string, points: readonly TrendPoint[], focus?: number): string {
  const shown = trendWindow(points, focus);
  const [first] = shown;
  if (!first) throw new Error("a trend chart needs at least one point");
  const relative = shown.map((p) => p.value / first.value);
  const [min, max] = axisRange(relative);
  return xyChartBlock(300, [
    "xychart-beta",
    `  title ${chartLabel(`${title} relative to ${first.label}`)}`,
    `  x-axis [${shown.map((p) => chartLabel(p.label)).join(", ")}]`,
    `  y-axis ${chartLabel(what)} ${min.toFixed(2)} --> ${max.toFixed(2)}`,
    `  line [${relative.map((r) => r.toFixed(3)).join(", ")}]`,
    `  line [${shown.map(() => "1.00").join(", ")}]`,
  ]);
}

/**
 * A chart per swept step as an SVG file: relative QPS (each variant / the base) and absolute QPS (the
 * median of every variant) against the client count, one line per variant, where a change that only
 * costs under concurrency shows as a line bending away. The PR comment cannot show a local file: the
 * files go with the results artifact, and the comment keeps the sweep table (sweep.ts). Pure: data in,
 * SVG text out; XMLBuilder escapes every name (variants and steps come from the PR's side).
 */
import { XMLBuilder } from "fast-xml-parser";
import type { Comparison, Verdict } from "../compare/types.js";
import { axisRange } from "./chart.js";
import { formatAmount, formatRatio } from "./format.js";

export interface SweepPoint {
  clients: number;
  value: number;
  /** the QPS verdict at this count (relative panel only): a regressed count is marked */
  verdict?: Verdict;
}

export interface SweepSeries {
  variant: string;
  /** rising client counts; a count without a value (an error, a missing step) is left out */
  points: SweepPoint[];
}

export interface SweepChartData {
  /** the swept step's id without its count */
  group: string;
  /** the comparison's column label (architecture); null for one comparison */
  label: string | null;
  base: string;
  /** every count the sweep measured, rising */
  clients: number[];
  /** one series per compared variant: its QPS / the base's */
  relative: SweepSeries[];
  /** one series per variant, the base first: median QPS */
  absolute: SweepSeries[];
}

export interface SweepChart {
  group: string;
  label: string | null;
  svg: string;
}

/** The chart data of every swept step of every comparison (a column per architecture: a chart each). */
export function sweepChartData(comparisons: readonly Comparison[]): SweepChartData[] {
  return comparisons.flatMap((comparison) => {
    const groups = [...new Set(comparison.steps.flatMap((s) => (s.sweep ? [s.sweep.group] : [])))];
    return groups.map((group): SweepChartData => {
      const steps = comparison.steps.flatMap((s) => (s.sweep?.group === group ? [{ ...s, clients: s.sweep.clients }] : [])).sort((a, b) => a.clients - b.clients);
      const points = (value: (step: (typeof steps)[number]) => SweepPoint | null) => steps.flatMap((step) => value(step) ?? []);
      return {
        group,
        label: comparison.label,
        base: comparison.base_variant,
        clients: steps.map((s) => s.clients),
        relative: comparison.variants.map((variant) => ({
          variant,
          points: points((step) => {
            const result = step.variants.find((v) => v.variant === variant);
            return result?.qps ? { clients: step.clients, value: result.qps.estimate, verdict: result.verdict } : null;
          }),
        })),
        absolute: [comparison.base_variant, ...comparison.variants].map((variant) => ({
          variant,
          points: points((step) => {
            const qps = step.absolute.find((a) => a.variant === variant)?.ops_per_s;
            return qps === null || qps === undefined ? null : { clients: step.clients, value: qps };
          }),
        })),
      };
    });
  });
}

const WIDTH = 960;
const HEIGHT = 420;
const PANEL_WIDTH = WIDTH / 2;
/** the plot area inside a panel: room for tick labels left and below, the panel title above */
const PLOT = { left: 70, right: 20, top: 60, bottom: 90 };
/** room between the y axis (and the plot's right end) and the first (last) count, so no marker is cut */
const X_INSET = 16;
const PLOT_WIDTH = PANEL_WIDTH - PLOT.left - PLOT.right;
const PLOT_HEIGHT = HEIGHT - PLOT.top - PLOT.bottom;
/** one color per variant, in column order: the Okabe-Ito palette, which colour-blind readers can tell apart */
const COLORS = ["#000000", "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442"];
const REGRESSION_COLOR = "#C00000";

/** A tick spacing of 1, 2 or 5 x 10^k giving about `count` ticks over `span`. */
function niceStep(span: number, count: number): number {
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  return (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * power;
}

interface Axis {
  min: number;
  max: number;
  ticks: number[];
  format(value: number): string;
}

/** Ticks on multiples of `step` from min to max (the epsilon keeps 0.95 / 0.05 on its grid line). */
function ticksOf(min: number, max: number, step: number): number[] {
  const ticks: number[] = [];
  for (let i = Math.ceil(min / step - 1e-9); i * step <= max + step * 1e-9; i++) ticks.push(Number((i * step).toPrecision(12)));
  return ticks;
}

function relativeAxis(series: readonly SweepSeries[]): Axis {
  const [min, max] = axisRange(series.flatMap((s) => s.points.map((p) => p.value)));
  return { min, max, ticks: ticksOf(min, max, niceStep(max - min, 5)), format: formatRatio };
}

function absoluteAxis(series: readonly SweepSeries[]): Axis {
  const top = Math.max(0, ...series.flatMap((s) => s.points.map((p) => p.value)));
  const step = top > 0 ? niceStep(top, 5) : 1;
  const max = (Math.floor(top / step) + 1) * step;
  return { min: 0, max, ticks: ticksOf(0, max, step), format: formatAmount };
}

const coordinate = (value: number) => Number(value.toFixed(1));

/** An element for XMLBuilder: attributes prefixed with @_. */
type Node = Record<string, unknown>;

/** One panel: axes with ticks, grid lines, the series as polylines with a marker per point. */
function panel(x0: number, title: string, axis: Axis, clients: readonly number[], series: readonly SweepSeries[], colorOf: (variant: string) => string, reference: { value: number; label: string } | null): Node {
  const [first, last] = [clients[0]!, clients[clients.length - 1]!];
  // clients double from count to count: a log scale spaces them evenly
  const span = Math.log2(last) - Math.log2(first);
  const x = (n: number) => coordinate(x0 + PLOT.left + X_INSET + (span === 0 ? PLOT_WIDTH / 2 - X_INSET : ((Math.log2(n) - Math.log2(first)) / span) * (PLOT_WIDTH - 2 * X_INSET)));
  const y = (value: number) => coordinate(PLOT.top + PLOT_HEIGHT - ((value - axis.min) / (axis.max - axis.min)) * PLOT_HEIGHT);
  const [left, right, top, bottom] = [x0 + PLOT.left, x0 + PLOT.left + PLOT_WIDTH, PLOT.top, PLOT.top + PLOT_HEIGHT];
  return {
    "@_class": "panel",
    "@_data-title": title,
    text: { "@_x": coordinate(x0 + PANEL_WIDTH / 2), "@_y": 40, "@_text-anchor": "middle", "@_font-weight": "bold", "#text": title },
    g: [
      {
        "@_class": "y-axis",
        g: axis.ticks.map((value) => ({
          "@_class": "y-tick",
          "@_data-value": value,
          line: { "@_x1": left, "@_x2": right, "@_y1": y(value), "@_y2": y(value), "@_stroke": "#e0e0e0" },
          text: { "@_x": left - 8, "@_y": y(value) + 4, "@_text-anchor": "end", "#text": axis.format(value) },
        })),
        line: { "@_x1": left, "@_x2": left, "@_y1": top, "@_y2": bottom, "@_stroke": "#333333" },
      },
      {
        "@_class": "x-axis",
        g: clients.map((n) => ({
          "@_class": "x-tick",
          "@_data-clients": n,
          line: { "@_x1": x(n), "@_x2": x(n), "@_y1": bottom, "@_y2": bottom + 5, "@_stroke": "#333333" },
          text: { "@_x": x(n), "@_y": bottom + 20, "@_text-anchor": "middle", "#text": String(n) },
        })),
        line: { "@_x1": left, "@_x2": right, "@_y1": bottom, "@_y2": bottom, "@_stroke": "#333333" },
        text: { "@_x": coordinate((left + right) / 2), "@_y": bottom + 42, "@_text-anchor": "middle", "#text": "clients" },
      },
      ...(reference
        ? [
            {
              "@_class": "reference",
              line: { "@_x1": left, "@_x2": right, "@_y1": y(reference.value), "@_y2": y(reference.value), "@_stroke": "#777777", "@_stroke-dasharray": "6 4" },
              text: { "@_x": right, "@_y": y(reference.value) - 6, "@_text-anchor": "end", "@_fill": "#777777", "#text": reference.label },
            },
          ]
        : []),
      ...series.map((s) => ({
        "@_class": "series",
        "@_data-variant": s.variant,
        polyline: { "@_points": s.points.map((p) => `${x(p.clients)},${y(p.value)}`).join(" "), "@_fill": "none", "@_stroke": colorOf(s.variant), "@_stroke-width": 2 },
        circle: s.points.map((p) => {
          const regressed = p.verdict === "regression";
          return {
            "@_cx": x(p.clients),
            "@_cy": y(p.value),
            "@_r": regressed ? 6 : 4,
            "@_fill": regressed ? REGRESSION_COLOR : colorOf(s.variant),
            "@_data-clients": p.clients,
            ...(p.verdict && { "@_data-verdict": p.verdict }),
            title: `${s.variant} at ${p.clients} client${p.clients === 1 ? "" : "s"}: ${axis.format(p.value)}${p.verdict && p.verdict !== "unchanged" ? ` (${p.verdict})` : ""}`,
          };
        }),
      })),
    ],
  };
}

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: "@_", textNodeName: "#text", format: true, suppressEmptyNode: true });

/** The SVG document of one swept step: relative QPS left, absolute QPS right, a legend below. */
export function sweepChartSvg(data: SweepChartData): string {
  const variants = data.absolute.map((s) => s.variant);
  const colorOf = (variant: string) => COLORS[variants.indexOf(variant) % COLORS.length] ?? COLORS[0]!;
  const title = `${data.group}${data.label ? ` · ${data.label}` : ""}: QPS per client count`;
  const legendY = HEIGHT - 14;
  const regressed = data.relative.some((s) => s.points.some((p) => p.verdict === "regression"));
  const svg = {
    "@_xmlns": "http://www.w3.org/2000/svg",
    "@_width": WIDTH,
    "@_height": HEIGHT,
    "@_viewBox": `0 0 ${WIDTH} ${HEIGHT}`,
    "@_font-family": "sans-serif",
    "@_font-size": 12,
    title,
    rect: { "@_width": WIDTH, "@_height": HEIGHT, "@_fill": "#ffffff" },
    text: { "@_x": WIDTH / 2, "@_y": 18, "@_text-anchor": "middle", "@_font-size": 14, "#text": title },
    g: [
      panel(0, `relative QPS (variant / ${data.base})`, relativeAxis(data.relative), data.clients, data.relative, colorOf, { value: 1, label: `1.00 = ${data.base}` }),
      panel(PANEL_WIDTH, "QPS (median)", absoluteAxis(data.absolute), data.clients, data.absolute, colorOf, null),
      {
        "@_class": "legend",
        g: variants.map((variant, i) => ({
          "@_class": "legend-entry",
          line: { "@_x1": PLOT.left + i * 160, "@_x2": PLOT.left + i * 160 + 24, "@_y1": legendY - 4, "@_y2": legendY - 4, "@_stroke": colorOf(variant), "@_stroke-width": 2 },
          text: { "@_x": PLOT.left + i * 160 + 30, "@_y": legendY, "#text": variant },
        })),
        ...(regressed && {
          circle: { "@_cx": WIDTH - 200, "@_cy": legendY - 4, "@_r": 6, "@_fill": REGRESSION_COLOR },
          text: { "@_x": WIDTH - 188, "@_y": legendY, "#text": "regression at that count" },
        }),
      },
    ],
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ svg }) as string}`;
}

/** Every swept step's chart; none when no step was swept. */
export function sweepCharts(comparisons: readonly Comparison[]): SweepChart[] {
  return sweepChartData(comparisons).map((data) => ({ group: data.group, label: data.label, svg: sweepChartSvg(data) }));
}

/** The file name of a chart beside the results file `stem`.json: `<stem>.<group>[.<label>].svg`, safe for any file system and artifact. */
export function sweepChartFileName(stem: string, chart: Pick<SweepChart, "group" | "label">): string {
  return `${[stem, chart.group, ...(chart.label ? [chart.label] : [])].join(".").replace(/[^A-Za-z0-9._-]/g, "_")}.svg`;
}

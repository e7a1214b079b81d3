/**
 * The history in markdown: the job summary's trend charts per step, and the alert issue that names a
 * regression's commit range, its size with its interval and its chart. Pure.
 */
import { markdownTable } from "markdown-table";
import type { Channel, HistoryFile, SeriesPoint } from "../history/record.js";
import { currentSteps, stepSeries } from "../history/record.js";
import { CHANGE_SIG_LEVEL, CHANGE_TEST, type HistoryChange } from "../history/detect.js";
import { trendChart } from "./chart.js";
import { escapeMarkdown, inlineCode, repoLink } from "./escape.js";
import { formatInterval, plural, shortSha } from "./format.js";
import { hardCut } from "./markdown.js";

/** A channel's names: in a table's column, a chart's title and y axis, and a section's heading. */
const CHANNEL: Record<Channel, { column: string; chart: string; axis: string; heading: string }> = {
  qps: { column: "QPS", chart: "median QPS", axis: "relative QPS", heading: "QPS" },
  instructions: { column: "instr/op", chart: "instructions per op", axis: "relative instr/op", heading: "instructions per operation" },
};

export interface HistoryContext {
  profile: string;
  arch: string;
  branch: string;
  /** where the history is kept, for the reader: "branch db-bench-gate-data" */
  store: string;
  /** https://github.com/owner/repo, for commit and compare links; null: plain shas */
  repoUrl: string | null;
}

function commitRange(change: HistoryChange, repoUrl: string | null): string {
  return repoLink(`${shortSha(change.lastGood.commit)}..${shortSha(change.firstBad.commit)}`, repoUrl, `compare/${change.lastGood.commit}...${change.firstBad.commit}`, true);
}

/** One step's chart in one channel; `focus`: the index of a point the chart must show (a change point), else the newest are shown. */
function stepChart(step: string, channel: Channel, series: readonly SeriesPoint[], focus?: number): string {
  return trendChart(`${step} · ${CHANNEL[channel].chart}`, CHANNEL[channel].axis, series.map((p) => ({ label: p.commit.slice(0, 7), value: p.value })), focus);
}

function changesTable(changes: readonly HistoryChange[], repoUrl: string | null): string {
  const level = `${Math.round((1 - CHANGE_SIG_LEVEL) * 100)}%`;
  const rows = changes.map((c) => [
    inlineCode(c.step, true),
    CHANNEL[c.channel].column,
    `${commitRange(c, repoUrl)}${c.placedBy !== c.channel ? ` (at the ${CHANNEL[c.placedBy].column} change)` : ""}`,
    `${formatInterval(c.size)}${c.size.confidence < 1 - CHANGE_SIG_LEVEL ? ` (${Math.round(c.size.confidence * 100)}%: too few runs for ${level})` : ""}`,
    c.pValue.toFixed(3),
    c.regression ? "regression" : c.size.estimate < 1 === (c.channel === "qps") ? "slower, within the threshold" : "faster",
  ]);
  return markdownTable([["step", "channel", "last good..first bad", `size after/before (${level} interval)`, "p (permutations)", ""], ...rows]);
}

/** The job summary's history section: the runs kept, every change found, a chart per step and channel. */
export function historySummaryMarkdown(history: HistoryFile, changes: readonly HistoryChange[], ctx: HistoryContext): string {
  const charts = currentSteps(history).flatMap((step) =>
    (["qps", "instructions"] as const).flatMap((channel) => {
      const series = stepSeries(history, step, channel);
      return series.length >= 2 ? [stepChart(step, channel, series)] : [];
    }),
  );
  return [
    `### History of ${inlineCode(ctx.branch)} · ${escapeMarkdown(`${ctx.profile} · ${ctx.arch}`)}`,
    "",
    `${plural(history.records.length, "run")} kept in ${escapeMarkdown(ctx.store)} (the newest ${history.retention}). Change points: E-divisive means, permutation test at ${CHANGE_TEST.qps.sigLevel} (QPS) and ${CHANGE_TEST.instructions.sigLevel} (instr/op).`,
    "",
    changes.length ? changesTable(changes, ctx.repoUrl) : "No change point.",
    "",
    ...charts.flatMap((c) => [c, ""]),
  ].join("\n");
}

/** How far a regression is from no change (1), either way: the order in which the alert shows, and keeps, them. */
const severity = (c: HistoryChange): number => Math.abs(Math.log(c.size.estimate));

export interface AlertOptions {
  cc: readonly string[];
  /** the baseline run that raised or updated the alert: its job summary has every chart and change */
  runUrl: string | null;
  /** the body's limit in characters (GitHub's, less the marker's line) */
  maxLength: number;
}

/** GitHub refuses an issue title over 256 characters: the whole alert would not be written. */
export const ISSUE_TITLE_LIMIT = 256;

function capTitle(title: string): string {
  const chars = [...title];
  return chars.length <= ISSUE_TITLE_LIMIT ? title : `${chars.slice(0, ISSUE_TITLE_LIMIT - 1).join("")}…`;
}

/**
 * The alert issue's title and body for the regressions found (at least one), worst first. A body over
 * `maxLength` leaves out, in this order, the charts (the mildest regression's first), then the rows with
 * their bisect commands (the mildest first; the worst is always kept), and says what it left out.
 */
export function alertMarkdown(regressions: readonly HistoryChange[], ctx: HistoryContext & AlertOptions): { title: string; body: string } {
  const sorted = [...regressions].sort((a, b) => severity(b) - severity(a));
  const [first] = sorted;
  if (!first) throw new Error("an alert needs a regression");
  const steps = [...new Set(sorted.map((r) => r.step))];
  const title = capTitle(`db-bench-gate: ${ctx.branch} regressed at ${shortSha(first.firstBad.commit)} (${ctx.profile} on ${ctx.arch}: ${steps.slice(0, 3).join(", ")}${steps.length > 3 ? ", ..." : ""})`);
  const render = (rows: number, charts: number) => alertBody(sorted, ctx, rows, charts);
  const fits = (text: string) => text.length <= ctx.maxLength;
  const n = sorted.length;
  if (fits(render(n, n))) return { title, body: render(n, n) };
  // the most that fit of what is left out first: charts with every row, else rows without charts
  const most = (limit: number, fitsWith: (k: number) => boolean): number => {
    let [low, high] = [0, limit];
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (fitsWith(mid)) low = mid;
      else high = mid - 1;
    }
    return low;
  };
  if (fits(render(n, 0))) return { title, body: render(n, most(n, (k) => fits(render(n, k)))) };
  const body = render(Math.max(1, most(n, (k) => fits(render(k, 0)))), 0);
  return { title, body: fits(body) ? body : hardCut(body, ctx.maxLength) };
}

/** The alert's body with the `rows` worst regressions (their rows and bisect commands) and the charts of the `charts` worst. */
function alertBody(sorted: readonly HistoryChange[], ctx: HistoryContext & AlertOptions, rows: number, charts: number): string {
  const [first] = sorted as [HistoryChange];
  const shown = sorted.slice(0, rows);
  const bisect = shown.map((r) => `db-bench-gate bisect --repo . --good ${r.lastGood.commit} --bad ${r.firstBad.commit} --steps '${r.step}'`);
  const left = [
    rows < sorted.length ? `the ${plural(sorted.length - rows, "mildest regression")} (${sorted.slice(rows).map((r) => `${inlineCode(r.step)} ${CHANNEL[r.channel].column}`).join(", ")})` : "",
    charts < rows ? `the charts of ${charts === 0 ? "every regression" : `all but the ${plural(charts, "worst regression")}`}` : "",
  ].filter(Boolean);
  const summary = ctx.runUrl ? `The [baseline run's job summary](${ctx.runUrl})` : "The baseline run's job summary";
  return [
    `## ⚠️ A regression on ${inlineCode(ctx.branch)} · ${escapeMarkdown(`${ctx.profile} · ${ctx.arch}`)}`,
    "",
    ctx.cc.length ? `cc ${ctx.cc.join(" ")}` : "",
    "",
    `The history of ${inlineCode(ctx.branch)} (${escapeMarkdown(ctx.store)}) has a change point below the threshold: the first bad run measured ${inlineCode(shortSha(first.firstBad.commit))}, the last good one ${inlineCode(shortSha(first.lastGood.commit))}.`,
    "",
    changesTable(shown, ctx.repoUrl),
    "",
    ...(left.length ? [`Left out to fit GitHub's limit of ${ctx.maxLength.toLocaleString("en-US")} characters: ${left.join("; ")}. ${summary} has them all.`, ""] : []),
    "When the range holds several commits, `mode: bisect` (or the CLI) finds the first bad one:",
    "",
    "```sh",
    ...bisect,
    "```",
    "",
    ...shown.slice(0, charts).flatMap((r) => [`### ${escapeMarkdown(r.step)} · ${CHANNEL[r.channel].heading}`, "", stepChart(r.step, r.channel, r.series, r.series.indexOf(r.firstBad)), ""]),
  ].join("\n");
}

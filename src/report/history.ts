/**
 * The history in markdown: the job summary's trend charts per step, and the alert issue that names a
 * regression's commit range, its size with its interval and its chart. Pure.
 */
import { markdownTable } from "markdown-table";
import type { Channel, HistoryFile, SeriesPoint } from "../history/record.js";
import { currentSteps, stepSeries } from "../history/record.js";
import { CHANGE_SIG_LEVEL, type HistoryChange } from "../history/detect.js";
import { trendChart } from "./chart.js";
import { escapeMarkdown, inlineCode, repoLink } from "./escape.js";
import { formatInterval, plural, shortSha } from "./format.js";

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
    commitRange(c, repoUrl),
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
    `${plural(history.records.length, "run")} kept in ${escapeMarkdown(ctx.store)} (the newest ${history.retention}). Change points: E-divisive means, permutation test at ${CHANGE_SIG_LEVEL}.`,
    "",
    changes.length ? changesTable(changes, ctx.repoUrl) : "No change point.",
    "",
    ...charts.flatMap((c) => [c, ""]),
  ].join("\n");
}

/** The alert issue's title and body for the regressions found (at least one). */
export function alertMarkdown(regressions: readonly HistoryChange[], ctx: HistoryContext & { cc: readonly string[] }): { title: string; body: string } {
  const [first] = regressions;
  if (!first) throw new Error("an alert needs a regression");
  const steps = [...new Set(regressions.map((r) => r.step))];
  const bisect = regressions.map((r) => `db-bench-gate bisect --repo . --good ${r.lastGood.commit} --bad ${r.firstBad.commit} --steps '${r.step}'`);
  return {
    title: `db-bench-gate: ${ctx.branch} regressed at ${shortSha(first.firstBad.commit)} (${ctx.profile} on ${ctx.arch}: ${steps.slice(0, 3).join(", ")}${steps.length > 3 ? ", ..." : ""})`,
    body: [
      `## ⚠️ A regression on ${inlineCode(ctx.branch)} · ${escapeMarkdown(`${ctx.profile} · ${ctx.arch}`)}`,
      "",
      ctx.cc.length ? `cc ${ctx.cc.join(" ")}` : "",
      "",
      `The history of ${inlineCode(ctx.branch)} (${escapeMarkdown(ctx.store)}) has a change point below the threshold: the first bad run measured ${inlineCode(shortSha(first.firstBad.commit))}, the last good one ${inlineCode(shortSha(first.lastGood.commit))}.`,
      "",
      changesTable(regressions, ctx.repoUrl),
      "",
      "When the range holds several commits, `mode: bisect` (or the CLI) finds the first bad one:",
      "",
      "```sh",
      ...bisect,
      "```",
      "",
      ...regressions.flatMap((r) => [`### ${escapeMarkdown(r.step)} · ${CHANNEL[r.channel].heading}`, "", stepChart(r.step, r.channel, r.series, r.series.indexOf(r.firstBad)), ""]),
    ].join("\n"),
  };
}

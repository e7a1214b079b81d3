/**
 * The PR comment / job summary: verdict and counts first, then one table with regressions on top, then
 * the evidence (why hints, error logs, chart, per-op metrics, fingerprint, commits, flags) in collapsible
 * blocks. Always fits GitHub's comment limit: details are cut before rows, and the report says what it cut.
 * Pure: data in, text out.
 */
import type { Comparison } from "../compare/types.js";
import { DEFAULT_FAIL_ON, decideGate } from "../compare/gate.js";
import { columnsOf, comparisonLabels, rowsOf, sortByVerdict, type Row } from "./columns.js";
import { inlineCode } from "./escape.js";
import { formatAmount, plural, shortSha } from "./format.js";
import { renderPricePerformance } from "./price-performance.js";
import { renderSweeps, sweepRegressionLine } from "./sweep.js";
import { renderIbench } from "./ibench.js";
import { renderDbBench } from "./db-bench.js";
import { howToProceed } from "./how-to-proceed.js";
import { whereCostSection } from "./why-functions.js";
import type { MarkdownOptions, Report } from "./comment-report.js";
import { COUNT_NOUN, countVerdicts } from "./verdict-text.js";
import { heading, acceptedLine, ccLine, countsLine, instructionCountsLine } from "./headline.js";
import { comparedLine, reproduceLine } from "./compared-line.js";
import { mainTable, clientWarning } from "./step-table.js";
import { flaggedSection } from "./why-flagged.js";
import { errorsSection } from "./errors-section.js";
import { setupSection } from "./setup-section.js";
import { chartSection } from "./chart-section.js";
import { metricsSection } from "./metrics-tables.js";
import { runSection } from "./run-details.js";

export type { MarkdownOptions, StoredBaselineColumn } from "./comment-report.js";

/** GitHub rejects issue and PR comments longer than this many characters. */
export const COMMENT_LIMIT = 65_536;

/**
 * The hidden marker the publisher looks for to update its sticky comment instead of adding one per push.
 * URI-encoding keeps `-->` (and any `>`) out of the comment.
 */
export function commentMarker(profile: string): string {
  return `<!-- db-bench-gate:profile=${encodeURIComponent(profile)} -->`;
}

const MEASURING = "> ⏳ **measuring";

/**
 * A previous comment while a new run measures: "⏳ measuring <sha>" above its numbers (replacing an
 * earlier such line), so they are not read as the new head's. Pure.
 */
export function measuringBody(previous: string, profile: string, sha: string, runUrl: string | null): string {
  const marker = commentMarker(profile);
  const lines = previous.split("\n");
  const rest = lines.slice(lines[0] === marker ? 1 : 0);
  while (rest[0] === "" || rest[0]?.startsWith(MEASURING)) rest.shift();
  const run = runUrl ? ` ([workflow run](${runUrl}))` : "";
  return [marker, "", `${MEASURING} ${inlineCode(shortSha(sha))}**${run}: the numbers below are from the previous run.`, "", ...rest].join("\n");
}

/** The hidden line naming the workflow run whose results artifact the comment shows: a rerun starts from it. */
function resultsRunMarker(runId: number): string {
  return `<!-- db-bench-gate:results-run=${runId} -->`;
}

/** The run whose results a comment of ours shows (resultsRunMarker); null when it names none. */
export function resultsRunOf(body: string): number | null {
  const match = /^<!-- db-bench-gate:results-run=(\d+) -->$/m.exec(body);
  return match ? Number(match[1]) : null;
}

/** What a render leaves out, in the order the size limit cuts it; each level includes the previous ones. */
const CUTS = ["the chart", "the metrics tables", "the error logs", "the run details", "unchanged rows"] as const;

const CUT_CHART = 1;

const CUT_METRICS = 2;

const CUT_LOGS = 3;

const CUT_RUN = 4;

const CUT_UNCHANGED = 5;

/** Steps "where the cost went" shows in full, and once the metrics are cut for size. */
const WHERE_COST_STEPS = 10;

const WHERE_COST_STEPS_CUT = 2;

interface Cuts {
  level: number;
  /** at most this many rows (after the unchanged ones are gone); null: no limit */
  rowLimit: number | null;
}

export function renderMarkdown(comparisons: Comparison[], options: MarkdownOptions = {}): string {
  const columns = columnsOf(comparisons);
  const profiles = [...new Set(comparisons.map((c) => c.context.profile.name))];
  const report: Report = {
    comparisons,
    labels: comparisonLabels(comparisons),
    columns,
    rows: sortByVerdict(rowsOf(columns)),
    title: options.title ?? `db-bench-gate · ${profiles.join(", ")} · ${[...new Set(comparisons.map((c) => c.context.fingerprint.arch))].join(", ")}`,
    maxLength: options.maxLength ?? COMMENT_LIMIT,
    failOn: options.failOn ?? DEFAULT_FAIL_ON,
    gate: decideGate(comparisons, options.failOn ?? DEFAULT_FAIL_ON, options.acceptance ?? null),
    options,
  };
  for (let level = 0; level <= CUTS.length; level++) {
    const text = render(report, { level, rowLimit: null });
    if (text.length <= report.maxLength) return text;
  }
  // Still too long without any details or unchanged rows: keep as many of the worst rows as fit.
  const candidates = visibleRows(report, { level: CUTS.length, rowLimit: null }).length;
  const fits = (rowLimit: number) => render(report, { level: CUTS.length, rowLimit }).length <= report.maxLength;
  if (!fits(0)) return hardCut(render(report, { level: CUTS.length, rowLimit: 0 }), report.maxLength);
  let low = 0;
  let high = candidates;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(mid)) low = mid;
    else high = mid - 1;
  }
  return render(report, { level: CUTS.length, rowLimit: low });
}

/** Last resort when even the headline part is too long (a tiny limit): cut the text itself and say so. */
export function hardCut(text: string, maxLength: number): string {
  const notice = "\n\n✂️ Cut at the size limit.\n";
  if (maxLength <= notice.length) return text.slice(0, maxLength);
  return text.slice(0, maxLength - notice.length) + notice;
}

function visibleRows(report: Report, cuts: Cuts): Row[] {
  const rows = cuts.level >= CUT_UNCHANGED ? report.rows.filter((r) => r.verdict !== "unchanged") : report.rows;
  return cuts.rowLimit === null ? rows : rows.slice(0, cuts.rowLimit);
}

function render(report: Report, cuts: Cuts): string {
  const rows = visibleRows(report, cuts);
  const firstProfile = report.comparisons[0]?.context.profile.name ?? "";
  const sections = [
    [commentMarker(firstProfile), ...(report.options.resultsRun ? [resultsRunMarker(report.options.resultsRun)] : [])].join("\n"),
    heading(report),
    countsLine(report),
    sweepRegressionLine(report.comparisons),
    instructionCountsLine(report),
    comparedLine(report),
    reproduceLine(report),
    acceptedLine(report),
    ccLine(report),
    mainTable(report, rows),
    clientWarning(report, rows),
    flaggedSection(report, rows),
    whereCostSection(report.options.whereCost?.items ?? [], report.options.whereCost?.links ?? null, cuts.level < CUT_METRICS ? WHERE_COST_STEPS : cuts.level < CUT_UNCHANGED ? WHERE_COST_STEPS_CUT : 0),
    errorsSection(report, rows, cuts.level < CUT_LOGS),
    setupSection(report),
    cuts.level < CUT_CHART ? chartSection(report) : "",
    cuts.level < CUT_METRICS ? renderSweeps(report.comparisons, report.options.charts) : "",
    cuts.level < CUT_METRICS ? renderIbench(report.comparisons) : "",
    cuts.level < CUT_METRICS ? renderDbBench(report.comparisons) : "",
    cuts.level < CUT_METRICS ? renderPricePerformance(report.comparisons, report.options.runnerCost) : "",
    cuts.level < CUT_METRICS ? metricsSection(report) : "",
    cuts.level < CUT_RUN ? runSection(report) : "",
    cutNotice(report, cuts, rows),
    report.options.proceed === null ? "" : howToProceed(report.comparisons, report.gate, report.options.proceed ?? { kind: "cli" }),
  ];
  return sections.filter((s) => s !== "").join("\n\n") + "\n";
}

function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function cutNotice(report: Report, cuts: Cuts, shown: readonly Row[]): string {
  if (cuts.level === 0) return "";
  const left = CUTS.slice(0, Math.min(cuts.level, CUT_RUN)).map(String);
  if (cuts.level >= CUT_UNCHANGED) {
    const unchanged = report.rows.filter((r) => r.verdict === "unchanged").length;
    if (unchanged > 0) left.push(`${plural(unchanged, "unchanged step")} (counted above)`);
  }
  if (cuts.rowLimit !== null) {
    const shownSet = new Set(shown);
    const omitted = countVerdicts(report.rows.filter((r) => r.verdict !== "unchanged" && !shownSet.has(r)));
    if (omitted.size > 0) {
      const byVerdict = [...omitted].map(([verdict, n]) => plural(n, COUNT_NOUN[verdict][0], COUNT_NOUN[verdict][1])).join(", ");
      const total = [...omitted.values()].reduce((a, b) => a + b, 0);
      left.push(`the last ${plural(total, "step")} of the table (${byVerdict})`);
    }
  }
  return (
    `✂️ **Shortened to stay under ${formatAmount(report.maxLength)} characters**: left out ${listText(left)}. ` +
    "The JSON and TSV exports of this comparison have everything."
  );
}

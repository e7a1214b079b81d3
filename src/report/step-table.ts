/** The main table: one row per step, the ones that need attention first, the unchanged folded below; the notes on its ratios and on a client that may be the bottleneck. Pure. */
import { markdownTable } from "markdown-table";
import type { VariantComparison, Verdict } from "../compare/types.js";
import { cellVerdict, verdictRank, type Row } from "./columns.js";
import { escapeMarkdown, inlineCode } from "./escape.js";
import { NONE, formatInterval, formatPercent, plural } from "./format.js";
import { type StoredBaselineColumn, type Report, details } from "./comment-report.js";
import { ICON, verdictText } from "./verdict-text.js";
import { hasInstructions, cpuChannel, judgesCycles, cpuColumn, instructionCell } from "./cpu-channel.js";

/**
 * A client (pgbench, sysbench) using this share of all host CPU competes with the server for cores,
 * so a faster server may not show up as more QPS: the numbers partly measure the client.
 */
export const CLIENT_SHARE_SUSPECT = 0.25;

/** The step's verdict; with instructions counted, each channel's verdict that is not unchanged, naming its channel. */
function stepVerdictText(verdict: Verdict, result: VariantComparison | null | undefined): string {
  const instructions = result?.instructions;
  if (!result || !instructions) return verdictText(verdict);
  const channels = ([[result.verdict, "QPS"], [instructions.verdict, cpuChannel(instructions)]] as const).flatMap(([v, channel]) =>
    v === "unchanged" || v === "n/a" ? [] : [{ verdict: v, channel }],
  );
  const [first, second] = channels.sort((a, b) => verdictRank(a.verdict) - verdictRank(b.verdict));
  if (!first) return verdictText(verdict);
  if (second && second.verdict === first.verdict) return `${verdictText(first.verdict)} (QPS, ${cpuChannel(instructions)})`;
  return channels.map((c) => `${verdictText(c.verdict)} (${c.channel})`).join(" · ");
}

const INSTRUCTIONS_NOTE =
  "instr/op ratio: instructions per operation, counted under valgrind rather than timed, variant / base: the median of the repeats, and in brackets the lowest and highest ratio the two sides' repeats give (a range, not an interval); above 1.00 is more CPU work per operation.";

const CYCLES_NOTE =
  "est. cycles/op ratio: the same for estimated cycles per operation, instructions + 10 × first-level + 100 × last-level cache misses of valgrind's cache simulation (KCachegrind's cycle estimation): what judged the CPU cost; instructions per op are in the details.";

/** The relative QPS of the row's step against the stored baseline, marked unless unchanged. */
function storedCell(stored: StoredBaselineColumn, row: Row): string {
  const result = stored.comparison.steps.find((s) => s.step === row.step)?.variants[0];
  if (!result) return NONE;
  const mark = result.verdict === "unchanged" ? "" : `${ICON[result.verdict]} `;
  return result.qps ? `${mark}${formatInterval(result.qps)}` : verdictText(result.verdict);
}

function storedHeader(stored: StoredBaselineColumn): string {
  return `QPS ratio vs ${escapeMarkdown(stored.branch)} (stored)`;
}

function storedNote(report: Report): string {
  const stored = report.options.storedBaseline;
  if (!stored) return "";
  const { comparison, branch, from } = stored;
  const [variant] = comparison.variants;
  return (
    ` ${storedHeader(stored)}: ${inlineCode(variant ?? "")} against the baseline stored by ${inlineCode(branch)} (${from}), ` +
    "unpaired (another run: drift between the runs is not cancelled out), informational: it never fails the check."
  );
}

/** What a QPS ratio is: head over base with its interval, and for a paired run how the rounds make it. */
function qpsRatioNote(report: Report, ratio: string): string {
  const paired = report.comparisons.find((c) => c.mode === "paired");
  const alpha = (paired ?? report.comparisons[0])?.thresholds.alpha ?? 0.01;
  const confidence = `${Number(((1 - alpha) * 100).toFixed(1))}%`;
  const rounds = paired ? " Each round measures both sides back to back: the ratio is the median of the per-round ratios." : "";
  return `QPS ratio: ${ratio}, with its ${confidence} interval; above 1.00 is faster.${rounds}`;
}

/** The header and rows of the steps table for these rows: one shape for the steps that need attention and the unchanged ones. */
function stepsTable(report: Report, rows: readonly Row[]): string {
  const [only] = report.columns;
  const stored = report.options.storedBaseline;
  if (report.columns.length === 1 && only) {
    const ratio = `${escapeMarkdown(only.variant)}/${escapeMarkdown(only.comparison.base_variant)}`;
    const counted = hasInstructions(report);
    const header = ["step", `QPS ratio ${ratio}`, ...(stored ? [storedHeader(stored)] : []), ...(counted ? [`${cpuColumn([only.comparison])} ${ratio}`] : []), "verdict"];
    const body = rows.map((row) => {
      const result = row.cells[0]?.result;
      return [
        inlineCode(row.step, true),
        formatInterval(result?.qps),
        ...(stored ? [storedCell(stored, row)] : []),
        ...(counted ? [instructionCell(result)] : []),
        stepVerdictText(row.verdict, result),
      ];
    });
    return markdownTable([header, ...body], { align: ["l", ...header.slice(1, -1).map(() => "r"), "l"] });
  }
  // a QPS ratio column per column of the report, and an instr/op ratio column next to each that counted instructions
  const counted = report.columns.map((c) => c.comparison.instruction_counts !== null);
  const header = [
    "step",
    ...report.columns.flatMap((c, i) => [`${escapeMarkdown(c.name)} QPS ratio`, ...(counted[i] ? [`${escapeMarkdown(c.name)} ${cpuColumn([c.comparison])}`] : [])]),
    ...(stored ? [storedHeader(stored)] : []),
    "verdict",
  ];
  const body = rows.map((row) => [
    inlineCode(row.step, true),
    ...row.cells.flatMap((cell, i) => {
      const qpsCell = () => {
        if (!cell) return "not run";
        if (!cell.result) return NONE;
        const { verdict, qps } = cell.result;
        const mark = verdict === "unchanged" ? "" : `${ICON[verdict]} `;
        return qps ? `${mark}${formatInterval(qps)}` : verdictText(verdict);
      };
      return [qpsCell(), ...(counted[i] ? [instructionCell(cell?.result)] : [])];
    }),
    ...(stored ? [storedCell(stored, row)] : []),
    whereVerdict(report, row),
  ]);
  return markdownTable([header, ...body], { align: ["l", ...header.slice(2).map(() => "r"), "l"] });
}

/**
 * The steps that need attention (every verdict but unchanged: regression, error, warning, unstable,
 * missing, improvement), worst first, in a table of a few ratio columns; the unchanged steps folded
 * below it in the same shape. Absolute QPS and the per-operation metrics are in their own folded section.
 */
export function mainTable(report: Report, rows: readonly Row[]): string {
  const attention = rows.filter((r) => r.verdict !== "unchanged");
  const unchanged = rows.filter((r) => r.verdict === "unchanged");
  const [only] = report.columns;
  const single = report.columns.length === 1 && only;
  const ratio = single ? `${inlineCode(only.variant)} / ${inlineCode(only.comparison.base_variant)}` : `each column's variant / its base (${[...new Set(report.comparisons.map((c) => inlineCode(c.base_variant)))].join(", ")})`;
  const counted = report.comparisons.some((c) => c.instruction_counts !== null);
  const cycles = report.comparisons.some(judgesCycles);
  const note = `${qpsRatioNote(report, ratio)}${counted ? ` ${INSTRUCTIONS_NOTE}` : ""}${cycles ? ` ${CYCLES_NOTE}` : ""}${storedNote(report)}`;
  const parts = [
    attention.length > 0 ? stepsTable(report, attention) : "Every step is unchanged.",
    unchanged.length > 0 ? details(`${plural(unchanged.length, "unchanged step")}`, stepsTable(report, unchanged)) : "",
    note,
  ];
  return parts.filter((p) => p !== "").join("\n\n");
}

/** The worst verdict of a row and the columns where it happened. */
function whereVerdict(report: Report, row: Row): string {
  const where = report.columns.filter((_, i) => {
    const result = row.cells[i]?.result;
    return result && cellVerdict(result) === row.verdict;
  }).map((c) => escapeMarkdown(c.name));
  return where.length > 0 ? `${verdictText(row.verdict)} (${where.join(", ")})` : verdictText(row.verdict);
}

export function clientMayBottleneck(share: number | null): boolean {
  return share !== null && share >= CLIENT_SHARE_SUSPECT;
}

export function clientWarning(report: Report, rows: readonly Row[]): string {
  const suspects = rows.filter((row) => row.cells.some((cell) => cell?.step.absolute.some((a) => clientMayBottleneck(a.client_cpu_share))));
  if (suspects.length === 0) return "";
  return (
    `⚠️ The benchmark client used ${formatPercent(CLIENT_SHARE_SUSPECT)} or more of the host CPU in ` +
    `${suspects.map((r) => inlineCode(r.step)).join(", ")}: the client may be the bottleneck there, so QPS may understate the server.`
  );
}

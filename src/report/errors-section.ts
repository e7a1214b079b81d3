/** The errors of the shown steps, grouped by step, variant and message, with the tail of a failed sample's log. Pure. */
import type { Row } from "./columns.js";
import { escapeHtml, escapeMarkdown, fencedBlock, inlineCode, logTail } from "./escape.js";
import type { Report } from "./comment-report.js";
import { ICON } from "./verdict-text.js";

/** Per log excerpt: the tail is where the failure is; longer excerpts belong in the artifacts. */
const LOG_MAX_LINES = 40;

const LOG_MAX_CHARS = 4_000;

/** 0, 1, 2, 3, 7 -> "0–3, 7" */
function roundRanges(rounds: readonly number[]): string {
  const sorted = [...new Set(rounds)].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] ?? 0) + 1) j++;
    ranges.push(j > i ? `${sorted[i]}–${sorted[j]}` : `${sorted[i]}`);
    i = j + 1;
  }
  return ranges.join(", ");
}

interface ErrorGroup {
  step: string;
  place: string;
  variant: string;
  /** "round" for a benchmark sample, "instruction count, repeat" for a count */
  what: string;
  message: string;
  rounds: number[];
  log: string;
  firstRound: number;
}

/**
 * Sample errors of the shown rows, one group per step, comparison, variant and message. The same base
 * error appears under every compared variant of a comparison: count it once.
 */
function errorGroups(report: Report, rows: readonly Row[]): ErrorGroup[] {
  const groups = new Map<string, ErrorGroup>();
  const seen = new Set<string>();
  for (const row of rows) {
    report.columns.forEach((column, i) => {
      const comparisonIndex = report.comparisons.indexOf(column.comparison);
      const result = row.cells[i]?.result;
      const errors = [
        ...(result?.errors ?? []).map((e) => ({ ...e, what: "round", at: e.round })),
        ...(result?.instructions?.errors ?? []).map((e) => ({ ...e, what: "instruction count, repeat", at: e.repeat })),
      ];
      for (const error of errors) {
        const sampleKey = JSON.stringify([comparisonIndex, row.step, error.variant, error.what, error.at]);
        if (seen.has(sampleKey)) continue;
        seen.add(sampleKey);
        const groupKey = JSON.stringify([comparisonIndex, row.step, error.variant, error.what, error.message]);
        const place = report.comparisons.length > 1 ? ` · ${escapeMarkdown(report.labels[comparisonIndex] ?? "")}` : "";
        const group = groups.get(groupKey) ?? { step: row.step, place, variant: error.variant, what: error.what, message: error.message, rounds: [], log: error.log_excerpt, firstRound: error.at };
        group.rounds.push(error.at);
        groups.set(groupKey, group);
      }
    });
  }
  return [...groups.values()];
}

export function errorsSection(report: Report, rows: readonly Row[], withLogs: boolean): string {
  const groups = errorGroups(report, rows);
  if (groups.length === 0) return "";
  const blocks = groups.map((g) => {
    const line = `${ICON.error} ${inlineCode(g.step)}${g.place} · ${inlineCode(g.variant)}, ${g.what}${g.rounds.length > 1 ? "s" : ""} ${roundRanges(g.rounds)}: ${escapeMarkdown(g.message)}`;
    if (!withLogs || g.log.trim() === "") return line;
    const summary = `Log excerpt: ${escapeHtml(g.step)} · ${escapeHtml(g.variant)} · ${g.what} ${g.firstRound}`;
    return `${line}\n\n<details><summary>${summary}</summary>\n\n${fencedBlock(logTail(g.log, LOG_MAX_LINES, LOG_MAX_CHARS))}\n\n</details>`;
  });
  return `**Errors**\n\n${blocks.join("\n\n")}`;
}

/** The comment's first lines: pass or fail with the step that moved most, the verdict counts of both channels, who accepted, who to tell. Pure. */
import { INSTRUCTION_VERDICTS, VERDICTS, type InstructionVerdict, type Verdict } from "../compare/types.js";
import { judgedWords, ungatedHeadline } from "../compare/gate.js";
import type { Row } from "./columns.js";
import { escapeMarkdown, inlineCode } from "./escape.js";
import { formatChange, formatRatio, plural } from "./format.js";
import type { Report } from "./comment-report.js";
import { COUNT_NOUN, countVerdicts } from "./verdict-text.js";
import { hasInstructions, cpuChannel, judgedRatio, judgesCycles } from "./cpu-channel.js";

/** Verdicts the headline gives a number for; an error or a missing step has none to give. */
const NUMBERED: ReadonlySet<Verdict> = new Set(["regression", "warning", "unstable", "improvement"]);

/** Whether any cell of the row has `verdict` in either channel. */
function rowHas(row: Row, verdict: Verdict): boolean {
  return row.cells.some((cell) => cell?.result && (cell.result.verdict === verdict || cell.result.instructions?.verdict === verdict));
}

/** A step's number behind `verdict`: its largest change over the columns and channels that had it, with the column when there are several. */
interface StepNumber {
  text: string;
  /** |ratio - 1|: how far it moved */
  size: number;
}

function stepNumber(report: Report, row: Row, verdict: Verdict): StepNumber | null {
  const numbers = row.cells.flatMap((cell, i): StepNumber[] => {
    const result = cell?.result;
    if (!result) return [];
    const where = report.columns.length > 1 ? `, ${escapeMarkdown(report.columns[i]?.name ?? "")}` : "";
    const qps = result.verdict === verdict ? result.qps?.estimate : undefined;
    const counted = result.instructions?.verdict === verdict ? judgedRatio(result.instructions)?.estimate : undefined;
    const channel = result.instructions ? cpuChannel(result.instructions) : "";
    return [
      ...(qps !== undefined ? [{ text: `QPS ${formatRatio(qps)} (${formatChange(qps - 1)}${where})`, size: Math.abs(qps - 1) }] : []),
      ...(counted !== undefined ? [{ text: `${channel} ${counted.toFixed(3)} (${formatChange(counted - 1)}${where})`, size: Math.abs(counted - 1) }] : []),
    ];
  });
  return numbers.sort((a, b) => b.size - a.size)[0] ?? null;
}

/** `worst \`update-index.range100.pk1\` QPS 0.93 (−7%)`: the step of `verdict` that moved most (the first in the table when none has a number). */
function worstStep(report: Report, verdict: Verdict, word: string): string {
  const rows = report.rows.filter((row) => rowHas(row, verdict));
  const numbered = NUMBERED.has(verdict) ? rows.flatMap((row) => { const n = stepNumber(report, row, verdict); return n ? [{ row, n }] : []; }) : [];
  const worst = numbered.sort((a, b) => b.n.size - a.n.size)[0];
  if (worst) return ` · ${word} ${inlineCode(worst.row.step)} ${worst.n.text}`;
  const [first] = rows;
  return first ? ` · ${word === "worst" ? "first" : word} ${inlineCode(first.step)}` : "";
}

/**
 * Readable in five seconds, at most about 100 characters: pass or fail with the counts that decided
 * it, and the step that moved most with its number. What was measured where is the next line.
 */
export function heading(report: Report): string {
  const { gate } = report;
  const failing = gate.reasons.filter((r) => r.cause !== "no-samples");
  if (gate.reasons.some((r) => r.cause === "no-samples")) return `## ❌ No samples: nothing was measured`;
  // what passed and what could not be judged, in the words the JSON's verdict_summary has
  const { claim, notes } = judgedWords(report.comparisons);
  const open = notes.map((note) => ` · ${note}`).join("");
  // a run that judged nothing is neither a pass nor a regression: a neutral mark, and whether the check fails
  if (failing.length === 1 && failing[0]?.cause === "unjudged") return `## ❔ Nothing could be judged: the check fails${open}`;
  if (failing.length > 0) {
    const [first] = failing;
    return `## ❌ ${failing.map((r) => r.summary).join(", ")}${first ? worstStep(report, first.cause as Verdict, "worst") : ""}`;
  }
  const [found] = gate.ungated;
  if (found) {
    const mark = found.cause === "unjudged" ? "❔" : "⚠️";
    const words = ungatedHeadline(gate);
    const accepted = gate.accepted ? ` · ${gate.accepted.summary} accepted` : "";
    return `## ${mark} ${words.charAt(0).toUpperCase()}${words.slice(1)}${found.cause === "unjudged" ? "" : worstStep(report, found.cause as Verdict, "worst")}${accepted}${open}`;
  }
  if (gate.accepted) return `## ✅ ${gate.accepted.summary} accepted${worstStep(report, "regression", "worst")}${open}`;
  const improvements = report.rows.filter((row) => rowHas(row, "improvement")).length;
  const better = improvements > 0 ? ` · ${plural(improvements, "improvement")}` : "";
  return `## ✅ ${claim}${open}${better}`;
}

/** Who accepted the regressions, with the label they set: the check passed because of it. */
export function acceptedLine(report: Report): string {
  const { accepted } = report.gate;
  if (!accepted) return "";
  return (
    `✅ ${plural(accepted.count, "regression")} (${accepted.steps.map((s) => inlineCode(s)).join(", ")}) accepted by ${escapeMarkdown(`@${accepted.by}`)}, ` +
    `who set the label ${inlineCode(accepted.label)} after the last push: the check passes. Removing the label and rerunning fails it again.`
  );
}

/** The people to tell about a regression; the names come from the workflow's own input, so they do mention. */
export function ccLine(report: Report): string {
  const cc = report.options.cc ?? [];
  const regressed = report.gate.reasons.some((r) => r.cause === "regression");
  return cc.length > 0 && regressed ? `cc ${cc.join(" ")}` : "";
}

export function countsLine(report: Report): string {
  const counts = countVerdicts(report.rows);
  const parts = VERDICTS.flatMap((verdict) => {
    const count = counts.get(verdict) ?? 0;
    if (count === 0) return [];
    const [one, many] = COUNT_NOUN[verdict];
    const text = plural(count, one, many);
    return [verdict === "regression" || verdict === "error" ? `**${text}**` : text];
  });
  const scope = report.columns.length > 1 ? `${plural(report.rows.length, "step")}, worst over ${report.columns.length} columns` : plural(report.rows.length, "step");
  return `${escapeMarkdown(report.title)} · ${parts.join(" · ")} (${scope})`;
}

/** The worst instruction verdict of a row over its columns; null when no column has one. */
function rowInstructionVerdict(row: Row): InstructionVerdict | null {
  const verdicts = row.cells.flatMap((cell) => (cell?.result?.instructions ? [cell.result.instructions.verdict] : []));
  return verdicts.sort((a, b) => INSTRUCTION_VERDICTS.indexOf(a) - INSTRUCTION_VERDICTS.indexOf(b))[0] ?? null;
}

/** The instruction channel's own counts (non-zero ones): its regressions fail the check even when QPS did not move. */
export function instructionCountsLine(report: Report): string {
  if (!hasInstructions(report)) return "";
  const verdicts = report.rows.map(rowInstructionVerdict).filter((v) => v !== null);
  const parts = INSTRUCTION_VERDICTS.flatMap((verdict) => {
    const count = verdicts.filter((v) => v === verdict).length;
    if (count === 0) return [];
    const text = verdict === "n/a" ? `${count} n/a` : plural(count, ...COUNT_NOUN[verdict]);
    return [verdict === "regression" || verdict === "error" ? `**${text}**` : text];
  });
  const channel = report.comparisons.some(judgesCycles) ? "Estimated cycles per operation" : "Instructions per operation";
  return `${channel}: ${parts.length > 0 ? parts.join(" · ") : "no step counted"}`;
}

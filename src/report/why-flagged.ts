/** "Why these steps were flagged": each flagged step's reason and hints, per channel, with the counts behind a CPU verdict. Pure. */
import type { InstructionComparison, InstructionSide, InstructionVerdict } from "../compare/types.js";
import type { Column, Row } from "./columns.js";
import { escapeMarkdown, inlineCode } from "./escape.js";
import { formatCount } from "./format.js";
import type { Report } from "./comment-report.js";
import { ICON } from "./verdict-text.js";
import { cpuChannel } from "./cpu-channel.js";

/** Verdicts whose reason (and hints) are listed under the table; errors get their own section with logs. */
const EXPLAINED: ReadonlySet<InstructionVerdict> = new Set(["regression", "warning", "unstable", "missing"]);

function cellPlace(report: Report, column: Column): string {
  return report.columns.length > 1 ? ` · ${escapeMarkdown(column.name)}` : "";
}

/** Whether a verdict gets its reason under "why flagged": an error does when it has no failed sample whose log the errors section shows. */
const explained = (verdict: InstructionVerdict, errors: readonly unknown[]) => EXPLAINED.has(verdict) || (verdict === "error" && errors.length === 0);

export function flaggedSection(report: Report, rows: readonly Row[]): string {
  const items = rows.flatMap((row) =>
    report.columns.flatMap((column, i) => {
      const result = row.cells[i]?.result;
      const place = `${inlineCode(row.step)}${cellPlace(report, column)}`;
      const instructions = result?.instructions;
      const counted =
        instructions && instructions.verdict !== "n/a" && explained(instructions.verdict, instructions.errors)
          ? [`- ${ICON[instructions.verdict]} ${place} — ${cpuChannel(instructions)} ${instructions.verdict}: ${escapeMarkdown(instructions.reason)}${countedText(instructions)}`]
          : [];
      if (!result || !explained(result.verdict, result.errors)) return counted;
      const hints = result.hints.map((hint) => `\n  - ${escapeMarkdown(hint)}`).join("");
      return [`- ${ICON[result.verdict]} ${place} — ${result.verdict}: ${escapeMarkdown(result.reason)}${hints}`, ...counted];
    }),
  );
  return items.length > 0 ? `**Why these steps were flagged**\n\n${items.join("\n")}` : "";
}

/**
 * ` (base 39.6k, head 47.7k instructions per op)`: the absolute counts behind a flagged ratio; where
 * estimated cycles were judged, theirs, then what instructions alone said.
 */
function countedText(instructions: InstructionComparison): string {
  const counts = (sides: readonly (InstructionSide | null)[], unit: string) => {
    const counted = sides.filter((s) => s !== null);
    return counted.length > 0 ? `${counted.map((s) => `${escapeMarkdown(s.variant)} ${formatCount(s.median)}`).join(", ")} ${unit} per op` : "";
  };
  const cycles = instructions.estimated_cycles;
  if (!cycles || cycles.not_judged !== undefined) {
    const text = counts([instructions.base, instructions.variant], "instructions");
    // judged on instructions alone: the reason already says why the estimated cycles are not
    const beside = cycles ? `; ${counts([cycles.base, cycles.variant], "estimated cycles")}, not judged` : "";
    return text ? ` (${text}${beside})` : "";
  }
  const byInstructions = `instructions alone: ${cycles.instructions.verdict}, ${escapeMarkdown(cycles.instructions.reason)}`;
  return ` (${counts([cycles.base, cycles.variant], "estimated cycles")}; ${byInstructions}, ${counts([instructions.base, instructions.variant], "instructions")})`;
}

/** The instruction counts table of the metrics block: each side's count per op, its repeats and spread, and the ratio judged. Pure. */
import { markdownTable } from "markdown-table";
import type { Comparison, InstructionSide, VariantComparison } from "../compare/types.js";
import { escapeMarkdown, inlineCode } from "./escape.js";
import { NONE, formatCount, formatInstructionRatio, formatSpread } from "./format.js";
import { instructionVerdictText } from "./verdict-text.js";
import { judgesCycles, instructionCell } from "./cpu-channel.js";

/** One row per side: the absolute count, its repeats and spread, whose work was counted and by which tool; n/a with its reason. */
/**
 * A side's row: its instructions per op, and with `cycles` (a comparison that judged estimated cycles)
 * its estimated cycles per op and their ratio next to the instructions' own.
 */
function instructionRow(label: string, side: InstructionSide | null, result: VariantComparison | null, cycles: { side: InstructionSide | null } | null): string[] {
  const compared = result?.instructions;
  const notCounted = compared?.verdict === "n/a" ? "n/a" : NONE;
  const instructionsRatio = compared?.ratio ? formatInstructionRatio(compared.ratio) : compared ? instructionVerdictText(compared.verdict) : "";
  // a step its profile judges on instructions alone: the judged cell under instructions, the estimated cycles' ratio plain
  const notJudgedCycles = compared?.estimated_cycles?.not_judged !== undefined ? compared.estimated_cycles : null;
  const judgedCell = result ? instructionCell(result, { withInstructions: false }) : "";
  return [
    inlineCode(label, true),
    side ? formatCount(side.median) : notCounted,
    side ? String(side.repeats) : "",
    side ? formatSpread(side.spread) : "",
    ...(cycles ? [notJudgedCycles ? judgedCell : compared?.estimated_cycles ? instructionsRatio : "", cycles.side ? formatCount(cycles.side.median) : notCounted, cycles.side ? formatSpread(cycles.side.spread) : ""] : []),
    // the counts table has instructions' ratio in a column of its own
    notJudgedCycles ? `${formatInstructionRatio(notJudgedCycles.ratio)} (not judged)` : judgedCell,
    side ? escapeMarkdown(`${side.counted} (${side.tool})`) : compared?.verdict === "n/a" ? escapeMarkdown(compared.reason) : "",
  ];
}

export function instructionsTable(comparison: Comparison): string[] {
  if (comparison.instruction_counts === null) return [];
  const cycles = judgesCycles(comparison);
  const rows = comparison.steps.flatMap((step) => {
    const compared = step.variants.flatMap((v) => (v.instructions ? [{ result: v, instructions: v.instructions }] : []));
    if (compared.length === 0) return [];
    const base = compared.find((c) => c.instructions.base)?.instructions.base ?? null;
    const baseCycles = compared.find((c) => c.instructions.estimated_cycles)?.instructions.estimated_cycles?.base ?? null;
    const sides = [
      instructionRow(comparison.base_variant, base, null, cycles ? { side: baseCycles } : null),
      ...compared.map((c) => instructionRow(c.result.variant, c.instructions.variant, c.result, cycles ? { side: c.instructions.estimated_cycles?.variant ?? null } : null)),
    ];
    return sides.map((cells, i) => [i === 0 ? inlineCode(step.step, true) : "", ...cells]);
  });
  if (rows.length === 0) return [];
  const header = ["step", "variant", "instr/op", "repeats", "spread", ...(cycles ? ["instr/op ratio", "est. cycles/op", "spread", "est. cycles/op ratio"] : ["instr/op ratio"]), "counted"];
  const table = markdownTable([header, ...rows], { align: ["l", "l", ...header.slice(2, -1).map(() => "r"), "l"] });
  return [
    "Instructions per operation, counted rather than timed (median of the repeats; spread: (max − min) / median; instr/op ratio: variant / base, in brackets the lowest and highest ratio of the two sides' repeats)" +
      (cycles ? "; estimated cycles per operation the same way (instructions + 10 × first-level + 100 × last-level cache misses), their ratio judged:" : ":"),
    table,
    "n/a: not counted on either side (the reason is in its row): a step the profile leaves out, or no valgrind on the runner; never a failure.",
  ];
}

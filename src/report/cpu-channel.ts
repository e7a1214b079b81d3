/** The CPU channel (instructions, or estimated cycles where they were judged) as the comment names and shows it. Pure. */
import type { Comparison, InstructionComparison, VariantComparison } from "../compare/types.js";
import { NONE, formatInstructionRatio } from "./format.js";
import type { Report } from "./comment-report.js";
import { ICON, instructionVerdictText } from "./verdict-text.js";

/** Whether any comparison counted instructions: only then do the instr/op column, line and table appear. */
export function hasInstructions(report: Report): boolean {
  return report.comparisons.some((c) => c.instruction_counts !== null);
}

/** The estimated cycles where they decided the step's CPU verdict (counted, and not a step its profile judges on instructions alone), else null. */
const judgedCycles = ({ estimated_cycles: cycles }: InstructionComparison) => (cycles && cycles.not_judged === undefined ? cycles : null);

/** What decided a step's CPU verdict: "est. cycles/op" where estimated cycles were judged, else "instr/op". */
export const cpuChannel = (instructions: InstructionComparison): string => (judgedCycles(instructions) ? "est. cycles/op" : "instr/op");

/** The ratio that was judged: estimated cycles per op where they were, else instructions per op. */
export const judgedRatio = (instructions: InstructionComparison) => judgedCycles(instructions)?.ratio ?? instructions.ratio;

/** Whether a comparison judged estimated cycles on some step: its CPU column is then named for them. */
export const judgesCycles = (comparison: Comparison): boolean => comparison.steps.some((s) => s.variants.some((v) => v.instructions?.estimated_cycles));

/** The CPU ratio column's name: "est. cycles/op ratio" where the comparisons judged estimated cycles. */
export const cpuColumn = (comparisons: readonly Comparison[]): string => (comparisons.some(judgesCycles) ? "est. cycles/op ratio" : "instr/op ratio");

/**
 * `❌ 1.205 (repeats 1.204–1.206)`: the relative count (estimated cycles where they were judged), marked
 * unless unchanged; the verdict alone when there is no ratio (n/a, error, missing). A step whose spread
 * lifted its failing line says where it was: `1.025 (repeats 1.015–1.035; fails above 1.04)`.
 */
export function instructionCell(result: VariantComparison | null | undefined, { withInstructions = true } = {}): string {
  const instructions = result?.instructions;
  if (!result || !instructions) return NONE;
  const { verdict, lines } = instructions;
  const ratio = judgedRatio(instructions);
  if (!ratio || verdict === "n/a") return instructionVerdictText(verdict);
  const lifted = lines && lines.fail_above > result.thresholds.instructions_fail_above ? lines.fail_above : null;
  const icon = verdict === "unchanged" ? "" : `${ICON[verdict]} `;
  const cycles = instructions.estimated_cycles;
  if (!withInstructions || !cycles) return `${icon}${formatInstructionRatio(ratio, lifted)}`;
  // on instructions alone (the profile's exception), under a column named for estimated cycles: named,
  // the estimated cycles' ratio beside
  if (cycles.not_judged !== undefined) return `${icon}instr/op ${formatInstructionRatio(ratio, lifted)} · est. cycles/op ${cycles.ratio.estimate.toFixed(3)} (not judged)`;
  // judged on estimated cycles: instructions' own ratio beside it, so a memory stall reads as one
  return `${icon}${formatInstructionRatio(ratio, lifted)}${instructions.ratio ? ` · instr/op ${instructions.ratio.estimate.toFixed(3)}` : ""}`;
}

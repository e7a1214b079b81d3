/** How the comment writes a verdict: its icon, its noun in the counts, and how many rows have each. Pure. */
import type { InstructionVerdict, Verdict } from "../compare/types.js";
import type { Row } from "./columns.js";

export const ICON: Record<Verdict, string> = {
  regression: "❌",
  error: "💥",
  warning: "⚠️",
  unstable: "〰️",
  missing: "❔",
  "n/a": "▫️",
  improvement: "🚀",
  unchanged: "➖",
};

export const COUNT_NOUN: Record<Verdict, [string, string]> = {
  regression: ["regression", "regressions"],
  error: ["error", "errors"],
  warning: ["warning", "warnings"],
  unstable: ["unstable", "unstable"],
  missing: ["missing", "missing"],
  "n/a": ["QPS not measured", "QPS not measured"],
  improvement: ["improvement", "improvements"],
  unchanged: ["unchanged", "unchanged"],
};

export function countVerdicts(rows: readonly Row[]): Map<Verdict, number> {
  const counts = new Map<Verdict, number>();
  for (const row of rows) counts.set(row.verdict, (counts.get(row.verdict) ?? 0) + 1);
  return counts;
}

export function verdictText(verdict: Verdict): string {
  return `${ICON[verdict]} ${verdict}`;
}

export function instructionVerdictText(verdict: InstructionVerdict): string {
  return verdict === "n/a" ? "n/a" : verdictText(verdict);
}

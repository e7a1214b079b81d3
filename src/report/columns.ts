/**
 * The grid every report shows: one row per step (union over the comparisons, first-seen order) and one
 * column per (comparison label x compared variant), like the field's relative-QPS tables. Pure.
 */
import { VERDICTS, type Comparison, type StepComparison, type VariantComparison, type Verdict } from "../compare/types.js";

export interface Column {
  comparison: Comparison;
  /** the comparison's label (architecture or runner); null when there is only one comparison */
  label: string | null;
  variant: string;
  /** header text: the label when there are several comparisons, the variant when any has several, or both */
  name: string;
}

export interface Cell {
  step: StepComparison;
  /** null when the step is in this comparison but has no entry for this variant */
  result: VariantComparison | null;
}

export interface Row {
  step: string;
  /** index in first-seen order, to keep profile order within a verdict */
  order: number;
  /** one per column; null when the step is not in that column's comparison */
  cells: (Cell | null)[];
  /** worst verdict over the cells, either channel (cellVerdict); "missing" when no column has a result */
  verdict: Verdict;
}

export function verdictRank(verdict: Verdict): number {
  return VERDICTS.indexOf(verdict);
}

/** The verdict a cell counts and sorts with: the worse of its QPS and instruction verdicts (n/a is never a problem). */
export function cellVerdict(result: VariantComparison): Verdict {
  const instructions = result.instructions?.verdict;
  if (instructions === undefined || instructions === "n/a") return result.verdict;
  if (result.verdict === "n/a") return instructions;
  return verdictRank(instructions) < verdictRank(result.verdict) ? instructions : result.verdict;
}

/** Label of each comparison: its own label, else its architecture; made unique with #n. */
export function comparisonLabels(comparisons: readonly Comparison[]): string[] {
  const labels = comparisons.map((c) => c.label ?? c.context.fingerprint.arch);
  return labels.map((label, i) => (labels.indexOf(label) !== labels.lastIndexOf(label) ? `${label} #${i + 1}` : label));
}

export function columnsOf(comparisons: readonly Comparison[]): Column[] {
  if (comparisons.length === 0) throw new RangeError("no comparison to report");
  const labels = comparisonLabels(comparisons);
  const several = comparisons.length > 1;
  const showVariant = comparisons.some((c) => c.variants.length > 1);
  return comparisons.flatMap((comparison, i) =>
    comparison.variants.map((variant) => {
      const label = several ? (labels[i] ?? null) : null;
      const name = [label, showVariant || !several ? variant : null].filter((part) => part !== null).join(" · ");
      return { comparison, label, variant, name };
    }),
  );
}

export function rowsOf(columns: readonly Column[]): Row[] {
  const comparisons = [...new Set(columns.map((c) => c.comparison))];
  const stepIds = [...new Set(comparisons.flatMap((c) => c.steps.map((s) => s.step)))];
  const stepsByComparison = new Map(comparisons.map((c) => [c, new Map(c.steps.map((s) => [s.step, s]))]));
  return stepIds.map((step, order) => {
    const cells = columns.map((column): Cell | null => {
      const found = stepsByComparison.get(column.comparison)?.get(step);
      return found ? { step: found, result: found.variants.find((v) => v.variant === column.variant) ?? null } : null;
    });
    const ranks = cells.flatMap((cell) => (cell?.result ? [verdictRank(cellVerdict(cell.result))] : []));
    const verdict = ranks.length > 0 ? (VERDICTS[Math.min(...ranks)] ?? "missing") : "missing";
    return { step, order, cells, verdict };
  });
}

/** Regressions first, then errors, warnings, unstable, missing, improvements, unchanged; profile order within each. */
export function sortByVerdict(rows: readonly Row[]): Row[] {
  return [...rows].sort((a, b) => verdictRank(a.verdict) - verdictRank(b.verdict) || a.order - b.order);
}

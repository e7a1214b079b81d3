/**
 * Price/performance (runner-cost): operations per unit of money for each step, the way QPS-per-dollar
 * comparisons of instance types are made: median QPS x 3600 / price per hour, for every variant (base
 * and head are different builds: each has its own QPS, so each its own figure, named in its column).
 * With several runs (one per architecture) the ratio of each to the first, variant by variant, says
 * which gives more operations for the money. Pure.
 */
import { markdownTable } from "markdown-table";
import { mean as meanOf } from "simple-statistics";
import type { Comparison } from "../compare/types.js";
import { priceOfRunner, type RunnerCost, type RunnerPrice } from "../config/runner-cost.js";
import { emulatedOn } from "../measure/fingerprint.js";
import { comparisonLabels } from "./columns.js";
import { escapeMarkdown, inlineCode } from "./escape.js";
import { formatCount, formatRatio, NONE, plural } from "./format.js";

/** Operations one unit of money buys at this QPS and price per hour. */
export function opsPerMoney(opsPerS: number, perHour: number): number {
  return (opsPerS * 3600) / perHour;
}

interface PricedColumn {
  comparison: Comparison;
  label: string;
  variant: string;
  price: RunnerPrice;
}

/** The section, or "" without runner-cost. */
export function renderPricePerformance(comparisons: readonly Comparison[], cost: RunnerCost | undefined): string {
  if (!cost || comparisons.length === 0) return "";
  const labels = comparisonLabels(comparisons);
  // QPS under qemu is the emulator's speed: per unit of cost it would pass for the architecture's
  const emulated = comparisons.map((c) => emulatedOn(c.context.fingerprint));
  const prices = comparisons.map((c, i) => (emulated[i] === null ? priceOfRunner(c.context.fingerprint, cost) : null));
  const unpriced = labels.filter((_, i) => !prices[i] && emulated[i] === null);
  const several = comparisons.length > 1;
  // every variant of every priced run: the base's QPS and the head's are different figures
  const columns: PricedColumn[] = comparisons.flatMap((comparison, i) => {
    const price = prices[i];
    if (!price) return [];
    return [comparison.base_variant, ...comparison.variants].map((variant) => ({ comparison, label: labels[i]!, variant, price }));
  });
  const lines = ["### Price/performance", ""];
  comparisons.forEach((c, i) => {
    if (emulated[i] !== null) lines.push(`Left out: ${escapeMarkdown(labels[i]!)} (${escapeMarkdown(c.context.fingerprint.cpu_model)}): QPS under emulation measures the emulator, not an ${escapeMarkdown(c.context.fingerprint.arch)} CPU.`, "");
  });
  if (unpriced.length > 0) lines.push(`No runner-cost for ${unpriced.map((l) => escapeMarkdown(l)).join(", ")} (looked up by runner name, label, then architecture).`, "");
  if (columns.length === 0) return lines.join("\n").trimEnd();
  const priced = columns.map((c) => `${escapeMarkdown(c.label)} ${c.price.perHour} per hour (${inlineCode(c.price.by)})`);
  const bases = [...new Set(columns.map((c) => c.comparison.base_variant))].map((v) => inlineCode(v)).join(", ");
  lines.push(
    `Operations per unit of runner cost, per variant (a column each; base: ${bases}): the variant's median QPS × 3600 / price per hour; ${[...new Set(priced)].join(", ")}.`,
    "",
  );

  const opsOf = (column: PricedColumn, step: string): number | null => {
    const opsPerS = column.comparison.steps.find((s) => s.step === step)?.absolute.find((a) => a.variant === column.variant)?.ops_per_s;
    const perMoney = opsPerS ? opsPerMoney(opsPerS, column.price.perHour) : null;
    // a price and a QPS far enough apart overflow: no number to show
    return perMoney !== null && Number.isFinite(perMoney) && perMoney > 0 ? perMoney : null;
  };
  // ratios of each architecture's column to the first architecture's column of the same variant
  const first = columns[0]!.comparison;
  const ratios = columns.filter((c) => c.comparison !== first).flatMap((c) => {
    const reference = columns.find((r) => r.comparison === first && r.variant === c.variant);
    return reference ? [{ column: c, reference }] : [];
  });
  const steps = [...new Set(columns.flatMap((c) => c.comparison.steps.map((s) => s.step)))];
  const name = (c: PricedColumn) => (several ? `${c.label} · ${c.variant}` : c.variant);
  const header = ["step", ...columns.map((c) => escapeMarkdown(name(c))), ...ratios.map((r) => escapeMarkdown(`${name(r.column)} / ${name(r.reference)}`))];
  const ratioValues = ratios.map(() => [] as number[]);
  const body = steps.map((step) => [
    inlineCode(step, true),
    ...columns.map((c) => formatCount(opsOf(c, step))),
    ...ratios.map((r, i) => {
      const a = opsOf(r.column, step);
      const b = opsOf(r.reference, step);
      if (a === null || b === null || !Number.isFinite(a / b) || a / b === 0) return NONE;
      ratioValues[i]!.push(a / b);
      return formatRatio(a / b);
    }),
  ]);
  lines.push(markdownTable([header, ...body], { align: ["l", ...header.slice(1).map(() => "r")] }), "");
  ratios.forEach((r, i) => {
    const values = ratioValues[i]!;
    if (values.length === 0) return;
    // from the mean of the logs: simple-statistics' geometricMean multiplies the values first, which can overflow
    const mean = Math.exp(meanOf(values.map(Math.log)));
    lines.push(
      `${escapeMarkdown(name(r.column))} gives ${formatRatio(mean)} times the operations per unit of cost of ${escapeMarkdown(name(r.reference))} (geometric mean over ${plural(values.length, "step")}).`,
      "",
    );
  });
  return lines.join("\n").trimEnd();
}

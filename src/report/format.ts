/** Number and text formatting shared by the markdown, chart and TSV renderers. Pure. */
import type { InstructionRatio, RatioEstimate } from "../compare/types.js";
import { formatLimit } from "../compare/reason.js";

/** Shown in markdown where a value does not exist (error, missing side, no counters). */
export const NONE = "—";

const grouped = new Map<number, Intl.NumberFormat>();

function groupedFormat(decimals: number): Intl.NumberFormat {
  let format = grouped.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    grouped.set(decimals, format);
  }
  return format;
}

/** Decimals that keep about three significant digits without showing noise: 128,534 · 523 · 52.3 · 5.23 · 0.009. */
function sensibleDecimals(value: number): number {
  const magnitude = Math.abs(value);
  if (magnitude >= 100 || magnitude === 0) return 0;
  if (magnitude >= 10) return 1;
  if (magnitude >= 1) return 2;
  return 3;
}

/** QPS, per-op metrics and latencies for people: thousands separators and sensible precision. */
export function formatAmount(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return NONE;
  if (!Number.isFinite(value)) return value > 0 ? "∞" : "-∞";
  return groupedFormat(sensibleDecimals(value)).format(value);
}

/** Ratios always with 2 decimals, the way relative-QPS tables print them. */
export function formatRatio(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return NONE;
  if (!Number.isFinite(value)) return value > 0 ? "∞" : "-∞";
  return value.toFixed(2);
}

// thresholds and changes are written by the verdicts' reasons too: compare owns their format, the tables use it from here
export { formatChange, formatLimit } from "../compare/reason.js";

/** `0.93 (0.91–0.95)`: the estimate with its interval. */
export function formatInterval(ratio: RatioEstimate | null | undefined): string {
  if (!ratio) return NONE;
  return `${formatRatio(ratio.estimate)} (${formatRatio(ratio.ci_low)}–${formatRatio(ratio.ci_high)})`;
}

const compact = new Intl.NumberFormat("en-US", { notation: "compact", minimumSignificantDigits: 3, maximumSignificantDigits: 3 });

/** Large counts the way people say them: 39.6k, 129M. */
export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NONE;
  return compact.format(value).replace("K", "k");
}

/** A small relative spread: 0.01% · 0.35% · 2.4% · 12%; below 0.005% it is `<0.01%`. */
export function formatSpread(fraction: number): string {
  const percent = Math.abs(fraction) * 100;
  if (percent === 0) return "0%";
  if (percent < 0.005) return "<0.01%";
  return `${percent < 1 ? percent.toFixed(2) : percent < 10 ? percent.toFixed(1) : Math.round(percent)}%`;
}

/**
 * `1.205 (repeats 1.204–1.206)`: relative instructions per op (3 decimals: the thresholds are that fine)
 * and the lowest and highest ratio the two sides' repeats give (min over max, max over min): a range, not
 * a confidence interval; with a failing line the step's spread lifted, `(repeats 1.015–1.035; fails above 1.04)`.
 */
export function formatInstructionRatio(ratio: InstructionRatio | null | undefined, liftedFailAbove: number | null = null): string {
  if (!ratio) return NONE;
  const line = liftedFailAbove === null ? "" : `; fails above ${formatLimit(liftedFailAbove)}`;
  return `${ratio.estimate.toFixed(3)} (repeats ${ratio.low.toFixed(3)}–${ratio.high.toFixed(3)}${line})`;
}

export function formatPercent(share: number | null | undefined): string {
  if (share === null || share === undefined || !Number.isFinite(share)) return NONE;
  return `${Math.round(share * 100)}%`;
}

/** 45.2 s · 3m 05s · 1h 02m */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return NONE;
  if (seconds < 60) return `${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)}s`;
  const total = Math.round(seconds);
  const pad = (n: number) => String(n).padStart(2, "0");
  if (total < 3600) return `${Math.floor(total / 60)}m ${pad(total % 60)}s`;
  return `${Math.floor(total / 3600)}h ${pad(Math.floor((total % 3600) / 60))}m`;
}

/** TSV cells: fixed decimals, `NA` for no value and `inf` for a division by zero, as the field's scripts print them. */
export function formatTsvNumber(value: number | null | undefined, decimals: number): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "NA";
  if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
  return value.toFixed(decimals);
}

/** A commit as the reports name it: its first 12 hex digits. */
export function shortSha(commit: string): string {
  return commit.slice(0, 12);
}

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

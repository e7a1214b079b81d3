/** Text shared by the verdicts' one-sentence reasons (and, for thresholds, by the report). Pure. */
import { InputError } from "../common/errors.js";

/**
 * The largest ratio (and the inverse of the smallest) a comparison takes: valid values (positive,
 * finite) far enough apart give ratios whose percentages, chart axes and intervals overflow to
 * Infinity or NaN. No two measurements of one step are 10^100 apart.
 */
export const MAX_RATIO = 1e100;

/** Refuses ratios beyond MAX_RATIO either way, in one line naming the results field. */
export function checkRatios(ratios: readonly number[], what: string, field: string): void {
  if (ratios.every((r) => r >= 1 / MAX_RATIO && r <= MAX_RATIO)) return;
  throw new InputError(`${what}: the two sides' values are more than ${MAX_RATIO} times apart: not a measurement`, undefined, field);
}

/** First line of a message, cut short: the reason is one sentence, the full message and log stay in `errors`. */
export function brief(message: string): string {
  const line = message.split("\n")[0] ?? "";
  return line.length > 100 ? `${line.slice(0, 99)}…` : line;
}

/**
 * A number in a reason that names the limits it is compared with: 3 decimals, more while rounding would
 * make it read as one of those limits (0.9496 against 0.95 is `0.9496`, never `0.950`).
 */
export function valueAgainst(value: number, limits: readonly number[]): string {
  let decimals = 3;
  while (decimals < 12 && limits.some((limit) => limit !== value && Number(value.toFixed(decimals)) === limit)) decimals++;
  return value.toFixed(decimals);
}

/** −7%, +12%, −0.4%: a relative change (0.12 is +12%), with one decimal below 1%. */
export function formatChange(change: number): string {
  const percent = change * 100;
  const size = Math.abs(percent);
  return `${percent < 0 ? "−" : "+"}${size >= 1 || size === 0 ? Math.round(size) : size.toFixed(1)}%`;
}

/** A threshold as set: at least 2 decimals (0.90, not 0.9), more when it has them (1.005). */
export function formatLimit(value: number): string {
  const decimals = Math.min(6, Math.max(2, (String(value).split(".")[1] ?? "").length));
  return value.toFixed(decimals);
}

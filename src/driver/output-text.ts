/**
 * Reading numbers out of a benchmark client's text summary. A value is found on exactly one line or
 * the output is not understood: two summaries in one text are as wrong as none.
 */
import { ParseError } from "../common/errors.js";

/** Lines without carriage returns, so that one pattern reads output captured from a terminal too. */
export function normalizeLines(raw: string): string {
  return raw.replace(/\r\n?/g, "\n");
}

/**
 * The number in the first capture group of the one line `pattern` matches (a multiline regexp
 * anchored with ^ and $), or null when no line matches.
 */
export function findNumber(text: string, pattern: RegExp, what: string, raw: string): number | null {
  const flags = pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`;
  const matches = [...text.matchAll(new RegExp(pattern.source, flags))];
  if (matches.length === 0) return null;
  if (matches.length > 1) throw new ParseError(`${what} appears ${matches.length} times: more than one run in one output?`, raw);
  const value = Number(matches[0]?.[1]);
  if (!Number.isFinite(value)) throw new ParseError(`${what} is not a number: "${matches[0]?.[0]}"`, raw);
  return value;
}

export function requireNumber(text: string, pattern: RegExp, what: string, raw: string): number {
  const value = findNumber(text, pattern, what, raw);
  if (value === null) throw new ParseError(`no ${what} line in the output`, raw);
  return value;
}

/** A run that completed nothing has no rate to compare: it is an error, not a zero. */
export function requirePositive(value: number, what: string, raw: string): number {
  if (value <= 0) throw new ParseError(`${what} is ${value}: the run completed no operations`, raw);
  return value;
}

/**
 * Cachegrind's output file (valgrind --tool=cachegrind --cachegrind-out-file=...), format of valgrind
 * 3.x: `desc:` lines, `cmd: <program and arguments>`, `events: Ir ...` naming the columns, per-line
 * counts under `fl=`/`fn=`, and last `summary: <one total per event>`. Cachegrind writes the file
 * when the process exits, so a file without its summary line is not finished (or was cut short).
 * Callgrind's dumps share the header (`cmd:`, `events:`, `summary:` before the counts) and end with
 * `totals:`: parseCachegrindOut reads both.
 */
import { ParseError } from "../errors.js";

export interface CachegrindTotals {
  /** the `cmd:` line: the program and arguments the process ran */
  command: string;
  /** Ir: instructions executed by the process, all its threads */
  instructions: number;
}

/** The summary line is the last thing cachegrind writes: without it the file is still being written. */
export function isCompleteCachegrindOut(text: string): boolean {
  return /^summary:/m.test(text);
}

/** `totals:` is the last thing callgrind writes in a dump: without it the dump is still being written. */
export function isCompleteCallgrindOut(text: string): boolean {
  return /^totals:/m.test(text);
}

export function parseCachegrindOut(raw: string): CachegrindTotals {
  const text = raw.replace(/\r\n?/g, "\n");
  const eventsLines = [...text.matchAll(/^events:((?: +\S+)+) *$/gm)];
  if (eventsLines.length !== 1) throw new ParseError(`cachegrind output has ${eventsLines.length} "events:" lines, expected 1: not a cachegrind out file?`, raw);
  const events = eventsLines[0]![1]!.trim().split(/ +/);
  const ir = events.indexOf("Ir");
  if (ir < 0) throw new ParseError(`cachegrind output counts no instructions (events: ${events.join(" ")})`, raw);
  const summaries = [...text.matchAll(/^summary:((?: +\S+)+) *$/gm)];
  if (summaries.length !== 1) {
    throw new ParseError(summaries.length === 0 ? "cachegrind output has no summary line: the process has not finished writing it" : "cachegrind output has more than one summary line", raw);
  }
  const totals = summaries[0]![1]!.trim().split(/ +/);
  if (totals.length !== events.length) throw new ParseError(`cachegrind summary has ${totals.length} totals for ${events.length} events`, raw);
  const instructions = Number(totals[ir]);
  if (!Number.isSafeInteger(instructions) || instructions <= 0) throw new ParseError(`cachegrind instruction total is not a positive count: "${totals[ir]}"`, raw);
  const command = /^cmd: (.*)$/m.exec(text)?.[1];
  if (command === undefined) throw new ParseError('cachegrind output has no "cmd:" line', raw);
  return { command, instructions };
}

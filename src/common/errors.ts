/**
 * Bad input (action inputs, config files, results files) and failures of the tool itself: the CLI and
 * the action turn these into one line and exit code 2. A regression is not an error: it is exit 1.
 */
export class InputError extends Error {
  override readonly name = "InputError";
  /** `file` and `field` are named in the one-line message so the user knows where to look. */
  constructor(
    message: string,
    readonly file?: string,
    readonly field?: string,
  ) {
    super([file, field].filter(Boolean).join(": ") + (file || field ? ": " : "") + message);
  }
}

/** A failure of a step of the pipeline (build, server, benchmark) with the lines that explain it. */
export class PipelineError extends Error {
  override readonly name: string = "PipelineError";
  constructor(
    message: string,
    readonly logExcerpt = "",
  ) {
    super(message);
  }
}

/**
 * A machine or engine that cannot count at all (valgrind not installed, an engine without a counter),
 * alike for every variant: the deterministic channel reports "n/a" with the reason, never a failure.
 */
export class CountingUnavailableError extends Error {
  override readonly name = "CountingUnavailableError";
}

/**
 * One variant's build cannot be counted (it does not start or dies under valgrind, or valgrind cannot
 * run its instructions): an error of that variant's counts, which fails the gate, and no further
 * counting of it. Not n/a: a PR must not skip the CPU channel by breaking it.
 */
export class BuildNotCountableError extends PipelineError {
  override readonly name = "BuildNotCountableError";
}

export const EXIT_OK = 0;
export const EXIT_REGRESSION = 1;
export const EXIT_ERROR = 2;

/**
 * Output of a tool (pgbench, sysbench, /proc files) that a parser did not understand. It keeps the
 * whole text so the step error can show it: a parser never turns what it cannot read into a zero.
 */
export class ParseError extends Error {
  override readonly name = "ParseError";
  constructor(
    message: string,
    readonly raw: string,
  ) {
    super(message);
  }

  /** The last lines of the text, for a step error's log excerpt. */
  excerpt(lines = 40): string {
    return this.raw.trimEnd().split("\n").slice(-lines).join("\n");
  }
}

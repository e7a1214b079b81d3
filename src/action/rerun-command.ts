/**
 * The rerun command a maintainer writes in a PR comment, on a line of its own:
 *   /db-bench-gate rerun [--rounds N] [--steps GLOB]
 * Pure: the comment's text in, the command (or why it is not one) out.
 */
export const RERUN_COMMAND = "/db-bench-gate";

/** At most this many rounds on request: a comment must not hold a runner for a day. */
export const MAX_RERUN_ROUNDS = 200;

export interface RerunCommand {
  /** rounds per re-measured step; null: the profile's */
  rounds: number | null;
  /** re-measure the steps matching this glob; null: the steps the last run found unstable */
  steps: string | null;
}

/** null: the comment holds no /db-bench-gate line (not addressed to us); error: it does, but malformed. */
export function parseRerunCommand(body: string): RerunCommand | { error: string } | null {
  const line = body.split(/\r?\n/).map((l) => l.trim()).find((l) => l === RERUN_COMMAND || l.startsWith(`${RERUN_COMMAND} `));
  if (line === undefined) return null;
  const [verb, ...args] = line.slice(RERUN_COMMAND.length).trim().split(/\s+/).filter(Boolean);
  if (verb !== "rerun") return { error: `unknown command "${verb ?? ""}": the only one is \`${RERUN_COMMAND} rerun [--rounds N] [--steps GLOB]\`` };
  const command: RerunCommand = { rounds: null, steps: null };
  for (let i = 0; i < args.length; i += 2) {
    const [flag, value] = [args[i]!, args[i + 1]];
    if (value === undefined) return { error: `${flag} needs a value` };
    if (flag === "--rounds") {
      const rounds = Number(value);
      if (!Number.isInteger(rounds) || rounds < 2 || rounds > MAX_RERUN_ROUNDS) return { error: `--rounds needs a whole number from 2 to ${MAX_RERUN_ROUNDS}, got "${value}"` };
      command.rounds = rounds;
    } else if (flag === "--steps") {
      command.steps = value;
    } else {
      return { error: `unknown option "${flag}": expected --rounds N or --steps GLOB` };
    }
  }
  return command;
}

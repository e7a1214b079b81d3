/** Text shared by the verdicts' one-sentence reasons. Pure. */

/** First line of a message, cut short: the reason is one sentence, the full message and log stay in `errors`. */
export function brief(message: string): string {
  const line = message.split("\n")[0] ?? "";
  return line.length > 100 ? `${line.slice(0, 99)}…` : line;
}

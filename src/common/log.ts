/** Progress for the person waiting: one line per thing the run does, with the time since it started. */
export interface Log {
  info(message: string): void;
  /** A collapsible group in the action's log; an indented block on a terminal. */
  group<T>(title: string, work: () => Promise<T>): Promise<T>;
}

export function consoleLog(write: (line: string) => void = (line) => process.stderr.write(line + "\n")): Log {
  const started = performance.now();
  let depth = 0;
  const stamp = () => {
    const s = Math.floor((performance.now() - started) / 1000);
    return `[${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}]`;
  };
  return {
    info: (message) => write(`${stamp()} ${"  ".repeat(depth)}${message}`),
    async group(title, work) {
      write(`${stamp()} ${"  ".repeat(depth)}${title}`);
      depth++;
      try {
        return await work();
      } finally {
        depth--;
      }
    },
  };
}

/** Runs a tool whose output is shown line by line as it comes (builds, apt-get); its failure carries the last lines. */
import { execa } from "execa";
import { PipelineError } from "../common/errors.js";
import { asUser, type OsUser } from "../trust/unprivileged.js";

export const TAIL_LINES = 50;

export interface StreamedRunOptions {
  cwd?: string;
  /** Set on top of childEnv(process.env), and shown with the command. */
  env?: Record<string, string>;
  /** Set like `env` but not shown (tool settings that would drown the command in logs). */
  quietEnv?: Record<string, string>;
  /** `$ command`, then every output line (stdout and stderr, in order). */
  onLine?: (line: string) => void;
  /** Aborting it terminates the subprocess; the abort reason is thrown. */
  signal?: AbortSignal;
  /** Runs it as this user (null or absent: the current user). */
  user?: OsUser | null;
  /** Terminates it after this long: a failure like any other, with the last lines. */
  timeoutMs?: number;
}

/** `KEY="value" file args...`, the way the command is shown in logs and errors. */
export function showCommand(file: string, args: string[], env: Record<string, string> = {}): string {
  return [...Object.entries(env).map(([name, value]) => `${name}=${JSON.stringify(value)}`), file, ...args].join(" ");
}

export async function runStreamed(file: string, args: string[], options: StreamedRunOptions = {}): Promise<void> {
  const shown = showCommand(file, args, options.env);
  options.onLine?.(`$ ${shown}`);
  const subprocess = execa(file, args, {
    cwd: options.cwd,
    ...asUser(options.user ?? null, { ...options.quietEnv, ...options.env }),
    // nothing to read: a tool that asks a question (dpkg's conffile prompt) gets end of file and fails, not a wait until the timeout
    stdin: "ignore",
    all: true,
    timeout: options.timeoutMs,
    // its own process group: what it leaves behind (make's compilers after a timeout, a daemon) goes with it
    detached: true,
    buffer: false,
    reject: false,
    cancelSignal: options.signal,
  });
  // Output ends when every process holding the pipes is gone, not when the command itself is.
  subprocess.once("exit", () => subprocess.pid !== undefined && killProcessGroup(subprocess.pid));
  const tail: string[] = [];
  for await (const line of subprocess.iterable({ from: "all" })) {
    options.onLine?.(line);
    tail.push(line);
    if (tail.length > TAIL_LINES) tail.shift();
  }
  const result = await subprocess;
  if (result.isCanceled && options.signal) throw options.signal.reason as Error;
  if (result.failed) {
    const how = result.timedOut
      ? `timed out after ${Math.round(options.timeoutMs! / 1000)} s`
      : result.exitCode !== undefined
        ? `exited with code ${result.exitCode}`
        : `was killed by ${result.signal ?? "a signal"}`;
    const cause = result.exitCode === undefined && result.signal === undefined && !result.timedOut ? `: ${result.message}` : "";
    throw new PipelineError(`\`${shown}\` ${how}${cause}`, tail.join("\n"));
  }
}

function killProcessGroup(pgid: number): void {
  try {
    process.kill(-pgid, "SIGKILL");
  } catch {
    // nothing left in it
  }
}

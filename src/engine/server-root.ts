/**
 * What every server engine keeps in one temp dir: the data dir, the live log (copied to the caller's
 * log file when the server goes), and the cleanup that stops the server and removes the dir. A failed
 * start stops everything before it throws, with the log's tail.
 */
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { execa } from "execa";
import type { CleanupHandle } from "../cleanup.js";
import { PipelineError } from "../errors.js";
import { processesUnder } from "../processes.js";
import { asUser, giveTo, unprivilegedUser, type OsUser } from "../unprivileged.js";
import { lastLines } from "./program-output.js";
import type { StartOptions } from "./types.js";

export const LOG_LINES_IN_ERRORS = 50;

export interface ServerRoot {
  readonly dataRoot: string;
  /** <dataRoot>/data: every process of the server works in it */
  readonly dataDir: string;
  readonly liveLog: string;
  readonly handle: CleanupHandle;
  /** the server's main process; 0 before it started */
  pid: number;
  isAlive(): boolean;
  logTail(lines: number): Promise<string>;
  /** Stops the server, removes the dir, then throws `message` with `detail` and the log's tail (the registry's reason when it was cancelled). */
  fail(message: string, detail: string): Promise<never>;
}

/** Who runs a server: the given user, else its trust level's. */
export function serverUser(options: Pick<StartOptions, "user" | "trust">): Promise<OsUser | null> {
  return options.user !== undefined ? Promise.resolve(options.user) : unprivilegedUser(options.trust ?? "pr");
}

/**
 * A temp dir `<workDir>/<prefix>XXXXXX` with an empty live log, owned by `user`, who must reach
 * `program` (the build's server) and write the dir: a failure says so (the cache dir or TMPDIR in a
 * private home directory).
 */
export async function makeServerRoot(
  options: Pick<StartOptions, "workDir" | "logFile" | "registry">,
  what: { prefix: string; liveLogName: string; description: string; user: OsUser | null; program: string; stop(dataDir: string): Promise<void> },
): Promise<ServerRoot> {
  const dataRoot = await mkdtemp(path.join(options.workDir ?? os.tmpdir(), what.prefix));
  const dataDir = path.join(dataRoot, "data");
  const liveLog = path.join(dataRoot, what.liveLogName);
  await mkdir(path.dirname(options.logFile), { recursive: true });
  const handle = await options.registry.register(`${what.description} in ${dataRoot}`, async () => {
    await what.stop(dataDir);
    if (existsSync(liveLog)) await copyFile(liveLog, options.logFile);
    await rm(dataRoot, { recursive: true, force: true });
  });
  const root: ServerRoot = {
    dataRoot,
    dataDir,
    liveLog,
    handle,
    pid: 0,
    isAlive: () => root.pid > 0 && processesUnder(dataDir).includes(root.pid),
    logTail: async (lines) => lastLines(await readFile(existsSync(liveLog) ? liveLog : options.logFile, "utf8").catch(() => ""), lines),
    async fail(message, detail) {
      const log = await root.logTail(LOG_LINES_IN_ERRORS);
      await handle.run();
      if (options.registry.signal.aborted) throw options.registry.signal.reason as Error;
      throw new PipelineError(message, [detail, log].filter(Boolean).join("\n--- server log ---\n"));
    },
  };
  await writeFile(liveLog, "");
  if (what.user) {
    await giveTo(what.user, dataRoot);
    const access = await execa("test", ["-x", what.program, "-a", "-w", dataRoot], { ...asUser(what.user), reject: false });
    if (access.failed) {
      await root.fail(`${path.dirname(what.program)} or ${dataRoot} is not reachable by the unprivileged user "${what.user.name}": keep the cache dir and TMPDIR out of private home directories`, "");
    }
  }
  return root;
}

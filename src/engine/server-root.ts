/**
 * What every server engine keeps in one temp dir: the data dir, the live log (copied to the caller's
 * log file when the server goes), and the cleanup that stops the server and removes the dir. A failed
 * start stops everything before it throws, with the log's tail.
 *
 * The temp dir itself stays root's (mode 0750, group the server's user's): the server's user owns only
 * what it writes (data/, socket/, tmp/, the live log), so it cannot plant a symlink where root writes
 * its own files (my.cnf, the valgrind wrapper, the counting dir), and what it wrote is read as that user
 * (src/trust/user-files.ts).
 */
import { existsSync } from "node:fs";
import { chmod, chown, mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { execa } from "execa";
import type { CleanupHandle } from "../common/cleanup.js";
import { PipelineError } from "../common/errors.js";
import { processesUnder } from "../trust/processes.js";
import { asUser, giveTo, unprivilegedUser, type OsUser } from "../trust/unprivileged.js";
import { tailAsUser } from "../trust/user-files.js";
import { removeUserTree } from "../trust/user-trees.js";
import { lastLines } from "./program-output.js";
import type { StartOptions } from "./types.js";

export const LOG_LINES_IN_ERRORS = 50;
/** The end of the live log kept in the caller's log file: the server's user decides how much it writes. */
const LOG_COPY_BYTES = 16 * 1024 * 1024;
/** What a log tail reads, for the last lines of it. */
const LOG_TAIL_BYTES = 256 * 1024;

export interface ServerRoot {
  readonly dataRoot: string;
  /** <dataRoot>/data: every process of the server works in it */
  readonly dataDir: string;
  /** <dataRoot>/socket: the server's unix socket (and its pid file), the user's */
  readonly socketDir: string;
  /** <dataRoot>/tmp: the user's, where its processes work (their cwd and TMPDIR) */
  readonly userDir: string;
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
 * A temp dir `<workDir>/<prefix>XXXXXX` with an empty live log and data, socket and temp dirs, those
 * owned by `user`, who must reach `program` (the build's server) and them: a failure says so (the
 * cache dir or TMPDIR in a private home directory).
 */
export async function makeServerRoot(
  options: Pick<StartOptions, "workDir" | "logFile" | "registry">,
  what: { prefix: string; liveLogName: string; description: string; user: OsUser | null; program: string; stop(dataDir: string, userDir: string): Promise<void> },
): Promise<ServerRoot> {
  const dataRoot = await mkdtemp(path.join(options.workDir ?? os.tmpdir(), what.prefix));
  const dataDir = path.join(dataRoot, "data");
  const socketDir = path.join(dataRoot, "socket");
  const userDir = path.join(dataRoot, "tmp");
  const liveLog = path.join(dataRoot, what.liveLogName);
  const { user } = what;
  await mkdir(path.dirname(options.logFile), { recursive: true });
  const handle = await options.registry.register(`${what.description} in ${dataRoot}`, async () => {
    await what.stop(dataDir, userDir);
    const log = await tailAsUser(user, liveLog, LOG_COPY_BYTES);
    if (log !== null) await writeFile(options.logFile, log);
    await removeUserTree(user, dataRoot);
  });
  const root: ServerRoot = {
    dataRoot,
    dataDir,
    socketDir,
    userDir,
    liveLog,
    handle,
    pid: 0,
    isAlive: () => root.pid > 0 && processesUnder(dataDir).includes(root.pid),
    logTail: async (lines) =>
      lastLines((existsSync(liveLog) ? await tailAsUser(user, liveLog, LOG_TAIL_BYTES) : await readFile(options.logFile, "utf8").catch(() => "")) ?? "", lines),
    async fail(message, detail) {
      const log = await root.logTail(LOG_LINES_IN_ERRORS);
      await handle.run();
      if (options.registry.signal.aborted) throw options.registry.signal.reason as Error;
      throw new PipelineError(message, [detail, log].filter(Boolean).join("\n--- server log ---\n"));
    },
  };
  await writeFile(liveLog, "");
  await mkdir(dataDir, { mode: 0o700 });
  await mkdir(socketDir, { mode: 0o755 });
  await mkdir(userDir, { mode: 0o700 });
  if (user) {
    await giveTo(user, dataDir, socketDir, userDir, liveLog);
    await chown(dataRoot, 0, user.gid);
    await chmod(dataRoot, 0o750);
    const access = await execa("test", ["-x", what.program, "-a", "-w", userDir], { ...asUser(user), reject: false });
    if (access.failed) {
      await root.fail(`${path.dirname(what.program)} or ${dataRoot} is not reachable by the unprivileged user "${user.name}": keep the cache dir and TMPDIR out of private home directories`, "");
    }
  }
  return root;
}

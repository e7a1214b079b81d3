/**
 * Reads and writes, by path, of files in trees the fork's code owns (a server's data dir, a build's
 * source tree, valgrind's out files), done by a small process running as the unprivileged user that
 * code runs as: with its rights, a symlink it planted at the path leads only where it could go
 * itself, where root following it would write anywhere (code execution) or show anything (a token in
 * /proc/<pid>/environ) in a log or comment. Every read has a size cap and every process a time limit
 * (a FIFO planted in a file's place would block it). Without root, `user` is null and the process
 * runs as the current user, who runs the fork's code too.
 */
import { execa } from "execa";
import { ParseError, PipelineError } from "../common/errors.js";
import { asUser, type OsUser } from "./unprivileged.js";

/** A read or write of a local file taking longer is of something planted in its place. */
const FILE_TIMEOUT_MS = 30_000;

function asUserRun(user: OsUser | null, file: string, args: string[], input?: string) {
  return execa(file, args, {
    ...asUser(user),
    ...(input === undefined ? { stdin: "ignore" as const } : { input }),
    encoding: "buffer",
    stripFinalNewline: false,
    reject: false,
    timeout: FILE_TIMEOUT_MS,
  });
}

/** Runs `file` as `user` (cp, ln, ...); PipelineError with its output when it fails. */
export async function runAsUser(user: OsUser | null, file: string, args: string[]): Promise<void> {
  const result = await asUserRun(user, file, args);
  if (result.failed) throw new PipelineError(`${file} ${args.join(" ")} as ${user?.name ?? "the current user"} failed`, Buffer.from(result.stderr).toString("utf8"));
}

/** Up to `maxBytes` of `file` from byte `offset`, read as `user`; null when it cannot (no such file, not its to read). */
export async function readAsUser(user: OsUser | null, file: string, maxBytes: number, offset = 0): Promise<Buffer | null> {
  const result = await asUserRun(user, "dd", [`if=${file}`, "bs=65536", "iflag=skip_bytes,count_bytes", `skip=${offset}`, `count=${maxBytes}`, "status=none"]);
  return result.failed ? null : Buffer.from(result.stdout);
}

/** The last `maxBytes` of `file` as text, read as `user`; null when it cannot. */
export async function tailAsUser(user: OsUser | null, file: string, maxBytes: number): Promise<string | null> {
  const result = await asUserRun(user, "tail", ["-c", String(maxBytes), "--", file]);
  return result.failed ? null : Buffer.from(result.stdout).toString("utf8");
}

/** Whether `file` exists as `user` sees it (test -e, following links as the user would). */
export async function existsAsUser(user: OsUser | null, file: string): Promise<boolean> {
  return !(await asUserRun(user, "test", ["-e", file])).failed;
}

/** The size of `file` in bytes as `user` sees it; 0 when it cannot see it (a log not written yet). */
export async function sizeAsUser(user: OsUser | null, file: string): Promise<number> {
  const result = await asUserRun(user, "stat", ["--dereference", "--format=%s", "--", file]);
  if (result.failed) return 0;
  const text = Buffer.from(result.stdout).toString("utf8");
  if (!/^\d+\n?$/.test(text)) throw new ParseError(`stat --format=%s of ${file}: expected a whole number of bytes`, text);
  return Number(text.trim());
}

/** Appends `text` to `file` as `user` (creating it); PipelineError when it cannot. */
export async function appendAsUser(user: OsUser | null, file: string, text: string): Promise<void> {
  const result = await asUserRun(user, "dd", [`of=${file}`, "oflag=append", "conv=notrunc", "status=none"], text);
  if (result.failed) throw new PipelineError(`cannot append to ${file} as ${user?.name ?? "the current user"}`, Buffer.from(result.stderr).toString("utf8"));
}

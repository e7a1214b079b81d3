/** What the engines' programs print, read alike for every engine: their version, the end of a log. */
import path from "node:path";
import { execa } from "execa";
import { asUser, type OsUser } from "../trust/unprivileged.js";

/**
 * `<binDir>/<program> --version`, the first group of `pattern` in its stdout and stderr (e.g. "15.18");
 * "unknown" when it prints none.
 */
export async function programVersion(binDir: string, program: string, user: OsUser | null, pattern: RegExp): Promise<string> {
  const result = await execa(path.join(binDir, program), ["--version"], { ...asUser(user), reject: false, timeout: 30_000 });
  return pattern.exec(`${result.stdout}\n${result.stderr}`)?.[1] ?? "unknown";
}

/** The last `lines` lines of `text`. */
export function lastLines(text: string, lines: number): string {
  return text.split("\n").filter((line, i, all) => i < all.length - 1 || line !== "").slice(-lines).join("\n");
}

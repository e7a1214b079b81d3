/** The comment's line for a PR that edits the files judging it: they were read at the base, its edits count after merge. Pure. */
import type { ChangedJudgingFile } from "../config/judging-files.js";
import { inlineCode } from "./escape.js";
import { shortSha } from "./format.js";

export function judgingFilesNote(changed: readonly ChangedJudgingFile[], base: string): string {
  if (changed.length === 0) return "";
  const what = changed.map((c) => `${c.change} ${inlineCode(c.path)}`).join(", ");
  return `\n> [!NOTE]\n> This pull request ${what}: it was judged by the base's version${changed.length === 1 ? "" : "s"} (${inlineCode(shortSha(base))}); its changes apply after merge.\n`;
}

/**
 * The comment's lines about what judged a PR: the judging files it edits (read at the base, its edits
 * count after merge), the base measured having other ones than the base tip that judged, and the
 * inputs of its own workflow that were ignored (src/action/pr-judging.ts). Pure.
 */
import type { InputName } from "../action/inputs.js";
import type { ChangedJudgingFile } from "../config/judging-files.js";
import { inlineCode } from "./escape.js";
import { shortSha } from "./format.js";

/** An input of the PR's own workflow that would have loosened its judging, and what was used instead. */
export interface IgnoredInput {
  input: InputName;
  given: string;
  base: string;
}

export function judgingFilesNote(changed: readonly ChangedJudgingFile[], base: string): string {
  if (changed.length === 0) return "";
  const what = changed.map((c) => `${c.change} ${inlineCode(c.path)}`).join(", ");
  return `\n> [!NOTE]\n> This pull request ${what}: it was judged by the base's version${changed.length === 1 ? "" : "s"} (${inlineCode(shortSha(base))}); its changes apply after merge.\n`;
}

/** The workload files a pull request adds for its profile (newWorkloadFiles): listed, not measured until merged. */
export function newWorkloadFilesNote(added: readonly string[]): string {
  if (added.length === 0) return "";
  return `\n> [!NOTE]\n> Not measured until merged: this pull request adds ${added.map((file) => inlineCode(file)).join(", ")}, named by its profile; the steps are the base's.\n`;
}

/**
 * `differ`: the judging files the commit measured as base (`compared`) has other than the base tip
 * `judged` (changedJudgingFiles from the tip to it). Empty when they are the same.
 */
export function judgedAtNote(differ: readonly ChangedJudgingFile[], judged: { ref: string; commit: string }, compared: string): string {
  if (differ.length === 0) return "";
  const tip = `${inlineCode(judged.ref)}'s tip ${inlineCode(shortSha(judged.commit))}`;
  const what = differ.map((c) => (c.change === "changes" ? `another ${inlineCode(c.path)}` : c.change === "adds" ? `${inlineCode(c.path)}, which the tip lacks` : `no ${inlineCode(c.path)}`)).join(", ");
  return `\n> [!NOTE]\n> Judged by the files at ${tip}; the base measured, ${inlineCode(shortSha(compared))}, has ${what}.\n`;
}

export function ignoredInputsNote(ignored: readonly IgnoredInput[], workflowDir: string): string {
  if (ignored.length === 0) return "";
  const lines = ignored.map((i) => `> - ${inlineCode(i.input)}: ${inlineCode(i.given)} given, the base's ${i.base} used`);
  return `\n> [!WARNING]\n> This pull request edits ${inlineCode(`${workflowDir}/`)}, so the workflow that ran is its own: its inputs that would loosen the base's judging were ignored.\n${lines.join("\n")}\n`;
}

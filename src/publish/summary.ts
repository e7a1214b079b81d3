/** The job summary (GITHUB_STEP_SUMMARY) and the step's outputs. */
import { appendFile } from "node:fs/promises";
import type * as actionsCore from "@actions/core";

/** GitHub drops a step's whole summary when it is larger than this. */
export const MAX_SUMMARY_BYTES = 1024 * 1024;

export type SummaryWrite = "written" | "too-large" | "no-file";

/**
 * Appends `markdown` to the summary file. A report over GitHub's limit is replaced by a one-line note
 * (the full report is in the results artifact and the PR comment), since GitHub would show nothing.
 */
export async function appendJobSummary(markdown: string, file: string | undefined): Promise<SummaryWrite> {
  if (!file) return "no-file";
  const bytes = Buffer.byteLength(markdown);
  if (bytes > MAX_SUMMARY_BYTES) {
    await appendFile(file, `db-bench-gate: the report (${bytes} bytes) is larger than the job summary's limit (${MAX_SUMMARY_BYTES} bytes).\n`);
    return "too-large";
  }
  await appendFile(file, markdown.endsWith("\n") ? markdown : `${markdown}\n`);
  return "written";
}

export interface ActionOutputs {
  verdict: "pass" | "fail" | "neutral";
  regressions: number;
  resultsPath: string;
  /** null when no comment was written */
  commentUrl: string | null;
}

/** Sets the outputs declared in action.yml (through GITHUB_OUTPUT). */
export function setActionOutputs(core: Pick<typeof actionsCore, "setOutput">, outputs: ActionOutputs): void {
  core.setOutput("verdict", outputs.verdict);
  core.setOutput("regressions", String(outputs.regressions));
  core.setOutput("results-path", outputs.resultsPath);
  core.setOutput("comment-url", outputs.commentUrl ?? "");
}

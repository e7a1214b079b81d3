/** Where a mode's report goes: the job summary, the sticky PR comment and the step's outputs; then the gate. */
import path from "node:path";
import { decideGate, gateMessage } from "../compare/gate.js";
import type { Comparison } from "../compare/types.js";
import { upsertStickyComment } from "../publish/comment.js";
import { appendJobSummary, setActionOutputs } from "../publish/summary.js";
import { commentMarker } from "../report/markdown.js";
import type { ModeContext } from "./context.js";

/** Writes the report everywhere it goes; `gate`: the comparisons that pass or fail the check (none: neutral). */
export async function publishReport(ctx: ModeContext, markdown: string, gate: Comparison[], prNumber: number | null, profile: string): Promise<void> {
  const { core } = ctx;
  const summary = await appendJobSummary(markdown, ctx.env.GITHUB_STEP_SUMMARY);
  if (summary !== "written") core.info(`job summary: ${summary}`);
  let commentUrl: string | null = null;
  if (ctx.inputs.comment && prNumber !== null) {
    if (!ctx.github) {
      core.warning("no token: the PR comment was not written");
    } else {
      const { client, repo } = ctx.github;
      const comment = await upsertStickyComment(client, { ...repo, issueNumber: prNumber, marker: commentMarker(profile), body: markdown, author: await ctx.github.author() });
      commentUrl = comment.url;
      core.info(`PR comment ${comment.action}: ${comment.url}`);
    }
  }
  const decision = gate.length === 0 ? null : decideGate(gate, ctx.inputs.failOn);
  setActionOutputs(core, { verdict: decision?.verdict ?? "neutral", regressions: decision?.regressions ?? 0, resultsPath: path.resolve(ctx.inputs.resultsPath), commentUrl });
  if (decision?.verdict === "fail") core.setFailed(gateMessage(decision));
}

/** Where a mode's report goes: the job summary, the sticky PR comment and the step's outputs; then the gate. */
import path from "node:path";
import { decideGate, gateMessage, type GateDecision } from "../compare/gate.js";
import type { Acceptance, Comparison } from "../compare/types.js";
import { findStickyComment, upsertStickyComment } from "../publish/comment.js";
import { appendJobSummary, setActionOutputs } from "../publish/summary.js";
import { commentMarker, measuringBody } from "../report/markdown.js";
import type { ModeContext } from "./context.js";
import type { CommentPolicy } from "./inputs.js";

/**
 * Whether this run's report warrants a new comment under the policy: always; on-change when any step
 * was not unchanged in either channel; on-regression when the check fails or regressions were accepted.
 * An existing comment is updated under every policy but never, so that it does not keep stale numbers.
 */
export function commentWanted(policy: CommentPolicy, decision: GateDecision | null, comparisons: readonly Comparison[]): boolean {
  switch (policy) {
    case "always":
      return true;
    case "never":
      return false;
    case "on-regression":
      return decision !== null && (decision.verdict === "fail" || decision.accepted !== null);
    case "on-change":
      return comparisons.some((c) => c.steps.some((s) => s.variants.some((v) => v.verdict !== "unchanged" || (v.instructions && !["unchanged", "n/a"].includes(v.instructions.verdict)))));
  }
}

export interface Report {
  markdown: string;
  /** the comparisons that pass or fail the check (none: neutral) */
  comparisons: Comparison[];
  prNumber: number | null;
  profile: string;
  acceptance?: Acceptance | null;
}

/** Writes the report everywhere it goes, then gates. */
export async function publishReport(ctx: ModeContext, report: Report): Promise<void> {
  const { core } = ctx;
  const { markdown, comparisons, prNumber, profile } = report;
  const summary = await appendJobSummary(markdown, ctx.env.GITHUB_STEP_SUMMARY);
  if (summary !== "written") core.info(`job summary: ${summary}`);
  const decision = comparisons.length === 0 ? null : decideGate(comparisons, ctx.inputs.failOn, report.acceptance ?? null);
  let commentUrl: string | null = null;
  if (ctx.inputs.comment !== "never" && prNumber !== null) {
    if (!ctx.github) {
      core.warning("no token: the PR comment was not written");
    } else {
      const { client, repo } = ctx.github;
      const create = commentWanted(ctx.inputs.comment, decision, comparisons);
      const comment = await upsertStickyComment(client, { ...repo, issueNumber: prNumber, marker: commentMarker(profile), body: markdown, author: await ctx.github.author(), create });
      commentUrl = comment?.url ?? null;
      core.info(comment ? `PR comment ${comment.action}: ${comment.url}` : `no PR comment: nothing to report under comment: ${ctx.inputs.comment}`);
    }
  }
  if (decision?.accepted) core.info(`${decision.accepted.summary} accepted by ${decision.accepted.by} (label "${decision.accepted.label}"): ${decision.accepted.steps.join(", ")}`);
  setActionOutputs(core, { verdict: decision?.verdict ?? "neutral", regressions: decision?.regressions ?? 0, resultsPath: path.resolve(ctx.inputs.resultsPath), commentUrl });
  if (decision?.verdict === "fail") core.setFailed(gateMessage(decision));
}

/** Nothing was measured (skipped, or nothing to do): the outputs say neutral, the step passes. */
export function neutralOutputs(ctx: ModeContext): void {
  setActionOutputs(ctx.core, { verdict: "neutral", regressions: 0, resultsPath: path.resolve(ctx.inputs.resultsPath), commentUrl: null });
}

/** A PR this runner must not build (a fork's): the verdict is neutral and the step fails, saying why. */
export function refuseToBuild(ctx: ModeContext, message: string): void {
  ctx.core.setOutput("verdict", "neutral");
  ctx.core.setFailed(message);
}

/**
 * Marks the PR's existing comment "⏳ measuring <sha>" above its previous numbers while this run
 * measures, so they are not read as the new head's. No comment yet, or comment: never: nothing to mark.
 */
export async function markMeasuring(ctx: ModeContext, prNumber: number, profile: string, sha: string, runUrl: string | null): Promise<void> {
  if (ctx.inputs.comment === "never" || !ctx.github) return;
  const { client, repo } = ctx.github;
  // a courtesy before measuring: an API that fails here must not cost the measurement (publishing after it reports its own errors)
  try {
    const target = { ...repo, issueNumber: prNumber, marker: commentMarker(profile), author: await ctx.github.author() };
    const existing = await findStickyComment(client, target);
    if (!existing) return;
    await upsertStickyComment(client, { ...target, body: measuringBody(existing.body, profile, sha, runUrl), found: existing });
    ctx.core.info(`PR comment marked as measuring ${sha.slice(0, 12)}: ${existing.url}`);
  } catch (err) {
    ctx.core.warning(`could not mark the PR comment as measuring: ${(err as Error).message.split("\n")[0]}`);
  }
}

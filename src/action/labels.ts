/**
 * The labels maintainers steer a PR's run with: the skip label (measure nothing) and the accept label
 * (the check passes despite regressions). Each counts only when the PR's timeline says someone with
 * triage rights or above set it; the accept label, like the trusted label, only for the head it was set on.
 * A pull_request event carries the PR's labels; a rerun (issue_comment) and a workflow_run read them from
 * the pulls API (pullRequestLabels).
 */
import type { Acceptance } from "../compare/types.js";
import type { Results } from "../results/schema.js";
import type { GitHubAccess, ModeContext } from "./context.js";
import { carriesLabel, setByMaintainer, type LabelledPullRequest } from "./fork-policy.js";
import { checkTrustedLabel } from "./trusted-label.js";

type Pull = Awaited<ReturnType<GitHubAccess["client"]["rest"]["pulls"]["get"]>>["data"];

/** A PR as the pulls API reports it, for a run whose event does not carry its labels; `action`: the event's (no label set it). */
export function labelledPull(pull: Pull, action: string): LabelledPullRequest {
  return { number: pull.number, action, label: null, labels: pull.labels.map((l) => l.name), head: { ref: pull.head.ref, sha: pull.head.sha, repo: pull.head.repo?.full_name ?? null } };
}

/** PR `number` as the pulls API reports it now (labelledPull). */
export async function pullRequestLabels(github: GitHubAccess, number: number, action: string): Promise<LabelledPullRequest> {
  const { data: pull } = await github.client.rest.pulls.get({ ...github.repo, pull_number: number });
  return labelledPull(pull, action);
}

/** Who set `label` on the PR, when it counts; null when the PR does not carry it or it does not count (the log says why). */
async function maintainerLabel(ctx: ModeContext, pr: LabelledPullRequest, label: string, rule: "since-last-push" | "any-time"): Promise<string | null> {
  if (!carriesLabel(pr, label)) return null;
  if (!ctx.github) {
    ctx.core.warning(`the PR carries the label "${label}", but without a token the timeline that says who set it cannot be read: ignored`);
    return null;
  }
  const outcome = setByMaintainer(label, await checkTrustedLabel(ctx.github.client, ctx.github.repo, pr, label, rule));
  if ("by" in outcome) return outcome.by;
  ctx.core.warning(`the label "${label}" does not count: ${outcome.why}`);
  return null;
}

/** Why this PR is not measured (the skip input, or the skip label set by a maintainer); null: measure it. */
export async function skipReason(ctx: ModeContext, pr: LabelledPullRequest | null): Promise<string | null> {
  if (ctx.inputs.skip) return "the input skip is true";
  const by = pr ? await maintainerLabel(ctx, pr, ctx.inputs.skipLabel, "any-time") : null;
  return by ? `${by} set the label "${ctx.inputs.skipLabel}"` : null;
}

/** The accept label, when set by a maintainer after the last push: the PR's regressions are accepted. */
export async function acceptanceOf(ctx: ModeContext, pr: LabelledPullRequest | null): Promise<Acceptance | null> {
  const label = ctx.inputs.acceptLabel;
  const by = pr ? await maintainerLabel(ctx, pr, label, "since-last-push") : null;
  return by ? { label, by } : null;
}

/** The results as the acceptance stands now: recorded when the label counts, dropped when it no longer does (a rerun's earlier results may carry it). */
export function withAcceptance(results: Results, acceptance: Acceptance | null): Results {
  const { accepted: _earlier, ...run } = results.run;
  return { ...results, run: acceptance ? { ...run, accepted: acceptance } : run };
}

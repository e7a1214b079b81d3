/**
 * The labels maintainers steer a PR's run with: the skip label (measure nothing) and the accept label
 * (the check passes despite regressions). Each counts only when the PR's timeline says someone with
 * triage rights or above set it; the accept label, like the trusted label, only for the head it was set on.
 */
import type { Acceptance } from "../compare/gate.js";
import type { ModeContext } from "./context.js";
import type { PullRequestEvent } from "./event.js";
import { carriesLabel, setByMaintainer } from "./fork-policy.js";
import { checkTrustedLabel } from "./trusted-label.js";

/** Who set `label` on the PR, when it counts; null when the PR does not carry it or it does not count (the log says why). */
async function maintainerLabel(ctx: ModeContext, event: PullRequestEvent, label: string, rule: "since-last-push" | "any-time"): Promise<string | null> {
  if (!carriesLabel(event, label)) return null;
  if (!ctx.github) {
    ctx.core.warning(`the PR carries the label "${label}", but without a token the timeline that says who set it cannot be read: ignored`);
    return null;
  }
  const outcome = setByMaintainer(label, await checkTrustedLabel(ctx.github.client, ctx.github.repo, event, label, rule));
  if ("by" in outcome) return outcome.by;
  ctx.core.warning(`the label "${label}" does not count: ${outcome.why}`);
  return null;
}

/** Why this PR is not measured (the skip input, or the skip label set by a maintainer); null: measure it. */
export async function skipReason(ctx: ModeContext, event: PullRequestEvent | null): Promise<string | null> {
  if (ctx.inputs.skip) return "the input skip is true";
  const by = event ? await maintainerLabel(ctx, event, ctx.inputs.skipLabel, "any-time") : null;
  return by ? `${by} set the label "${ctx.inputs.skipLabel}"` : null;
}

/** The accept label, when set by a maintainer after the last push: the PR's regressions are accepted. */
export async function acceptanceOf(ctx: ModeContext, event: PullRequestEvent | null): Promise<Acceptance | null> {
  const label = ctx.inputs.acceptLabel;
  const by = event ? await maintainerLabel(ctx, event, label, "since-last-push") : null;
  return by ? { label, by } : null;
}

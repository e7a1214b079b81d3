/**
 * Whether the action may build a pull request's code. On self-hosted runners a fork's PR runs its
 * author's code (configure scripts, Makefiles, the server) on the maintainers' machine, so by default it
 * is refused. Pure.
 */
import type { PullRequestEvent } from "./event.js";

export const TWO_WORKFLOW_DOC = "docs/examples/comment-from-fork.yml";

export interface ForkPolicyOptions {
  allowForkPrs: boolean;
  trustedLabel: string | null;
}

export type ForkDecision =
  | { allowed: true; why: "same-repository" | "allow-fork-prs" | "trusted-label" }
  | { allowed: false; message: string };

export function decideForkPolicy(event: PullRequestEvent, options: ForkPolicyOptions): ForkDecision {
  if (!event.isFork) return { allowed: true, why: "same-repository" };
  if (options.allowForkPrs) return { allowed: true, why: "allow-fork-prs" };
  const label = options.trustedLabel;
  // label names are unique regardless of case on GitHub
  if (label && event.labels.some((l) => l.toLowerCase() === label.toLowerCase())) return { allowed: true, why: "trusted-label" };

  const from = event.head.repo ? `the fork ${event.head.repo}` : "a deleted fork";
  const labelWay = label
    ? `or have a maintainer add the label "${label}" (the trusted-label input) to this PR after reviewing its code`
    : 'or set `trusted-label: <label>` and have a maintainer add that label to a PR after reviewing its code';
  return {
    allowed: false,
    message:
      `Refusing to build pull request #${event.number} from ${from}: its code would run on this runner. ` +
      `To measure pull requests from forks, set \`allow-fork-prs: true\` in the step's \`with:\` (every fork PR is then built), ` +
      `${labelWay}. ` +
      `To comment on fork PRs without giving their workflow a write token, use the two-workflow pattern (${TWO_WORKFLOW_DOC}).`,
  };
}

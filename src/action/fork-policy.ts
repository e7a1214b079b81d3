/**
 * Whether the action may build a pull request's code. On self-hosted runners a fork's PR runs its
 * author's code (configure scripts, Makefiles, the server) on the maintainers' machine, so by default it
 * is refused; the trusted label allows the commit a maintainer reviewed, not later pushes. Pure.
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

/** The PR's timeline (GET .../issues/N/timeline), reduced to what says when its head moved and who labelled it. */
export type TimelineItem =
  | { event: "labeled" | "unlabeled"; label: string; actor: string | null; at: string }
  /** a commit added to the head; the REST timeline gives no push time for it, only its place in the list */
  | { event: "committed"; sha: string }
  /** the head moved without a commit item (force push, restored branch), or the PR was reopened */
  | { event: "head_ref_force_pushed" | "head_ref_restored" | "reopened"; at: string }
  | { event: "other" };

/**
 * What a label check reads of a PR: its number, labels and head, and the event that started this run
 * (its action, and the label a `labeled` event set).
 */
export type LabelledPullRequest = Pick<PullRequestEvent, "number" | "labels" | "action" | "label" | "head">;

/** A move of the PR's head branch as the repository activity API records it: where it pointed after, and when (GitHub's clock). */
export interface HeadUpdate {
  after: string;
  at: string;
}

/** Roles that can label a PR (labelling needs triage); GitHub's role_name of the collaborator permission API. */
export const LABELLING_ROLES: readonly string[] = ["triage", "write", "maintain", "admin"];

/** Whether the trusted label counts for the head this run builds, and if so who set it (to check their rights). */
export type LabelStanding = { counts: true; labeler: string } | { counts: false; why: string };

const sameLabel = (a: string, b: string) => a.toLowerCase() === b.toLowerCase(); // label names are unique regardless of case on GitHub

/** Whether a role may label PRs (triage or above). */
const mayLabel = (role: string | null): boolean => role !== null && LABELLING_ROLES.includes(role);

/** Why a labeller's role does not count: "has the role read on this repository, not triage or above". */
const roleShortfall = (role: string | null): string => `has ${role === null ? "no role that could be read" : `the role ${role}`} on this repository, not triage or above`;

/** Whether the PR carries `label` in the event (the timeline then says who set it). */
export function carriesLabel(event: LabelledPullRequest, label: string): boolean {
  return event.labels.some((l) => sameLabel(l, label));
}

/** Whether the PR carries the trusted label in the event (the timeline then says whether it counts). */
export function carriesTrustedLabel(event: PullRequestEvent, options: ForkPolicyOptions): boolean {
  const label = options.trustedLabel;
  return event.isFork && !options.allowForkPrs && label !== null && carriesLabel(event, label);
}

/** The last `labeled` event of `label`, unless removed after it: its index in the timeline, who set it and when. */
function lastLabeled(label: string, timeline: readonly TimelineItem[]): { index: number; actor: string | null; at: string } | { counts: false; why: string } {
  const index = timeline.findLastIndex((i) => i.event === "labeled" && sameLabel(i.label, label));
  const labeled = timeline[index];
  if (!labeled || labeled.event !== "labeled") return { counts: false, why: `the PR's timeline has no "labeled" event for "${label}"` };
  if (timeline.slice(index + 1).some((i) => i.event === "unlabeled" && sameLabel(i.label, label))) return { counts: false, why: `the label "${label}" was removed after it was set` };
  return { index, actor: labeled.actor, at: labeled.at };
}

/** This run was started by setting `label`: its event's payload holds the head the PR had then. */
export function startedByLabel(event: LabelledPullRequest, label: string): boolean {
  return event.action === "labeled" && event.label !== null && sameLabel(event.label, label);
}

/**
 * Why it is not known that the run's head is the one `label` was set on (null: it is). GitHub records that
 * head in the `labeled` event's payload, so the run that event starts knows it. Any other run (another
 * label, a reopen, a rerun, report mode) asks the head branch's activity: the last push strictly before
 * the label (GitHub's times, not the commits' own dates, which the pusher chooses) must have left the
 * branch at this head. `updates` null: the activity could not be read.
 */
function headUnproven(event: LabelledPullRequest, label: string, labeledAt: string, updates: readonly HeadUpdate[] | null): string | null {
  if (startedByLabel(event, label)) return null;
  if (updates === null) return `this run was not started by setting it, and the head branch's pushes could not be read to tell which head it was set on`;
  const setAt = Date.parse(labeledAt);
  const last = updates.filter((u) => Date.parse(u.at) < setAt).sort((a, b) => Date.parse(b.at) - Date.parse(a.at))[0];
  if (!last) return `the head branch's activity shows no push before it was set`;
  if (last.after !== event.head.sha) return `it was set when the head was ${last.after.slice(0, 12)}`;
  return null;
}

const setBy = (label: string, actor: string | null): LabelStanding =>
  actor ? { counts: true, labeler: actor } : { counts: false, why: `the timeline does not say who set the label "${label}"` };

/**
 * The trusted label (and the accept label) counts only for the head commit it was set on (headUnproven):
 * the timeline's order cannot tell, since GitHub sorts commits by their own dates, which a backdated push
 * chooses. A `synchronize` run is a push, hence after any label set before it; a commit or a move of the
 * head listed after the label is one more sign of a later push. Pure.
 */
export function trustedLabelStanding(event: LabelledPullRequest, label: string, timeline: readonly TimelineItem[], headUpdates: readonly HeadUpdate[] | null): LabelStanding {
  if (event.action === "synchronize") return { counts: false, why: `this run was started by a push to the PR, which came after the label "${label}" was set` };
  const last = lastLabeled(label, timeline);
  if ("why" in last) return last;
  const moved = timeline.slice(last.index + 1).find((i) => i.event === "committed" || i.event === "head_ref_force_pushed" || i.event === "head_ref_restored" || i.event === "reopened");
  if (moved) {
    const what = moved.event === "committed" ? `commit ${moved.sha.slice(0, 12)} was pushed` : `the PR was ${moved.event.replace(/_/g, " ")}`;
    return { counts: false, why: `${what} after the label "${label}" was set` };
  }
  const unproven = headUnproven(event, label, last.at, headUpdates);
  if (unproven) return { counts: false, why: `the label "${label}" may have been set on another head: ${unproven}` };
  return setBy(label, last.actor);
}

/** Who set a label the PR carries whatever was pushed since (the skip label): the last `labeled` event, unless removed after it. Pure. */
export function labelSetter(label: string, timeline: readonly TimelineItem[]): LabelStanding {
  const last = lastLabeled(label, timeline);
  return "why" in last ? last : setBy(label, last.actor);
}

/** Whether a label check found it set by someone who may label PRs (triage or above); why not, when not. */
export function setByMaintainer(label: string, check: { standing: LabelStanding; role: string | null }): { by: string } | { why: string } {
  const { standing, role } = check;
  if (!standing.counts) return { why: standing.why };
  if (mayLabel(role)) return { by: standing.labeler };
  return { why: `${standing.labeler}, who set the label "${label}", ${roleShortfall(role)}` };
}

/**
 * `label`: for a PR that carries the trusted label, whether it counts (trustedLabelStanding) and the
 * labeller's role (null when it could not be read); ignored otherwise.
 */
export function decideForkPolicy(event: PullRequestEvent, options: ForkPolicyOptions, labelCheck: { standing: LabelStanding; role: string | null } | null = null): ForkDecision {
  if (!event.isFork) return { allowed: true, why: "same-repository" };
  if (options.allowForkPrs) return { allowed: true, why: "allow-fork-prs" };
  let notCounted = "";
  if (carriesTrustedLabel(event, options)) {
    const { standing, role } = labelCheck ?? { standing: null, role: null };
    if (standing?.counts && mayLabel(role)) return { allowed: true, why: "trusted-label" };
    notCounted = !standing
      ? "The trusted label could not be checked (no token to read the PR's timeline). "
      : !standing.counts
        ? `The trusted label does not count for head ${event.head.sha.slice(0, 12)}: ${standing.why}. `
        : `The trusted label does not count: ${standing.labeler}, who set it, ${roleShortfall(role)}. `;
  }

  const from = event.head.repo ? `the fork ${event.head.repo}` : "a deleted fork";
  const label = options.trustedLabel;
  const labelWay = label
    ? `or have a maintainer (re)add the label "${label}" (the trusted-label input) to this PR after reviewing its latest push`
    : 'or set `trusted-label: <label>` and have a maintainer add that label to a PR after reviewing its code';
  return {
    allowed: false,
    message:
      `Refusing to build pull request #${event.number} from ${from}: its code would run on this runner. ` +
      notCounted +
      `To measure pull requests from forks, set \`allow-fork-prs: true\` in the step's \`with:\` (every fork PR is then built), ` +
      `${labelWay}. ` +
      `To comment on fork PRs without giving their workflow a write token, use the two-workflow pattern (${TWO_WORKFLOW_DOC}).`,
  };
}

/**
 * What the trusted-label check reads from GitHub: the PR's timeline and the labeller's role. Thin: the
 * decision is fork-policy.ts's.
 */
import type { GitHubClient, RepoRef } from "../publish/github.js";
import { labelSetter, startedByLabel, trustedLabelStanding, type HeadUpdate, type LabelledPullRequest, type LabelStanding, type TimelineItem } from "./fork-policy.js";

/** Timeline items are a union of many shapes; only these fields are read. */
interface RawTimelineItem {
  event?: string;
  sha?: string;
  created_at?: string;
  actor?: { login?: string } | null;
  label?: { name?: string };
}

export function timelineItem(raw: RawTimelineItem): TimelineItem {
  switch (raw.event) {
    case "labeled":
    case "unlabeled":
      return { event: raw.event, label: raw.label?.name ?? "", actor: raw.actor?.login ?? null, at: raw.created_at ?? "" };
    case "committed":
      return { event: "committed", sha: raw.sha ?? "" };
    case "head_ref_force_pushed":
    case "head_ref_restored":
    case "reopened":
      return { event: raw.event, at: raw.created_at ?? "" };
    default:
      return { event: "other" };
  }
}

/**
 * The moves of the PR's head branch (GET /repos/{head repo}/activity?ref=refs/heads/{branch}: pushes,
 * force pushes, creation, with GitHub's time of each); null when they cannot be read (a deleted fork,
 * no access).
 */
export async function headBranchUpdates(client: GitHubClient, head: LabelledPullRequest["head"]): Promise<HeadUpdate[] | null> {
  if (!head.repo) return null;
  const [owner = "", repo = ""] = head.repo.split("/");
  try {
    const activity = await client.paginate(client.rest.repos.listActivities, { owner, repo, ref: `refs/heads/${head.ref}`, per_page: 100 });
    return activity.map((a) => ({ after: a.after, at: a.timestamp }));
  } catch (e) {
    if ([403, 404, 422].includes((e as { status?: number }).status ?? 0)) return null;
    throw e;
  }
}

/**
 * Reads the PR's whole timeline (every page), decides whether the label counts, and reads the labeller's
 * role. `rule`: "since-last-push" (the trusted and the accept label vouch for the head they were set on;
 * unless this run was started by setting it, the head branch's activity says which head that was) or
 * "any-time" (the skip label stays whatever is pushed).
 */
export async function checkTrustedLabel(
  client: GitHubClient,
  repo: RepoRef,
  event: LabelledPullRequest,
  label: string,
  rule: "since-last-push" | "any-time" = "since-last-push",
): Promise<{ standing: LabelStanding; role: string | null }> {
  const raw = await client.paginate(client.rest.issues.listEventsForTimeline, { ...repo, issue_number: event.number, per_page: 100 });
  const timeline = (raw as RawTimelineItem[]).map(timelineItem);
  const standing =
    rule === "since-last-push"
      ? trustedLabelStanding(event, label, timeline, startedByLabel(event, label) ? null : await headBranchUpdates(client, event.head))
      : labelSetter(label, timeline);
  if (!standing.counts) return { standing, role: null };
  return { standing, role: await roleOf(client, repo, standing.labeler) };
}

/** The login's role on the repository (role_name of the collaborator permission API); null for an app's bot or a deleted account. */
export async function roleOf(client: GitHubClient, repo: RepoRef, login: string): Promise<string | null> {
  return client.rest.repos
    .getCollaboratorPermissionLevel({ ...repo, username: login })
    .then(({ data }) => data.role_name)
    .catch((e: { status?: number }) => {
      if (e.status === 404) return null;
      throw e;
    });
}

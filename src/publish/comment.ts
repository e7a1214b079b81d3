/**
 * The sticky PR comment: one per PR and profile, found again by its author (the token's identity) and
 * the hidden marker at the start of its body (commentMarker of src/report/markdown.ts), created once,
 * then updated. Anyone can write the marker into a comment: only ours is edited.
 */
import { isMarkedBy, markedBody, type GitHubClient, type RepoRef } from "./github.js";

export type UpsertAction = "created" | "updated" | "unchanged";

export interface StickyCommentResult {
  id: number;
  url: string;
  action: UpsertAction;
}

type StickyTarget = RepoRef & { issueNumber: number; marker: string; author: string };

export interface StickyComment {
  id: number;
  url: string;
  body: string;
}

/** The PR's comment of `author` starting with `marker` (the oldest, if several); walks every page of the PR's comments. */
export async function findStickyComment(client: GitHubClient, target: StickyTarget): Promise<StickyComment | null> {
  const { owner, repo, issueNumber, marker, author } = target;
  const pages = client.paginate.iterator(client.rest.issues.listComments, { owner, repo, issue_number: issueNumber, per_page: 100 });
  for await (const { data: comments } of pages) {
    const existing = comments.find((c) => isMarkedBy(c, author, marker));
    if (existing) return { id: existing.id, url: existing.html_url, body: existing.body ?? "" };
  }
  return null;
}

/**
 * Updates the sticky comment, or creates it when there is none and `create` (default) allows; does not
 * write when the body is already identical. null: there was none and none was created. `found`: the
 * comment findStickyComment already found, not looked for again.
 */
export async function upsertStickyComment(
  client: GitHubClient,
  target: StickyTarget & { body: string; create?: boolean; found?: StickyComment },
): Promise<StickyCommentResult | null> {
  const { owner, repo, issueNumber, marker } = target;
  const body = markedBody(marker, target.body);
  const existing = target.found ?? (await findStickyComment(client, target));
  if (existing) {
    if (existing.body === body) return { id: existing.id, url: existing.url, action: "unchanged" };
    const { data } = await client.rest.issues.updateComment({ owner, repo, comment_id: existing.id, body });
    return { id: data.id, url: data.html_url, action: "updated" };
  }
  if (target.create === false) return null;
  const { data } = await client.rest.issues.createComment({ owner, repo, issue_number: issueNumber, body });
  return { id: data.id, url: data.html_url, action: "created" };
}

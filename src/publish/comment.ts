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

/**
 * Creates the PR's comment of `author` starting with `marker`, or updates the existing one (the oldest,
 * if several); does not write when the body is already identical. Walks every page of the PR's comments.
 */
export async function upsertStickyComment(
  client: GitHubClient,
  target: RepoRef & { issueNumber: number; marker: string; body: string; author: string },
): Promise<StickyCommentResult> {
  const { owner, repo, issueNumber, marker, author } = target;
  const body = markedBody(marker, target.body);
  const pages = client.paginate.iterator(client.rest.issues.listComments, { owner, repo, issue_number: issueNumber, per_page: 100 });
  for await (const { data: comments } of pages) {
    const existing = comments.find((c) => isMarkedBy(c, author, marker));
    if (!existing) continue;
    if (existing.body === body) return { id: existing.id, url: existing.html_url, action: "unchanged" };
    const { data } = await client.rest.issues.updateComment({ owner, repo, comment_id: existing.id, body });
    return { id: data.id, url: data.html_url, action: "updated" };
  }
  const { data } = await client.rest.issues.createComment({ owner, repo, issue_number: issueNumber, body });
  return { id: data.id, url: data.html_url, action: "created" };
}

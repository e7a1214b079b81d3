/**
 * The sticky PR comment: one per PR and profile, found again by its hidden marker (commentMarker of
 * src/report/markdown.ts, which the rendered body carries), created once, then updated.
 */
import { markedBody, type GitHubClient, type RepoRef } from "./github.js";

export type UpsertAction = "created" | "updated" | "unchanged";

export interface StickyCommentResult {
  id: number;
  url: string;
  action: UpsertAction;
}

/**
 * Creates the PR's comment carrying `marker`, or updates the existing one (the oldest, if several);
 * does not write when the body is already identical. Walks every page of the PR's comments.
 */
export async function upsertStickyComment(
  client: GitHubClient,
  target: RepoRef & { issueNumber: number; marker: string; body: string },
): Promise<StickyCommentResult> {
  const { owner, repo, issueNumber, marker } = target;
  const body = markedBody(marker, target.body);
  const pages = client.paginate.iterator(client.rest.issues.listComments, { owner, repo, issue_number: issueNumber, per_page: 100 });
  for await (const { data: comments } of pages) {
    const existing = comments.find((c) => c.body?.includes(marker));
    if (!existing) continue;
    if (existing.body === body) return { id: existing.id, url: existing.html_url, action: "unchanged" };
    const { data } = await client.rest.issues.updateComment({ owner, repo, comment_id: existing.id, body });
    return { id: data.id, url: data.html_url, action: "updated" };
  }
  const { data } = await client.rest.issues.createComment({ owner, repo, issue_number: issueNumber, body });
  return { id: data.id, url: data.html_url, action: "created" };
}

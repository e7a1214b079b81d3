/**
 * The flags report's issue: one open issue per profile, found again by its author (the token's
 * identity) and the hidden marker at the start of its body, and updated each week.
 */
import { isMarkedBy, markedBody, type GitHubClient, type RepoRef } from "./github.js";
import type { UpsertAction } from "./comment.js";

export interface MarkedIssueResult {
  number: number;
  url: string;
  /** "left-closed": with `closedToo`, the marked issue was closed by someone, and stays so */
  action: UpsertAction | "left-closed";
}

/** The hidden marker of the flags issue of one profile (encoded like the comment's: no `-->` inside). */
export function flagsIssueMarker(profile: string): string {
  return `<!-- db-bench-gate:flags=${encodeURIComponent(profile)} -->`;
}

/** The hidden marker of the history's alert of one profile and architecture about one first bad commit. */
export function alertIssueMarker(key: string, firstBad: string): string {
  return `<!-- db-bench-gate:alert=${encodeURIComponent(key)}@${firstBad} -->`;
}

/**
 * Updates the open issue of `author` whose body starts with `marker` (title and body), or creates it.
 * Only `author`'s issues are listed (and with `label`, only those with that label), and a new issue
 * gets the label; closing the issue makes the next run open a new one, unless `closedToo`: then a
 * closed one is left closed (an alert someone dealt with is not raised again).
 */
export async function upsertMarkedIssue(
  client: GitHubClient,
  target: RepoRef & { marker: string; title: string; body: string; author: string; label?: string; closedToo?: boolean },
): Promise<MarkedIssueResult> {
  const { owner, repo, marker, title, label, author } = target;
  const body = markedBody(marker, target.body);
  const pages = client.paginate.iterator(client.rest.issues.listForRepo, {
    owner,
    repo,
    state: target.closedToo ? "all" : "open",
    creator: author,
    per_page: 100,
    ...(label ? { labels: label } : {}),
  });
  for await (const { data: issues } of pages) {
    // the issues listing includes pull requests
    const existing = issues.find((i) => !i.pull_request && isMarkedBy(i, author, marker));
    if (!existing) continue;
    if (existing.state === "closed") return { number: existing.number, url: existing.html_url, action: "left-closed" };
    if (existing.body === body && existing.title === title) return { number: existing.number, url: existing.html_url, action: "unchanged" };
    const { data } = await client.rest.issues.update({ owner, repo, issue_number: existing.number, title, body });
    return { number: data.number, url: data.html_url, action: "updated" };
  }
  const { data } = await client.rest.issues.create({ owner, repo, title, body, ...(label ? { labels: [label] } : {}) });
  return { number: data.number, url: data.html_url, action: "created" };
}

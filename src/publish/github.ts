/** The GitHub REST client and what the sticky comment and the flags issue share. */
import { getOctokit } from "@actions/github";
import { InputError, PipelineError } from "../errors.js";
import { COMMENT_LIMIT } from "../report/markdown.js";

export type GitHubClient = ReturnType<typeof getOctokit>;

export interface RepoRef {
  owner: string;
  repo: string;
}

/**
 * An authenticated client for `apiUrl` (GITHUB_API_URL: https://api.github.com, a GHES host, or a test
 * server on loopback).
 */
export function createGitHubClient(token: string, apiUrl = "https://api.github.com"): GitHubClient {
  return getOctokit(token, { baseUrl: apiUrl.replace(/\/+$/, "") });
}

/** "owner/name" (GITHUB_REPOSITORY) as a RepoRef. */
export function parseRepository(fullName: string | undefined): RepoRef {
  const m = /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)$/.exec(fullName ?? "");
  if (!m) throw new InputError(`expected owner/name, got ${JSON.stringify(fullName ?? "")}`, undefined, "GITHUB_REPOSITORY");
  return { owner: m[1]!, repo: m[2]! };
}

/** The login GitHub shows as the author of what the workflow's GITHUB_TOKEN writes. */
export const ACTIONS_BOT_LOGIN = "github-actions[bot]";

/**
 * The login of the token's identity, the author of every comment and issue it writes: GET /user for a
 * user's token; GitHub App installation tokens (GITHUB_TOKEN included) get 403 there, and GraphQL's
 * viewer names their bot ("<app>[bot]"). When neither answers, GITHUB_TOKEN's bot: a wrong guess only
 * means a new comment is created, never that someone else's is edited.
 */
export async function tokenLogin(client: GitHubClient): Promise<{ login: string; how: string }> {
  try {
    const { data } = await client.rest.users.getAuthenticated();
    return { login: data.login, how: "GET /user" };
  } catch (e) {
    if ((e as { status?: number }).status !== 403) throw e;
  }
  try {
    const { viewer } = await client.graphql<{ viewer: { login: string } }>("query { viewer { login } }");
    return { login: viewer.login, how: "GraphQL viewer" };
  } catch (e) {
    return { login: ACTIONS_BOT_LOGIN, how: `assumed: GET /user and GraphQL viewer refused the token (${(e as Error).message.split("\n")[0]})` };
  }
}

/** Whether `item` is ours under `marker`: written by the token's identity, with the marker at the very start (a quote or a copy elsewhere does not count). */
export function isMarkedBy(item: { user?: { login: string } | null; body?: string | null }, author: string, marker: string): boolean {
  return item.user?.login === author && (item.body ?? "").startsWith(marker);
}

/**
 * The body to store under `marker`: it starts with the marker (added on the first line when the
 * renderer did not put it there), since finding the comment or issue again depends on it.
 */
export function markedBody(marker: string, body: string): string {
  const marked = body.startsWith(marker) ? body : `${marker}\n${body}`;
  if (marked.length > COMMENT_LIMIT) {
    throw new PipelineError(`the report is ${marked.length} characters; GitHub accepts at most ${COMMENT_LIMIT} in a comment or issue`);
  }
  return marked;
}

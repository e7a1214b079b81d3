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

/**
 * The body to store under `marker`: the marker is kept in it (added on the first line when the
 * renderer left it out), since finding the comment or issue again depends on it.
 */
export function markedBody(marker: string, body: string): string {
  const marked = body.includes(marker) ? body : `${marker}\n${body}`;
  if (marked.length > COMMENT_LIMIT) {
    throw new PipelineError(`the report is ${marked.length} characters; GitHub accepts at most ${COMMENT_LIMIT} in a comment or issue`);
  }
  return marked;
}

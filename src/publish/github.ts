/** The GitHub REST client and what the sticky comment and the flags issue share. */
import { getOctokit } from "@actions/github";
import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import Bottleneck from "bottleneck/light.js";
import { InputError, PipelineError } from "../common/errors.js";
import { COMMENT_LIMIT } from "../report/markdown.js";

export type GitHubClient = ReturnType<typeof getOctokit>;

export interface RepoRef {
  owner: string;
  repo: string;
}

/** How the client paces itself against GitHub; tests on loopback shorten the waits, never the logic. */
export interface ClientPacing {
  /** between two writes (POST, PATCH, PUT, DELETE): GitHub asks for a second */
  writeIntervalMs: number;
  /** between two writes that notify people (a comment, an issue): the throttling plugin's 3 s */
  notifyingWriteIntervalMs: number;
  /** one second of a Retry-After header or of a rate limit's reset, and the retry plugin's backoff unit */
  secondMs: number;
}

export const GITHUB_PACING: ClientPacing = { writeIntervalMs: 1000, notifyingWriteIntervalMs: 3000, secondMs: 1000 };

/** Retries of one request refused by a rate limit; the retry plugin makes as many after a 5xx. */
const MAX_LIMIT_RETRIES = 3;
/** Waiting for the primary rate limit's reset longer than this fails the request instead. */
const MAX_RATE_LIMIT_WAIT_S = 300;

/**
 * An authenticated client for `apiUrl` (GITHUB_API_URL: https://api.github.com, a GHES host, or a test
 * server on loopback). It waits out what GitHub answers when busy instead of failing a run that took
 * an hour to measure: a 5xx or a bare 429 is retried with backoff (@octokit/plugin-retry), a secondary
 * rate limit after its Retry-After, the primary one until its reset when that is near
 * (@octokit/plugin-throttling, which also sends writes one at a time, a second apart, and three seconds
 * apart when they notify people). A 409 is not
 * retried as it is: the conflict is the caller's to resolve (the history branch's compare-and-swap).
 */
export function createGitHubClient(token: string, apiUrl = "https://api.github.com", pacing: ClientPacing = GITHUB_PACING): GitHubClient {
  type LimitHandler = (retryAfter: number, options: { method: string; url: string }, octokit: { log: { warn(message: string): void } }, retryCount: number) => boolean;
  const onLimit =
    (what: string, maxWaitS: number): LimitHandler =>
    (retryAfter, options, octokit, retryCount) => {
      const retrying = retryCount < MAX_LIMIT_RETRIES && retryAfter <= maxWaitS;
      octokit.log.warn(`GitHub's ${what} refused ${options.method} ${options.url}: ${retrying ? `retrying in ${retryAfter} s` : "giving up"}`);
      return retrying;
    };
  return getOctokit(
    token,
    {
      baseUrl: apiUrl.replace(/\/+$/, ""),
      retry: { doNotRetry: [400, 401, 403, 404, 409, 410, 422, 451], retryAfterBaseValue: pacing.secondMs },
      throttle: {
        onRateLimit: onLimit("rate limit", MAX_RATE_LIMIT_WAIT_S),
        onSecondaryRateLimit: onLimit("secondary rate limit", Infinity),
        retryAfterBaseValue: pacing.secondMs,
        // this client's own: writers in one process (tests) must not queue behind each other's held requests
        write: new Bottleneck.Group({ maxConcurrent: 1, minTime: pacing.writeIntervalMs }),
        notifications: new Bottleneck.Group({ maxConcurrent: 1, minTime: pacing.notifyingWriteIntervalMs }),
      },
    },
    retry,
    throttling,
  );
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

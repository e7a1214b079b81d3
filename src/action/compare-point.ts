/**
 * What a pull request is compared with. GitHub's `pull_request.base.sha` is the base branch's tip when the
 * event fired, not where the PR branched off: a PR that is not rebased would get every later change of
 * the base branch counted as its own. So by default the head is compared with the merge base of the two
 * (`git merge-base`); with `compare-with: merge-commit`, GitHub's test merge commit (refs/pull/N/merge)
 * is compared with the base tip it was merged into, as hosted gates do. Thin: git in the checkout.
 */
import { git } from "../config/judging-files.js";
import { InputError } from "../common/errors.js";
import type { PullRequestEvent } from "./event.js";

export const COMPARE_WITH = ["merge-base", "merge-commit"] as const;
export type CompareWith = (typeof COMPARE_WITH)[number];

/** A fetch of the PR's history may take a while on a large repository (a shallow clone's --unshallow). */
const FETCH_TIMEOUT_MS = 10 * 60 * 1000;

export interface PullRequestCommits {
  number: number;
  /** the base branch and its tip as GitHub reported it (`pull_request.base`) */
  baseRef: string;
  baseSha: string;
  headSha: string;
  /** GitHub's test merge commit of head into the base tip, when known (GITHUB_SHA on a pull_request event, merge_commit_sha of the pulls API) */
  mergeCommit: string | null;
}

/** The two commits measured, and how they were chosen from the PR's (for the comment's line). */
export interface ComparisonPoint {
  how: CompareWith;
  /** the commit measured as base: the merge base, or the base tip the merge commit was made on */
  base: string;
  /** the commit measured as head: the PR's head, or the merge commit */
  head: string;
  baseRef: string;
  /** the base branch's tip the PR's event named */
  baseTip: string;
  /** the PR's own head commit */
  prHead: string;
}

const hasCommit = async (repo: string, sha: string) => (await git(repo, ["cat-file", "-e", `${sha}^{commit}`])).exitCode === 0;

/**
 * Fetches `refspecs` from origin, with the whole history when the clone is shallow (a merge base may lie
 * far back). No credentials are given: a private repository's clone must hold them (fetch-depth: 0).
 */
async function fetchHistory(repo: string, refspecs: string[]): Promise<string | null> {
  const shallow = (await git(repo, ["rev-parse", "--is-shallow-repository"])).stdout.trim() === "true";
  const fetched = await git(repo, ["fetch", "--quiet", "--no-tags", ...(shallow ? ["--unshallow"] : []), "origin", ...refspecs], FETCH_TIMEOUT_MS);
  if (fetched.exitCode === 0) return null;
  const lines = fetched.stderr.trim().split("\n");
  return lines.find((l) => l.startsWith("fatal:")) ?? lines.pop() ?? `git fetch exited with ${fetched.exitCode}`;
}

/** Fetches those of `commits` the clone lacks (a shallow clone's), when origin has them; a commit still missing is left to whoever reads it to name. */
export async function ensureCommits(repo: string, commits: string[]): Promise<void> {
  const missing: string[] = [];
  for (const commit of commits) if (!(await hasCommit(repo, commit))) missing.push(commit);
  if (missing.length > 0) await fetchHistory(repo, missing);
}

/** `git merge-base base head`, fetching history when the clone lacks it; null when they share none. */
async function mergeBase(repo: string, base: string, head: string): Promise<string | null> {
  const found = async () => {
    const r = await git(repo, ["merge-base", base, head]);
    return r.exitCode === 0 ? r.stdout.trim() : null;
  };
  const first = await found();
  if (first) return first;
  const failed = await fetchHistory(repo, [base, head]);
  const second = await found();
  if (second || !failed) return second;
  throw new InputError(
    `no merge base of the PR's base ${base} and head ${head} in the clone, and fetching them failed (${failed}): check out with fetch-depth: 0`,
    undefined,
    "input repo-path",
  );
}

/** A merge commit's two parents; null when `sha` is no two-parent commit. */
async function mergeParents(repo: string, sha: string): Promise<[string, string] | null> {
  const listed = await git(repo, ["rev-list", "--parents", "-n", "1", sha]);
  const [, first, second, ...more] = listed.stdout.trim().split(/\s+/);
  return listed.exitCode === 0 && first && second && more.length === 0 ? [first, second] : null;
}

/** Whether `commit` is a merge commit of `head` (its second parent), fetched from refs/pull/N/merge when the clone lacks it. */
export async function isMergeOf(repo: string, commit: string, head: string, prNumber: number): Promise<boolean> {
  if (!(await hasCommit(repo, commit))) await fetchHistory(repo, [`refs/pull/${prNumber}/merge`]);
  return (await mergeParents(repo, commit))?.[1] === head;
}

/** The commits a PR's run measures under `how`, fetched into the clone when it lacks them. */
export async function resolveComparisonPoint(repo: string, pr: PullRequestCommits, how: CompareWith): Promise<ComparisonPoint> {
  const known = { how, baseRef: pr.baseRef, baseTip: pr.baseSha, prHead: pr.headSha };
  if (how === "merge-base") {
    const base = await mergeBase(repo, pr.baseSha, pr.headSha);
    if (!base) throw new InputError(`the PR's base ${pr.baseSha} and head ${pr.headSha} share no history: there is no merge base to compare with`, undefined, "input compare-with");
    return { ...known, base, head: pr.headSha };
  }
  const merge = pr.mergeCommit;
  const source = "input compare-with";
  if (!merge) throw new InputError(`GitHub has no merge commit for pull request #${pr.number} (does it conflict with ${pr.baseRef}?)`, undefined, source);
  if (!(await hasCommit(repo, merge))) {
    const failed = await fetchHistory(repo, [`refs/pull/${pr.number}/merge`]);
    if (failed && !(await hasCommit(repo, merge))) throw new InputError(`the merge commit ${merge} of pull request #${pr.number} is not in the clone and fetching refs/pull/${pr.number}/merge failed (${failed})`, undefined, source);
  }
  const parents = await mergeParents(repo, merge);
  if (!parents || parents[1] !== pr.headSha) {
    throw new InputError(`${merge} is not a merge of the PR's head ${pr.headSha} (stale refs/pull/${pr.number}/merge?): re-run once GitHub has updated it`, undefined, source);
  }
  return { ...known, base: parents[0], head: merge };
}

/** A pull_request event's commits; its merge commit is GITHUB_SHA when the run checked out refs/pull/N/merge. */
export function pullRequestCommits(event: PullRequestEvent, env: NodeJS.ProcessEnv): PullRequestCommits {
  const mergeCommit = env.GITHUB_REF === `refs/pull/${event.number}/merge` ? (env.GITHUB_SHA ?? null) : null;
  return { number: event.number, baseRef: event.base.ref, baseSha: event.base.sha, headSha: event.head.sha, mergeCommit };
}

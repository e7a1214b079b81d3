/**
 * The stored baseline: the results artifact of the newest successful push run on the base branch of the
 * baseline workflow, for the same profile and architecture (its name says both). None found is not an
 * error: the comparison is then neutral, or made against the history's copy (src/history/store.ts)
 * when the artifact expired.
 */
import type { Results } from "../results/schema.js";
import { downloadResultsArtifact, listRunArtifacts } from "./artifacts.js";
import type { GitHubClient, RepoRef } from "./github.js";

/** Push runs looked at before giving up: a baseline older than this many pushes is too stale to compare. */
export const MAX_BASELINE_RUNS = 50;

export interface StoredBaseline {
  results: Results;
  runId: number;
  /** the run's page on GitHub, for the comment */
  url: string;
  headSha: string;
  artifactId: number;
}

export interface BaselineQuery {
  repo: RepoRef;
  /** the PR's base branch */
  branch: string;
  /** resultsArtifactName(prefix, profile, arch, shard) */
  artifactName: string;
  maxRuns?: number;
  tmpRoot?: string;
  /** the workflow file whose runs store baselines (".github/workflows/perf.yml"); null: any workflow's */
  workflowPath?: string | null;
}

/** The newest baseline run found, whose artifact is past its retention. */
export interface ExpiredBaseline {
  runId: number;
  url: string;
  headSha: string;
  /** when the run was created */
  createdAt: string;
}

export type BaselineSearch = { kind: "found"; stored: StoredBaseline } | { kind: "expired"; expired: ExpiredBaseline } | { kind: "none" };

/** GITHUB_WORKFLOW_REF ("owner/repo/.github/workflows/perf.yml@refs/heads/main") as the workflow's path in its repository. */
export function workflowPathOf(workflowRef: string | undefined): string | null {
  return /^[^/]+\/[^/]+\/(.+?)@/.exec(workflowRef ?? "")?.[1] ?? null;
}

/** The newest baseline run's artifact: found, expired (the newest run that had it), or none. */
export async function searchStoredBaseline(client: GitHubClient, query: BaselineQuery): Promise<BaselineSearch> {
  const { repo, branch, artifactName } = query;
  const maxRuns = query.maxRuns ?? MAX_BASELINE_RUNS;
  let seen = 0;
  const pages = client.paginate.iterator(client.rest.actions.listWorkflowRunsForRepo, {
    ...repo,
    branch,
    event: "push",
    status: "success",
    per_page: Math.min(maxRuns, 100),
  });
  for await (const { data: runs } of pages) {
    for (const run of runs) {
      if (seen++ >= maxRuns) return { kind: "none" };
      // the filters are the API's; checked again because a wrong run here would be a wrong verdict
      if (run.head_branch !== branch || run.event !== "push" || run.conclusion !== "success") continue;
      // runs of other workflows (a nightly job, another tool) store no baseline of ours
      if (query.workflowPath && run.path !== query.workflowPath) continue;
      const artifacts = await listRunArtifacts(client, repo, run.id, { name: artifactName, includeExpired: true });
      const artifact = artifacts.find((a) => !a.expired);
      // older runs' artifacts expired before this one's
      if (!artifact && artifacts.length > 0) return { kind: "expired", expired: { runId: run.id, url: run.html_url, headSha: run.head_sha, createdAt: run.created_at } };
      if (!artifact) continue;
      const results = await downloadResultsArtifact(client, artifact, repo, query.tmpRoot ? { tmpRoot: query.tmpRoot } : {});
      return { kind: "found", stored: { results, runId: run.id, url: run.html_url, headSha: run.head_sha, artifactId: artifact.id } };
    }
  }
  return { kind: "none" };
}

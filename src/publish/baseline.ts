/**
 * The stored baseline: the results artifact of the newest successful push run on the base branch, for the
 * same profile and architecture (its name says both). None found is not an error: the comparison is
 * then neutral.
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
  /** resultsArtifactName(prefix, profile, arch) */
  artifactName: string;
  maxRuns?: number;
  tmpRoot?: string;
}

export async function findStoredBaseline(client: GitHubClient, query: BaselineQuery): Promise<StoredBaseline | null> {
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
      if (seen++ >= maxRuns) return null;
      // the filters are the API's; checked again because a wrong run here would be a wrong verdict
      if (run.head_branch !== branch || run.event !== "push" || run.conclusion !== "success") continue;
      const [artifact] = await listRunArtifacts(client, repo, run.id, { name: artifactName });
      if (!artifact) continue;
      const results = await downloadResultsArtifact(client, artifact, repo, query.tmpRoot ? { tmpRoot: query.tmpRoot } : {});
      return { results, runId: run.id, url: run.html_url, headSha: run.head_sha, artifactId: artifact.id };
    }
  }
  return null;
}

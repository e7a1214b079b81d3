/**
 * Results documents as workflow artifacts: upload through the artifact service, find by name through the
 * REST API, download through the REST zip endpoint (@actions/artifact's findBy). A downloaded document
 * comes from another run, possibly a fork's: it is validated before use.
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { DefaultArtifactClient, type ArtifactClient } from "@actions/artifact";
import { InputError } from "../errors.js";
import { parseResults } from "../results/io.js";
import type { Results } from "../results/schema.js";
import type { GitHubClient, RepoRef } from "./github.js";

/** A results zip is a few hundred KB; anything far larger is not one (and is not unpacked). */
export const MAX_RESULTS_ARTIFACT_BYTES = 32 * 1024 * 1024;

export interface ArtifactRef {
  id: number;
  name: string;
  runId: number;
  sizeBytes: number;
  /** "sha256:..." as GitHub lists it; null for artifacts uploaded by old clients */
  digest: string | null;
}

/**
 * `${prefix}-${profile}-${arch}`, the name under which a run's results are stored: the baseline lookup
 * and report mode find artifacts by it. Characters an artifact name may not hold (a profile given as a
 * path) become "_".
 */
export function resultsArtifactName(prefix: string, profile: string, arch: string): string {
  return [prefix, profile, arch].map((part) => part.replace(/[^A-Za-z0-9._-]/g, "_")).join("-");
}

/** Uploads the results file as artifact `name` (needs ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL). */
export async function uploadResultsArtifact(
  name: string,
  resultsPath: string,
  options: { retentionDays?: number; client?: ArtifactClient } = {},
): Promise<{ id: number; size: number }> {
  const client = options.client ?? new DefaultArtifactClient();
  const { id, size } = await client.uploadArtifact(name, [resultsPath], dirname(resultsPath), {
    ...(options.retentionDays ? { retentionDays: options.retentionDays } : {}),
  });
  if (id === undefined) throw new Error(`artifact ${name}: the artifact service returned no id`);
  return { id, size: size ?? 0 };
}

/** The run's unexpired artifacts named `name`, or whose names start with `prefix` (report mode). */
export async function listRunArtifacts(
  client: GitHubClient,
  repo: RepoRef,
  runId: number,
  filter: { name: string } | { prefix: string },
): Promise<ArtifactRef[]> {
  const artifacts = await client.paginate(client.rest.actions.listWorkflowRunArtifacts, {
    ...repo,
    run_id: runId,
    per_page: 100,
    ...("name" in filter ? { name: filter.name } : {}),
  });
  return artifacts
    .filter((a) => !a.expired && ("name" in filter ? a.name === filter.name : a.name.startsWith(filter.prefix)))
    .map((a) => ({ id: a.id, name: a.name, runId, sizeBytes: a.size_in_bytes, digest: a.digest ?? null }));
}

/**
 * Downloads an artifact holding one results JSON file into a temporary directory (removed afterwards)
 * and validates it. Bad content is an InputError naming the artifact and its run.
 */
export async function downloadResultsArtifact(
  artifact: ArtifactRef,
  access: RepoRef & { token: string },
  options: { client?: ArtifactClient; tmpRoot?: string } = {},
): Promise<Results> {
  const source = `artifact ${artifact.name} (run ${artifact.runId})`;
  if (artifact.sizeBytes > MAX_RESULTS_ARTIFACT_BYTES) {
    throw new InputError(`${artifact.sizeBytes} bytes is too large for a results artifact (at most ${MAX_RESULTS_ARTIFACT_BYTES})`, source);
  }
  const client = options.client ?? new DefaultArtifactClient();
  const dir = await mkdtemp(join(options.tmpRoot ?? tmpdir(), "db-bench-gate-artifact-"));
  try {
    const { digestMismatch } = await client.downloadArtifact(artifact.id, {
      path: dir,
      ...(artifact.digest ? { expectedHash: artifact.digest } : {}),
      findBy: { token: access.token, repositoryOwner: access.owner, repositoryName: access.repo, workflowRunId: artifact.runId },
    });
    if (digestMismatch) throw new InputError(`the downloaded content does not match the digest GitHub lists (${artifact.digest})`, source);
    const files = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile() && e.name.endsWith(".json")).map((e) => e.name);
    if (files.length !== 1) {
      throw new InputError(`expected one results .json file, found ${files.length ? files.join(", ") : "none"}`, source);
    }
    const file = files[0]!;
    let data: unknown;
    try {
      data = JSON.parse(await readFile(join(dir, file), "utf8"));
    } catch (e) {
      throw new InputError(`${basename(file)} is not JSON: ${(e as Error).message}`, source, "$");
    }
    return parseResults(data, source);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

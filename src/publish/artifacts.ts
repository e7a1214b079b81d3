/**
 * Results documents as workflow artifacts: upload through the artifact service, find by name through the
 * REST API, download through the REST zip endpoint and unpack here (not with @actions/artifact, which
 * unpacks whole archives to disk whatever their size). A downloaded document comes from another run,
 * possibly a fork's: it is size-capped while unpacked and validated before use.
 */
import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { DefaultArtifactClient, type ArtifactClient } from "@actions/artifact";
import yauzl from "yauzl";
import { InputError, PipelineError } from "../common/errors.js";
import { MAX_RESULTS_FILE_BYTES, parseJson, parseResults, tooLargeError } from "../results/io.js";
import type { Results } from "../results/schema.js";
import type { Shard } from "../schedule/shard.js";
import type { GitHubClient, RepoRef } from "./github.js";

/** A results zip is a few hundred KB; anything far larger is not one (and is not unpacked). */
export const MAX_RESULTS_ARTIFACT_BYTES = 32 * 1024 * 1024;
/** A results zip downloads in seconds; a stalled transfer must not hold the job. */
const DOWNLOAD_TIMEOUT_MS = 5 * 60 * 1000;

export interface ArtifactRef {
  id: number;
  name: string;
  runId: number;
  sizeBytes: number;
  /** "sha256:..." as GitHub lists it; null for artifacts uploaded by old clients */
  digest: string | null;
  /** past its retention: listed, but its content is gone (listed only with includeExpired) */
  expired: boolean;
}

/**
 * `${prefix}-${profile}-${arch}` (`-shard${i}of${n}` appended for a shard), the name under which a run's results are stored: the baseline lookup
 * and report mode find artifacts by it. Characters an artifact name may not hold (a profile given as a
 * path) become "_".
 */
export function resultsArtifactName(prefix: string, profile: string, arch: string, shard?: Shard): string {
  // the shards of one architecture upload from one workflow run: each needs a name of its own
  const parts = [prefix, profile, arch, ...(shard ? [`shard${shard.index}of${shard.count}`] : [])];
  return parts.map((part) => part.replace(/[^A-Za-z0-9._-]/g, "_")).join("-");
}

/**
 * Uploads the results file as artifact `name` (needs ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL), with
 * `beside` (the sweep charts: files in its directory that are not .json, which readResultsZip skips).
 */
export async function uploadResultsArtifact(
  name: string,
  resultsPath: string,
  options: { retentionDays?: number; client?: ArtifactClient; beside?: readonly string[] } = {},
): Promise<{ id: number; size: number }> {
  const client = options.client ?? new DefaultArtifactClient();
  const { id, size } = await client.uploadArtifact(name, [resultsPath, ...(options.beside ?? [])], dirname(resultsPath), {
    ...(options.retentionDays ? { retentionDays: options.retentionDays } : {}),
  });
  if (id === undefined) throw new Error(`artifact ${name}: the artifact service returned no id`);
  return { id, size: size ?? 0 };
}

/** The run's unexpired artifacts named `name`, or whose names start with `prefix` (report mode); with includeExpired, the expired ones too. */
export async function listRunArtifacts(
  client: GitHubClient,
  repo: RepoRef,
  runId: number,
  filter: ({ name: string } | { prefix: string }) & { includeExpired?: boolean },
): Promise<ArtifactRef[]> {
  const artifacts = await client.paginate(client.rest.actions.listWorkflowRunArtifacts, {
    ...repo,
    run_id: runId,
    per_page: 100,
    ...("name" in filter ? { name: filter.name } : {}),
  });
  return artifacts
    .filter((a) => (filter.includeExpired || !a.expired) && ("name" in filter ? a.name === filter.name : a.name.startsWith(filter.prefix)))
    .map((a) => ({ id: a.id, name: a.name, runId, sizeBytes: a.size_in_bytes, digest: a.digest ?? null, expired: a.expired }));
}

/** Parses the one results .json file at the top of a zip, unpacking no more than MAX_RESULTS_FILE_BYTES of it. */
export async function readResultsZip(zipPath: string, source: string): Promise<Results> {
  const zip = await yauzl.openPromise(zipPath, { lazyEntries: true, autoClose: false, validateEntrySizes: true }).catch((e: Error) => {
    throw new InputError(`not a zip archive: ${e.message}`, source);
  });
  try {
    const entries: yauzl.Entry[] = [];
    for await (const entry of zip.eachEntry()) if (!entry.fileName.includes("/") && entry.fileName.endsWith(".json")) entries.push(entry);
    const [entry, ...others] = entries;
    if (!entry || others.length > 0) {
      throw new InputError(`expected one results .json file, found ${entries.length ? entries.map((e) => e.fileName).join(", ") : "none"}`, source);
    }
    if (entry.uncompressedSize > MAX_RESULTS_FILE_BYTES) throw tooLargeError(entry.uncompressedSize.toLocaleString("en-US"), MAX_RESULTS_FILE_BYTES, `${source}: ${entry.fileName}`);
    // yauzl stops the stream as soon as it yields more than the declared size (validateEntrySizes): a lying header is caught within a chunk
    const unpacked = Buffer.allocUnsafe(entry.uncompressedSize);
    let length = 0;
    const stream = await zip.openReadStreamPromise(entry);
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) length += chunk.copy(unpacked, length);
    } catch (e) {
      throw new InputError(`${entry.fileName} cannot be unpacked: ${(e as Error).message}`, source);
    } finally {
      stream.destroy();
    }
    const text = unpacked.toString("utf8", 0, length);
    return parseResults(parseJson(text, `${source}: ${entry.fileName}`), source);
  } finally {
    zip.close();
  }
}

/**
 * Downloads an artifact holding one results JSON file through the REST zip endpoint into a temporary
 * directory (removed afterwards), checks its digest, and unpacks and validates that file, within the size
 * caps: the zip from the listing and the download, the unpacked file while it is unpacked. Bad content
 * is an InputError naming the artifact and its run.
 */
export async function downloadResultsArtifact(
  client: GitHubClient,
  artifact: ArtifactRef,
  repo: RepoRef,
  options: { tmpRoot?: string } = {},
): Promise<Results> {
  const source = `artifact ${artifact.name} (run ${artifact.runId})`;
  const tooLarge = (bytes: string) => new InputError(`${bytes} bytes is too large for a results artifact (at most ${MAX_RESULTS_ARTIFACT_BYTES})`, source);
  if (artifact.sizeBytes > MAX_RESULTS_ARTIFACT_BYTES) throw tooLarge(String(artifact.sizeBytes));
  const { status, headers } = await client.rest.actions.downloadArtifact({ ...repo, artifact_id: artifact.id, archive_format: "zip", request: { redirect: "manual" } });
  const location = headers.location;
  if ((status as number) !== 302 || !location) throw new PipelineError(`${source}: the zip endpoint answered ${status} without a download location`);
  const response = await fetch(location, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
  if (response.status !== 200 || !response.body) throw new PipelineError(`${source}: the download answered ${response.status} ${response.statusText}`);
  const dir = await mkdtemp(join(options.tmpRoot ?? tmpdir(), "db-bench-gate-artifact-"));
  try {
    const zipPath = join(dir, "artifact.zip");
    const hash = createHash("sha256");
    let downloaded = 0;
    await pipeline(
      Readable.fromWeb(response.body as import("node:stream/web").ReadableStream<Uint8Array>),
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          downloaded += chunk.length;
          if (downloaded > MAX_RESULTS_ARTIFACT_BYTES) throw tooLarge(`more than ${MAX_RESULTS_ARTIFACT_BYTES}`);
          hash.update(chunk);
          yield chunk;
        }
      },
      createWriteStream(zipPath),
    );
    const digest = `sha256:${hash.digest("hex")}`;
    if (artifact.digest && digest !== artifact.digest) throw new InputError(`the downloaded content does not match the digest GitHub lists (${artifact.digest})`, source);
    return await readResultsZip(zipPath, source);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The unexpired artifacts named `name` of the workflow runs of `headSha`, newest run first: what earlier
 * runs of a PR's head uploaded. `workflowPath`: only that workflow's runs; `exceptRunId`: not this run's.
 */
export async function headRunArtifacts(
  client: GitHubClient,
  repo: RepoRef,
  query: { headSha: string; name: string; workflowPath: string | null; exceptRunId: number | null },
): Promise<ArtifactRef[]> {
  const runs = await client.paginate(client.rest.actions.listWorkflowRunsForRepo, { ...repo, head_sha: query.headSha, per_page: 100 });
  const found: ArtifactRef[] = [];
  for (const run of runs.sort((a, b) => b.id - a.id)) {
    // the filter is the API's; checked again because a wrong run here would be a wrong verdict
    if (run.head_sha !== query.headSha || run.id === query.exceptRunId) continue;
    if (query.workflowPath && run.path !== query.workflowPath) continue;
    found.push(...(await listRunArtifacts(client, repo, run.id, { name: query.name })));
  }
  return found;
}

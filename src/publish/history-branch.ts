/**
 * The history as a data branch of the repository, written through GitHub's git data API with the
 * token's `contents: write` (no checkout, no git credentials on the runner), the way
 * github-action-benchmark keeps its data on gh-pages. Each write is one commit on top of the tip it
 * read, holding every profile's files. Writers race (a baseline workflow's architectures write at the
 * same time): the ref update is a compare-and-swap, a fast-forward from the commit read (force: false),
 * which GitHub refuses once another writer moved the branch; the write then starts again from the
 * other writer's files. The REST API has no other expected-old-sha check, hence one commit per write
 * rather than one parentless commit replaced each time.
 */
import { InputError, PipelineError } from "../errors.js";
import type { HistoryFile } from "../history/record.js";
import { HISTORY_FILE, LATEST_FILE, parseStoredHistory, parseStoredLatest, type HistoryStore } from "../history/store.js";
import type { GitHubClient, RepoRef } from "./github.js";

/** Writers racing for the ref more often than this are an error, not a retry loop. */
const MAX_WRITE_ATTEMPTS = 5;

/**
 * How GitHub refuses a ref write that may have lost the race: 422 for a branch that exists already
 * (create) or an update that is not a fast-forward, 409 for a ref changed while it was being updated.
 * Whether it did is told by the branch's tip: a 422 with the tip unmoved is a real error.
 */
const lostRace = (e: unknown) => status(e) === 422 || status(e) === 409;

const status = (e: unknown) => (e as { status?: number }).status;

interface BranchHead {
  commit: string;
  tree: string;
}

export function branchHistoryStore(client: GitHubClient, repo: RepoRef, branch: string): HistoryStore {
  const ref = `heads/${branch}`;
  const where = `branch ${branch}`;

  const head = async (): Promise<BranchHead | null> => {
    try {
      const { data } = await client.rest.git.getRef({ ...repo, ref });
      const { data: commit } = await client.rest.git.getCommit({ ...repo, commit_sha: data.object.sha });
      return { commit: data.object.sha, tree: commit.tree.sha };
    } catch (e) {
      if (status(e) === 404) return null;
      throw e;
    }
  };

  /** A file's text at `commit`, null when absent; blobs rather than contents (which stops at 1 MB). */
  const fileAt = async (commit: string, file: string): Promise<string | null> => {
    let blobSha: string;
    try {
      const { data } = await client.rest.repos.getContent({ ...repo, path: file, ref: commit });
      if (Array.isArray(data) || data.type !== "file") throw new InputError(`expected a file`, `${where}: ${file}`);
      blobSha = data.sha;
    } catch (e) {
      if (status(e) === 404) return null;
      throw e;
    }
    const { data: blob } = await client.rest.git.getBlob({ ...repo, file_sha: blobSha });
    return Buffer.from(blob.content, blob.encoding === "base64" ? "base64" : "utf8").toString("utf8");
  };

  const historyAt = async (at: BranchHead | null, key: string): Promise<HistoryFile | null> =>
    at ? parseStoredHistory(await fileAt(at.commit, `${key}/${HISTORY_FILE}`), `${where}: ${key}`) : null;

  const blob = async (text: string) => (await client.rest.git.createBlob({ ...repo, content: Buffer.from(text).toString("base64"), encoding: "base64" })).data.sha;

  return {
    where,
    readHistory: async (key) => historyAt(await head(), key),
    async readLatest(key) {
      const at = await head();
      return at ? parseStoredLatest(await fileAt(at.commit, `${key}/${LATEST_FILE}`), `${where}: ${key}`) : null;
    },
    async write(key, append, latest): Promise<HistoryFile> {
      for (let attempt = 1; attempt <= MAX_WRITE_ATTEMPTS; attempt++) {
        const at = await head();
        const history = append(await historyAt(at, key));
        const entries = [
          { path: `${key}/${HISTORY_FILE}`, mode: "100644" as const, type: "blob" as const, sha: await blob(`${JSON.stringify(history, null, 1)}\n`) },
          { path: `${key}/${LATEST_FILE}`, mode: "100644" as const, type: "blob" as const, sha: await blob(`${JSON.stringify(latest)}\n`) },
        ];
        const { data: tree } = await client.rest.git.createTree({ ...repo, tree: entries, ...(at ? { base_tree: at.tree } : {}) });
        const message = `db-bench-gate history: ${key} at ${history.records.at(-1)?.commit.slice(0, 12) ?? "?"}`;
        const { data: commit } = await client.rest.git.createCommit({ ...repo, message, tree: tree.sha, parents: at ? [at.commit] : [] });
        try {
          if (at) await client.rest.git.updateRef({ ...repo, ref, sha: commit.sha, force: false });
          else await client.rest.git.createRef({ ...repo, ref: `refs/${ref}`, sha: commit.sha });
          return history;
        } catch (e) {
          // another writer moved (or created) the branch since it was read: start again from its files
          if (lostRace(e) && (await head())?.commit !== at?.commit) continue;
          throw e;
        }
      }
      throw new PipelineError(`${where}: other writers moved the branch ${MAX_WRITE_ATTEMPTS} times while this run was writing; the history was not updated`);
    },
  };
}

/**
 * The history as a data branch of the repository, written through GitHub's git data API with the
 * token's `contents: write` (no checkout, no git credentials on the runner), the way
 * github-action-benchmark keeps its data on gh-pages. Each write is one commit on top of the tip it
 * read, holding every profile's files. Writers race (a baseline workflow's architectures write at the
 * same time): the ref update is a compare-and-swap, a fast-forward from the commit read (force: false),
 * which GitHub refuses once another writer moved the branch; the write then starts again from the
 * other writer's files.
 *
 * The files are bounded (the newest runs per profile), but a commit per write is not: a checkout with
 * fetch-depth: 0 fetches every branch, this one's whole chain included. So once the chain since the last
 * parentless commit is `maxChain` long, the next write is a parentless commit of the branch's files
 * that replaces the chain, swapped in by GraphQL's updateRefs with the tip it read as beforeOid: a
 * compare-and-swap that allows the non-fast-forward (REST's ref update has no expected old sha). The
 * replaced commits are unreachable and go with GitHub's garbage collection. Where updateRefs is refused
 * (an older GitHub Enterprise Server), the write stays a commit on the chain.
 */
import { InputError, PipelineError } from "../common/errors.js";
import type { HistoryFile } from "../history/record.js";
import { HISTORY_FILE, LATEST_FILE, parseStoredHistory, parseStoredLatest, type HistoryStore } from "../history/store.js";
import type { GitHubClient, RepoRef } from "./github.js";

/** Writers racing for the ref more often than this are an error, not a retry loop. */
const MAX_WRITE_ATTEMPTS = 5;

/** Commits on the branch at most (a parentless one and the writes on top of it): about a week of pushes to a busy branch, times its architectures. */
export const MAX_HISTORY_CHAIN = 50;

/** The commit message's trailer that says how long the chain is at that commit (from 1, the parentless one); a commit without it counts as 1. */
const CHAIN_TRAILER = "Db-Bench-Gate-Chain";

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
  /** commits from the last parentless one up to this one */
  chain: number;
}

function chainOf(message: string): number {
  const trailer = new RegExp(`^${CHAIN_TRAILER}: (\\d+)$`, "m").exec(message);
  return trailer ? Number(trailer[1]) : 1;
}

const REPOSITORY_ID_QUERY = "query ($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { id } }";
const UPDATE_REFS_MUTATION = "mutation ($input: UpdateRefsInput!) { updateRefs(input: $input) { clientMutationId } }";

export function branchHistoryStore(client: GitHubClient, repo: RepoRef, branch: string, maxChain = MAX_HISTORY_CHAIN): HistoryStore {
  const ref = `heads/${branch}`;
  const where = `branch ${branch}`;

  const head = async (): Promise<BranchHead | null> => {
    try {
      const { data } = await client.rest.git.getRef({ ...repo, ref });
      const { data: commit } = await client.rest.git.getCommit({ ...repo, commit_sha: data.object.sha });
      return { commit: data.object.sha, tree: commit.tree.sha, chain: chainOf(commit.message) };
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

  /** Moves the branch from `before` to `after`, not a descendant of it, only if it is still at `before`. */
  const swap = async (before: string, after: string): Promise<void> => {
    const { repository } = await client.graphql<{ repository: { id: string } }>(REPOSITORY_ID_QUERY, { owner: repo.owner, name: repo.repo });
    await client.graphql(UPDATE_REFS_MUTATION, { input: { repositoryId: repository.id, refUpdates: [{ name: `refs/${ref}`, beforeOid: before, afterOid: after, force: true }] } });
  };

  const blob = async (text: string) => (await client.rest.git.createBlob({ ...repo, content: Buffer.from(text).toString("base64"), encoding: "base64" })).data.sha;

  return {
    where,
    readHistory: async (key) => historyAt(await head(), key),
    async readLatest(key) {
      const at = await head();
      return at ? parseStoredLatest(await fileAt(at.commit, `${key}/${LATEST_FILE}`), `${where}: ${key}`) : null;
    },
    async write(key, append, latest): Promise<HistoryFile> {
      let swapRefused = false;
      for (let attempt = 1; attempt <= MAX_WRITE_ATTEMPTS; attempt++) {
        const at = await head();
        const restart = at !== null && at.chain >= maxChain && !swapRefused;
        const history = append(await historyAt(at, key));
        const entries = [
          { path: `${key}/${HISTORY_FILE}`, mode: "100644" as const, type: "blob" as const, sha: await blob(`${JSON.stringify(history, null, 1)}\n`) },
          { path: `${key}/${LATEST_FILE}`, mode: "100644" as const, type: "blob" as const, sha: await blob(`${JSON.stringify(latest)}\n`) },
        ];
        const { data: tree } = await client.rest.git.createTree({ ...repo, tree: entries, ...(at ? { base_tree: at.tree } : {}) });
        const chain = at && !restart ? at.chain + 1 : 1;
        const message = `db-bench-gate history: ${key} at ${history.records.at(-1)?.commit.slice(0, 12) ?? "?"}\n\n${CHAIN_TRAILER}: ${chain}`;
        const { data: commit } = await client.rest.git.createCommit({ ...repo, message, tree: tree.sha, parents: at && !restart ? [at.commit] : [] });
        if (at && restart) {
          try {
            await swap(at.commit, commit.sha);
            return history;
          } catch {
            // a lost race (another writer moved the branch: start again from its files), or no updateRefs here: stay on the chain
            if ((await head())?.commit === at.commit) {
              swapRefused = true;
              attempt--;
            }
            continue;
          }
        }
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

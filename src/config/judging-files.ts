/**
 * The files that decide how a run is judged: the config file, a profile given as a path and the noise
 * floor. A pull request must not be able to loosen its own gate, so a file inside the repository is read
 * as committed at the trusted commit (a PR's base; the pushed commit itself in baseline and flags mode),
 * never from the checkout, which holds the PR's tree. A path outside the repository is the runner's own
 * file and is read from disk. Every one is capped in size.
 */
import { realpathSync } from "node:fs";
import path from "node:path";
import { execa } from "execa";
import { childEnv } from "../trust/child-env.js";
import { InputError } from "../common/errors.js";
import { MAX_NOISE_FLOOR_FILE_BYTES, readCapped, tooLargeError } from "../results/io.js";

/** Config files, profiles and noise floors are a few KB: all get the noise floor's cap, far above any real one. */
export const MAX_JUDGING_FILE_BYTES = MAX_NOISE_FLOOR_FILE_BYTES;

const GIT_TIMEOUT_MS = 60_000;

/**
 * The trusted commit files are read at; `read` collects the repository paths read or looked for (for the
 * "changes apply after merge" note), `profiles` those of them that are profiles (whose workload files a
 * pull request may add: listed as not measured until merged).
 */
export interface JudgingCommit {
  repo: string;
  commit: string;
  read: Set<string>;
  profiles: Set<string>;
}

export function judgingCommit(repo: string, commit: string): JudgingCommit {
  return { repo, commit, read: new Set(), profiles: new Set() };
}

export interface JudgingText {
  text: string;
  /** names the file in errors: `<commit>:<path>` or the path on disk */
  source: string;
}

function realOrSame(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

/** `file`'s path inside the repository (POSIX separators), or null when it lies outside. */
export function pathInRepo(repo: string, file: string): string | null {
  for (const root of new Set([path.resolve(repo), realOrSame(path.resolve(repo))])) {
    for (const candidate of new Set([path.resolve(file), realOrSame(path.resolve(file))])) {
      const relative = path.relative(root, candidate);
      if (relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative)) return relative.split(path.sep).join("/");
    }
  }
  return null;
}

/**
 * git in `repo`, never rejecting (read exitCode); `timeoutMs` for what may take longer than a local read
 * (a fetch); `exactOutput`: stdout as git wrote it, its last newline kept (a file's text).
 */
export async function git(repo: string, args: string[], timeoutMs = GIT_TIMEOUT_MS, exactOutput = false) {
  return execa("git", ["-C", repo, ...args], { env: childEnv(process.env), extendEnv: false, reject: false, timeout: timeoutMs, stripFinalNewline: !exactOutput });
}

/** The blob id of `repoPath` at `commit`, or null when the commit has no such file. */
export async function blobAt(repo: string, commit: string, repoPath: string): Promise<string | null> {
  const parsed = await git(repo, ["rev-parse", "--verify", "--quiet", `${commit}:${repoPath}`]);
  return parsed.exitCode === 0 ? parsed.stdout.trim() : null;
}

/** The text of `repoPath` as committed at `at.commit`; null when the commit has no such file. */
export async function readAtCommit(at: JudgingCommit, repoPath: string): Promise<JudgingText | null> {
  at.read.add(repoPath);
  const source = `${at.commit}:${repoPath}`;
  const size = await git(at.repo, ["cat-file", "-s", source]);
  if (size.exitCode !== 0) {
    const commit = await git(at.repo, ["rev-parse", "--verify", "--quiet", `${at.commit}^{commit}`]);
    if (commit.exitCode !== 0) throw new InputError(`no commit ${at.commit} in ${at.repo} to read it at`, repoPath);
    return null;
  }
  const bytes = Number(size.stdout.trim());
  if (bytes > MAX_JUDGING_FILE_BYTES) throw tooLargeError(bytes.toLocaleString("en-US"), MAX_JUDGING_FILE_BYTES, source);
  // the text as committed: a workload file's hash must not depend on where it was read
  const shown = await git(at.repo, ["cat-file", "blob", source], GIT_TIMEOUT_MS, true);
  if (shown.exitCode !== 0) throw new InputError(`cannot read it: ${shown.stderr.trim() || `git exited with ${shown.exitCode}`}`, source);
  return { text: shown.stdout, source };
}

/**
 * Reads a judging file given as a path (`file`, resolved against the working directory): at `at`'s commit
 * when it lies inside the repository (at === null: from disk, as the CLI's user gave it), else from disk.
 */
export async function readJudgingFile(file: string, at: JudgingCommit | null, what: string): Promise<JudgingText> {
  const inRepo = at ? pathInRepo(at.repo, file) : null;
  if (at && inRepo !== null) {
    const text = await readAtCommit(at, inRepo);
    if (!text) throw new InputError(`not in commit ${at.commit}: the ${what} is read as committed there, never from the pull request's tree`, inRepo);
    return text;
  }
  return { text: await readCapped(file, MAX_JUDGING_FILE_BYTES), source: file };
}

export interface ChangedJudgingFile {
  path: string;
  change: "adds" | "changes" | "removes";
}

/** The judging files read at `base` that `head` adds, changes or removes (blob ids compared). */
export async function changedJudgingFiles(repo: string, base: string, head: string, repoPaths: Iterable<string>): Promise<ChangedJudgingFile[]> {
  const changed: ChangedJudgingFile[] = [];
  for (const repoPath of [...new Set(repoPaths)].sort()) {
    const [before, after] = await Promise.all([blobAt(repo, base, repoPath), blobAt(repo, head, repoPath)]);
    if (before === after) continue;
    changed.push({ path: repoPath, change: before === null ? "adds" : after === null ? "removes" : "changes" });
  }
  return changed;
}

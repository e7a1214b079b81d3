/**
 * What a PR is compared with, in a real git repository whose main moved on after the PR branched off:
 * the merge base by default (not main's tip, whose later changes are not the PR's), or GitHub's merge
 * commit against the tip it was made on; a shallow clone gets the history it lacks from origin.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isMergeOf, resolveComparisonPoint, type PullRequestCommits } from "../../src/action/compare-point.js";
import { childEnv } from "../../src/trust/child-env.js";
import { InputError } from "../../src/common/errors.js";
import { comparisonNote } from "../../src/report/comparison-note.js";

const dir = mkdtempSync(join(tmpdir(), "dbg-compare-point-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const origin = join(dir, "origin");

const gitIn = async (repo: string, ...args: string[]) =>
  (
    await execa("git", ["-C", repo, "-c", "commit.gpgsign=false", ...args], {
      env: { ...childEnv(process.env), GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@example.com", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@example.com" },
      extendEnv: false,
    })
  ).stdout.trim();
const git = (...args: string[]) => gitIn(origin, ...args);
async function commit(file: string, text: string, message: string): Promise<string> {
  writeFileSync(join(origin, file), text);
  await git("add", "-A");
  await git("commit", "-qm", message);
  return git("rev-parse", "HEAD");
}

/** main: branched → slowdown (main's tip); the PR: branched → its head; GitHub's merge commit of the head into the tip under refs/pull/7/merge. */
let shas: { branched: string; tip: string; head: string; merge: string };
let pr: PullRequestCommits;
beforeAll(async () => {
  await execa("git", ["init", "-q", "-b", "main", origin], { env: childEnv(process.env), extendEnv: false });
  const branched = await commit("engine.c", "int work(void) { return 1; }\n", "where the PR branches off");
  await git("switch", "-qc", "pr");
  const head = await commit("pr.c", "int faster(void) { return 2; }\n", "the PR's change");
  await git("switch", "-q", "main");
  const tip = await commit("engine.c", "int work(void) { for (volatile int i = 0; i < 1000; i++); return 1; }\n", "a slowdown lands on main after the PR branched");
  await git("switch", "-q", "--detach", tip);
  await git("merge", "-q", "--no-ff", "-m", "Merge the PR into main", head);
  const merge = await git("rev-parse", "HEAD");
  await git("update-ref", "refs/pull/7/merge", merge);
  await git("switch", "-q", "main");
  shas = { branched, tip, head, merge };
  pr = { number: 7, baseRef: "main", baseSha: tip, headSha: head, mergeCommit: merge };
});

describe("the comparison point of a PR whose base branch moved on", () => {
  it("is the merge base by default: the head against where it branched off, not main's tip with the slowdown", async () => {
    const point = await resolveComparisonPoint(origin, pr, "merge-base");
    expect(point).toEqual({ how: "merge-base", base: shas.branched, head: shas.head, baseRef: "main", baseTip: shas.tip, prHead: shas.head });
    const note = comparisonNote(point);
    expect(note).toContain(`the merge base \`${shas.branched}\``);
    expect(note).toContain(`\`main\`'s tip is \`${shas.tip}\``);
  });

  it("is main's tip when the PR is rebased on it", async () => {
    const point = await resolveComparisonPoint(origin, { ...pr, headSha: shas.merge }, "merge-base");
    expect(point.base).toBe(shas.tip);
    expect(comparisonNote(point)).toBe(`\nCompared: the head with \`main\`'s tip \`${shas.tip}\`, which is also the merge base.\n`);
  });

  it("with merge-commit: GitHub's merge commit against the tip it merged the head into", async () => {
    const point = await resolveComparisonPoint(origin, pr, "merge-commit");
    expect(point).toMatchObject({ how: "merge-commit", base: shas.tip, head: shas.merge });
    expect(comparisonNote(point)).toContain(`GitHub's merge commit \`${shas.merge}\` of the head \`${shas.head}\` into \`main\`, against \`main\`'s tip \`${shas.tip}\``);
  });

  it("refuses a merge commit that does not merge the PR's head (stale), or none (a conflict)", async () => {
    const stale = resolveComparisonPoint(origin, { ...pr, headSha: shas.branched }, "merge-commit");
    await expect(stale).rejects.toThrow(InputError);
    await expect(stale).rejects.toThrow(`${shas.merge} is not a merge of the PR's head ${shas.branched}`);
    await expect(resolveComparisonPoint(origin, { ...pr, mergeCommit: null }, "merge-commit")).rejects.toThrow("GitHub has no merge commit for pull request #7");
  });

  it("fetches the history a shallow clone lacks from origin, and the merge commit by its ref", async () => {
    // as actions/checkout leaves it by default: one commit deep, without the PR's history
    const shallow = join(dir, "shallow");
    await execa("git", ["clone", "-q", "--depth", "1", `file://${origin}`, shallow], { env: childEnv(process.env), extendEnv: false });
    await gitIn(shallow, "fetch", "-q", "--depth", "1", "origin", shas.head);
    await expect(gitIn(shallow, "merge-base", shas.tip, shas.head)).rejects.toThrow();
    expect((await resolveComparisonPoint(shallow, pr, "merge-base")).base).toBe(shas.branched);

    const other = join(dir, "without-merge");
    await execa("git", ["clone", "-q", `file://${origin}`, other], { env: childEnv(process.env), extendEnv: false });
    await expect(gitIn(other, "cat-file", "-e", shas.merge)).rejects.toThrow();
    expect((await resolveComparisonPoint(other, pr, "merge-commit")).head).toBe(shas.merge);
  });

  it("tells a merge commit of the head (report mode's check of what a merge-commit run measured) from any other commit, fetching it by the PR's ref", async () => {
    expect(await isMergeOf(origin, shas.merge, shas.head, 7)).toBe(true);
    expect(await isMergeOf(origin, shas.merge, shas.tip, 7)).toBe(false);
    expect(await isMergeOf(origin, shas.head, shas.head, 7)).toBe(false);
    const clone = join(dir, "report-clone");
    await execa("git", ["clone", "-q", `file://${origin}`, clone], { env: childEnv(process.env), extendEnv: false });
    expect(await isMergeOf(clone, shas.merge, shas.head, 7)).toBe(true);
  });

  it("says to fetch the whole history when origin cannot give it", async () => {
    const lonely = join(dir, "lonely");
    await execa("git", ["clone", "-q", "--depth", "1", `file://${origin}`, lonely], { env: childEnv(process.env), extendEnv: false });
    await gitIn(lonely, "remote", "set-url", "origin", join(dir, "gone"));
    await expect(resolveComparisonPoint(lonely, pr, "merge-base")).rejects.toThrow(/^input repo-path: no merge base of the PR's base .* in the clone, and fetching them failed \(fatal: .+\): check out with fetch-depth: 0$/);
  });
});

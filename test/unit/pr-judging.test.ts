/**
 * What judges a pull request (issue 36 items 2 and 7), in a real git repository: the files at the base
 * branch's tip the event names, not at the old commit the PR branched from; and the inputs of a workflow
 * the PR edited may tighten that judging, never loosen it. pr mode runs in process up to its plan, which
 * a shard of more shards than steps stops before anything is built.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ModeContext } from "../../src/action/context.js";
import { parseEvent } from "../../src/action/event.js";
import { inputVariable, readInputs, type ActionInputs } from "../../src/action/inputs.js";
import { prMode } from "../../src/action/modes/pr.js";
import { judgingNotes, pullRequestJudging, tightenInputs, workflowIsThePullRequests, type BaseJudging } from "../../src/action/pr-judging.js";
import { childEnv } from "../../src/trust/child-env.js";
import { CleanupRegistry } from "../../src/common/cleanup.js";
import { DEFAULT_THRESHOLDS } from "../../src/compare/types.js";
import { ignoredInputsNote } from "../../src/report/judging-note.js";
import { REPO_ROOT } from "../helpers/run-action.js";

const dir = mkdtempSync(join(tmpdir(), "dbg-pr-judging-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const repo = join(dir, "repo");

const git = async (...args: string[]) =>
  (
    await execa("git", ["-C", repo, "-c", "commit.gpgsign=false", ...args], {
      env: { ...childEnv(process.env), GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@example.com", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@example.com" },
      extendEnv: false,
    })
  ).stdout.trim();

/** Commits `files` on top of `parent` (detached); returns the commit. */
async function commitOn(parent: string, message: string, files: Record<string, string>): Promise<string> {
  await git("switch", "-q", "--detach", parent);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(repo, file)), { recursive: true });
    writeFileSync(join(repo, file), text);
  }
  await git("add", "-A");
  await git("commit", "-qm", message);
  return git("rev-parse", "HEAD");
}

const profile = (name: string) => `
name: ${name}
version: 1
engine: postgresql
description: judging test
schedule: { rounds: 10, min_rounds: 10, duration_s: 1, warmup_s: 0, time_budget_s: null }
server_settings: { shared_buffers: 64MB }
steps:
  - { driver: pgbench, script: select-only, clients: 1 }
`;

/**
 * main: `old` (a loose config naming its own profile) → `tip` (the strict config the maintainers have
 * now). The PR branched from `old`: `head` changes code only, `editsCi` also edits .github/.
 */
let c: { old: string; tip: string; head: string; editsCi: string; merge: string };
beforeAll(async () => {
  await execa("git", ["init", "-q", "-b", "main", repo], { env: childEnv(process.env), extendEnv: false });
  await git("commit", "-q", "--allow-empty", "-m", "root");
  const root = await git("rev-parse", "HEAD");
  const old = await commitOn(root, "a loose gate", {
    // a profile path resolves against the working directory (the checkout, in a workflow): here, the test's
    ".db-bench-gate.yml": `profile: ${repo}/perf/old.yaml\nthresholds: { fail_below: 0.5 }\n`,
    "perf/old.yaml": profile("old-profile"),
    ".github/workflows/perf.yml": "on: pull_request\n",
  });
  const tip = await commitOn(old, "the gate the maintainers have now", {
    ".db-bench-gate.yml": `profile: ${repo}/perf/tip.yaml\nthresholds: { fail_below: 0.98, alpha: 0.05 }\n`,
    "perf/tip.yaml": profile("tip-profile"),
  });
  const head = await commitOn(old, "the PR's change, branched before the strict gate", { "engine.c": "int work(void) { return 1; }\n" });
  const editsCi = await commitOn(head, "the PR edits its workflow", { ".github/workflows/perf.yml": "on: pull_request\n# loosened\n" });
  // GitHub's merge commit of the head into the tip (refs/pull/42/merge, GITHUB_SHA of the run)
  await git("switch", "-q", "--detach", tip);
  await git("merge", "-q", "--no-ff", "-m", "merge", head);
  const merge = await git("rev-parse", "HEAD");
  await git("switch", "-q", "main");
  await git("reset", "-q", "--hard", tip);
  c = { old, tip, head, editsCi, merge };
});

const pr = (head: string) => ({ number: 42, baseRef: "main", baseSha: c.tip, headSha: head, mergeCommit: null });

/** A pull_request event of the fixture's shape for `head`, with main's tip as its base. */
function pullRequestEvent(head: string) {
  const payload = JSON.parse(readFileSync(join(REPO_ROOT, "test/fixtures/events/pull_request.opened.json"), "utf8")) as { pull_request: { base: { sha: string }; head: { sha: string } } };
  payload.pull_request.base.sha = c.tip;
  payload.pull_request.head.sha = head;
  return parseEvent("pull_request", payload, "event.json");
}

function modeContext(head: string, inputs: Record<string, string>, env: Record<string, string> = {}): { ctx: ModeContext; warnings: string[]; outputs: Record<string, string> } {
  const warnings: string[] = [];
  const outputs: Record<string, string> = {};
  const core = {
    info: () => undefined,
    warning: (m: string) => void warnings.push(m),
    setOutput: (name: string, value: unknown) => void (outputs[name] = String(value)),
    setFailed: () => undefined,
    saveState: () => undefined,
    group: <T>(_: string, f: () => Promise<T>) => f(),
  };
  const variables = Object.fromEntries(Object.entries({ "repo-path": repo, ...inputs }).map(([name, value]) => [inputVariable(name), value]));
  const ctx = {
    core,
    inputs: readInputs({ GITHUB_EVENT_NAME: "pull_request", ...variables }),
    event: pullRequestEvent(head),
    env,
    github: null,
    cacheDir: join(dir, "never-built"),
    jobRoot: join(dir, "no-job-root"),
    registry: new CleanupRegistry(),
  } as unknown as ModeContext;
  return { ctx, warnings, outputs };
}

describe("the files that judge a pull request", () => {
  it("are the base tip's (pull_request.base.sha), not those of the old commit the PR branched from", async () => {
    const { ctx } = modeContext(c.head, {});
    const judging = await pullRequestJudging(ctx, pr(c.head), true);
    expect(judging.judged.commit).toBe(c.tip);
    expect(judging.config).toMatchObject({ profile: `${repo}/perf/tip.yaml`, thresholds: { fail_below: 0.98, alpha: 0.05 }, source: `${c.tip}:.db-bench-gate.yml` });
    expect(judging.ignored).toEqual([]);
  });

  it("pr mode plans the PR with the tip's profile whatever is compared (the merge base), and its comment says the base measured has other files", async () => {
    const mergeRun = { GITHUB_REF: "refs/pull/42/merge", GITHUB_SHA: c.merge };
    for (const [compareWith, env] of [["merge-base", {}], ["merge-commit", mergeRun]] as const) {
      const { ctx } = modeContext(c.head, { "compare-with": compareWith, shard: "2/2" }, env);
      // the tip's profile has one step: a second shard has none, which stops the plan before anything is built, naming the profile's commit
      await expect(prMode(ctx), compareWith).rejects.toThrow(new RegExp(`^${c.tip}:perf/tip.yaml: shard: .*`));
    }
    const { ctx } = modeContext(c.head, {});
    const judging = await pullRequestJudging(ctx, pr(c.head), true);
    const notes = await judgingNotes(ctx, judging.judged, { base: c.old, head: c.head }, "main");
    expect(notes).toBe(
      `\n> [!NOTE]\n> Judged by the files at \`main\`'s tip \`${c.tip.slice(0, 12)}\`; the base measured, \`${c.old.slice(0, 12)}\`, has another \`.db-bench-gate.yml\`.\n`,
    );
    // compared as GitHub's merge commit against the tip: nothing to say
    expect(await judgingNotes(ctx, judging.judged, { base: c.tip, head: c.merge }, "main")).toBe("");
  });
});

describe("the inputs of a workflow the pull request edited", () => {
  it("tells the PR's own .github/ from the base's: by the merge commit the workflow ran from, else the PR's own changes", async () => {
    expect(await workflowIsThePullRequests(repo, pr(c.head))).toBe(false);
    expect(await workflowIsThePullRequests(repo, pr(c.editsCi))).toBe(true);
    // GitHub's merge commit of each into the tip
    expect(await workflowIsThePullRequests(repo, { ...pr(c.head), mergeCommit: c.merge })).toBe(false);
    await git("switch", "-q", "--detach", c.tip);
    await git("merge", "-q", "--no-ff", "-m", "merge", c.editsCi);
    const mergesEdit = await git("rev-parse", "HEAD");
    await git("switch", "-q", "main");
    expect(await workflowIsThePullRequests(repo, { ...pr(c.editsCi), mergeCommit: mergesEdit })).toBe(true);
  });

  const base: BaseJudging = { thresholds: { ...DEFAULT_THRESHOLDS, fail_below: 0.98, alpha: 0.05 }, profile: `${repo}/perf/tip.yaml`, timeBudgetS: 600 };
  const inputsOf = (given: Record<string, string>): ActionInputs =>
    readInputs({ GITHUB_EVENT_NAME: "pull_request", ...Object.fromEntries(Object.entries(given).map(([name, value]) => [inputVariable(name), value])) });

  it("may tighten the base's judging: a higher fail-below or alpha, a lower instruction threshold, more verdicts in fail-on, a longer time budget", () => {
    const tighter = inputsOf({
      "fail-below": "0.99",
      "warn-below": "0.995",
      alpha: "0.1",
      "instructions-fail-above": "1.01",
      "fail-on": "regression,error,unjudged,unstable,warning",
      "time-budget": "900",
      profile: `${repo}/perf/tip.yaml`,
    });
    const { inputs, ignored } = tightenInputs(tighter, base);
    expect(ignored).toEqual([]);
    expect(inputs).toEqual(tighter);
  });

  it("never loosen it: each such input is put back to the base's value and listed with both values", () => {
    const looser = inputsOf({
      "fail-below": "0.9",
      "improve-above": "1.01",
      alpha: "0.001",
      "instructions-fail-above": "1.5",
      "instructions-improve-below": "0.999",
      "noise-floor": "perf/noise.json",
      "fail-on": "regression,unstable",
      "count-instructions": "false",
      skip: "true",
      "time-budget": "60",
      profile: "pg-quick",
      cflags: "-O0",
      "base-ref": "HEAD",
      "head-ref": "HEAD",
      "accept-label": "documentation",
      "skip-label": "wontfix",
      "allow-fork-prs": "true",
      "trusted-label": "bug",
    });
    const { inputs, ignored } = tightenInputs(looser, base);
    expect(ignored.map((i) => [i.input, i.given, i.base])).toEqual([
      ["fail-below", "0.9", "0.98"],
      ["improve-above", "1.01", "1.05"],
      ["alpha", "0.001", "0.05"],
      ["instructions-fail-above", "1.5", "1.02"],
      ["instructions-improve-below", "0.999", "0.99"],
      ["fail-on", "regression,unstable", "regression,error,unjudged"],
      ["noise-floor", "perf/noise.json", "(the stored baseline's, from a push on this runner)"],
      ["count-instructions", "false", "true"],
      ["skip", "true", "false (a maintainer skips with the skip label)"],
      ["time-budget", "60", "600"],
      ["profile", "pg-quick", `${repo}/perf/tip.yaml`],
      ["cflags", "-O0", "(the recipe's)"],
      ["base-ref", "HEAD", "(the pull request's comparison point)"],
      ["head-ref", "HEAD", "(the pull request's head)"],
      ["accept-label", "documentation", "accept-regression"],
      ["skip-label", "wontfix", "skip-benchmark"],
      ["allow-fork-prs", "true", "false"],
      ["trusted-label", "bug", "(none)"],
    ]);
    expect(inputs).toEqual(inputsOf({}));
    expect(ignoredInputsNote(ignored.slice(0, 2), ".github")).toBe(
      "\n> [!WARNING]\n> This pull request edits `.github/`, so the workflow that ran is its own: its inputs that would loosen the base's judging were ignored.\n" +
        "> - `fail-below`: `0.9` given, the base's 0.98 used\n> - `improve-above`: `1.01` given, the base's 1.05 used\n",
    );
    // a time budget where the base has none loosens it too; fail-on without any value drops every verdict
    const unbounded = tightenInputs(inputsOf({ "time-budget": "100000", "fail-on-regression": "false", "fail-on": "error" }), { ...base, timeBudgetS: null });
    expect(unbounded.ignored.map((i) => [i.input, i.given, i.base])).toEqual([
      ["fail-on", "error", "regression,error,unjudged"],
      ["time-budget", "100000", "(none)"],
    ]);
  });

  it("pr mode ignores a skip and a loose fail-below of a workflow the PR edited, and says so; a workflow the PR left alone is the base's, its skip counts", async () => {
    const loose = { skip: "true", "fail-below": "0.5", shard: "2/2" };
    const edited = modeContext(c.editsCi, loose);
    const failure = await prMode(edited.ctx).then(() => null, (e: Error) => e.message);
    expect(failure).toContain(`${c.tip}:perf/tip.yaml`);
    expect(failure).toMatch(/shard/);
    expect(edited.warnings).toEqual([
      "input fail-below: 0.5 ignored, the base's 0.98 used: this pull request edits .github/, and the input would loosen its judging",
      "input skip: true ignored, the base's false (a maintainer skips with the skip label) used: this pull request edits .github/, and the input would loosen its judging",
    ]);
    const own = modeContext(c.head, loose);
    await prMode(own.ctx);
    expect(own.outputs.verdict).toBe("neutral");
    expect(own.warnings).toEqual([]);
  });
});

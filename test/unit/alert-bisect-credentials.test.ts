/**
 * bisect-on-alert builds its probes as a pull request's code (issue 36, Low): like bisect mode, it is
 * never run next to a checkout that keeps a token. Baseline mode with bisect-on-alert refuses such a
 * checkout before measuring, and an alert's bisect says why it could not run. The repository's config
 * is not valid, so that code which would go on to plan stops there too, before anything is built.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, describe, expect, it } from "vitest";
import type { ModeContext } from "../../src/action/context.js";
import { bisectNewAlerts } from "../../src/action/history.js";
import { inputVariable, readInputs } from "../../src/action/inputs.js";
import { baselineMode } from "../../src/action/modes/baseline.js";
import { CleanupRegistry } from "../../src/common/cleanup.js";
import { DEFAULT_THRESHOLDS } from "../../src/compare/types.js";
import { detectChanges } from "../../src/history/detect.js";
import { appendRecord, historyRecordOf, type HistoryFile } from "../../src/history/record.js";
import type { HistoryUpdate } from "../../src/publish/history.js";
import { createGitHubClient } from "../../src/publish/github.js";
import { syntheticResults } from "../../scripts/lib/synthetic-results.js";
import { FakeGitHub, LOOPBACK_PACING } from "../helpers/fake-github.js";

const dir = mkdtempSync(join(tmpdir(), "dbg-alert-bisect-"));
const fake = await FakeGitHub.start();
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await fake.close();
});

const EXTRAHEADER = "http.https://github.com/.extraheader";
const REFUSAL = /^input repo-path: the checkout keeps a token in its git config \(http\.https:\/\/github\.com\/\.extraheader\).*set `persist-credentials: false` on actions\/checkout$/;

/** A checkout of three commits (good, one between, bad) whose git config keeps actions/checkout's token. */
async function checkoutWithToken(): Promise<{ path: string; good: string; bad: string }> {
  const path = mkdtempSync(join(dir, "repo-"));
  const git = async (...args: string[]) => (await execa("git", ["-C", path, "-c", "user.name=t", "-c", "user.email=t@t", ...args])).stdout.trim();
  await git("init", "-q");
  writeFileSync(join(path, ".db-bench-gate.yml"), "not: a field of the config file\n");
  await git("add", "-A");
  await git("commit", "-qm", "good");
  const good = await git("rev-parse", "HEAD");
  await git("commit", "-q", "--allow-empty", "-m", "between");
  await git("commit", "-q", "--allow-empty", "-m", "slower");
  const bad = await git("rev-parse", "HEAD");
  await git("config", EXTRAHEADER, "AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46Z2hzX3NlY3JldA==");
  return { path, good, bad };
}

function contextFor(repo: string, warnings: string[]): ModeContext {
  const core = { info: () => undefined, warning: (m: string) => void warnings.push(m), setOutput: () => undefined, setFailed: () => undefined, saveState: () => undefined, group: <T>(_: string, f: () => Promise<T>) => f() };
  return {
    core,
    inputs: readInputs({ GITHUB_EVENT_NAME: "push", [inputVariable("repo-path")]: repo, [inputVariable("bisect-on-alert")]: "true", [inputVariable("history")]: "off" }),
    event: { kind: "other", name: "push" },
    env: {},
    github: { client: createGitHubClient(fake.token, fake.url, LOOPBACK_PACING), repo: { owner: fake.owner, repo: fake.repo }, token: fake.token, author: async () => fake.identity.login },
    cacheDir: join(dir, "never-built"),
    jobRoot: join(dir, "no-job-root"),
    registry: new CleanupRegistry(),
  } as unknown as ModeContext;
}

/** 12 runs, a run per (synthetic) commit, the 5th and later 30% slower with 40% more instructions per op (as the history test's). */
function historyWithSlowdown(at = 4, count = 12): HistoryFile {
  let history: HistoryFile | null = null;
  for (let i = 0; i < count; i++) {
    const [qps, perOp] = i >= at ? [7000, 56000] : [10000, 40000];
    const results = syntheticResults({ steps: ["select"], variants: ["main"], rounds: 5, qps, noise: 0.01, seed: i + 1, instructions: { perOp, repeats: 2 } });
    const commit = createHash("sha1").update(`commit ${i}`).digest("hex");
    history = appendRecord(history, historyRecordOf({ ...results, variants: results.variants.map((v) => ({ ...v, commit })) }, { id: String(100 + i), url: null }), { profile: "pg-quick", arch: "x86_64" });
  }
  return history!;
}

describe("bisect-on-alert next to a checkout that keeps a token", () => {
  it("baseline mode refuses before measuring, in one line", async () => {
    const repo = await checkoutWithToken();
    const ctx = contextFor(repo.path, []);
    await expect(baselineMode({ ...ctx, inputs: { ...ctx.inputs, headRef: repo.bad } })).rejects.toThrow(REFUSAL);
  });

  it("an alert's bisect is not run, and the alert issue says why", async () => {
    const repo = await checkoutWithToken();
    const warnings: string[] = [];
    const history = historyWithSlowdown();
    const [change] = detectChanges(history, () => DEFAULT_THRESHOLDS).filter((c) => c.regression);
    expect(change, "the history's slowdown is a change point").toBeDefined();
    // the change, placed on the checkout's commits
    const regression = { ...change!, lastGood: { ...change!.lastGood, commit: repo.good }, firstBad: { ...change!.firstBad, commit: repo.bad } };
    const issue = fake.addIssue({ title: "alert" });
    const update = { history, changes: [regression], markdown: "", warnings: [], alerts: [{ number: issue.number, url: "", action: "created", firstBad: repo.bad }] } as unknown as HistoryUpdate;
    await bisectNewAlerts(contextFor(repo.path, warnings), update, 60);
    expect(warnings).toEqual([expect.stringMatching(new RegExp(`^bisect-on-alert of ${repo.good.slice(0, 12)}\\.\\.${repo.bad.slice(0, 12)}: input repo-path: the checkout keeps a token`))]);
    expect(fake.commentsOn(issue.number).map((c) => c.body)).toEqual([expect.stringContaining("could not tell: input repo-path: the checkout keeps a token in its git config")]);
  });
});

/**
 * The bundled action (dist/index.js, dist/post.js) end to end, run as a runner runs it: a subprocess with
 * the event payload, GITHUB_* / ACTIONS_* / INPUT_* variables and file commands of a step, against a
 * stand-in GitHub on loopback (REST API and artifact service), building the demo fork's real commits
 * and measuring them with real PostgreSQL, pgbench and sysbench (profile pg-smoke).
 *
 * The tests share the fake's state in order: the first PR run's comment is the one the second updates,
 * the baseline run between them is the stored baseline the second shows. Build prefixes come from the
 * shared cache; the flags test's second flag set is -O2 -march=native, the build instructions.test
 * counts as n/a, so a fresh machine builds it once for both (a cold build: about 5 minutes on an idle
 * 2-core machine).
 * Run `npm run build` first: the tests run dist/, not the sources.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { execa } from "execa";
import { afterAll, afterEach, beforeEach, describe, expect, inject, it, onTestFailed, vi } from "vitest";
import { PULL_REQUEST_TARGET_REFUSAL } from "../../src/action/inputs.js";
import { childEnv } from "../../src/trust/child-env.js";
import { compareRun } from "../../src/compare/compare.js";
import { decideGate, stepsWithVerdict } from "../../src/compare/gate.js";
import { DEFAULT_THRESHOLDS } from "../../src/compare/types.js";
import { uploadResultsArtifact } from "../../src/publish/artifacts.js";
import { hostnameHash } from "../../src/measure/fingerprint.js";
import { ENTRY_MARKER } from "../../src/build/cache-cap.js";
import { flagsIssueMarker } from "../../src/publish/issue.js";
import { processesUnder } from "../../src/trust/processes.js";
import { commentMarker } from "../../src/report/markdown.js";
import { parseResults } from "../../src/results/io.js";
import type { NoiseFloor, Results } from "../../src/results/schema.js";
import { EnvironWatcher } from "../helpers/environ-watch.js";
import { FakeGitHub, type FakeRun } from "../helpers/fake-github.js";
import { makeRunnerDirs, REPO_ROOT, startStep, type RunnerDirs, type RunningStep, type StepResult } from "../helpers/run-action.js";
import { syntheticResults } from "../../scripts/lib/synthetic-results.js";
import { commitOn, makeTinyEngineRepo } from "../helpers/tiny-engine.js";

const cacheDir = inject("cacheDir");
const fork = inject("pgFork");
const PROFILE = path.join(REPO_ROOT, "test/fixtures/profiles/pg-smoke.yaml");
const ARCH = process.arch === "arm64" ? "aarch64" : "x86_64";
const ARTIFACT = `db-bench-gate-pg-smoke-${ARCH}`;
const MARKER = commentMarker("pg-smoke");
const STEPS = ["pgbench.select-only.prepared.c1", "point-query.range100.pk1"];

const MALLORY = { login: "mallory", id: 6660066, type: "User" as const };
const MAINTAINER = { login: "bob-maint", id: 4440042, type: "User" as const };
const TRUSTED_LABEL = "perf-safe-to-run";

const sentinel = (name: string) => `${name}-sentinel-${randomBytes(8).toString("hex")}`;
// The token input doubles as a sentinel: the fake accepts only it.
const fake = await FakeGitHub.start({ token: `ghs_${sentinel("INPUT_TOKEN")}` });
/** What a runner's job holds and PR code must never see (the runtime token and results URL are per run). */
const JOB_SECRETS = {
  GITHUB_TOKEN: `ghs_${sentinel("GITHUB_TOKEN")}`,
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: sentinel("ACTIONS_ID_TOKEN_REQUEST_TOKEN"),
  ACTIONS_ID_TOKEN_REQUEST_URL: `https://${sentinel("idtoken")}.invalid/_apis/token`,
};
const watcher = new EnvironWatcher(`LC_DBG_PROBE=${randomBytes(8).toString("hex")}`);
for (const [name, value] of Object.entries(JOB_SECRETS)) watcher.addSecret(name, value);
watcher.addSecret("INPUT_TOKEN", fake.token);

afterAll(async () => {
  watcher.stop();
  await fake.close();
});

let runner: RunnerDirs;
beforeEach(() => {
  runner = makeRunnerDirs();
});
afterEach(async () => {
  watcher.stop();
  // clients of a killed server notice within a second or two; nothing may stay longer
  let left = processesUnder(runner.root);
  for (let waited = 0; left.length > 0 && waited < 10_000; waited += 200) {
    await sleep(200);
    left = processesUnder(runner.root);
  }
  const described = left.flatMap((pid) => {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
      // reported below; the next tests get a clean machine
      process.kill(pid, "SIGKILL");
      return [`${pid} ${command}`];
    } catch {
      return []; // exited meanwhile
    }
  });
  const jobRoots = readdirSync(runner.temp).filter((name) => name.startsWith("db-bench-gate-"));
  rmSync(runner.root, { recursive: true, force: true });
  expect(described, "processes of the test still running").toEqual([]);
  expect(jobRoots, "job temp dirs left in RUNNER_TEMP").toEqual([]);
});

/** The fields of the event fixtures that tests rewrite; the rest of the payload passes through as GitHub sent it. */
interface EventPayload {
  [field: string]: unknown;
  repository: { full_name: string };
  pull_request: { number: number; base: { sha: string; repo: { full_name: string } }; head: { sha: string } };
  workflow_run: { [field: string]: unknown; head_repository: { full_name: string } };
}

function fixture(name: string): EventPayload {
  return JSON.parse(readFileSync(path.join(REPO_ROOT, "test/fixtures/events", name), "utf8")) as EventPayload;
}

/** A real-shaped pull_request payload for the fake's PR `number`, with the fork's commits as base and head. */
function pullRequestEvent(file: string, number: number, head: string) {
  const payload = fixture(file);
  payload.number = number;
  payload.pull_request.number = number;
  payload.pull_request.base.sha = fork.base;
  payload.pull_request.head.sha = head;
  payload.pull_request.base.repo.full_name = fake.repository;
  payload.repository.full_name = fake.repository;
  return { name: "pull_request", payload };
}

const baseInputs = () => ({
  "repo-path": fork.path,
  profile: PROFILE,
  "cache-dir": cacheDir,
  token: fake.token,
  "results-path": path.join(runner.workspace, "out", "db-bench-gate-results.json"),
});

/** Starts the main step (or `entry`) as workflow run `run` of the fake, with the job's secrets and the probe. */
function step(run: FakeRun, event: { name: string; payload: unknown }, inputs: Record<string, string> = {}, entry: "index" | "post" = "index", state = {}, env: Record<string, string> = {}): RunningStep {
  const github = fake.env(run.id);
  watcher.addSecret("ACTIONS_RUNTIME_TOKEN", github.ACTIONS_RUNTIME_TOKEN!);
  watcher.addSecret("ACTIONS_RESULTS_URL", github.ACTIONS_RESULTS_URL!);
  const [probeName, probeValue] = watcher.probe.split("=") as [string, string];
  const running = startStep(entry, { runner, event, inputs: { ...baseInputs(), ...inputs }, env: { ...github, ...JOB_SECRETS, [probeName]: probeValue, ...env } }, state);
  watcher.start(() => [running.child.pid]);
  void running.finished.finally(() => watcher.stop());
  // the step's own log is what tells why a test of it failed
  onTestFailed(async () => {
    const { stdout, stderr } = await running.finished;
    console.log(`--- ${entry} step stdout (last 8000 characters) ---\n${stdout.slice(-8000)}\n--- stderr ---\n${stderr.slice(-4000)}`);
  });
  return running;
}

const requestsSince = (count: number) => fake.requests.slice(count).map((r) => `${r.method} ${new URL(r.path, fake.url).pathname}`);
// a GraphQL query (the token's identity) is a POST that writes nothing
const apiWrites = (count: number) => requestsSince(count).filter((r) => !r.startsWith("GET ") && r !== "POST /graphql" && !r.includes("/twirp/") && !r.includes("/_blob/"));
const lineIndex = (result: StepResult, pattern: RegExp) => result.lines.findIndex((l) => pattern.test(l.text));
const readResultsFile = (file: string): Results => parseResults(JSON.parse(readFileSync(file, "utf8")), file);
/** Marks the fake's workflow run completed, as GitHub does when its job ends. */
const complete = (run: FakeRun, result: StepResult) => Object.assign(run, { status: "completed", conclusion: result.exitCode === 0 ? "success" : "failure" });

/** The steps of a comparison with a regression, as the action's error names them. */
function regressedSteps(results: Results, noiseFloor?: NoiseFloor[]): string[] {
  // either channel: pg-smoke counts instructions too, and head does more work per query
  return stepsWithVerdict(compareRun(results, noiseFloor ? { noiseFloor } : {}), "regression");
}

/** The check's line for a run whose only failures are regressions: a step flagged by instructions alone is marked "(instr/op)". */
function regressionLine(results: Results): string {
  const steps = compareRun(results).steps.filter((s) => s.variants.some((v) => v.verdict === "regression" || v.instructions?.verdict === "regression"));
  const names = steps.map((s) => (s.variants.some((v) => v.verdict === "regression") ? s.step : `${s.step} (instr/op)`));
  return `${names.length} regression${names.length === 1 ? "" : "s"}: ${names.join(", ")}`;
}

/** Each step's verdict and reason, to tell a noisy machine from a broken gate when a test fails. */
const verdicts = (results: Results): string =>
  compareRun(results)
    .steps.flatMap((s) => s.variants.map((v) => `${s.step}: ${v.verdict} (${v.reason})`))
    .join("; ");

/** Waits until `condition` holds (at most a minute). */
async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 200) {
    if (waited >= 60_000) throw new Error(`still not true after a minute: ${condition.toString()}`);
    await sleep(200);
  }
}

/** The results JSON inside an artifact's zip, as the fake stored it. */
async function artifactResults(name: string, runId: number): Promise<Results> {
  const artifact = fake.artifacts.find((a) => a.name === name && a.runId === runId);
  expect(artifact, `artifact ${name} of run ${runId}`).toBeDefined();
  const zip = path.join(runner.root, `${name}.zip`);
  writeFileSync(zip, artifact!.content);
  const listed = await execa("unzip", ["-Z1", zip], { env: childEnv(process.env), extendEnv: false });
  // the results, and beside them where each counted step's cost went (per function, per side)
  const files = listed.stdout.trim().split("\n");
  expect(files).toContain("db-bench-gate-results.json");
  for (const file of files.filter((f) => f !== "db-bench-gate-results.json")) expect(file).toMatch(/^db-bench-gate-results\.functions\/[^/]+\/(base|head)\.(json|cgout|tsv)$/);
  const unzipped = await execa("unzip", ["-p", zip, "db-bench-gate-results.json"], { env: childEnv(process.env), extendEnv: false });
  return parseResults(JSON.parse(unzipped.stdout), name);
}

/** The measuring jobs' uploads, through the artifact service as the action makes them. */
async function uploadResults(run: FakeRun, byArch: [string, Results][]): Promise<void> {
  for (const [arch, results] of byArch) {
    const dir = path.join(runner.root, `upload-${run.id}-${arch}`);
    mkdirSync(dir);
    writeFileSync(path.join(dir, "db-bench-gate-results.json"), JSON.stringify(results));
    for (const [name, value] of Object.entries(fake.env(run.id))) vi.stubEnv(name, value);
    // the artifact client logs every request as workflow commands: not this test's output
    const quiet = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    try {
      await uploadResultsArtifact(`db-bench-gate-${results.profile.name}-${arch}`, path.join(dir, "db-bench-gate-results.json"));
    } finally {
      quiet.mockRestore();
      vi.unstubAllEnvs();
    }
  }
}

describe("pull requests", () => {
  let prNumber = 0;
  let firstComment = { id: 0, url: "" };

  it("first run: measures base and head, comments once, writes summary and outputs, uploads the results, then fails on the head's real regression", async () => {
    prNumber = fake.addPullRequest("executor: fingerprint each executed plan").number;
    // someone plants the marker first: the bot must not adopt (and overwrite) their comment
    const [planted] = fake.addComments(prNumber, [`${MARKER}\n## ✅ Pass · nothing to see`], MALLORY);
    const run = fake.addRun({ event: "pull_request", headBranch: "vm-batch", headSha: fork.head, status: "in_progress", conclusion: null });
    const before = fake.requests.length;
    const result = await step(run, pullRequestEvent("pull_request.opened.json", prNumber, fork.head)).finished;
    complete(run, result);
    console.log(`first PR run: ${result.seconds.toFixed(0)} s`);

    // the results: base and head really measured, every round of both steps
    const resultsPath = result.outputs["results-path"]!;
    expect(resultsPath).toBe(baseInputs()["results-path"]);
    const results = readResultsFile(resultsPath);
    expect(results.variants.map((v) => [v.id, v.commit])).toEqual([["base", fork.base], ["head", fork.head]]);
    expect(results.steps.map((s) => s.id)).toEqual(STEPS);
    // every round of every step has both variants, at least the profile's 10 (adaptive rounds may add more)
    for (const stepId of STEPS) {
      const ok = results.samples.filter((s) => s.step === stepId && s.status === "ok");
      const rounds = Math.max(...ok.map((s) => s.round)) + 1;
      expect(rounds).toBeGreaterThanOrEqual(10);
      expect(ok.map((s) => `${s.round} ${s.variant}`).sort()).toEqual(
        Array.from({ length: rounds }, (_, r) => [`${r} base`, `${r} head`]).flat().sort(),
      );
    }
    // both builds are cache-dir entries, marked as just used (the size cap removes the least recently used)
    for (const { build_id } of results.variants) {
      expect(statSync(path.join(cacheDir, "builds", build_id, ENTRY_MARKER)).mtimeMs).toBeGreaterThan(Date.parse(results.run.started_at));
    }

    // exactly one comment of the token's identity, created with the marker, the same report as the job summary
    const comments = fake.commentsOn(prNumber).filter((c) => c.user.login === fake.identity.login);
    expect(comments).toHaveLength(1);
    const comment = comments[0]!;
    expect(fake.commentsOn(prNumber).map((c) => c.id)).toEqual([planted!.id, comment.id]);
    expect(planted!.body).toBe(`${MARKER}\n## ✅ Pass · nothing to see`);
    expect(apiWrites(before)).toEqual([`POST /repos/${fake.repository}/issues/${prNumber}/comments`]);
    expect(comment.body.startsWith(MARKER)).toBe(true);
    expect(comment.body).toContain(fork.head.slice(0, 12));
    expect(result.summary).toBe(comment.body);
    firstComment = { id: comment.id, url: `https://github.com/${fake.repository}/pull/${prNumber}#issuecomment-${comment.id}` };

    // no stored baseline yet: said in the comment, and the verdict is the paired comparison's alone
    expect(comment.body).toContain(`No stored baseline of \`pg-smoke\` on ${ARCH} for \`main\` yet (artifact \`${ARTIFACT}\`)`);
    const regressed = regressedSteps(results);
    expect(regressed, verdicts(results)).toContain("pgbench.select-only.prepared.c1");
    expect(result.outputs).toEqual({ verdict: "fail", regressions: String(regressed.length), "results-path": resultsPath, "comment-url": firstComment.url });

    // the results artifact: uploaded under the profile's and architecture's name, the same document
    expect((await artifactResults(ARTIFACT, run.id)).run.id).toBe(results.run.id);

    // the step fails, naming the regressed steps, after the comment and the summary were written
    expect(result.exitCode).toBe(1);
    expect(result.errors).toEqual([regressionLine(results)]);
    const failedAt = lineIndex(result, /^::error::/);
    expect(lineIndex(result, /^PR comment created: /)).toBeGreaterThanOrEqual(0);
    expect(lineIndex(result, /^PR comment created: /)).toBeLessThan(failedAt);
    const summaryFile = readdirSync(runner.files).find((f) => f.startsWith("step_summary_"))!;
    expect(statSync(path.join(runner.files, summaryFile)).mtimeMs).toBeLessThanOrEqual(result.lines[failedAt]!.at);
  });

  /** this runner's A/A noise as the baseline run is given it: 6% on the pgbench step at every look of pg-smoke (a significant drop to 0.94..0.95 is a warning) */
  const NOISE_FLOOR: NoiseFloor[] = [10, 14, 18, 22, 24].map((rounds) => ({
    step: STEPS[0]!,
    relative_spread: 0.06,
    log_ratio_sd: 0.02,
    rounds,
    windows: 12,
    disjoint: true as const,
    hostname_hash: hostnameHash(os.hostname()),
    source: "action test",
  }));

  it("baseline mode on a push to main stores the base commit's results, with the runner's noise floor, as the baseline artifact", async () => {
    const payload = fixture("push.main.json");
    payload.after = fork.base;
    payload.head_commit = { ...(payload.head_commit as object), id: fork.base };
    payload.repository.full_name = fake.repository;
    const run = fake.addRun({ event: "push", headBranch: "main", headSha: fork.base, status: "in_progress", conclusion: null });
    const before = fake.requests.length;
    const noiseFloorFile = path.join(runner.workspace, "noise-floor.json");
    writeFileSync(noiseFloorFile, JSON.stringify(NOISE_FLOOR));
    const result = await step(run, { name: "push", payload }, { "noise-floor": noiseFloorFile }).finished;
    complete(run, result);
    console.log(`baseline run: ${result.seconds.toFixed(0)} s`);

    expect(result.errors).toEqual([]);
    expect(result.exitCode).toBe(0);
    const results = readResultsFile(result.outputs["results-path"]!);
    expect(results.variants.map((v) => [v.id, v.commit])).toEqual([["main", fork.base]]);
    expect(results.noise_floor).toEqual(NOISE_FLOOR);
    expect(result.outputs.verdict).toBe("neutral");
    expect(result.summary).toContain(`Stored the results of \`${fork.base.slice(0, 12)}\` as the baseline (artifact \`${ARTIFACT}\``);
    expect((await artifactResults(ARTIFACT, run.id)).run.id).toBe(results.run.id);
    expect(readResultsFile(path.join(cacheDir, "baselines", `${ARTIFACT}.json`)).run.id).toBe(results.run.id);
    // a push has no PR to comment on; the history goes to the data branch, created as one parentless commit
    const git = `POST /repos/${fake.repository}/git`;
    expect(apiWrites(before)).toEqual([`${git}/blobs`, `${git}/blobs`, `${git}/trees`, `${git}/commits`, `${git}/refs`]);
    expect(JSON.parse(fake.gitFile("db-bench-gate-data", `pg-smoke-${ARCH}/history.json`)!).records.map((r: { commit: string }) => r.commit)).toEqual([fork.base]);
    expect(result.summary).toContain("### History of `main`");
  });

  it("second run on the same PR: updates the comment (never a second one), judges with the stored noise floor and adds the stored baseline as an unpaired comparison", async () => {
    expect(firstComment.id, "needs the first PR run").toBeGreaterThan(0);
    const baselineRun = fake.runs.find((r) => r.event === "push" && r.conclusion === "success");
    expect(baselineRun, "needs the baseline run").toBeDefined();
    const run = fake.addRun({ event: "pull_request", headBranch: "vm-batch", headSha: fork.head, status: "in_progress", conclusion: null });
    const event = pullRequestEvent("pull_request.opened.json", prNumber, fork.head);
    event.payload.action = "synchronize";
    const before = fake.requests.length;
    const result = await step(run, event).finished;
    complete(run, result);
    console.log(`second PR run: ${result.seconds.toFixed(0)} s`);

    // first "⏳ measuring <sha>" above the previous numbers, then the new report
    const patch = `PATCH /repos/${fake.repository}/issues/comments/${firstComment.id}`;
    expect(apiWrites(before)).toEqual([patch, patch]);
    const comments = fake.commentsOn(prNumber).filter((c) => c.user.login === fake.identity.login);
    expect(comments.map((c) => c.id)).toEqual([firstComment.id]);
    const body = comments[0]!.body;
    expect(body.startsWith(MARKER)).toBe(true);
    expect(body).not.toContain("⏳ measuring");
    // the stored baseline is a column of the one table, not a second report with its own heading
    expect(body.match(/^## /gm)).toHaveLength(1);
    expect(body.split("\n").find((line) => /^\| step\s*\|/.test(line))).toMatch(/\|\s+QPS ratio vs main \(stored\)\s+\|/);
    expect(body).toMatch(new RegExp(`against the baseline stored by \`main\` \\(artifact of \\[run ${baselineRun!.id}\\]\\(https://github\\.com/[^)]+\\), measured \\d+ minutes? ago\\)`));
    expect(body).not.toContain("No stored baseline");
    expect(body).toContain("A/A noise floor ±6.0%");
    expect(result.outputs["comment-url"]).toBe(firstComment.url);
    // the stored baseline is informational: the gate is the paired comparison's, with the baseline's noise floor
    const regressed = regressedSteps(readResultsFile(result.outputs["results-path"]!), NOISE_FLOOR);
    expect(result.outputs.verdict).toBe(regressed.length > 0 ? "fail" : "pass");
    expect(result.exitCode).toBe(regressed.length > 0 ? 1 : 0);
  });
});

describe("pull requests from forks", () => {
  it("refuses to build a fork's PR, says how to allow it, and writes nothing to GitHub", async () => {
    const pr = fake.addPullRequest("btree: prefetch siblings during range scans").number;
    const run = fake.addRun({ event: "pull_request", headBranch: "main", headSha: fork.head, status: "in_progress", conclusion: null });
    // a cache dir of its own: whatever a build would leave there (prefix, log, ccache) shows
    const ownCache = path.join(runner.root, "cache");
    const before = fake.requests.length;
    const result = await step(run, pullRequestEvent("pull_request.fork.json", pr, fork.head), { "cache-dir": ownCache }).finished;

    expect(result.exitCode).toBe(1);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatch(/^Refusing to build pull request #\d+ from the fork alice-dev\/postgres: its code would run on this runner\./);
    expect(result.errors[0]).toContain("`allow-fork-prs: true`");
    expect(result.errors[0]).toContain("`trusted-label: <label>`");
    expect(result.errors[0]).toContain("docs/examples/comment-from-fork.yml");
    expect(result.outputs.verdict).toBe("neutral");
    // nothing built, nothing started but git, nothing written: git reads the base's judging files before
    // the decision (a PR's workflow may not loosen allow-fork-prs), and a 200 ms poll sees it only sometimes
    expect(existsSync(ownCache)).toBe(false);
    // getent too, seen only when the machine is slow enough: the run's cleanup reads the gate's users
    // (main.ts, the job root's removal) to end whatever they left, which a refused run did not start
    expect([...watcher.observedInRun.keys()].filter((comm) => comm !== "git" && comm !== "getent")).toEqual([]);
    expect(requestsSince(before)).toEqual([]);
    expect(fake.commentsOn(pr)).toEqual([]);
  });

  it("builds a fork's PR that carries the trusted label (stopped once its build is compiling)", async () => {
    const pr = fake.addPullRequest("btree: prefetch siblings during range scans").number;
    // pushed, then labelled by a maintainer who can: the label counts for this head
    fake.roles.set(MAINTAINER.login, "write");
    fake.committed(pr, fork.buildFailure);
    fake.labeledBy(pr, TRUSTED_LABEL, MAINTAINER);
    // the commit that does not compile: never cached, so its build really runs
    const run = fake.addRun({ event: "pull_request", headBranch: "main", headSha: fork.buildFailure, status: "in_progress", conclusion: null });
    const before = fake.requests.length;
    // ccache off: an earlier run of this file may have cached the commit's objects in the PR's ccache, and hits run no cc1
    const main = step(run, pullRequestEvent("pull_request.labeled.json", pr, fork.buildFailure), { "trusted-label": TRUSTED_LABEL }, "index", {}, { CCACHE_DISABLE: "1" });
    await main.waitForLine(new RegExp(`^::group::build head \\(${fork.buildFailure}\\)`));
    await main.waitForLine(/^compile: \d+ files so far · /);
    // until the watcher has seen make and a compiler that make started (configure ran compilers too):
    // the environment test below looks at them
    await until(() => watcher.observedInRun.has("make"));
    const compilers = watcher.observedInRun.get("cc1") ?? 0;
    await until(() => (watcher.observedInRun.get("cc1") ?? 0) > compilers);
    main.child.kill("SIGTERM");
    const result = await main.finished;

    expect(result.signal).toBe("SIGTERM");
    for (const error of result.errors) expect(error).toMatch(/interrupted by SIGTERM/);
    expect(apiWrites(before)).toEqual([]);
    expect(requestsSince(before)).toContain(`GET /repos/${fake.repository}/issues/${pr}/timeline`);
    expect(requestsSince(before)).toContain(`GET /repos/${fake.repository}/collaborators/${MAINTAINER.login}/permission`);
    const worktrees = await execa("git", ["-C", fork.path, "worktree", "list", "--porcelain"], { env: childEnv(process.env), extendEnv: false });
    expect(worktrees.stdout).not.toContain(runner.root);
  });

  it("refuses, before building anything, a fork's PR whose trusted label was set before its last push", async () => {
    const pr = fake.addPullRequest("btree: prefetch siblings during range scans").number;
    fake.roles.set(MAINTAINER.login, "write");
    fake.committed(pr, fork.base);
    fake.labeledBy(pr, TRUSTED_LABEL, MAINTAINER);
    // pushed after the review, with a commit date from before it: the timeline's order still shows the push
    fake.committed(pr, fork.head, "2020-01-01T00:00:00Z");
    const ownCache = path.join(runner.root, "cache");
    const attempts: [string, RegExp][] = [
      ["synchronize", /this run was started by a push to the PR, which came after the label "perf-safe-to-run" was set/],
      ["labeled", new RegExp(`commit ${fork.head.slice(0, 12)} was pushed after the label "perf-safe-to-run" was set`)],
    ];
    for (const [action, why] of attempts) {
      const run = fake.addRun({ event: "pull_request", headBranch: "main", headSha: fork.head, status: "in_progress", conclusion: null });
      const event = pullRequestEvent("pull_request.labeled.json", pr, fork.head);
      event.payload.action = action;
      const before = fake.requests.length;
      const result = await step(run, event, { "trusted-label": TRUSTED_LABEL, "cache-dir": ownCache }).finished;

      expect(result.exitCode, action).toBe(1);
      expect(result.errors, action).toHaveLength(1);
      expect(result.errors[0]).toMatch(/^Refusing to build pull request #\d+ from the fork alice-dev\/postgres: /);
      expect(result.errors[0]).toMatch(why);
      expect(result.outputs.verdict).toBe("neutral");
      expect(apiWrites(before)).toEqual([]);
    }
    expect(existsSync(ownCache)).toBe(false);
    expect(fake.commentsOn(pr)).toEqual([]);
  });

  it("refuses a fork's PR whose head was pushed after the trusted label with backdated commits, which GitHub's timeline lists before the label", async () => {
    const pr = fake.addPullRequest("btree: prefetch siblings during range scans", { owner: "alice-dev", ref: "main", sha: fork.head }).number;
    fake.roles.set(MAINTAINER.login, "write");
    fake.pushed("alice-dev/postgres", "main", fork.base);
    fake.committed(pr, fork.base);
    // GitHub sorts a PR's commits by their own dates: pushed after the label, this one is listed before it
    fake.committed(pr, fork.head, "2020-01-01T00:00:00Z");
    fake.labeledBy(pr, TRUSTED_LABEL, MAINTAINER);
    fake.pushed("alice-dev/postgres", "main", fork.head);
    // then a maintainer sets another label, which starts a run with the trusted label still on the PR
    const run = fake.addRun({ event: "pull_request", headBranch: "main", headSha: fork.head, status: "in_progress", conclusion: null });
    const event = pullRequestEvent("pull_request.labeled.json", pr, fork.head);
    event.payload.label = { name: "docs" };
    const ownCache = path.join(runner.root, "cache");
    const before = fake.requests.length;
    const result = await step(run, event, { "trusted-label": TRUSTED_LABEL, "cache-dir": ownCache }).finished;

    expect(result.exitCode).toBe(1);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toContain(`The trusted label does not count for head ${fork.head.slice(0, 12)}: the label "${TRUSTED_LABEL}" may have been set on another head: it was set when the head was ${fork.base.slice(0, 12)}.`);
    expect(requestsSince(before)).toContain("GET /repos/alice-dev/postgres/activity");
    expect(apiWrites(before)).toEqual([]);
    expect(existsSync(ownCache)).toBe(false);
  });
});

describe("pull request policies", () => {
  it("measures nothing, neutral, when the skip input is true or a maintainer set the skip label; ignores the label from anyone else", async () => {
    const pr = fake.addPullRequest("docs: typo in the README").number;
    fake.roles.set(MAINTAINER.login, "triage");
    const ownCache = path.join(runner.root, "cache");
    const skipped = async (inputs: Record<string, string>, labels: string[]) => {
      const run = fake.addRun({ event: "pull_request", headBranch: "docs", headSha: fork.head, status: "in_progress", conclusion: null });
      const event = pullRequestEvent("pull_request.opened.json", pr, fork.head);
      Object.assign(event.payload.pull_request, { labels: labels.map((name) => ({ name })) });
      const before = fake.requests.length;
      const result = await step(run, event, { "cache-dir": ownCache, ...inputs }).finished;
      expect(apiWrites(before)).toEqual([]);
      return result;
    };
    const byInput = await skipped({ skip: "true" }, []);
    expect(byInput.exitCode).toBe(0);
    expect(byInput.outputs.verdict).toBe("neutral");
    expect(byInput.stdout).toContain("not measured: the input skip is true");

    fake.labeledBy(pr, "no-bench", MALLORY);
    const notCounted = step(fake.addRun({ event: "pull_request", headBranch: "docs", headSha: fork.head, status: "in_progress", conclusion: null }), (() => {
      const event = pullRequestEvent("pull_request.opened.json", pr, fork.head);
      Object.assign(event.payload.pull_request, { labels: [{ name: "no-bench" }] });
      return event;
    })(), { "cache-dir": ownCache, "skip-label": "no-bench" });
    // it goes on to measure: stopped once it starts building
    await notCounted.waitForLine(/^::group::build /);
    notCounted.child.kill("SIGTERM");
    const measuring = await notCounted.finished;
    expect(measuring.warnings).toContainEqual('the label "no-bench" does not count: mallory, who set the label "no-bench", has the role read on this repository, not triage or above');

    fake.labeledBy(pr, "no-bench", MAINTAINER);
    // pushed after the label: the skip label still counts (unlike the accept label)
    fake.committed(pr, fork.head);
    const byLabel = await skipped({ "skip-label": "no-bench" }, ["no-bench"]);
    expect(byLabel.exitCode).toBe(0);
    expect(byLabel.outputs.verdict).toBe("neutral");
    expect(byLabel.stdout).toContain(`not measured: ${MAINTAINER.login} set the label "no-bench"`);
    expect(fake.commentsOn(pr)).toEqual([]);
  });

  it("marks the PR's comment ⏳ measuring <sha> above the previous numbers while the new head is measured", async () => {
    const pr = fake.addPullRequest("executor: a second push").number;
    const previous = `${MARKER}\n\n## ✅ No regression · db-bench-gate · pg-smoke · ${ARCH}\n\nthe numbers of the previous head`;
    const [ours] = fake.addComments(pr, [previous], fake.identity);
    const run = fake.addRun({ event: "pull_request", headBranch: "second", headSha: fork.head, status: "in_progress", conclusion: null });
    const main = step(run, pullRequestEvent("pull_request.opened.json", pr, fork.head));
    await main.waitForLine(/PR comment marked as measuring/);
    main.child.kill("SIGTERM");
    await main.finished;
    expect(ours!.body.split("\n")).toEqual([
      MARKER,
      "",
      `> ⏳ **measuring \`${fork.head.slice(0, 12)}\`** ([workflow run](https://github.com/${fake.repository}/actions/runs/${run.id})): the numbers below are from the previous run.`,
      "",
      `## ✅ No regression · db-bench-gate · pg-smoke · ${ARCH}`,
      "",
      "the numbers of the previous head",
    ]);
    expect(fake.commentsOn(pr)).toHaveLength(1);
  });
});

describe("labels on a measured head", () => {
  const MEASURED_IN = ".github/workflows/perf.yml";
  /** Results of the fork's base and head, with the fixture's regressions, as the pull_request run of the head uploaded them. */
  function measuredEarlier(): Results {
    const fixtureResults = readResultsFile(path.join(REPO_ROOT, "test/fixtures/results/x86_64-regression.json"));
    const commits: Record<string, string> = { base: fork.base, head: fork.head };
    return { ...fixtureResults, profile: { ...fixtureResults.profile, name: "pg-smoke" }, variants: fixtureResults.variants.map((v) => ({ ...v, commit: commits[v.id]! })) };
  }
  /** The pull_request event of a label set on (or removed from) PR `pr`, which then carries `labels`. */
  function labelEvent(pr: number, action: "labeled" | "unlabeled", labels: string[]) {
    const event = pullRequestEvent("pull_request.opened.json", pr, fork.head);
    Object.assign(event.payload, { action, label: { name: "accept-regression" } });
    Object.assign(event.payload.pull_request, { labels: labels.map((name) => ({ name })) });
    return event;
  }
  const workflowRef = (pr: number) => ({ GITHUB_WORKFLOW_REF: `${fake.repository}/${MEASURED_IN}@refs/pull/${pr}/merge` });

  it("re-judges from the head's last results artifact when the accept label is set or removed: the comment and the check follow, nothing is measured", async () => {
    const earlier = measuredEarlier();
    const regressed = regressedSteps(earlier);
    expect(regressed.length).toBeGreaterThan(0);
    const pr = fake.addPullRequest("planner: a regression worth its price").number;
    fake.roles.set(MAINTAINER.login, "triage");
    fake.committed(pr, fork.head);
    const measured = fake.addRun({ event: "pull_request", path: MEASURED_IN, headBranch: "price", headSha: fork.head, conclusion: "failure" });
    // thresholds stored in the artifact that would pass everything: the base's files judge, not they
    await uploadResults(measured, [[ARCH, { ...earlier, thresholds: { run: { ...DEFAULT_THRESHOLDS, fail_below: 0.5, warn_below: 0.5 }, overrides: [{ step: "*", fail_below: 0.5 }] } }]]);
    // another workflow's run of the same head, newer: its artifact is not this gate's
    await uploadResults(fake.addRun({ event: "pull_request", path: ".github/workflows/other.yml", headBranch: "price", headSha: fork.head }), [[ARCH, { ...earlier, samples: [] }]]);
    const ownCache = path.join(runner.root, "cache");

    fake.labeledBy(pr, "accept-regression", MAINTAINER);
    const accepting = fake.addRun({ event: "pull_request", path: MEASURED_IN, headBranch: "price", headSha: fork.head, status: "in_progress", conclusion: null });
    const accepted = await step(accepting, labelEvent(pr, "labeled", ["accept-regression"]), { "cache-dir": ownCache }, "index", {}, workflowRef(pr)).finished;

    expect(accepted.stdout).toContain(`labeled: re-judged from artifact ${ARTIFACT} of run ${measured.id}, which measured these commits; nothing measured again`);
    expect(accepted.stdout).not.toMatch(/^::group::build /m);
    expect(existsSync(ownCache)).toBe(false);
    expect(accepted.exitCode).toBe(0);
    expect(accepted.outputs).toMatchObject({ verdict: "pass", regressions: String(regressed.length) });
    const [comment, ...more] = fake.commentsOn(pr);
    expect(more).toEqual([]);
    expect(comment!.body).toContain(`accepted by @\u200d${MAINTAINER.login}, who set the label \`accept-regression\` after the last push: the check passes.`);
    expect(comment!.body.split("\n")[1]).toBe(`<!-- db-bench-gate:results-run=${measured.id} -->`);
    expect(comment!.body).toContain(`[workflow run](https://github.com/${fake.repository}/actions/runs/${measured.id})`);
    expect(readResultsFile(accepted.outputs["results-path"]!).run.accepted).toEqual({ label: "accept-regression", by: MAINTAINER.login });
    // nothing uploaded: the artifact stays the measuring run's
    expect(fake.artifacts.filter((a) => a.runId === accepting.id)).toEqual([]);

    fake.issues.find((i) => i.number === pr)!.labels = [];
    fake.issues.find((i) => i.number === pr)!.timeline.push({ event: "unlabeled", actor: { login: MAINTAINER.login }, created_at: "2025-06-02T00:00:00Z", label: { name: "accept-regression" } });
    const removing = fake.addRun({ event: "pull_request", path: MEASURED_IN, headBranch: "price", headSha: fork.head, status: "in_progress", conclusion: null });
    const failed = await step(removing, labelEvent(pr, "unlabeled", []), { "cache-dir": ownCache }, "index", {}, workflowRef(pr)).finished;

    expect(failed.stdout).not.toMatch(/^::group::build /m);
    expect(failed.exitCode).toBe(1);
    expect(failed.errors).toEqual([regressionLine(earlier)]);
    expect(failed.outputs).toMatchObject({ verdict: "fail", regressions: String(regressed.length) });
    const [updated, ...none] = fake.commentsOn(pr);
    expect(none).toEqual([]);
    expect(updated!.id).toBe(comment!.id);
    expect(updated!.body).not.toContain("accepted by");
  });

  it("says in one line that the head has no results artifact to re-judge, and measures it", async () => {
    const pr = fake.addPullRequest("executor: labelled before it was ever measured").number;
    const head = fork.buildFailure;
    // an artifact of the head that measured another base is not these commits' results
    const otherBase = fake.addRun({ event: "pull_request", path: MEASURED_IN, headBranch: "unmeasured", headSha: head });
    const commits: Record<string, string> = { base: fork.head, head };
    await uploadResults(otherBase, [[ARCH, { ...measuredEarlier(), variants: measuredEarlier().variants.map((v) => ({ ...v, commit: commits[v.id]! })) }]]);
    const run = fake.addRun({ event: "pull_request", path: MEASURED_IN, headBranch: "unmeasured", headSha: head, status: "in_progress", conclusion: null });
    const event = labelEvent(pr, "labeled", []);
    event.payload.pull_request.head.sha = head;
    const main = step(run, event, {}, "index", {}, workflowRef(pr));
    await main.waitForLine(/^::group::build base /);
    main.child.kill("SIGTERM");
    const result = await main.finished;
    expect(result.stdout).toContain(`artifact ${ARTIFACT} of run ${otherBase.id} measured base ${fork.head.slice(0, 12)}, head ${head.slice(0, 12)}, not base ${fork.base.slice(0, 12)} and head ${head.slice(0, 12)}: not used`);
    expect(result.stdout).toContain(`labeled: no results artifact of head ${head} from an earlier run of this workflow to re-judge: measuring it`);
  });
});

describe("rerun by comment", () => {
  /** A PR of the fork's own branch with base and head as GitHub's pulls API reports them. */
  function sameRepoPr(title: string): number {
    const pr = fake.addPullRequest(title, { owner: fake.owner, ref: "vm-batch", sha: fork.head });
    pr.baseSha = fork.base;
    return pr.number;
  }
  /** The issue_comment event of `commenter` writing `body` on PR `pr`. */
  function commentEvent(pr: number, body: string, commenter = MAINTAINER.login) {
    const payload = fixture("issue_comment.created.json") as unknown as { issue: { number: number }; comment: { body: string; user: { login: string } }; repository: { full_name: string } };
    payload.issue.number = pr;
    payload.comment.body = body;
    payload.comment.user.login = commenter;
    payload.repository.full_name = fake.repository;
    return { name: "issue_comment", payload };
  }
  const rerunRun = () => fake.addRun({ event: "issue_comment", headBranch: "main", headSha: fork.base, status: "in_progress", conclusion: null });

  it("ignores a comment that is no command, and refuses a rerun from someone without write access, measuring nothing", async () => {
    const pr = sameRepoPr("executor: fingerprint each executed plan");
    fake.roles.set(MAINTAINER.login, "triage");
    const ownCache = path.join(runner.root, "cache");
    const before = fake.requests.length;
    const chat = await step(rerunRun(), commentEvent(pr, "LGTM once the numbers are in"), { "cache-dir": ownCache }).finished;
    expect(chat.exitCode).toBe(0);
    expect(chat.outputs.verdict).toBe("neutral");
    expect(chat.stdout).toContain("the comment holds no /db-bench-gate command: nothing to do");
    const refused = await step(rerunRun(), commentEvent(pr, "/db-bench-gate rerun --rounds 20"), { "cache-dir": ownCache }).finished;
    expect(refused.exitCode).toBe(0);
    expect(refused.outputs.verdict).toBe("neutral");
    expect(refused.warnings).toEqual([`${MAINTAINER.login} asked for a rerun but has the role triage on this repository: only users with write access can rerun`]);
    const bad = await step(rerunRun(), commentEvent(pr, "/db-bench-gate rerun --rounds many"), { "cache-dir": ownCache }).finished;
    expect(bad.exitCode).toBe(2);
    expect(bad.errors[0]).toMatch(/^comment \d+ by bob-maint: --rounds needs a whole number from 2 to 200, got "many"$/);
    expect(apiWrites(before)).toEqual([]);
    expect(existsSync(ownCache)).toBe(false);
  });

  it("measures the PR, then re-measures only the step named, keeping the other's rounds, in the same comment", async () => {
    const pr = sameRepoPr("executor: fingerprint each executed plan (rerun)");
    fake.roles.set(MAINTAINER.login, "write");
    const inputs = { "count-instructions": "false" };
    const first = rerunRun();
    const measured = await step(first, commentEvent(pr, "/db-bench-gate rerun --rounds 3"), inputs).finished;
    expect(measured.stdout).toContain(`${MAINTAINER.login} (write) asked for a rerun: measuring ${STEPS.join(", ")} with 3 rounds`);
    complete(first, measured);
    const [comment, ...more] = fake.commentsOn(pr);
    expect(more).toEqual([]);
    expect(comment!.body.split("\n").slice(0, 2)).toEqual([MARKER, `<!-- db-bench-gate:results-run=${first.id} -->`]);
    const earlier = await artifactResults(ARTIFACT, first.id);
    expect(earlier.variants.map((v) => v.commit)).toEqual([fork.base, fork.head]);

    const second = rerunRun();
    const rerun = await step(second, commentEvent(pr, `/db-bench-gate rerun --steps point-query.* --rounds 4`), inputs).finished;
    expect(rerun.stdout).toContain(`measuring ${STEPS[1]} with 4 rounds`);
    expect(fake.commentsOn(pr)).toHaveLength(1);
    expect(comment!.body.split("\n")[1]).toBe(`<!-- db-bench-gate:results-run=${second.id} -->`);
    const merged = await artifactResults(ARTIFACT, second.id);
    const of = (results: Results, stepId: string) => results.samples.filter((s) => s.step === stepId);
    expect(of(merged, STEPS[0]!)).toEqual(of(earlier, STEPS[0]!));
    expect(new Set(of(merged, STEPS[1]!).map((s) => s.round)).size).toBe(4);
    expect(merged.run.notes.some((n) => n.startsWith("re-measured in run ") && n.endsWith(`: ${STEPS[1]}`))).toBe(true);
  });

  it("does not measure when a maintainer set the skip label on the PR", async () => {
    const pr = sameRepoPr("docs: a typo, rerun by habit");
    fake.roles.set(MAINTAINER.login, "write");
    fake.labeledBy(pr, "skip-benchmark", MAINTAINER);
    const ownCache = path.join(runner.root, "cache");
    const before = fake.requests.length;
    const skipped = await step(rerunRun(), commentEvent(pr, "/db-bench-gate rerun"), { "cache-dir": ownCache }).finished;
    expect(skipped.exitCode).toBe(0);
    expect(skipped.outputs.verdict).toBe("neutral");
    expect(skipped.stdout).toContain(`not measured: ${MAINTAINER.login} set the label "skip-benchmark"`);
    expect(requestsSince(before)).toContain(`GET /repos/${fake.repository}/issues/${pr}/timeline`);
    expect(apiWrites(before)).toEqual([]);
    expect(existsSync(ownCache)).toBe(false);
  });

  it("re-measures the steps the last run found unstable, keeps the others, marks the comment measuring first and records the accept label", async () => {
    // Two steps of 3 rounds each: at α = 0.01 three rounds cannot reach significance, so the sysbench
    // step is unstable whatever the machine does; the pgbench step's override (α = 0.4, limits no
    // ratio reaches) makes it unchanged just as surely.
    const profile = path.join(runner.root, "pg-rerun.yaml");
    writeFileSync(
      profile,
      [
        "name: pg-rerun",
        "version: 1",
        "engine: postgresql",
        "description: two tiny steps of 3 rounds, one unstable by construction",
        "schedule: { rounds: 3, min_rounds: 3, duration_s: 1, warmup_s: 0, time_budget_s: null }",
        "cpu_affinity: split",
        "server_settings: { shared_buffers: 32MB, fsync: \"off\", synchronous_commit: \"off\", autovacuum: \"off\" }",
        "overrides:",
        "  - { step: \"pgbench.*\", alpha: 0.4, fail_below: 0.01, warn_below: 0.01, improve_above: 100 }",
        "steps:",
        "  - { driver: pgbench, script: select-only, protocol: prepared, clients: 1, scale: 1 }",
        "  - { driver: sysbench, benchmark: point-query, range: 100, table_size: 10000 }",
        "",
      ].join("\n"),
    );
    const [kept, unstable] = STEPS as [string, string];
    const artifact = `db-bench-gate-pg-rerun-${ARCH}`;
    const pr = sameRepoPr("executor: fingerprint each executed plan (unstable rerun)");
    fake.roles.set(MAINTAINER.login, "write");
    fake.committed(pr, fork.head);
    // a rerun was not started by the label: the branch's activity says the head was this one when it was set
    fake.pushed(fake.repository, "vm-batch", fork.head);
    fake.labeledBy(pr, "accept-regression", MAINTAINER);
    const accepted = { label: "accept-regression", by: MAINTAINER.login };
    const inputs = { profile, "count-instructions": "false" };

    // no comment yet: the first rerun measures every step
    const first = rerunRun();
    const measured = await step(first, commentEvent(pr, "/db-bench-gate rerun"), inputs).finished;
    console.log(`rerun of every step: ${measured.seconds.toFixed(0)} s`);
    expect(measured.stdout).toContain(`asked for a rerun: measuring ${kept}, ${unstable}\n`);
    complete(first, measured);
    const earlier = await artifactResults(artifact, first.id);
    expect(verdicts(earlier)).toMatch(new RegExp(`^${kept}: unchanged .*; ${unstable}: unstable \\(too few values`));
    expect(earlier.run.accepted).toEqual(accepted);
    const [comment, ...more] = fake.commentsOn(pr);
    expect(more).toEqual([]);
    const rowOf = (body: string, stepId: string) => body.split("\n").find((line) => line.startsWith(`| \`${stepId}\``));
    const keptRow = rowOf(comment!.body, kept);
    expect(keptRow).toBeDefined();

    const second = rerunRun();
    const before = fake.requests.length;
    const rerun = await step(second, commentEvent(pr, "/db-bench-gate rerun"), inputs).finished;
    console.log(`rerun of the unstable step: ${rerun.seconds.toFixed(0)} s`);
    expect(rerun.stdout).toContain(`asked for a rerun: measuring ${unstable}\n`);
    // the comment is marked before measuring, then replaced by the new report
    expect(lineIndex(rerun, /^PR comment marked as measuring /)).toBeGreaterThan(-1);
    expect(lineIndex(rerun, /^PR comment marked as measuring /)).toBeLessThan(lineIndex(rerun, /^::group::build /));
    const patches = fake.requests.slice(before).filter((r) => r.method === "PATCH").map((r) => (JSON.parse(r.body.toString("utf8")) as { body: string }).body);
    expect(patches).toHaveLength(2);
    expect(patches[0]!.split("\n")[2]).toMatch(new RegExp(`^> ⏳ \\*\\*measuring \`${fork.head.slice(0, 12)}\`\\*\\* \\(\\[workflow run\\]\\(.*/actions/runs/${second.id}\\)\\)`));
    expect(patches[0]).toContain(keptRow!);
    expect(fake.commentsOn(pr)).toHaveLength(1);
    const body = comment!.body;
    expect(body).toBe(patches[1]);
    expect(body).not.toContain("⏳ measuring");
    expect(body.split("\n")[1]).toBe(`<!-- db-bench-gate:results-run=${second.id} -->`);
    // the kept step's row is the first run's, number for number; the re-measured one is still there
    expect(rowOf(body, kept)).toBe(keptRow);
    expect(rowOf(body, unstable)).toBeDefined();
    const merged = await artifactResults(artifact, second.id);
    const of = (results: Results, stepId: string) => results.samples.filter((s) => s.step === stepId);
    expect(of(merged, kept)).toEqual(of(earlier, kept));
    expect(of(merged, unstable)).not.toEqual(of(earlier, unstable));
    expect(new Set(of(merged, unstable).map((s) => s.round)).size).toBe(3);
    expect(merged.run.notes.some((n) => n.startsWith("re-measured in run ") && n.endsWith(`: ${unstable}`))).toBe(true);
    expect(merged.run.accepted).toEqual(accepted);
  });
});

describe("shards", () => {
  it("a pr run with shard 2/2 measures only the second half of the profile's steps, uploads its own artifact and leaves the comment to report mode", async () => {
    const pr = fake.addPullRequest("executor: measured by two runners").number;
    const run = fake.addRun({ event: "pull_request", headBranch: "vm-batch", headSha: fork.head, status: "in_progress", conclusion: null });
    const before = fake.requests.length;
    const result = await step(run, pullRequestEvent("pull_request.opened.json", pr, fork.head), { shard: "2/2", "count-instructions": "false", "time-budget": "1" }).finished;
    console.log(`shard 2/2 PR run: ${result.seconds.toFixed(0)} s`);

    const results = readResultsFile(result.outputs["results-path"]!);
    expect(results.steps.map((s) => s.id)).toEqual([STEPS[1]]);
    expect(new Set(results.samples.map((s) => s.step))).toEqual(new Set([STEPS[1]]));
    expect(results.run.shard).toEqual({ index: 2, count: 2 });
    expect((await artifactResults(`${ARTIFACT}-shard2of2`, run.id)).run.id).toBe(results.run.id);
    expect(lineIndex(result, /^shard 2\/2: no PR comment; report mode merges the shards' results artifacts into one$/)).toBeGreaterThanOrEqual(0);
    expect(apiWrites(before)).toEqual([]);
    expect(fake.commentsOn(pr)).toEqual([]);
    // the shard gates its own step as an unsharded run would: a regression, or (uncounted, 1 s) nothing judged
    const judgedNothing = decideGate([compareRun(results)]).reasons.some((r) => r.cause === "unjudged");
    expect(result.errors).toEqual(regressedSteps(results).length > 0 ? [regressionLine(results)] : judgedNothing ? ["nothing could be judged"] : []);
  });

  it("refuses a shard that does not fit the profile before building anything, naming the input", async () => {
    const pr = fake.addPullRequest("executor: more runners than steps").number;
    const run = fake.addRun({ event: "pull_request", headBranch: "vm-batch", headSha: fork.head, status: "in_progress", conclusion: null });
    const tooMany = await step(run, pullRequestEvent("pull_request.opened.json", pr, fork.head), { shard: "3/3" }).finished;
    expect(tooMany.exitCode).toBe(2);
    expect(tooMany.errors).toEqual([`${PROFILE}: shard: 3 shards for 2 steps: shard 3/3 would measure nothing`]);
    const malformed = await step(run, pullRequestEvent("pull_request.opened.json", pr, fork.head), { shard: "2 of 3" }).finished;
    expect(malformed.exitCode).toBe(2);
    expect(malformed.errors).toEqual(['input shard: expected i/n such as 1/3 (this runner\'s share of n), got "2 of 3"']);
  });
});

describe("what a pull request is compared with", () => {
  it("builds the merge base of a PR whose main moved on after it branched, never main's tip", async () => {
    // the tiny engine builds in a second; its stand-in server cannot be measured: each step errors, which is enough to see what was built
    const tiny = await makeTinyEngineRepo(path.join(runner.root, "tiny"));
    const tip = await commitOn(tiny, tiny.base, "hello.c", "int hello(void) { for (volatile int i = 0; i < 100000; i++); return 42; }\n", "a slowdown lands on main after the PR branched");
    const head = await commitOn(tiny, tiny.base, "notes.txt", "the PR's change\n", "the PR's own change");
    const pr = fake.addPullRequest("docs: notes").number;
    const run = fake.addRun({ event: "pull_request", headBranch: "notes", headSha: head, status: "in_progress", conclusion: null });
    const event = pullRequestEvent("pull_request.opened.json", pr, head);
    event.payload.pull_request.base.sha = tip;
    const result = await step(run, event, { "repo-path": tiny.path, "cache-dir": path.join(runner.root, "cache"), "count-instructions": "false" }).finished;

    const built = result.lines.map((l) => /^::group::build (base|head) \((\w+)\)/.exec(l.text)).filter((m) => m !== null).map((m) => [m[1], m[2]]);
    expect(built).toEqual([["base", tiny.base], ["head", head]]);
    expect(result.stdout).not.toContain(tip);
  });

  it("does not credit a PR with a speed-up when main slowed down after it branched: it is measured against the merge base, and the comment says so", async () => {
    // the fork's head (a real slowdown) landed on main after the PR branched off at the fork's base; the
    // PR has no change of its own yet, so its head is where it branched: measured against main's tip, it
    // would be "faster"
    const pr = fake.addPullRequest("executor: a branch from before the slowdown").number;
    const run = fake.addRun({ event: "pull_request", headBranch: "before-slowdown", headSha: fork.base, status: "in_progress", conclusion: null });
    const event = pullRequestEvent("pull_request.opened.json", pr, fork.base);
    event.payload.pull_request.base.sha = fork.head;
    // counted: an A/A's instructions judge it unchanged, where QPS alone on a loaded machine may leave
    // every step unstable and the run unjudged (which fails)
    const result = await step(run, event).finished;

    const results = readResultsFile(result.outputs["results-path"]!);
    expect(results.variants.map((v) => [v.id, v.commit])).toEqual([["base", fork.base], ["head", fork.base]]);
    // an A/A: neither faster nor slower (against main's tip, every step was an improvement)
    const moved = compareRun(results).steps.filter((s) => s.variants.some((v) => v.verdict === "improvement" || v.verdict === "regression"));
    expect(moved, verdicts(results)).toEqual([]);
    expect(result.exitCode).toBe(0);
    const [comment] = fake.commentsOn(pr);
    expect(comment!.body).toContain(`the merge base \`${fork.base}\`, where it branched off \`main\` (\`main\`'s tip is \`${fork.head}\`)`);
  });
  it("judges a PR branched before its base's config by the config at the base's tip, says so, and ignores the looser inputs of a workflow it edited (issue 36 items 2, 7)", async () => {
    // a clone of the fork whose main got a strict config after the PR branched off at the fork's base (which has none)
    const clone = path.join(runner.root, "fork-clone");
    const git = async (...args: string[]) =>
      (await execa("git", ["-C", clone, "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false", ...args], { env: childEnv(process.env), extendEnv: false })).stdout.trim();
    await execa("git", ["clone", "-q", "--no-hardlinks", fork.path, clone], { env: childEnv(process.env), extendEnv: false });
    await git("switch", "-q", "--detach", fork.base);
    writeFileSync(path.join(clone, ".db-bench-gate.yml"), `profile: ${PROFILE}\nthresholds: { fail_below: 0.98 }\n`);
    await git("add", ".db-bench-gate.yml");
    await git("commit", "-qm", "the gate the maintainers have now");
    const tip = await git("rev-parse", "HEAD");
    // the commit the run's workflow is read from (GITHUB_SHA) has the PR's own .github/
    mkdirSync(path.join(clone, ".github"));
    writeFileSync(path.join(clone, ".github/perf.yml"), "on: pull_request\n");
    await git("add", ".github");
    await git("commit", "-qm", "the PR's workflow, merged");
    const merged = await git("rev-parse", "HEAD");
    const pr = fake.addPullRequest("executor: from a branch older than the gate").number;
    const run = fake.addRun({ event: "pull_request", headBranch: "older-than-gate", headSha: fork.base, status: "in_progress", conclusion: null });
    const event = pullRequestEvent("pull_request.opened.json", pr, fork.base);
    event.payload.pull_request.base.sha = tip;
    const result = await step(run, event, { "repo-path": clone, "fail-below": "0.6", alpha: "0.2" }, "index", {}, { GITHUB_REF: `refs/pull/${pr}/merge`, GITHUB_SHA: merged }).finished;

    expect(readResultsFile(result.outputs["results-path"]!).thresholds?.run).toMatchObject({ fail_below: 0.98, alpha: 0.2 });
    const [comment] = fake.commentsOn(pr);
    expect(comment!.body).toContain(`Judged by the files at \`main\`'s tip \`${tip.slice(0, 12)}\`; the base measured, \`${fork.base.slice(0, 12)}\`, has no \`.db-bench-gate.yml\`.`);
    expect(comment!.body).toContain("This pull request edits `.github/`, so the workflow that ran is its own");
    expect(comment!.body).toContain("> - `fail-below`: `0.6` given, the base's 0.98 used\n");
    expect(comment!.body).not.toContain("`alpha`");
    expect(result.warnings).toContain("input fail-below: 0.6 ignored, the base's 0.98 used: this pull request edits .github/, and the input would loosen its judging");
  });
});

describe("trust boundaries", () => {
  it("refuses pull_request_target in one line, before reading anything or calling GitHub", async () => {
    const pr = fake.addPullRequest("btree: prefetch siblings during range scans").number;
    const run = fake.addRun({ event: "pull_request_target", headBranch: "main", headSha: fork.head, status: "in_progress", conclusion: null });
    const ownCache = path.join(runner.root, "cache");
    const before = fake.requests.length;
    const event = pullRequestEvent("pull_request.fork.json", pr, fork.head);
    const result = await step(run, { ...event, name: "pull_request_target" }, { "cache-dir": ownCache, "allow-fork-prs": "true" }).finished;

    expect(result.exitCode).toBe(2);
    expect(result.errors).toEqual([`GITHUB_EVENT_NAME: ${PULL_REQUEST_TARGET_REFUSAL}`]);
    expect(result.outputs.verdict).toBe("error");
    expect(requestsSince(before)).toEqual([]);
    expect(existsSync(ownCache)).toBe(false);
  });

  it("judges a PR by the config, profile and noise floor of its base, not the versions it ships", async () => {
    // a small repository as the checkout (the workspace), at the PR's head: planning fails before any build
    const repo = runner.workspace;
    const git = (...args: string[]) =>
      execa("git", ["-C", repo, ...args], { env: { ...childEnv(process.env), GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@example.com", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@example.com" }, extendEnv: false });
    const profile = (affinity: string) => readFileSync(PROFILE, "utf8").replace(/^cpu_affinity: split$/m, affinity);
    const floor = (spread: number) =>
      JSON.stringify([{ step: STEPS[0], relative_spread: spread, log_ratio_sd: 0.01, rounds: 10, windows: 12, disjoint: true, hostname_hash: hostnameHash(os.hostname()), source: "judging test" }]);
    mkdirSync(path.join(repo, "perf"));
    await git("init", "-q", "-b", "main");
    // base: the maintainers' files, whose profile pins CPUs this runner lacks (so the run stops right there, naming it)
    writeFileSync(path.join(repo, "perf/gate.yml"), "profile: perf/smoke.yaml\nthresholds: { fail_below: 0.95 }\n");
    writeFileSync(path.join(repo, "perf/smoke.yaml"), profile('cpu_affinity: { server: "98", client: "99" }'));
    writeFileSync(path.join(repo, "perf/noise-floor.json"), floor(0.02));
    await git("add", "-A");
    await git("commit", "-qm", "base");
    const base = (await git("rev-parse", "HEAD")).stdout.trim();
    // head: a config that is not even valid (rounds: 1), a profile this runner can run, a noise floor with a negative spread
    writeFileSync(path.join(repo, "perf/gate.yml"), "profile: perf/smoke.yaml\nthresholds: { fail_below: 0.01 }\nrounds: 1\n");
    writeFileSync(path.join(repo, "perf/smoke.yaml"), profile("cpu_affinity: split"));
    writeFileSync(path.join(repo, "perf/noise-floor.json"), floor(-5));
    await git("commit", "-qam", "loosen the gate");
    const head = (await git("rev-parse", "HEAD")).stdout.trim();

    const pr = fake.addPullRequest("perf: relax the gate").number;
    const run = fake.addRun({ event: "pull_request", headBranch: "relax", headSha: head, status: "in_progress", conclusion: null });
    const event = pullRequestEvent("pull_request.opened.json", pr, head);
    event.payload.pull_request.base.sha = base;
    const inputs = { "repo-path": ".", config: "perf/gate.yml", "noise-floor": "perf/noise-floor.json", profile: "", "cache-dir": path.join(runner.root, "cache") };
    const result = await step(run, event, inputs).finished;

    expect(result.exitCode).toBe(2);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatch(new RegExp(`^${base}:perf/smoke\\.yaml: \\$\\.cpu_affinity\\.server: CPU 98 is not available on this runner`));
    expect(fake.commentsOn(pr)).toEqual([]);
  });
});

describe("secrets", () => {
  it("no token reaches a build, server or benchmark process of the runs above", () => {
    // what the watcher saw carrying the probe, i.e. started by the action with the subprocess environment
    const seen = Object.fromEntries(watcher.observed);
    console.log(`environments observed: ${JSON.stringify(seen)}`);
    for (const program of ["postgres", "pgbench", "sysbench", "make", "cc1"]) expect.soft(seen, `no ${program} process was observed`).toHaveProperty(program);
    expect(watcher.leaks).toEqual([]);
  });
});

describe("report mode", () => {
  const x64 = readResultsFile(path.join(REPO_ROOT, "test/fixtures/results/x86_64-regression.json"));
  const x64Regressed = regressedSteps(x64);
  /** The same steps measured on an arm64 runner, where nothing regressed. */
  function armResults(): Results {
    const arm = syntheticResults({ steps: x64.steps.map((s) => s.id), rounds: 10, noise: 0.01, seed: 11 });
    arm.profile = x64.profile;
    arm.fingerprint = { ...arm.fingerprint, arch: "aarch64", cpu_model: "Arm Neoverse N1", cores: 4 };
    return arm;
  }
  const failure = (regressed: string[], label: string) =>
    `${regressed.length} regression${regressed.length === 1 ? "" : "s"}: ${regressed.map((s) => `${s} (${label})`).join(", ")}`;

  function expectOneArchitectureTable(body: string): void {
    const header = body.split("\n").find((line) => /^\|\s*step\s*\|/.test(line));
    expect(header?.split("|").map((cell) => cell.trim()).filter(Boolean).sort()).toEqual(["aarch64 QPS ratio", "step", "verdict", "x86_64 QPS ratio"]);
    for (const stepId of x64.steps.map((s) => s.id)) expect(body).toContain(`\`${stepId}\``);
  }

  it("merges the architectures' results artifacts of its run into one comment, a column per architecture, and fails on one regression", async () => {
    expect(x64Regressed.length).toBeGreaterThan(0);
    const arm = armResults();
    expect(regressedSteps(arm)).toEqual([]);
    const pr = fake.addPullRequest("planner: cheaper join paths").number;
    const run = fake.addRun({ event: "pull_request", headBranch: "planner", headSha: fork.head, status: "in_progress", conclusion: null });
    await uploadResults(run, [["x86_64", x64], ["aarch64", arm]]);

    const before = fake.requests.length;
    const result = await step(run, pullRequestEvent("pull_request.opened.json", pr, fork.head), { mode: "report" }).finished;

    expect(apiWrites(before)).toEqual([`POST /repos/${fake.repository}/issues/${pr}/comments`]);
    const [comment, ...more] = fake.commentsOn(pr);
    expect(more).toEqual([]);
    expect(comment!.body.startsWith(commentMarker(x64.profile.name))).toBe(true);
    expectOneArchitectureTable(comment!.body);
    expect(result.summary).toBe(comment!.body);
    expect(result.exitCode).toBe(1);
    expect(result.errors).toEqual([failure(x64Regressed, "x86_64")]);
    expect(result.outputs.verdict).toBe("fail");
    expect(result.outputs.regressions).toBe(String(x64Regressed.length));
  });

  it("waits out GitHub's 502, secondary rate limit and 429, each once, and still posts its comment once", async () => {
    const pr = fake.addPullRequest("heap: prune on read").number;
    const run = fake.addRun({ event: "pull_request", headBranch: "prune", headSha: fork.head, status: "in_progress", conclusion: null });
    await uploadResults(run, [["aarch64", armResults()]]);
    const comments = new RegExp(`/issues/${pr}/comments$`);
    fake.failNext("GET", comments, 502, { message: "Server Error" });
    fake.failNext("POST", comments, 403, { message: "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.", documentation_url: "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits" }, { "retry-after": "1" });
    const reset = String(Math.ceil(Date.now() / 1000) + 2);
    fake.failNext("POST", comments, 429, { message: "API rate limit exceeded for installation ID 1.", documentation_url: "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api" }, { "x-ratelimit-limit": "1000", "x-ratelimit-remaining": "0", "x-ratelimit-reset": reset, "x-ratelimit-resource": "core" });

    const before = fake.requests.length;
    const result = await step(run, pullRequestEvent("pull_request.opened.json", pr, fork.head), { mode: "report" }).finished;

    expect(result.exitCode, result.stderr).toBe(0);
    expect(requestsSince(before).filter((r) => comments.test(r))).toEqual([...Array(2).fill(`GET /repos/${fake.repository}/issues/${pr}/comments`), ...Array(3).fill(`POST /repos/${fake.repository}/issues/${pr}/comments`)]);
    expect(fake.commentsOn(pr)).toHaveLength(1);
    expect(result.outputs["comment-url"]).toContain(`#issuecomment-${fake.commentsOn(pr)[0]!.id}`);
    expect(result.stderr).toMatch(/secondary rate limit refused POST .*: retrying in 1 s/);
  });

  it("judges artifacts by the base's thresholds, not the looser ones a measuring run stored in them", async () => {
    const loosened: Results = { ...x64, thresholds: { run: { ...DEFAULT_THRESHOLDS, fail_below: 0.5, warn_below: 0.5 }, overrides: [{ step: "*", fail_below: 0.5 }] } };
    expect(regressedSteps(loosened)).toEqual([]);
    const pr = fake.addPullRequest("planner: loosen the gate from the artifact").number;
    const run = fake.addRun({ event: "pull_request", headBranch: "loosen", headSha: fork.head, status: "in_progress", conclusion: null });
    await uploadResults(run, [["x86_64", loosened]]);

    const result = await step(run, pullRequestEvent("pull_request.opened.json", pr, fork.head), { mode: "report" }).finished;

    expect(result.exitCode).toBe(1);
    expect(result.errors).toEqual([`${x64Regressed.length} regression${x64Regressed.length === 1 ? "" : "s"}: ${x64Regressed.join(", ")}`]);
  });

  it("fails on an instruction regression that QPS cannot see, naming the channel in the comment and the check", async () => {
    const arm = armResults();
    const steps = arm.steps.map((s) => s.id);
    const counted: Results = { ...arm, instructions: syntheticResults({ steps, instructions: { effects: { head: { [steps[0]!]: 1.205 } } } }).instructions };
    // QPS alone sees nothing
    expect(compareRun(counted).steps.filter((s) => s.variants.some((v) => v.verdict === "regression"))).toEqual([]);
    const pr = fake.addPullRequest("executor: extra work per plan").number;
    const run = fake.addRun({ event: "pull_request", headBranch: "executor", headSha: fork.head, status: "in_progress", conclusion: null });
    await uploadResults(run, [["aarch64", counted]]);

    const result = await step(run, pullRequestEvent("pull_request.opened.json", pr, fork.head), { mode: "report" }).finished;

    const body = fake.commentsOn(pr)[0]!.body;
    expect(body).toMatch(/\| step +\| +QPS ratio head\/base \| +instr\/op ratio head\/base \| +verdict +\|/);
    expect(body).toContain(`Instructions per operation: **1 regression** · ${steps.length - 1} unchanged\n`);
    expect(body).toMatch(new RegExp(`^## ❌ 1 regression · worst \`${steps[0]!.replace(/\./g, "\\.")}\` instr/op 1\\.2\\d\\d \\(\\+2\\d%\\)$`, "m"));
    expect(result.exitCode).toBe(1);
    expect(result.errors).toEqual([`1 regression: ${steps[0]} (instr/op)`]);
    expect(result.outputs).toMatchObject({ verdict: "fail", regressions: "1" });
  });

  it("fails a run whose head errored in every step (fail-on's default includes error), and the headline says why", async () => {
    const steps = x64.steps.map((s) => s.id);
    const errors = steps.flatMap((step) => Array.from({ length: 10 }, (_, round) => ({ step, variant: "head", round, message: "server closed the connection unexpectedly" })));
    const broken = syntheticResults({ steps, rounds: 10, noise: 0.01, seed: 5, errors });
    broken.profile = x64.profile;
    const pr = fake.addPullRequest("executor: crash on every query").number;
    const run = fake.addRun({ event: "pull_request", headBranch: "crash", headSha: fork.head, status: "in_progress", conclusion: null });
    await uploadResults(run, [["x86_64", broken]]);
    const result = await step(run, pullRequestEvent("pull_request.opened.json", pr, fork.head), { mode: "report" }).finished;

    const headline = `## ❌ ${steps.length} errors · first \`${steps[0]}\``;
    expect(fake.commentsOn(pr)[0]!.body.split("\n")).toContain(headline);
    expect(result.exitCode).toBe(1);
    expect(result.errors).toEqual([`${steps.length} errors: ${steps.join(", ")}`]);
    expect(result.outputs.verdict).toBe("fail");

    // opted out: the same run passes, and says so
    const optedOut = fake.addRun({ event: "pull_request", headBranch: "crash", headSha: fork.head, status: "in_progress", conclusion: null });
    await uploadResults(optedOut, [["x86_64", broken]]);
    const passed = await step(optedOut, pullRequestEvent("pull_request.opened.json", pr, fork.head), { mode: "report", "fail-on": "regression" }).finished;
    expect(passed.exitCode).toBe(0);
    expect(passed.outputs.verdict).toBe("pass");
    // errors let pass are not a judgement: the headline names them as not gated, never ✅ (issue 35)
    expect(passed.summary.split("\n")).toContain(
      `## ⚠️ ${steps.length} errors, nothing could be judged, not gated (fail-on: regression) · first \`${steps[0]}\` · QPS inconclusive on ${steps.length} of ${steps.length} steps`,
    );
  });

  /** A pull_request event for `pr` carrying `labels`, as GitHub sends it once they are set. */
  function labeledEvent(pr: number, labels: string[]) {
    const event = pullRequestEvent("pull_request.opened.json", pr, fork.head);
    Object.assign(event.payload.pull_request, { labels: labels.map((name) => ({ name })) });
    return event;
  }

  it("passes on regressions accepted with the accept label by a maintainer after the last push, and the comment says who accepted what", async () => {
    const pr = fake.addPullRequest("planner: a known regression, accepted").number;
    fake.roles.set(MAINTAINER.login, "triage");
    fake.committed(pr, fork.head);
    // this run was not started by the label (its event is "opened"): the head branch's activity tells
    fake.pushed("pgfork/postgres", "vm-batch", fork.head);
    fake.labeledBy(pr, "accept-regression", MAINTAINER);
    const run = fake.addRun({ event: "pull_request", headBranch: "accepted", headSha: fork.head, status: "in_progress", conclusion: null });
    await uploadResults(run, [["x86_64", x64]]);
    const before = fake.requests.length;
    const result = await step(run, labeledEvent(pr, ["accept-regression"]), { mode: "report", cc: "@perf-team" }).finished;

    expect(result.exitCode).toBe(0);
    expect(result.outputs).toMatchObject({ verdict: "pass", regressions: String(x64Regressed.length) });
    expect(requestsSince(before)).toContain(`GET /repos/${fake.repository}/collaborators/${MAINTAINER.login}/permission`);
    const body = fake.commentsOn(pr)[0]!.body;
    const plural = x64Regressed.length === 1 ? "regression" : "regressions";
    const escaped = x64Regressed.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
    expect(body.split("\n")[2]).toMatch(new RegExp(`^## ✅ ${x64Regressed.length} ${plural} accepted · worst \`(?:${escaped})\` QPS 0\\.\\d\\d \\(−\\d+%\\)`));
    expect(body).toContain(`accepted by @\u200d${MAINTAINER.login}, who set the label \`accept-regression\` after the last push: the check passes.`);
    // accepted: nobody needs to be called
    expect(body).not.toContain("cc @perf-team");
    expect(body).toContain(`[workflow run](https://github.com/${fake.repository}/actions/runs/${run.id})`);
  });

  it("does not count the accept label when its setter cannot triage, fails, and mentions cc", async () => {
    const pr = fake.addPullRequest("planner: a regression the author accepted himself").number;
    fake.committed(pr, fork.head);
    fake.pushed("pgfork/postgres", "vm-batch", fork.head);
    fake.labeledBy(pr, "accept-regression", MALLORY);
    const run = fake.addRun({ event: "pull_request", headBranch: "self-accepted", headSha: fork.head, status: "in_progress", conclusion: null });
    await uploadResults(run, [["x86_64", x64]]);
    const result = await step(run, labeledEvent(pr, ["accept-regression"]), { mode: "report", cc: "@perf-team, org/db-core" }).finished;

    expect(result.exitCode).toBe(1);
    expect(result.warnings).toContainEqual(expect.stringMatching(/the label "accept-regression" does not count: mallory, who set the label "accept-regression", has the role read on this repository, not triage or above/));
    expect(fake.commentsOn(pr)[0]!.body).toContain("\n\ncc @perf-team @org/db-core\n\n");
  });

  it("writes the comment as the comment input says: on-regression not for a pass, never not even for a failure, but an existing one is kept current", async () => {
    const arm = armResults();
    const pr = fake.addPullRequest("planner: nothing to report").number;
    const quiet = fake.addRun({ event: "pull_request", headBranch: "quiet", headSha: fork.head, status: "in_progress", conclusion: null });
    await uploadResults(quiet, [["aarch64", arm]]);
    const passed = await step(quiet, pullRequestEvent("pull_request.opened.json", pr, fork.head), { mode: "report", comment: "on-regression" }).finished;
    expect(passed.exitCode).toBe(0);
    expect(passed.outputs["comment-url"]).toBe("");
    expect(fake.commentsOn(pr)).toEqual([]);

    const failing = fake.addRun({ event: "pull_request", headBranch: "quiet", headSha: fork.head, status: "in_progress", conclusion: null });
    await uploadResults(failing, [["x86_64", x64]]);
    const never = await step(failing, pullRequestEvent("pull_request.opened.json", pr, fork.head), { mode: "report", comment: "never" }).finished;
    expect(never.exitCode).toBe(1);
    expect(fake.commentsOn(pr)).toEqual([]);
    const written = await step(failing, pullRequestEvent("pull_request.opened.json", pr, fork.head), { mode: "report", comment: "on-change" }).finished;
    expect(written.exitCode).toBe(1);
    expect(fake.commentsOn(pr)).toHaveLength(1);

    // the earlier comment is updated even though this pass alone would not have warranted one
    const later = fake.addRun({ event: "pull_request", headBranch: "quiet", headSha: fork.head, status: "in_progress", conclusion: null });
    await uploadResults(later, [["aarch64", arm]]);
    const updated = await step(later, pullRequestEvent("pull_request.opened.json", pr, fork.head), { mode: "report", comment: "on-regression" }).finished;
    expect(updated.exitCode).toBe(0);
    const [comment, ...more] = fake.commentsOn(pr);
    expect(more).toEqual([]);
    expect(comment!.body).toContain("## ✅ No regression");
    expect(updated.outputs["comment-url"]).toBe(`https://github.com/${fake.repository}/pull/${pr}#issuecomment-${comment!.id}`);
  });

  /** What runner `index` of `count` measured of `results`: its steps, their samples, its own host. */
  function shardOf(results: Results, index: number, count: number, cpu_model = results.fingerprint.cpu_model): Results {
    const steps = results.steps.filter((_, i) => Math.floor((i * count) / results.steps.length) === index - 1);
    return {
      ...results,
      run: { ...results.run, id: `${results.run.id}-${index}`, shard: { index, count } },
      fingerprint: { ...results.fingerprint, cpu_model, runner: { name: `runner-${index}`, labels: ["Linux", "X64"] }, hostname_hash: `${index}`.repeat(16) },
      steps,
      samples: results.samples.filter((s) => steps.some((step) => step.id === s.step)),
    };
  }
  /** Marks the fixture's select-only steps (1 and 4 clients) as one client-count sweep. */
  const swept = (results: Results): Results => ({
    ...results,
    steps: results.steps.map((s) => {
      const clients = /^pgbench\.select-only\.prepared\.c(\d+)$/.exec(s.id)?.[1];
      return clients ? { ...s, sweep: { group: "pgbench.select-only.prepared", clients: Number(clients) } } : s;
    }),
  });

  it("merges the shards of an architecture into one column, shows sweeps side by side and the price/performance of each architecture with runner-cost", async () => {
    const x64Swept = swept(x64);
    const arm = swept(armResults());
    const pr = fake.addPullRequest("lwlock: fewer atomics").number;
    const run = fake.addRun({ event: "pull_request", headBranch: "lwlock", headSha: fork.head, status: "in_progress", conclusion: null });
    await uploadResults(run, [["x86_64-shard2of2", shardOf(x64Swept, 2, 2)], ["aarch64", arm], ["x86_64-shard1of2", shardOf(x64Swept, 1, 2)]]);

    const result = await step(run, pullRequestEvent("pull_request.opened.json", pr, fork.head), { mode: "report", "runner-cost": "{ X64: 0.768, aarch64: 0.538 }" }).finished;

    const [comment, ...more] = fake.commentsOn(pr);
    expect(more).toEqual([]);
    const body = comment!.body;
    // one x86_64 column from two shards, every step of the profile once, and the gate as unsharded
    expectOneArchitectureTable(body);
    expect(result.errors).toEqual([failure(x64Regressed, "x86_64")]);
    expect(result.exitCode).toBe(1);
    // the sweep: 1 and 4 clients side by side, per architecture
    const sweepRows = body.split("\n").filter((l) => l.startsWith("| `pgbench.select-only.prepared` ·"));
    expect(sweepRows.map((l) => l.split("|")[1]!.trim())).toEqual(["`pgbench.select-only.prepared` · x86_64", "`pgbench.select-only.prepared` · aarch64"]);
    expect(body).toMatch(/\| step +\| +1 client \| +4 clients \|/);
    // price/performance: x86_64 priced by its runners' label X64, aarch64 by its architecture
    expect(body).toContain("### Price/performance");
    expect(body).toContain("x86_64 0.768 per hour (`X64`), aarch64 0.538 per hour (`aarch64`)");
    // a column per architecture and variant, each named (issue 27 item 5)
    expect(body).toMatch(/\| step +\| +x86_64 · base \| +x86_64 · head \| +aarch64 · base \| +aarch64 · head \| +aarch64 · base \/ x86_64 · base \|/);
    expect(body).toMatch(/aarch64 · head gives \d\.\d\d times the operations per unit of cost of x86_64 · head \(geometric mean over \d+ steps\)/);
  });

  it("refuses shards of one architecture measured on different machines, naming the artifact, and comments nothing", async () => {
    const pr = fake.addPullRequest("lwlock: shards on two machine types").number;
    const run = fake.addRun({ event: "pull_request", headBranch: "lwlock", headSha: fork.head, status: "in_progress", conclusion: null });
    await uploadResults(run, [["x86_64-shard1of2", shardOf(x64, 1, 2)], ["x86_64-shard2of2", shardOf(x64, 2, 2, "AMD EPYC 7763 64-Core Processor")]]);
    const before = fake.requests.length;

    const result = await step(run, pullRequestEvent("pull_request.opened.json", pr, fork.head), { mode: "report" }).finished;

    expect(result.exitCode).toBe(2);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatch(
      new RegExp(`^artifact db-bench-gate-${x64.profile.name}-x86_64-shard2of2 \\(run ${run.id}\\): \\$\\.fingerprint: shard 2/2 was measured on another machine than shard 1/2 .*cpu_model: .* vs "AMD EPYC 7763 64-Core Processor"; shards are merged only from runners of one machine type$`),
    );
    expect(apiWrites(before)).toEqual([]);
    expect(fake.commentsOn(pr)).toEqual([]);
  });

  describe("from a workflow_run (the two-workflow pattern for fork PRs)", () => {
    /** The fork's PR, the pull_request run that measured it (read-only token: it uploaded, did not comment), and this workflow_run's own run. */
    function forkPrMeasured() {
      const head = { owner: "alice-dev", ref: "main", sha: fork.head };
      fake.addPullRequest("an older PR from the same fork branch", { ...head, sha: fork.base }).state = "closed";
      const pr = fake.addPullRequest("btree: prefetch siblings during range scans", head);
      pr.baseSha = fork.base;
      const measured = fake.addRun({ event: "pull_request", headBranch: "main", headSha: fork.head, conclusion: "failure" });
      const own = fake.addRun({ name: "perf comment", event: "workflow_run", headBranch: "main", headSha: fork.base, status: "in_progress", conclusion: null });
      const payload = fixture("workflow_run.completed.json");
      Object.assign(payload.workflow_run, { id: measured.id, head_sha: fork.head, head_branch: "main", conclusion: "failure", pull_requests: [] });
      payload.workflow_run.head_repository.full_name = "alice-dev/postgres";
      payload.repository.full_name = fake.repository;
      return { pr: pr.number, measured, own, event: { name: "workflow_run", payload } };
    }
    const withCommits = (results: Results, commit: string): Results => ({
      ...results,
      variants: results.variants.map((v) => (v.id === results.base_variant ? { ...v, commit: fork.base } : { ...v, commit })),
    });

    it("comments on the fork's PR found from the event (head repository, branch and sha), with the measuring run's artifacts", async () => {
      const { pr, measured, own, event } = forkPrMeasured();
      await uploadResults(measured, [["x86_64", withCommits(x64, fork.head)], ["aarch64", withCommits(armResults(), fork.head)]]);
      const before = fake.requests.length;
      const result = await step(own, event, { mode: "report" }).finished;

      expect(requestsSince(before)).toContainEqual(`GET /repos/${fake.repository}/actions/runs/${measured.id}/artifacts`);
      expect(apiWrites(before)).toEqual([`POST /repos/${fake.repository}/issues/${pr}/comments`]);
      expectOneArchitectureTable(fake.commentsOn(pr)[0]!.body);
      // what the measuring run compared, by pr mode's rule: the fork PR branched off main's tip
      expect(fake.commentsOn(pr)[0]!.body).toContain(`\nCompared: the head with \`main\`'s tip \`${fork.base}\`, which is also the merge base.\n`);
      expect(result.errors).toEqual([failure(x64Regressed, "x86_64")]);
      expect(result.outputs["comment-url"]).toContain(`/pull/${pr}#issuecomment-`);
    });

    it("reads the fork PR's labels from the pulls API: the accept label set after the last push passes the check, the skip label reports nothing", async () => {
      fake.roles.set(MAINTAINER.login, "triage");
      const accepted = forkPrMeasured();
      fake.committed(accepted.pr, fork.head);
      fake.pushed("alice-dev/postgres", "main", fork.head);
      fake.labeledBy(accepted.pr, "accept-regression", MAINTAINER);
      await uploadResults(accepted.measured, [["x86_64", withCommits(x64, fork.head)]]);
      const before = fake.requests.length;
      const passed = await step(accepted.own, accepted.event, { mode: "report" }).finished;
      expect(requestsSince(before)).toEqual(expect.arrayContaining([`GET /repos/${fake.repository}/pulls/${accepted.pr}`, `GET /repos/${fake.repository}/issues/${accepted.pr}/timeline`]));
      expect(passed.exitCode).toBe(0);
      expect(passed.outputs).toMatchObject({ verdict: "pass", regressions: String(x64Regressed.length) });
      expect(fake.commentsOn(accepted.pr)[0]!.body).toContain(`accepted by @\u200d${MAINTAINER.login}, who set the label \`accept-regression\` after the last push: the check passes.`);

      // the measuring run skipped it and uploaded nothing: neither an error nor a comment
      const skipped = forkPrMeasured();
      fake.labeledBy(skipped.pr, "skip-benchmark", MAINTAINER);
      const beforeSkip = fake.requests.length;
      const neutral = await step(skipped.own, skipped.event, { mode: "report" }).finished;
      expect(neutral.exitCode).toBe(0);
      expect(neutral.outputs.verdict).toBe("neutral");
      expect(neutral.stdout).toContain(`not reported: ${MAINTAINER.login} set the label "skip-benchmark"`);
      expect(apiWrites(beforeSkip)).toEqual([]);
    });

    it("refuses an artifact that measured another commit than the run's head, and comments nothing", async () => {
      const { pr, measured, own, event } = forkPrMeasured();
      await uploadResults(measured, [["x86_64", withCommits(x64, fork.head)], ["aarch64", withCommits(armResults(), fork.buildFailure)]]);
      const before = fake.requests.length;
      const result = await step(own, event, { mode: "report" }).finished;

      expect(result.exitCode).toBe(2);
      expect(result.errors).toEqual([
        `artifact db-bench-gate-${x64.profile.name}-aarch64 (run ${measured.id}): measured head ${fork.buildFailure}, not the head ${fork.head} of the run that uploaded it: not reported`,
      ]);
      expect(apiWrites(before)).toEqual([]);
      expect(fake.commentsOn(pr)).toEqual([]);
    });
  });
});

describe("flags mode", () => {
  it("creates its issue on the first weekly run and updates the same issue on the next", async () => {
    const payload = fixture("schedule.json");
    payload.repository.full_name = fake.repository;
    // one commit, two flag sets; a time budget of 1 s cuts each step to the profile's min_rounds. O2 has
    // the recipe's C flags, which the first run built base with: its C files come from ccache, so only
    // native compiles cold (the build instructions.test reuses; two cold builds beside the background
    // builds took this test past 20 minutes on a fresh machine)
    const inputs = { "flag-sets": "O2=-O2 -g\nnative=-O2 -march=native", "head-ref": fork.base, "time-budget": "1", "runner-cost": `{ ${ARCH}: 0.768 }` };
    const marker = flagsIssueMarker(`pg-smoke-${ARCH}`);
    const flagsIssues = () => fake.issues.filter((i) => !i.isPullRequest && i.body?.includes(marker));

    const runs: StepResult[] = [];
    const writes: string[][] = [];
    for (let week = 0; week < 2; week++) {
      const run = fake.addRun({ event: "schedule", headBranch: "main", headSha: fork.base, status: "in_progress", conclusion: null });
      const before = fake.requests.length;
      const result = await step(run, { name: "schedule", payload }, inputs).finished;
      console.log(`flags run ${week + 1}: ${result.seconds.toFixed(0)} s`);
      expect(result.errors).toEqual([]);
      expect(result.exitCode).toBe(0);
      runs.push(result);
      writes.push(apiWrites(before));
    }

    const [issue, ...more] = flagsIssues();
    expect(more).toEqual([]);
    expect(writes).toEqual([[`POST /repos/${fake.repository}/issues`], [`PATCH /repos/${fake.repository}/issues/${issue!.number}`]]);
    expect(issue!.title).toBe(`db-bench-gate: compiler flags, pg-smoke on ${ARCH}`);
    expect(issue!.state).toBe("open");
    // the issue holds the second week's report, which is that run's job summary
    expect(issue!.body).toContain(runs[1]!.summary.trim());
    const results = readResultsFile(runs[1]!.outputs["results-path"]!);
    expect(results.variants.map((v) => [v.id, v.commit, v.flags.cflags])).toEqual([["O2", fork.base, "-O2 -g"], ["native", fork.base, "-O2 -march=native"]]);
    // every step stops at min_rounds: the budget cut it there, or its verdict settled at that same look
    // (a clear O2/native difference can, on a quiet machine), and the run says which
    for (const step of results.steps) {
      expect(results.samples.filter((s) => s.step === step.id && s.variant === "O2")).toHaveLength(10);
      expect(results.run.notes.filter((n) => n.startsWith(`${step.id}: the time budget stopped it after 10 of 24 rounds`) || n.startsWith(`${step.id}: settled after 10 of 24 rounds`))).toHaveLength(1);
    }
    expect(results.run.budget_exhausted).toBe(results.run.notes.some((n) => n.includes(": the time budget stopped it after")));
    expect(runs[1]!.summary).toContain(`Compiler flags · pg-smoke · ${ARCH}`);
    // runner-cost: each flag set's operations per unit of cost
    expect(runs[1]!.summary).toContain(`Operations per unit of runner cost, per variant (a column each; base: \`O2\`): the variant's median QPS × 3600 / price per hour; ${ARCH} 0.768 per hour (\`${ARCH}\`).`);
    expect(runs[1]!.summary).toMatch(/\| step +\| +O2 \| +native \|\n/);
  }, 30 * 60_000);
});

describe("cleanup", () => {
  const measuring = /round 1\/24 (base|head): [\d,]+ QPS/;

  function startPrRun() {
    const pr = fake.addPullRequest("executor: interrupted run").number;
    const run = fake.addRun({ event: "pull_request", headBranch: "vm-batch", headSha: fork.head, status: "in_progress", conclusion: null });
    const event = pullRequestEvent("pull_request.opened.json", pr, fork.head);
    return { run, event, main: step(run, event) };
  }

  const postgresUnder = (dir: string) => processesUnder(dir).filter((pid) => readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres");

  it("the post step stops the servers and removes the temp dirs that a main step killed with SIGKILL mid-measurement left", async () => {
    const { run, event, main } = startPrRun();
    await main.waitForLine(measuring);
    main.child.kill("SIGKILL");
    const killed = await main.finished;
    expect(killed.signal).toBe("SIGKILL");
    const jobRoot = killed.state["job-root"]!;
    expect(path.dirname(jobRoot)).toBe(runner.temp);
    expect(killed.state.repo).toBe(fork.path);
    // what the kill left: both servers and their data dirs
    expect(postgresUnder(jobRoot).length).toBeGreaterThanOrEqual(2);
    expect(readdirSync(jobRoot).filter((n) => n.startsWith("dbg-pg-"))).toHaveLength(2);

    // the runner runs the post step with the job's environment and the main step's saved state
    const post = await step(run, event, {}, "post", killed.state).finished;
    expect(post.exitCode).toBe(0);
    expect(post.lines.map((l) => l.text)).toContainEqual(expect.stringMatching(/^post: cleaned up \d+ processes, /));
    // servers and benchmark clients alike: the clients work in the run directory under the job root
    expect(processesUnder(runner.root)).toEqual([]);
    expect(existsSync(jobRoot)).toBe(false);
    const worktrees = await execa("git", ["-C", fork.path, "worktree", "list", "--porcelain"], { env: childEnv(process.env), extendEnv: false });
    expect(worktrees.stdout).not.toContain(runner.root);
  });

  it("the main step on SIGTERM stops its servers and removes its temp dirs itself", async () => {
    const { main } = startPrRun();
    await main.waitForLine(measuring);
    const jobRoot = readdirSync(runner.temp).find((n) => n.startsWith("db-bench-gate-"));
    expect(jobRoot).toBeDefined();
    expect(postgresUnder(runner.root).length).toBeGreaterThanOrEqual(2);
    main.child.kill("SIGTERM");
    const result = await main.finished;
    expect(result.signal).toBe("SIGTERM");
    expect(postgresUnder(runner.root)).toEqual([]);
    expect(existsSync(path.join(runner.temp, jobRoot!))).toBe(false);
  });
});

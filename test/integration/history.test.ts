/**
 * The main branch's history end to end, through the bundled action (dist/index.js) against the stand-in
 * GitHub on loopback: the demo fork gets 8 commits on main, the 5th planting a slowdown (extra work per
 * executed query); `baseline` runs on the fork's base and each of them but the 5th (pushed together with
 * the 6th) append to the data branch (written through the git data API), the change point is found
 * between the 4th and the 6th and raises one alert issue (updated, not duplicated) naming that range, the
 * size with its interval and the chart; with bisect-on-alert, the run that raises it bisects the range
 * (one probe: the 5th against the 4th) and comments the 5th on the issue; `bisect` between the first
 * and the last commit finds the 5th. Real
 * builds (one per commit: ccache hits but the 5th's one file, then cached prefixes), real PostgreSQL,
 * pgbench and valgrind; profile pg-history (one step, instructions counted three times). The alert is
 * the instruction channel's: QPS is tested at 0.01, which 8 runs cannot reach (docs/history.md), so the
 * loaded machine's scattered QPS medians raise none of their own.
 * Run `npm run build` first: the tests run dist/, not the sources.
 */
import { readFileSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it, onTestFailed } from "vitest";
import { parseHistory } from "../../src/history/record.js";
import { historyKey, HISTORY_FILE, LATEST_FILE } from "../../src/history/store.js";
import { processesUnder } from "../../src/trust/processes.js";
import { parseResults } from "../../src/results/io.js";
import { addHistoryCommits } from "../../src/setup/fork-repo.js";
import { FakeGitHub, type FakeRun } from "../helpers/fake-github.js";
import { makeRunnerDirs, REPO_ROOT, startStep, type RunnerDirs, type StepResult } from "../helpers/run-action.js";

const cacheDir = inject("cacheDir");
const fork = inject("pgFork");
const PROFILE = path.join(REPO_ROOT, "test/fixtures/profiles/pg-history.yaml");
const ARCH = process.arch === "arm64" ? "aarch64" : "x86_64";
const KEY = historyKey("pg-history", ARCH);
const DATA_BRANCH = "db-bench-gate-data";
const COUNT = 8;
/** 1-based: the commit that plants the slowdown */
const SLOW_AT = 5;
/**
 * 1-based: the commit pushed with the next one, so without a baseline run of its own: the slowdown's, so
 * that the alert's range holds two commits for its bisect to tell apart (5 runs before it and 3 after
 * give p = 0.03 < 0.05, by the 8th run)
 */
const PUSHED_WITH_NEXT = SLOW_AT;
/** hashes per executed query: 4.7 times the instructions per select-only transaction (39.6k to 185.6k, measured), unmistakable */
const LOOPS = 2000;
const ALERT_MARKER = "<!-- db-bench-gate:alert=";

const fake = await FakeGitHub.start();
const repoDir = path.join(cacheDir, "pg-fork-history", path.basename(fork.path));
let commits: string[] = [];
/** the commits baseline runs on, oldest first: the fork's base (a 4th run before the slowdown) and every commit but PUSHED_WITH_NEXT */
let measured: string[] = [];

beforeAll(async () => {
  commits = await addHistoryCommits(fork, repoDir, { count: COUNT, slowAt: SLOW_AT, loops: LOOPS });
  measured = [fork.base, ...commits.filter((_, i) => i !== PUSHED_WITH_NEXT - 1)];
});
afterAll(() => fake.close());

let runner: RunnerDirs;
beforeEach(() => {
  runner = makeRunnerDirs();
});
afterEach(async () => {
  let left = processesUnder(runner.root);
  for (let waited = 0; left.length > 0 && waited < 10_000; waited += 200) {
    await sleep(200);
    left = processesUnder(runner.root);
  }
  for (const pid of left) process.kill(pid, "SIGKILL");
  const jobRoots = readdirSync(runner.temp).filter((name) => name.startsWith("db-bench-gate-"));
  rmSync(runner.root, { recursive: true, force: true });
  expect(left, "processes of the test still running").toEqual([]);
  expect(jobRoots, "job temp dirs left in RUNNER_TEMP").toEqual([]);
});

function pushEvent(sha: string, before: string) {
  const payload = JSON.parse(readFileSync(path.join(REPO_ROOT, "test/fixtures/events/push.main.json"), "utf8")) as Record<string, unknown> & { repository: { full_name: string } };
  payload.after = sha;
  payload.before = before;
  payload.repository.full_name = fake.repository;
  return { name: "push", payload };
}

async function runStep(run: FakeRun, event: { name: string; payload: unknown }, inputs: Record<string, string>): Promise<StepResult> {
  const running = startStep("index", {
    runner,
    event,
    inputs: { "repo-path": repoDir, profile: PROFILE, "cache-dir": cacheDir, token: fake.token, "results-path": path.join(runner.workspace, "out", "results.json"), ...inputs },
    env: { ...fake.env(run.id), GITHUB_REF_NAME: "main" },
  });
  onTestFailed(async () => {
    const { stdout, stderr } = await running.finished;
    console.log(`--- step stdout (last 8000 characters) ---\n${stdout.slice(-8000)}\n--- stderr ---\n${stderr.slice(-3000)}`);
  });
  const result = await running.finished;
  Object.assign(run, { status: "completed", conclusion: result.exitCode === 0 ? "success" : "failure" });
  return result;
}

const alertIssues = () => fake.issues.filter((i) => i.body?.startsWith(ALERT_MARKER));
const storedHistory = () => parseHistory(fake.gitFile(DATA_BRANCH, `${KEY}/${HISTORY_FILE}`) ?? "null", `fake ${DATA_BRANCH}`);

describe("the main branch's history", () => {
  const timings: string[] = [];
  afterAll(() => console.log(`[history] ${timings.join("; ")}`));

  it(`baseline on ${COUNT} pushes: the data branch keeps them, the change point at commit ${SLOW_AT} raises one alert, bisected once, updated and not duplicated`, async () => {
    let alertAfter: number | null = null;
    let last: StepResult | null = null;
    let previousHead = "";
    const firstBadRun = measured.indexOf(commits[PUSHED_WITH_NEXT]!);
    for (const [i, sha] of measured.entries()) {
      const run = fake.addRun({ event: "push", headBranch: "main", headSha: sha, status: "in_progress", conclusion: null });
      last = await runStep(run, pushEvent(sha, i === 0 ? "0".repeat(40) : measured[i - 1]!), { mode: "baseline", "alert-cc": "alice-dev, @bob-maint", "bisect-on-alert": "true" });
      timings.push(`baseline ${i + 1}: ${last.seconds.toFixed(0)} s`);
      expect(last.exitCode, last.errors.join("\n")).toBe(0);
      // the data branch: one commit per run on top of the previous one, holding the records of every run so far, in order
      const history = storedHistory();
      expect(history.records.map((r) => r.commit)).toEqual(measured.slice(0, i + 1));
      expect(history.records.at(-1)!.run_id).toBe(String(run.id));
      expect(history.records.at(-1)!.steps[0]!.instructions_per_op).toBeGreaterThan(10_000);
      const head = fake.git.refs.get(`heads/${DATA_BRANCH}`)!;
      expect(fake.git.commits.get(head)!.parents).toEqual(i === 0 ? [] : [previousHead]);
      previousHead = head;
      expect(parseResults(JSON.parse(fake.gitFile(DATA_BRANCH, `${KEY}/${LATEST_FILE}`)!), "latest").variants[0]!.commit).toBe(sha);
      // no alert before two runs after the slowdown exist (E-divisive needs two values on each side)
      if (i <= firstBadRun) expect(alertIssues(), `alert after run ${i + 1}`).toEqual([]);
      if (alertAfter === null && alertIssues().length > 0) {
        alertAfter = i + 1;
        timings.push(`baseline ${i + 1} raised the alert and bisected it: ${last.lines.filter((l) => /^probe \d+: /.test(l.text)).map((l) => l.text).join(" | ")}`);
      }
    }
    expect(alertAfter, "an alert by the last run").not.toBeNull();

    const history = storedHistory();
    const instructions = history.records.map((r) => r.steps[0]!.instructions_per_op!);
    timings.push(`instr/op per commit: ${instructions.map((n) => Math.round(n)).join(", ")}`);
    const [alert, ...more] = alertIssues();
    expect(more).toEqual([]);
    const body = alert!.body!;
    // what docs/history.md shows
    console.log(`[history] alert issue #${alert!.number}: ${alert!.title}\n${body}\n[history] job summary of the last baseline run:\n${last!.summary}`);
    // the range of the runs: the last before the slowdown's push, the first after it
    const firstBad = commits[PUSHED_WITH_NEXT]!;
    const lastGood = commits[PUSHED_WITH_NEXT - 2]!;
    expect(alert!.title).toContain(`regressed at ${firstBad.slice(0, 12)}`);
    expect(body).toContain(`${lastGood.slice(0, 12)}..${firstBad.slice(0, 12)}`);
    expect(body).toContain(`/compare/${lastGood}...${firstBad}`);
    expect(body).toContain("cc @alice-dev @bob-maint");
    // markdown-table pads the cells; more instructions per op after the change, with an interval, p < 0.05
    expect(body).toMatch(/\| `pgbench\.select-only\.prepared\.c1` \| instr\/op +\| .* \| [1-9]\.\d\d \([1-9]\.\d\d–[1-9]\.\d\d\) +\| 0\.0[0-4]\d +\| regression \|/);
    expect(body).toContain("xychart-beta");
    expect(body).toContain(`--good ${lastGood} --bad ${firstBad} --steps 'pgbench.select-only.prepared.c1'`);
    // the job summary has the history and a trend chart per step and channel
    expect(last!.summary).toContain("### History of `main`");
    expect(last!.summary.match(/```mermaid/g)?.length).toBeGreaterThanOrEqual(2);
    expect(last!.stdout).toMatch(new RegExp(`history alert for ${firstBad.slice(0, 12)} (created|updated|unchanged)`));

    // bisect-on-alert: the run that raised it bisected 4th..6th over the regressed step and commented the 5th
    const bisected = fake.commentsOn(alert!.number);
    expect(bisected).toHaveLength(1);
    const comment = bisected[0]!.body;
    console.log(`[history] the alert's bisect comment:\n${comment}`);
    const slow = commits[SLOW_AT - 1]!;
    expect(comment).toContain(`the first bad commit is [\`${slow.slice(0, 12)}\`]`);
    expect(comment).toContain(`against its parent [\`${lastGood.slice(0, 12)}\`]`);
    expect(comment).toMatch(/\| `pgbench\.select-only\.prepared\.c1` \| .* \| [1-9]\.\d{3} \(repeats [\d.]+–[\d.]+\) +\| regression +\|/);
    // 2 candidates, 1 probe: the 5th against the 4th (the last good, its parent) is bad, and is the verdict too
    expect(comment).toMatch(/^\| 1 \|/m);
    expect(comment).not.toMatch(/^\| 2 \|/m);
    // found again by its marker: a re-run of the last commit updates the one issue, no second one
    if (alertAfter === measured.length) {
      const rerun = fake.addRun({ event: "push", headBranch: "main", headSha: commits.at(-1)!, status: "in_progress", conclusion: null });
      const again = await runStep(rerun, pushEvent(commits.at(-1)!, commits.at(-2)!), { mode: "baseline", "alert-cc": "alice-dev bob-maint", "bisect-on-alert": "true" });
      timings.push(`re-run of commit ${COUNT}: ${again.seconds.toFixed(0)} s`);
      expect(again.exitCode, again.errors.join("\n")).toBe(0);
      expect(storedHistory().records.map((r) => r.commit)).toEqual(measured);
      expect(again.stdout).toMatch(new RegExp(`history alert for ${firstBad.slice(0, 12)} (updated|unchanged)`));
      // an alert updated is not bisected again
      expect(again.stdout).not.toMatch(/^probe \d+: /m);
    } else {
      expect(last!.stdout).toMatch(new RegExp(`history alert for ${firstBad.slice(0, 12)} (updated|unchanged)`));
    }
    expect(alertIssues()).toHaveLength(1);
    expect(fake.commentsOn(alert!.number)).toHaveLength(1);
    // cold: 8 builds (ccache hits but one file) and 8 counted runs; a loaded 2-core machine needs the hour
  }, 60 * 60_000);

  it(`bisect between the first and the last commit finds commit ${SLOW_AT}, measuring every probe interleaved`, async () => {
    const run = fake.addRun({ event: "workflow_dispatch", headBranch: "main", headSha: commits.at(-1)!, status: "in_progress", conclusion: null });
    const event = { name: "workflow_dispatch", payload: { ref: "refs/heads/main", repository: { full_name: fake.repository }, inputs: {} } };
    const result = await runStep(run, event, { mode: "bisect", "base-ref": commits[0]!, "head-ref": commits.at(-1)!, "bisect-steps": "pgbench.select-only.*" });
    timings.push(`bisect: ${result.seconds.toFixed(0)} s`);
    expect(result.exitCode, result.errors.join("\n")).toBe(0);
    const firstBad = commits[SLOW_AT - 1]!;
    expect(result.outputs["first-bad-commit"]).toBe(firstBad);
    const probes = result.lines.filter((l) => /^probe \d+: /.test(l.text)).map((l) => l.text);
    timings.push(`bisect probes: ${probes.join(" | ")}`);
    console.log(`[history] bisect job summary:\n${result.summary}`);
    // 7 candidates: 3 probes against the first commit, then the first bad one against its parent
    expect(probes).toHaveLength(4);
    expect(probes.at(-1)).toMatch(new RegExp(`^probe 4: ${firstBad.slice(0, 12)} against ${commits[SLOW_AT - 2]!.slice(0, 12)} is bad`));
    expect(result.summary).toContain(`the first bad commit is [\`${firstBad.slice(0, 12)}\`]`);
    expect(result.summary).toMatch(/\| `pgbench\.select-only\.prepared\.c1` \| .* \| [1-9]\.\d{3} \(repeats [\d.]+–[\d.]+\) +\| regression +\|/);
  }, 30 * 60_000);
});

/**
 * The action: one run() per job, in the mode the inputs or the event ask for.
 *   pr        build base and head, measure interleaved, compare (and against the stored baseline),
 *             upload the results, comment, summary, outputs, gate
 *   baseline  measure the pushed commit, upload it as the stored baseline
 *   report    merge the results artifacts of this workflow run (one per runner) into one comment
 *   flags     one commit with several flag sets, reported in the job summary and a weekly issue
 * Subprocesses that run PR code get childEnv(): no token, no ACTIONS_* or GITHUB_* variable; as root
 * they run as an unprivileged user (src/unprivileged.ts).
 */
import * as core from "@actions/core";
import { existsSync } from "node:fs";
import { chmod, copyFile, mkdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { readEvent, type GitHubEvent, type WorkflowRunEvent } from "./action/event.js";
import { refusePersistedCredentials } from "./action/checkout-credentials.js";
import { carriesTrustedLabel, decideForkPolicy } from "./action/fork-policy.js";
import { checkTrustedLabel } from "./action/trusted-label.js";
import { readInputs, type ActionInputs } from "./action/inputs.js";
import { trustLevelOf } from "./action/trust-level.js";
import { cacheNamespace } from "./build/build.js";
import { JOB_MARKER } from "./child-env.js";
import { withCleanup, type CleanupRegistry } from "./cleanup.js";
import { jobMarker, STATE_JOB_ROOT, STATE_REPO } from "./action/cleanup-job-root.js";
import { compareAgainstBaseline, compareRun } from "./compare/compare.js";
import { decideGate, decideMeasuredGate, gateMessage } from "./compare/gate.js";
import type { Comparison } from "./compare/types.js";
import { CONFIG_FILE_NAME, loadConfigAt, type ConfigFile } from "./config/config-file.js";
import { changedJudgingFiles, judgingCommit, readJudgingFile, type JudgingCommit } from "./config/judging-files.js";
import { defaultCacheDir, makePlan, resolveJudging, type Plan, type RunFlags } from "./config/plan.js";
import { loadProfile } from "./config/profile.js";
import { DEFAULT_TIMEOUTS } from "./config/timeouts.js";
import { EXIT_ERROR, InputError, PipelineError } from "./errors.js";
import type { Log } from "./log.js";
import { fingerprintMismatches } from "./measure/fingerprint.js";
import { runBenchmark } from "./pipeline.js";
import { downloadResultsArtifact, listRunArtifacts, resultsArtifactName, uploadResultsArtifact } from "./publish/artifacts.js";
import { findStoredBaseline, type StoredBaseline } from "./publish/baseline.js";
import { enforceCacheCap, touchEntry } from "./publish/cache-dir.js";
import { upsertStickyComment } from "./publish/comment.js";
import { createGitHubClient, parseRepository, tokenLogin, type GitHubClient, type RepoRef } from "./publish/github.js";
import { flagsIssueMarker, upsertMarkedIssue } from "./publish/issue.js";
import { appendJobSummary, setActionOutputs } from "./publish/summary.js";
import { baselineStoredMarkdown, measuredSteps } from "./report/baseline.js";
import { inlineCode, escapeMarkdown } from "./report/escape.js";
import { judgingFilesNote } from "./report/judging-note.js";
import { COMMENT_LIMIT, commentMarker, renderMarkdown } from "./report/markdown.js";
import { parseNoiseFloor, writeResults } from "./results/io.js";
import { runLabels } from "./results/run-labels.js";
import type { NoiseFloor, Results } from "./results/schema.js";
import { unprivilegedWarning, type TrustLevel } from "./unprivileged.js";

const actionLog: Log = {
  info: (message) => core.info(message),
  group: (title, work) => core.group(title, work),
};

interface Context {
  inputs: ActionInputs;
  event: GitHubEvent;
  env: NodeJS.ProcessEnv;
  github: { client: GitHubClient; repo: RepoRef; token: string; author: () => Promise<string> } | null;
  cacheDir: string;
  /** the whole job's: servers, source trees and the job root are removed on success, failure and signal */
  registry: CleanupRegistry;
}

function runner(env: NodeJS.ProcessEnv): RunFlags["runner"] {
  const labels = [env.RUNNER_OS, env.RUNNER_ARCH, env.RUNNER_ENVIRONMENT].filter((l): l is string => Boolean(l));
  return { name: env.RUNNER_NAME ?? null, labels };
}

/** The config file at the trusted commit (a PR's base): the default name, or the config input's path. */
async function configAt(ctx: Context, at: JudgingCommit): Promise<ConfigFile> {
  const { inputs } = ctx;
  return loadConfigAt(at, inputs.config === CONFIG_FILE_NAME ? null : path.resolve(inputs.repoPath, inputs.config));
}

function planFlags(ctx: Context, at: JudgingCommit, trust: TrustLevel, variants: Pick<RunFlags, "base" | "head" | "variants">): RunFlags {
  const { inputs } = ctx;
  return {
    trust,
    timeouts: inputs.timeouts,
    repo: inputs.repoPath,
    judgedAt: at,
    ...variants,
    profile: inputs.profile ?? undefined,
    cflags: inputs.cflags ?? undefined,
    cacheDir: ctx.cacheDir,
    timeBudgetS: inputs.timeBudgetS ?? undefined,
    countInstructions: inputs.countInstructions,
    runner: runner(ctx.env),
  };
}

/** The noise-floor input: as committed at the trusted commit when in the repository, else the runner's file. */
async function noiseFloorAt(file: string, at: JudgingCommit): Promise<NoiseFloor[]> {
  const { text, source } = await readJudgingFile(file, at, "noise floor");
  return parseNoiseFloor(text, source);
}

/** Measures the plan; the results are written (and uploaded) before anything may fail on them. */
async function measure(ctx: Context, plan: Plan, at: JudgingCommit): Promise<Results> {
  // A bad noise floor must fail now, not after minutes of measuring (bad thresholds failed in makePlan).
  const noiseFloor = ctx.inputs.noiseFloor ? await noiseFloorAt(path.resolve(ctx.inputs.noiseFloor), at) : null;
  const measured = await runBenchmark(plan.run, ctx.registry, actionLog);
  // kept with the results: a baseline run stores it for later pr runs on this machine
  const results: Results = noiseFloor ? { ...measured, noise_floor: noiseFloor } : measured;
  // cancelled (a signal): the samples after it are errors of the cancellation, not results to publish
  ctx.registry.signal.throwIfAborted();
  const resultsPath = path.resolve(ctx.inputs.resultsPath);
  await mkdir(path.dirname(resultsPath), { recursive: true });
  await writeResults(resultsPath, results);
  core.info(`results: ${resultsPath}`);
  await uploadResults(ctx, results, resultsPath);
  await capBuildCache(ctx, results).catch((e: Error) => core.warning(`cache-dir cleanup: ${e.message}`));
  return results;
}

/** Marks this run's builds as just used, then removes the least recently used others beyond the cap, in each namespace. */
async function capBuildCache(ctx: Context, results: Results): Promise<void> {
  const used = new Set(results.variants.map((v) => v.build_id));
  for (const trust of ["trusted", "pr"] as const) {
    const { builds } = cacheNamespace(ctx.cacheDir, trust);
    for (const buildId of used) if (existsSync(path.join(builds, buildId))) await touchEntry(builds, buildId);
    const { evict, overCap } = await enforceCacheCap(builds, ctx.inputs.cacheSizeCapGiB, used);
    if (evict.length > 0) core.info(`cache-dir: removed ${evict.length} least recently used ${trust} builds (${evict.map((e) => e.name).join(", ")})`);
    if (overCap) core.warning(`cache-dir: this run's ${trust} builds alone exceed cache-size-cap (${ctx.inputs.cacheSizeCapGiB} GiB)`);
  }
}

function artifactNameOf(ctx: Context, results: Results): string {
  return resultsArtifactName(ctx.inputs.artifactName, results.profile.name, results.fingerprint.arch);
}

async function uploadResults(ctx: Context, results: Results, file: string): Promise<void> {
  if (!ctx.env.ACTIONS_RUNTIME_TOKEN || !ctx.env.ACTIONS_RESULTS_URL) {
    core.info("no artifact service in this environment: results not uploaded");
    return;
  }
  const uploaded = await uploadResultsArtifact(artifactNameOf(ctx, results), file);
  core.info(`uploaded the results as artifact ${artifactNameOf(ctx, results)} (${uploaded.size} bytes)`);
}

/** Writes the report everywhere it goes: summary, sticky comment, outputs; then gates. */
async function publish(ctx: Context, markdown: string, gate: Comparison[], prNumber: number | null, profile: string): Promise<void> {
  const summary = await appendJobSummary(markdown, ctx.env.GITHUB_STEP_SUMMARY);
  if (summary !== "written") core.info(`job summary: ${summary}`);
  let commentUrl: string | null = null;
  if (ctx.inputs.comment && prNumber !== null) {
    if (!ctx.github) {
      core.warning("no token: the PR comment was not written");
    } else {
      const { client, repo } = ctx.github;
      const comment = await upsertStickyComment(client, { ...repo, issueNumber: prNumber, marker: commentMarker(profile), body: markdown, author: await ctx.github.author() });
      commentUrl = comment.url;
      core.info(`PR comment ${comment.action}: ${comment.url}`);
    }
  }
  const decision = gate.length === 0 ? null : decideGate(gate, ctx.inputs.failOn);
  setActionOutputs({ verdict: decision?.verdict ?? "neutral", regressions: decision?.regressions ?? 0, resultsPath: path.resolve(ctx.inputs.resultsPath), commentUrl });
  if (decision?.verdict === "fail") core.setFailed(gateMessage(decision));
}

/** The branch's stored baseline of this profile and architecture, usable only when measured on the same machine. */
type BaselineLookup = { kind: "none"; artifact: string } | { kind: "other-machine"; stored: StoredBaseline; differences: string[] } | { kind: "usable"; stored: StoredBaseline };

async function lookUpBaseline(ctx: Context, results: Results, branch: string): Promise<BaselineLookup | null> {
  if (!ctx.github) return null;
  const artifact = artifactNameOf(ctx, results);
  const stored = await findStoredBaseline(ctx.github.client, { repo: ctx.github.repo, branch, artifactName: artifact }).catch((e: Error) => {
    core.warning(`stored baseline: ${e.message}`);
    return null;
  });
  if (!stored) return { kind: "none", artifact };
  const differences = fingerprintMismatches(stored.results.fingerprint, results.fingerprint);
  if (differences.length === 0) return { kind: "usable", stored };
  core.warning(`the stored baseline was measured on a different machine: ${differences.join("; ")}`);
  return { kind: "other-machine", stored, differences };
}

/** The stored baseline comparison for the comment: informational, never the gate. */
function againstBaseline(lookup: BaselineLookup | null, results: Results, plan: Plan, branch: string): string {
  switch (lookup?.kind) {
    case undefined:
      return "";
    case "none":
      return `\n---\nNo stored baseline of ${inlineCode(results.profile.name)} on ${escapeMarkdown(results.fingerprint.arch)} for ${inlineCode(branch)} yet (artifact ${inlineCode(lookup.artifact)}): nothing to compare across runs. Push to ${inlineCode(branch)} with \`mode: baseline\` to store one.\n`;
    case "other-machine":
      return `\n---\n⚠️ The stored baseline of ${inlineCode(branch)} ([run ${lookup.stored.runId}](${lookup.stored.url})) was measured on a different machine (${escapeMarkdown(lookup.differences.join("; "))}): no cross-run comparison.\n`;
    case "usable": {
      const comparison = compareAgainstBaseline(results, lookup.stored.results, { ...plan.compare, baseVariant: undefined, label: `vs ${branch} (stored)` });
      return `\n---\n${renderMarkdown([comparison], { maxLength: Math.floor(COMMENT_LIMIT / 3), title: `Against the stored baseline of ${branch} (informational: unpaired, does not gate)` })}`;
    }
  }
}

async function prMode(ctx: Context): Promise<void> {
  const event = ctx.event.kind === "pull_request" ? ctx.event : null;
  if (event) {
    const policy = { allowForkPrs: ctx.inputs.allowForkPrs, trustedLabel: ctx.inputs.trustedLabel };
    const label = carriesTrustedLabel(event, policy) && ctx.github ? await checkTrustedLabel(ctx.github.client, ctx.github.repo, event, policy.trustedLabel!) : null;
    const decision = decideForkPolicy(event, policy, label);
    if (decision.allowed && decision.why === "trusted-label") core.info(`the trusted label "${policy.trustedLabel}" was set after the last push: building ${event.head.sha}`);
    if (!decision.allowed) {
      core.setOutput("verdict", "neutral");
      core.setFailed(decision.message);
      return;
    }
  }
  const base = ctx.inputs.baseRef ?? event?.base.sha;
  const head = ctx.inputs.headRef ?? event?.head.sha;
  if (!base || !head) throw new InputError("pr mode outside a pull_request event needs base-ref and head-ref", undefined, "input base-ref");
  await refusePersistedCredentials(ctx.inputs.repoPath);
  // how the PR is judged comes from its base, never from its own tree
  const judged = judgingCommit(ctx.inputs.repoPath, base);
  const plan = await makePlan(planFlags(ctx, judged, "pr", { base, head, variants: [] }), await configAt(ctx, judged), ctx.inputs.thresholds);
  const results = await measure(ctx, plan, judged);
  const judgingNote = judgingFilesNote(await changedJudgingFiles(ctx.inputs.repoPath, base, head, judged.read), base);
  const lookup = event ? await lookUpBaseline(ctx, results, event.base.ref) : null;
  // The runner's A/A noise: from the input, else as stored with the branch's baseline on this machine.
  const noiseFloor = results.noise_floor ?? (lookup?.kind === "usable" ? lookup.stored.results.noise_floor : undefined);
  const comparison = compareRun(results, { ...plan.compare, ...(noiseFloor && { noiseFloor }) });
  const paired = renderMarkdown([comparison], { maxLength: Math.floor((COMMENT_LIMIT * 2) / 3), failOn: ctx.inputs.failOn });
  const baseline = event ? againstBaseline(lookup, results, plan, event.base.ref) : "";
  await publish(ctx, paired + judgingNote + baseline, [comparison], event?.number ?? null, results.profile.name);
}

async function baselineMode(ctx: Context): Promise<void> {
  const event = ctx.event.kind === "push" ? ctx.event : null;
  const commit = ctx.inputs.headRef ?? event?.sha ?? ctx.env.GITHUB_SHA;
  if (!commit) throw new InputError("baseline mode needs head-ref outside a push event", undefined, "input head-ref");
  // One variant: the pushed commit, trusted (a push to the branch), so it is judged by its own files.
  const judged = judgingCommit(ctx.inputs.repoPath, commit);
  const trust = trustLevelOf("baseline", ctx.event, commit, ctx.env);
  const plan = await makePlan(planFlags(ctx, judged, trust, { variants: [{ id: "main", ref: commit, cflags: null }] }), await configAt(ctx, judged), ctx.inputs.thresholds);
  const results = await measure(ctx, plan, judged);
  const stored = path.join(ctx.cacheDir, "baselines", `${artifactNameOf(ctx, results)}.json`);
  await mkdir(path.dirname(stored), { recursive: true });
  await copyFile(path.resolve(ctx.inputs.resultsPath), stored);
  // a baseline with errors or without samples is stored (it is evidence) but fails the step like a PR would
  const gate = decideMeasuredGate(measuredSteps(results), ctx.inputs.failOn);
  const markdown = baselineStoredMarkdown(results, { commit, artifact: artifactNameOf(ctx, results), storedAt: stored }, gate);
  await publish(ctx, markdown, [], null, results.profile.name);
  if (gate.verdict === "fail") core.setFailed(gateMessage(gate));
}

/** The workflow run whose results artifacts report mode merges, and the PR it comments on. */
interface ReportTarget {
  runId: number;
  prNumber: number | null;
  /** workflow_run: the head commit GitHub says the run measured; every results document must have measured it */
  headSha: string | null;
}

/**
 * The PR a workflow_run measured, from the event and the API only, never from the run's (untrusted)
 * artifacts: GitHub lists same-repository PRs in the event; a fork's PR is the open one from the head
 * repository's owner and branch whose head is the measured commit.
 */
async function pullRequestOf(github: NonNullable<Context["github"]>, run: WorkflowRunEvent["run"]): Promise<number | null> {
  const listed = run.pullRequests.find((pr) => pr.headSha === run.headSha);
  if (listed) return listed.number;
  if (!run.headRepository || !run.headBranch) return null;
  const owner = run.headRepository.split("/")[0]!;
  const pulls = await github.client.paginate(github.client.rest.pulls.list, { ...github.repo, state: "open", head: `${owner}:${run.headBranch}`, per_page: 100 });
  return pulls.find((pr) => pr.head.sha === run.headSha)?.number ?? null;
}

async function reportTarget(ctx: Context, github: NonNullable<Context["github"]>): Promise<ReportTarget> {
  const { event } = ctx;
  // the two-workflow pattern: this run comments on the artifacts of the pull_request run that triggered it
  if (event.kind === "workflow_run") return { runId: event.run.id, prNumber: await pullRequestOf(github, event.run), headSha: event.run.headSha };
  const runId = Number(ctx.env.GITHUB_RUN_ID);
  if (!Number.isInteger(runId)) throw new InputError("GITHUB_RUN_ID is not set: report mode runs inside a workflow", undefined, "GITHUB_RUN_ID");
  return { runId, prNumber: event.kind === "pull_request" ? event.number : null, headSha: null };
}

async function reportMode(ctx: Context): Promise<void> {
  if (!ctx.github) throw new InputError("report mode needs a token to read this run's artifacts", undefined, "input token");
  const { client, repo } = ctx.github;
  const { runId, prNumber, headSha } = await reportTarget(ctx, ctx.github);
  const artifacts = await listRunArtifacts(client, repo, runId, { prefix: `${ctx.inputs.artifactName}-` });
  if (artifacts.length === 0) throw new PipelineError(`no results artifacts named ${ctx.inputs.artifactName}-* in run ${runId}: did the measuring jobs upload any?`);
  const runs: Results[] = [];
  for (const artifact of artifacts) {
    const results = await downloadResultsArtifact(client, artifact, repo);
    const measured = results.variants.filter((v) => v.id !== results.base_variant && v.commit !== headSha);
    if (headSha && measured.length > 0) {
      const commits = measured.map((v) => `${v.id} ${v.commit}`).join(", ");
      throw new InputError(`measured ${commits}, not the head ${headSha} of the run that uploaded it: not reported`, `artifact ${artifact.name} (run ${runId})`);
    }
    runs.push(results);
    core.info(`read ${artifact.name}`);
  }
  if (headSha && prNumber === null) core.warning(`no open pull request has the head ${headSha} of run ${runId}: the report is in the job summary only`);
  // Artifacts are only as trusted as the workflow that uploaded them (a fork's, in the workflow_run
  // pattern): the thresholds stored in them are ignored, and the runs are judged as pr mode would, from
  // the profile, the config file at the trusted commit (the PR's base, else this checkout) and the inputs.
  const at = judgingCommit(ctx.inputs.repoPath, ctx.event.kind === "pull_request" ? ctx.event.base.sha : "HEAD");
  const config = await configAt(ctx, at);
  const named = ctx.inputs.profile ?? config.profile;
  const profile = named
    ? await loadProfile(named, at)
    : await loadProfile(runs[0]!.profile.name).catch((e: unknown) => {
        if (!(e instanceof InputError)) throw e;
        core.warning(`profile ${runs[0]!.profile.name} of the artifacts is not built in and neither the profile input nor the config file names one: judged by the config file and the inputs alone`);
        return {};
      });
  const judging = resolveJudging(profile, config, ctx.inputs.thresholds);
  const labels = runLabels(runs);
  const comparisons = runs.map((results, i) =>
    compareRun({ ...results, thresholds: undefined }, { thresholds: judging.thresholds, overrides: judging.overrides, label: labels[i] ?? null }),
  );
  const markdown = renderMarkdown(comparisons, { failOn: ctx.inputs.failOn });
  await publish(ctx, markdown, comparisons, prNumber, runs[0]!.profile.name);
}

async function flagsMode(ctx: Context): Promise<void> {
  const commit = ctx.inputs.headRef ?? ctx.env.GITHUB_SHA;
  if (!commit) throw new InputError("flags mode needs head-ref (or GITHUB_SHA)", undefined, "input head-ref");
  if (ctx.inputs.flagSets.length < 2) throw new InputError("flags mode needs at least two name=CFLAGS lines", undefined, "input flag-sets");
  const variants = ctx.inputs.flagSets.map((f) => ({ id: f.name, ref: commit, cflags: f.cflags }));
  const judged = judgingCommit(ctx.inputs.repoPath, commit);
  const plan = await makePlan(planFlags(ctx, judged, trustLevelOf("flags", ctx.event, commit, ctx.env), { variants }), await configAt(ctx, judged), ctx.inputs.thresholds);
  const results = await measure(ctx, plan, judged);
  const comparison = compareRun(results, plan.compare);
  const markdown = renderMarkdown([comparison], { title: `Compiler flags · ${results.profile.name} · ${results.fingerprint.arch}` });
  await appendJobSummary(markdown, ctx.env.GITHUB_STEP_SUMMARY);
  if (ctx.github) {
    const { client, repo } = ctx.github;
    const issue = await upsertMarkedIssue(client, {
      ...repo,
      author: await ctx.github.author(),
      marker: flagsIssueMarker(`${results.profile.name}-${results.fingerprint.arch}`),
      title: `db-bench-gate: compiler flags, ${results.profile.name} on ${results.fingerprint.arch}`,
      body: markdown,
    });
    core.info(`flags issue ${issue.action}: ${issue.url}`);
  }
  setActionOutputs({ verdict: comparison.verdict, regressions: decideGate([comparison]).regressions, resultsPath: path.resolve(ctx.inputs.resultsPath), commentUrl: null });
}

function gitHubContext(token: string, env: NodeJS.ProcessEnv): NonNullable<Context["github"]> {
  const client = createGitHubClient(token, env.GITHUB_API_URL);
  let login: Promise<string> | undefined;
  // looked up once, when a comment or issue is first written
  const author = () =>
    (login ??= tokenLogin(client).then((identity) => {
      core.info(`the token writes as ${identity.login} (${identity.how}): only its comments and issues are updated`);
      return identity.login;
    }));
  return { client, repo: parseRepository(env.GITHUB_REPOSITORY), token, author };
}

export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  try {
    const inputs = readInputs(env);
    if (inputs.token) core.setSecret(inputs.token);
    for (const deprecation of inputs.deprecations) core.warning(deprecation);
    const event = await readEvent(env);
    const github = inputs.token ? gitHubContext(inputs.token, env) : null;
    const cacheDir = path.resolve(inputs.cacheDir ?? defaultCacheDir(env));
    // Every temp dir of this job (servers' data, worktrees, downloads) lives under one root, removed
    // last on success, failure and SIGINT/SIGTERM; the post step removes what a SIGKILL left.
    const jobRoot = path.join(env.RUNNER_TEMP ?? os.tmpdir(), `db-bench-gate-${env.GITHUB_RUN_ID ?? "local"}-${process.pid}`);
    const warning = inputs.mode === "report" ? null : unprivilegedWarning();
    if (warning) core.warning(warning);
    await withCleanup(
      async (registry) => {
        await registry.register(`job root ${jobRoot}`, () => rm(jobRoot, { recursive: true, force: true }));
        await mkdir(jobRoot, { recursive: true });
        // like /tmp: the unprivileged users make their own dirs in it, and cannot touch the action's
        await chmod(jobRoot, 0o1777);
        core.saveState(STATE_JOB_ROOT, jobRoot);
        core.saveState(STATE_REPO, path.resolve(inputs.repoPath));
        process.env.TMPDIR = jobRoot;
        // every subprocess carries it: the post step finds what outlived the job by it (jobMarker)
        process.env[JOB_MARKER] = jobMarker(jobRoot);
        const modes = { pr: prMode, baseline: baselineMode, report: reportMode, flags: flagsMode };
        await modes[inputs.mode]({ inputs, event, env, github, cacheDir, registry });
      },
      { warn: (m) => core.warning(m), timeoutMs: (inputs.timeouts.run_s ?? DEFAULT_TIMEOUTS.run_s) * 1000 },
    );
  } catch (e) {
    core.setOutput("verdict", "error");
    if (e instanceof InputError) core.setFailed(e.message);
    else if (e instanceof PipelineError) core.setFailed(`${e.message}${e.logExcerpt ? `\n${e.logExcerpt}` : ""}`);
    else core.setFailed(e instanceof Error ? (e.stack ?? e.message) : String(e));
    process.exitCode = EXIT_ERROR;
  }
}

/**
 * report mode: merge the results artifacts of a workflow run (one per runner) into one comment, judged
 * from the trusted commit's files, never from thresholds stored in the (possibly a fork's) artifacts.
 */
import { compareColumns } from "../../compare/compare.js";
import { judgingCommit } from "../../config/judging-files.js";
import { resolveJudging } from "../../config/plan.js";
import { loadProfile } from "../../config/profile.js";
import { InputError, PipelineError } from "../../common/errors.js";
import { downloadResultsArtifact, listRunArtifacts } from "../../publish/artifacts.js";
import { renderMarkdown } from "../../report/markdown.js";
import { mergeShards, type SourcedResults } from "../../results/merge-shards.js";
import { configAt, runUrl, type GitHubAccess, type ModeContext } from "../context.js";
import type { WorkflowRunEvent } from "../event.js";
import type { LabelledPullRequest } from "../fork-policy.js";
import { acceptanceOf, pullRequestLabels, skipReason } from "../labels.js";
import { neutralOutputs, publishReport } from "../publish.js";
import { isMergeOf, pullRequestCommits, type PullRequestCommits } from "../compare-point.js";
import { comparisonNote } from "../../report/comparison-note.js";
import { ignoredInputsNote } from "../../report/judging-note.js";
import { pullRequestJudging, WORKFLOW_DIR } from "../pr-judging.js";

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
async function pullRequestOf(github: GitHubAccess, run: WorkflowRunEvent["run"]): Promise<number | null> {
  const listed = run.pullRequests.find((pr) => pr.headSha === run.headSha);
  if (listed) return listed.number;
  if (!run.headRepository || !run.headBranch) return null;
  const owner = run.headRepository.split("/")[0]!;
  const pulls = await github.client.paginate(github.client.rest.pulls.list, { ...github.repo, state: "open", head: `${owner}:${run.headBranch}`, per_page: 100 });
  return pulls.find((pr) => pr.head.sha === run.headSha)?.number ?? null;
}

async function reportTarget(ctx: ModeContext, github: GitHubAccess): Promise<ReportTarget> {
  const { event } = ctx;
  // the two-workflow pattern: this run comments on the artifacts of the pull_request run that triggered it
  if (event.kind === "workflow_run") return { runId: event.run.id, prNumber: await pullRequestOf(github, event.run), headSha: event.run.headSha };
  const runId = Number(ctx.env.GITHUB_RUN_ID);
  if (!Number.isInteger(runId)) throw new InputError("GITHUB_RUN_ID is not set: report mode runs inside a workflow", undefined, "GITHUB_RUN_ID");
  return { runId, prNumber: event.kind === "pull_request" ? event.number : null, headSha: null };
}

/** The commits of the PR reported on: from a pull_request event, or the pulls API for a workflow_run's PR (its head: the one the run measured). */
async function pullRequestCommitsOf(ctx: ModeContext, github: GitHubAccess, prNumber: number | null, headSha: string | null): Promise<PullRequestCommits | null> {
  if (ctx.event.kind === "pull_request") return pullRequestCommits(ctx.event, ctx.env);
  if (prNumber === null) return null;
  const { data: pull } = await github.client.rest.pulls.get({ ...github.repo, pull_number: prNumber });
  return { number: prNumber, baseRef: pull.base.ref, baseSha: pull.base.sha, headSha: headSha ?? pull.head.sha, mergeCommit: pull.merge_commit_sha ?? null };
}

export async function reportMode(modeCtx: ModeContext): Promise<void> {
  // in a pull_request run (a matrix's report job) the workflow may be the PR's own: its inputs may only tighten the base's judging
  const prJudging = modeCtx.event.kind === "pull_request" ? await pullRequestJudging(modeCtx, pullRequestCommits(modeCtx.event, modeCtx.env), true) : null;
  const ctx = prJudging?.ctx ?? modeCtx;
  const { core } = ctx;
  if (!ctx.github) throw new InputError("report mode needs a token to read this run's artifacts", undefined, "input token");
  const { client, repo } = ctx.github;
  const { runId, prNumber, headSha } = await reportTarget(ctx, ctx.github);
  // the labels of the PR reported on: a workflow_run's PR is not in its event, the pulls API has them
  const event = ctx.event;
  const labelled: LabelledPullRequest | null =
    event.kind === "pull_request" ? event : event.kind === "workflow_run" && prNumber !== null ? await pullRequestLabels(ctx.github, prNumber, event.action) : null;
  // the measuring jobs skipped it too, and uploaded nothing
  const skipped = await skipReason(ctx, labelled);
  if (skipped) {
    core.info(`not reported: ${skipped}`);
    return neutralOutputs(ctx);
  }
  const artifacts = await listRunArtifacts(client, repo, runId, { prefix: `${ctx.inputs.artifactName}-` });
  if (artifacts.length === 0) throw new PipelineError(`no results artifacts named ${ctx.inputs.artifactName}-* in run ${runId}: did the measuring jobs upload any?`);
  const pr = await pullRequestCommitsOf(ctx, ctx.github, prNumber, headSha);
  // the head measured: the run's, or with compare-with: merge-commit GitHub's merge commit of it
  const isHead = async (commit: string) =>
    commit === headSha || (headSha !== null && pr !== null && ctx.inputs.compareWith === "merge-commit" && (await isMergeOf(ctx.inputs.repoPath, commit, headSha, pr.number)));
  const downloaded: SourcedResults[] = [];
  for (const artifact of artifacts) {
    const results = await downloadResultsArtifact(client, artifact, repo, { tmpRoot: ctx.jobRoot });
    const measured: typeof results.variants = [];
    for (const v of results.variants) if (v.id !== results.base_variant && !(await isHead(v.commit))) measured.push(v);
    if (headSha && measured.length > 0) {
      const commits = measured.map((v) => `${v.id} ${v.commit}`).join(", ");
      throw new InputError(`measured ${commits}, not the head ${headSha} of the run that uploaded it: not reported`, `artifact ${artifact.name} (run ${runId})`);
    }
    downloaded.push({ results, source: `artifact ${artifact.name} (run ${runId})` });
    core.info(`read ${artifact.name}`);
  }
  // the shards of one architecture become one column; shards of different machines are refused
  const runs = mergeShards(downloaded);
  if (headSha && prNumber === null) core.warning(`no open pull request has the head ${headSha} of run ${runId}: the report is in the job summary only`);
  // Artifacts are only as trusted as the workflow that uploaded them (a fork's, in the workflow_run
  // pattern): the thresholds stored in them are ignored, and the runs are judged as pr mode would, from
  // the profile, the config file at the trusted commit (the PR's base, else this checkout) and the inputs.
  const at = prJudging?.judged ?? judgingCommit(ctx.inputs.repoPath, "HEAD");
  const config = prJudging?.config ?? (await configAt(ctx, at));
  const named = ctx.inputs.profile ?? config.profile;
  const profile = named
    ? await loadProfile(named, at)
    : await loadProfile(runs[0]!.profile.name).catch((e: unknown) => {
        if (!(e instanceof InputError)) throw e;
        core.warning(`profile ${runs[0]!.profile.name} of the artifacts is not built in and neither the profile input nor the config file names one: judged by the config file and the inputs alone`);
        return {};
      });
  const judging = resolveJudging(profile, config, ctx.inputs.thresholds);
  const comparisons = compareColumns(
    runs.map((results) => ({ ...results, thresholds: undefined })),
    { thresholds: judging.thresholds, overrides: judging.overrides },
  );
  const acceptance = await acceptanceOf(ctx, labelled);
  const measuredRun = runUrl(ctx.env, String(runId));
  const markdown = renderMarkdown(comparisons, { failOn: ctx.inputs.failOn, acceptance, proceed: { kind: "action", acceptLabel: ctx.inputs.acceptLabel }, cc: ctx.inputs.cc, links: measuredRun ? { run: measuredRun } : {},
    ...(ctx.inputs.runnerCost && { runnerCost: ctx.inputs.runnerCost }),
  });
  // what the measuring jobs compared, by the same rule as pr mode (every architecture measured the same commits)
  const [base, head] = [runs[0]!.variants.find((v) => v.id === runs[0]!.base_variant), runs[0]!.variants.find((v) => v.id !== runs[0]!.base_variant)];
  const compared = pr && base && head ? comparisonNote({ how: ctx.inputs.compareWith, base: base.commit, head: head.commit, baseRef: pr.baseRef, baseTip: pr.baseSha, prHead: pr.headSha }) : "";
  await publishReport(ctx, { markdown: markdown + compared + ignoredInputsNote(prJudging?.ignored ?? [], WORKFLOW_DIR), comparisons, prNumber, profile: runs[0]!.profile.name, acceptance });
}

/**
 * pr mode: build the PR's comparison point (compare-with: the merge base and the head, or the merge
 * commit and the base tip), measure interleaved, compare (and against the stored baseline), upload the
 * results, comment, summary, outputs, gate. A label set or removed re-judges the head's last results
 * instead. How the PR is judged comes from the base branch's tip the event names (src/action/pr-judging.ts).
 */
import path from "node:path";
import { compareAgainstBaseline, compareRun } from "../../compare/compare.js";
import type { Acceptance } from "../../compare/types.js";
import { storedJudging } from "../../compare/thresholds.js";
import { judgingCommit, type JudgingCommit } from "../../config/judging-files.js";
import type { ConfigFile } from "../../config/config-file.js";
import type { Plan } from "../../config/plan.js";
import { InputError } from "../../common/errors.js";
import { fingerprintMismatches } from "../../measure/fingerprint.js";
import { historyKey } from "../../history/store.js";
import { downloadResultsArtifact, headRunArtifacts, type ArtifactRef } from "../../publish/artifacts.js";
import { workflowPathOf, type ExpiredBaseline } from "../../publish/baseline.js";
import { comparisonNote } from "../../report/comparison-note.js";
import { escapeMarkdown, inlineCode } from "../../report/escape.js";
import { ignoredInputsNote } from "../../report/judging-note.js";
import { COMMENT_LIMIT, renderMarkdown, type StoredBaselineColumn } from "../../report/markdown.js";
import type { SweepChartsWhere } from "../../report/sweep.js";
import { writeResults } from "../../results/io.js";
import type { Results } from "../../results/schema.js";
import { formatShard } from "../../schedule/shard.js";
import { refusePersistedCredentials } from "../checkout-credentials.js";
import { pullRequestCommits, resolveComparisonPoint, type ComparisonPoint } from "../compare-point.js";
import { actionPlan, configAt, planFlags, runUrl, sourceLinks, type ModeContext } from "../context.js";
import { aaSpreadsOf, functionsDirOf, whereCostItems } from "../../results/function-profiles.js";
import type { PullRequestEvent } from "../event.js";
import { findBaseline, historyStoreOf, type BaselineFound } from "../history.js";
import { carriesTrustedLabel, decideForkPolicy } from "../fork-policy.js";
import { acceptanceOf, skipReason, withAcceptance } from "../labels.js";
import { artifactNameOf, measuredCommits, measureInAction } from "../measure.js";
import { markMeasuring, neutralOutputs, publishReport, refuseToBuild } from "../publish.js";
import { judgingNotes, pullRequestJudging, WORKFLOW_DIR } from "../pr-judging.js";
import type { IgnoredInput } from "../../report/judging-note.js";
import { checkTrustedLabel } from "../trusted-label.js";
import { rerunMode } from "./rerun.js";

/** The branch's stored baseline of this profile and architecture, usable only when measured on the same machine. */
type BaselineLookup =
  | { kind: "none"; artifact: string; expired: ExpiredBaseline | null }
  | { kind: "other-machine"; stored: Results; from: string; differences: string[] }
  | { kind: "usable"; stored: Results; from: string };

async function lookUpBaseline(ctx: ModeContext, results: Results, event: PullRequestEvent): Promise<BaselineLookup | null> {
  if (!ctx.github) return null;
  const artifact = artifactNameOf(ctx, results);
  const warn = (message: string) => ctx.core.warning(message);
  const found = await findBaseline(ctx.github, {
    branch: event.base.ref,
    defaultBranch: event.defaultBranch,
    artifactName: artifact,
    workflowPath: ctx.inputs.baselineWorkflow ?? workflowPathOf(ctx.env.GITHUB_WORKFLOW_REF),
    store: historyStoreOf(ctx),
    key: historyKey(results.profile.name, results.fingerprint.arch),
    tmpRoot: ctx.jobRoot,
    warn,
  }).catch((e: Error): BaselineFound => {
    warn(`stored baseline: ${e.message}`);
    return { kind: "none", expired: null };
  });
  if (found.kind === "none") return { kind: "none", artifact, expired: found.expired };
  const differences = fingerprintMismatches(found.results.fingerprint, results.fingerprint);
  if (differences.length === 0) return { kind: "usable", stored: found.results, from: found.from };
  warn(`the stored baseline was measured on a different machine: ${differences.join("; ")}`);
  return { kind: "other-machine", stored: found.results, from: found.from, differences };
}

/** The stored baseline as a column of the comment's table, or a line saying why there is none. */
function againstBaseline(lookup: BaselineLookup | null, results: Results, plan: Plan, branch: string): { column: StoredBaselineColumn | null; note: string } {
  switch (lookup?.kind) {
    case undefined:
      return { column: null, note: "" };
    case "none":
      return {
        column: null,
        note: lookup.expired
          ? `\nThe stored baseline of ${inlineCode(results.profile.name)} on ${escapeMarkdown(results.fingerprint.arch)} for ${inlineCode(branch)} expired (artifact ${inlineCode(lookup.artifact)} of [run ${lookup.expired.runId}](${lookup.expired.url})), and no history keeps a copy: nothing to compare across runs. Set \`history\` on the baseline workflow to keep one past the artifacts' retention.\n`
          : `\nNo stored baseline of ${inlineCode(results.profile.name)} on ${escapeMarkdown(results.fingerprint.arch)} for ${inlineCode(branch)} yet (artifact ${inlineCode(lookup.artifact)}): nothing to compare across runs. Push to ${inlineCode(branch)} with \`mode: baseline\` to store one.\n`,
      };
    case "other-machine":
      return {
        column: null,
        note: `\n⚠️ The stored baseline of ${inlineCode(branch)} (${lookup.from}) was measured on a different machine (${escapeMarkdown(lookup.differences.join("; "))}): no cross-run comparison.\n`,
      };
    case "usable": {
      const comparison = compareAgainstBaseline(results, lookup.stored, { ...plan.compare, baseVariant: undefined, label: `vs ${branch} (stored)` });
      return { column: { comparison, branch, from: lookup.from }, note: "" };
    }
  }
}

/** The commits measured: the PR's comparison point (compare-with), or base-ref and head-ref as given. */
async function commitsToMeasure(ctx: ModeContext, event: PullRequestEvent | null): Promise<{ base: string; head: string; point: ComparisonPoint | null }> {
  const { baseRef, headRef } = ctx.inputs;
  if (event && !baseRef && !headRef) {
    const point = await resolveComparisonPoint(ctx.inputs.repoPath, pullRequestCommits(event, ctx.env), ctx.inputs.compareWith);
    return { base: point.base, head: point.head, point };
  }
  const base = baseRef ?? event?.base.sha;
  const head = headRef ?? event?.head.sha;
  if (!base || !head) throw new InputError("pr mode outside a pull_request event needs base-ref and head-ref", undefined, "input base-ref");
  return { base, head, point: null };
}

/** What a PR's report is made of, measured now or re-judged from an earlier run's artifact. */
interface PullRequestReport {
  event: PullRequestEvent | null;
  plan: Plan;
  judged: JudgingCommit;
  /** the inputs of the PR's own workflow that were ignored */
  ignored: readonly IgnoredInput[];
  results: Results;
  commits: { base: string; head: string; point: ComparisonPoint | null };
  acceptance: Acceptance | null;
  /** the run that measured the results, and their artifact */
  links: { run?: string; artifact?: string };
  /** the run whose artifact holds the results (the comment's hidden line); null: none uploaded */
  resultsRun: number | null;
  /** the sweep charts measured now; null when re-judged from an earlier artifact (its charts are in it) or none were drawn */
  charts: SweepChartsWhere | null;
}

/** Compares (and against the stored baseline), comments, summarizes, gates. */
async function reportPullRequest(ctx: ModeContext, report: PullRequestReport): Promise<void> {
  const { event, plan, results, commits, acceptance } = report;
  const compared = (commits.point ? comparisonNote(commits.point) : "") + (await judgingNotes(ctx, report.judged, commits, event?.base.ref ?? null)) + ignoredInputsNote(report.ignored, WORKFLOW_DIR);
  const lookup = event ? await lookUpBaseline(ctx, results, event) : null;
  // The runner's A/A noise: from the input, else as stored with the branch's baseline on this machine.
  const noiseFloor = results.noise_floor ?? (lookup?.kind === "usable" ? lookup.stored.noise_floor : undefined);
  const comparison = compareRun(results, { ...plan.compare, ...(noiseFloor && { noiseFloor }) });
  const stored = event ? againstBaseline(lookup, results, plan, event.base.ref) : { column: null, note: "" };
  const notes = compared + stored.note;
  const whereCost = { items: await whereCostItems(functionsDirOf(path.resolve(ctx.inputs.resultsPath)), comparison, aaSpreadsOf(results)), links: sourceLinks(ctx.env, commits.head) };
  const markdown = renderMarkdown([comparison], {
    whereCost,
    maxLength: COMMENT_LIMIT - notes.length,
    failOn: ctx.inputs.failOn,
    links: report.links,
    storedBaseline: stored.column,
    acceptance,
    proceed: { kind: "action", acceptLabel: ctx.inputs.acceptLabel },
    cc: ctx.inputs.cc,
    resultsRun: report.resultsRun,
    ...(report.charts && { charts: report.charts }),
  });
  // a shard's comment would show part of the profile, and the shards would overwrite one another's
  const commentOn = ctx.inputs.shard ? null : (event?.number ?? null);
  if (ctx.inputs.shard && event) ctx.core.info(`shard ${formatShard(ctx.inputs.shard)}: no PR comment; report mode merges the shards' results artifacts into one`);
  await publishReport(ctx, { markdown: markdown + notes, comparisons: [comparison], prNumber: commentOn, profile: results.profile.name, acceptance });
}

/** A label set or removed moves no commit: the verdict is re-judged from the head's last results, nothing is measured again. */
const LABEL_ACTIONS: readonly string[] = ["labeled", "unlabeled"];

/**
 * The newest results an earlier run of this workflow uploaded for the PR's head sha, when they measured
 * the commits measured now; null when there are none (or no token to look).
 */
async function lastResultsOfHead(ctx: ModeContext, event: PullRequestEvent, plan: Plan, commits: { base: string; head: string }): Promise<{ results: Results; artifact: ArtifactRef } | null> {
  const { github } = ctx;
  if (!github) return null;
  const query = { headSha: event.head.sha, name: artifactNameOf(ctx, plan), workflowPath: workflowPathOf(ctx.env.GITHUB_WORKFLOW_REF), exceptRunId: Number(ctx.env.GITHUB_RUN_ID) || null };
  for (const artifact of await headRunArtifacts(github.client, github.repo, query)) {
    const results = await downloadResultsArtifact(github.client, artifact, github.repo, { tmpRoot: ctx.jobRoot });
    if (measuredCommits(results, commits)) return { results, artifact };
    ctx.core.info(`artifact ${artifact.name} of run ${artifact.runId} measured ${results.variants.map((v) => `${v.id} ${v.commit.slice(0, 12)}`).join(", ")}, not base ${commits.base.slice(0, 12)} and head ${commits.head.slice(0, 12)}: not used`);
  }
  return null;
}

export async function prMode(modeCtx: ModeContext): Promise<void> {
  if (modeCtx.event.kind === "issue_comment") return rerunMode(modeCtx, modeCtx.event);
  const event = modeCtx.event.kind === "pull_request" ? modeCtx.event : null;
  // the files at the base's tip judge, and inputs of the PR's own workflow may only tighten them
  const judging = event ? await pullRequestJudging(modeCtx, pullRequestCommits(event, modeCtx.env), true) : null;
  const ctx = judging?.ctx ?? modeCtx;
  const { core } = ctx;
  if (event) {
    const policy = { allowForkPrs: ctx.inputs.allowForkPrs, trustedLabel: ctx.inputs.trustedLabel };
    const label = carriesTrustedLabel(event, policy) && ctx.github ? await checkTrustedLabel(ctx.github.client, ctx.github.repo, event, policy.trustedLabel!) : null;
    const decision = decideForkPolicy(event, policy, label);
    if (decision.allowed && decision.why === "trusted-label") core.info(`the trusted label "${policy.trustedLabel}" was set after the last push: building ${event.head.sha}`);
    if (!decision.allowed) return refuseToBuild(ctx, decision.message);
  }
  const skipped = await skipReason(ctx, event);
  if (skipped) {
    core.info(`not measured: ${skipped}`);
    return neutralOutputs(ctx);
  }
  await refusePersistedCredentials(ctx.inputs.repoPath);
  const commits = await commitsToMeasure(ctx, event);
  const { base, head } = commits;
  // never from the PR's own tree; without a PR event, the base as given
  const judged = judging?.judged ?? judgingCommit(ctx.inputs.repoPath, base);
  const config: ConfigFile = judging?.config ?? (await configAt(ctx, judged));
  const ignored = judging?.ignored ?? [];
  const plan = await actionPlan(ctx, planFlags(ctx, judged, "pr", { base, head, variants: [] }), config);
  const acceptance = await acceptanceOf(ctx, event);
  if (event && LABEL_ACTIONS.includes(event.action)) {
    const last = await lastResultsOfHead(ctx, event, plan, commits);
    if (last) {
      const { artifact } = last;
      core.info(`${event.action}: re-judged from artifact ${artifact.name} of run ${artifact.runId}, which measured these commits; nothing measured again`);
      // judged by the plan's thresholds (the base's), never by those stored in the artifact
      const results = withAcceptance({ ...last.results, thresholds: storedJudging(plan.run.judging) }, acceptance);
      await writeResults(path.resolve(ctx.inputs.resultsPath), results);
      const measuredIn = runUrl(ctx.env, String(artifact.runId));
      const links = measuredIn ? { run: measuredIn, artifact: `${measuredIn}/artifacts/${artifact.id}` } : {};
      return reportPullRequest(ctx, { event, plan, judged, ignored, results, commits, acceptance, links, resultsRun: artifact.runId, charts: null });
    }
    core.info(`${event.action}: no results artifact of head ${event.head.sha} from an earlier run of this workflow to re-judge: measuring it`);
  }
  const run = runUrl(ctx.env);
  if (event) await markMeasuring(ctx, event.number, plan.run.profile.name, head, run);
  const { results, artifactUrl, charts } = await measureInAction(ctx, plan, judged, (measured) => withAcceptance(measured, acceptance));
  await reportPullRequest(ctx, {
    event,
    plan,
    judged,
    ignored,
    results,
    commits,
    acceptance,
    links: { ...(run && { run }), ...(artifactUrl && { artifact: artifactUrl }) },
    resultsRun: artifactUrl ? Number(ctx.env.GITHUB_RUN_ID) : null,
    charts,
  });
}

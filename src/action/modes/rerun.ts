/**
 * The rerun command: `/db-bench-gate rerun [--rounds N] [--steps GLOB]` in a PR comment (issue_comment
 * event), from someone with write access, measures the named steps, or those the last run found
 * unstable, again, and updates the PR's comment with the earlier run's other steps kept. How the PR is
 * judged comes from its base's tip (the pulls API's base.sha now), as in pr mode; an issue_comment run's
 * workflow is the default branch's, so its inputs are the base's own.
 */
import picomatch from "picomatch";
import { compareRun } from "../../compare/compare.js";
import { stepsWithVerdict } from "../../compare/gate.js";
import type { Plan } from "../../config/plan.js";
import { InputError } from "../../common/errors.js";
import { downloadResultsArtifact, listRunArtifacts } from "../../publish/artifacts.js";
import { findStickyComment } from "../../publish/comment.js";
import { commentMarker, COMMENT_LIMIT, renderMarkdown, resultsRunOf } from "../../report/markdown.js";
import { mergeObstacles, replaceSteps } from "../../results/merge.js";
import type { Results } from "../../results/schema.js";
import { refusePersistedCredentials } from "../checkout-credentials.js";
import { actionPlan, planFlags, runUrl, type GitHubAccess, type ModeContext } from "../context.js";
import type { IssueCommentEvent } from "../event.js";
import { TWO_WORKFLOW_DOC } from "../fork-policy.js";
import { artifactNameOf, measuredCommits, measureInAction } from "../measure.js";
import { acceptanceOf, labelledPull, skipReason, withAcceptance } from "../labels.js";
import { markMeasuring, neutralOutputs, publishReport, refuseToBuild } from "../publish.js";
import { parseRerunCommand, RERUN_COMMAND } from "../rerun-command.js";
import { roleOf } from "../trusted-label.js";
import { resolveComparisonPoint } from "../compare-point.js";
import { comparisonNote } from "../../report/comparison-note.js";
import { judgingNotes, pullRequestJudging } from "../pr-judging.js";

/** Roles with write access (role_name of the collaborator permission API): they may make a runner measure. */
const RERUN_ROLES: readonly string[] = ["write", "maintain", "admin"];

/** The results the PR's comment shows (the run its hidden line names), when they measured these commits. */
async function earlierResults(ctx: ModeContext, github: GitHubAccess, prNumber: number, plan: Plan, commits: { base: string; head: string }): Promise<Results | null> {
  const profile = plan.run.profile.name;
  const comment = await findStickyComment(github.client, { ...github.repo, issueNumber: prNumber, marker: commentMarker(profile), author: await github.author() });
  const runId = comment ? resultsRunOf(comment.body) : null;
  if (runId === null) return null;
  const name = artifactNameOf(ctx, plan);
  const [artifact] = await listRunArtifacts(github.client, github.repo, runId, { name });
  if (!artifact) {
    ctx.core.warning(`run ${runId}, whose results the comment shows, has no artifact ${name} (expired?): measuring every step`);
    return null;
  }
  const earlier = await downloadResultsArtifact(github.client, artifact, github.repo, { tmpRoot: ctx.jobRoot });
  if (!measuredCommits(earlier, commits)) {
    ctx.core.info(`the comment shows ${earlier.variants.map((v) => `${v.id} ${v.commit.slice(0, 12)}`).join(", ")}, not the PR's current commits: measuring every step`);
    return null;
  }
  return earlier;
}

export async function rerunMode(ctx: ModeContext, event: IssueCommentEvent): Promise<void> {
  const { core } = ctx;
  const neutral = (why: string) => {
    core.info(why);
    neutralOutputs(ctx);
  };
  if (event.action !== "created" || !event.isPullRequest) return neutral("not a new comment on a pull request: nothing to do");
  const command = parseRerunCommand(event.body);
  if (command === null) return neutral(`the comment holds no ${RERUN_COMMAND} command: nothing to do`);
  if ("error" in command) throw new InputError(command.error, `comment ${event.commentId} by ${event.commenter}`);
  const { github } = ctx;
  if (!github) throw new InputError("a rerun needs a token to read the PR and update its comment", undefined, "input token");
  const role = await roleOf(github.client, github.repo, event.commenter);
  if (role === null || !RERUN_ROLES.includes(role)) {
    core.warning(`${event.commenter} asked for a rerun but has ${role === null ? "no role" : `the role ${role}`} on this repository: only users with write access can rerun`);
    return neutral("rerun refused");
  }
  const { data: pull } = await github.client.rest.pulls.get({ ...github.repo, pull_number: event.number });
  if (pull.head.repo?.full_name !== pull.base.repo.full_name && !ctx.inputs.allowForkPrs) {
    return refuseToBuild(
      ctx,
      `Refusing to rerun pull request #${event.number} from ${pull.head.repo?.full_name ?? "a deleted fork"}: its code would run on this runner. Set \`allow-fork-prs: true\` to measure fork PRs, or use the two-workflow pattern (${TWO_WORKFLOW_DOC}).`,
    );
  }
  // the skip and accept labels as on a pull_request event: the PR's labels now, counted by its timeline
  const labelled = labelledPull(pull, event.action);
  const skipped = await skipReason(ctx, labelled);
  if (skipped) return neutral(`not measured: ${skipped}`);
  await refusePersistedCredentials(ctx.inputs.repoPath);
  const commits = { number: event.number, baseRef: pull.base.ref, baseSha: pull.base.sha, headSha: pull.head.sha, mergeCommit: pull.merge_commit_sha ?? null };
  const point = await resolveComparisonPoint(ctx.inputs.repoPath, commits, ctx.inputs.compareWith);
  const { base, head } = point;
  const { judged, config } = await pullRequestJudging(ctx, commits, false);
  const flags = { ...planFlags(ctx, judged, "pr", { base, head, variants: [] }), ...(command.rounds !== null && { rounds: command.rounds }) };
  const plan = await actionPlan(ctx, flags, config);
  const all = plan.run.profile.steps.map((s) => s.id);
  const earlier = await earlierResults(ctx, github, event.number, plan, { base, head });
  let chosen = all;
  if (command.steps !== null) {
    const matches = picomatch(command.steps);
    chosen = all.filter((id) => matches(id));
    if (chosen.length === 0) throw new InputError(`--steps "${command.steps}" matches none of the profile's steps (${all.join(", ")})`, `comment ${event.commentId}`);
  } else if (earlier) {
    chosen = stepsWithVerdict(compareRun(earlier), "unstable");
    if (chosen.length === 0) return neutral("the last run found no unstable step: nothing to re-measure (name steps with --steps GLOB)");
  }
  core.info(`${event.commenter} (${role}) asked for a rerun: measuring ${chosen.join(", ")}${command.rounds !== null ? ` with ${command.rounds} rounds` : ""}`);
  const only: Plan = { ...plan, run: { ...plan.run, profile: { ...plan.run.profile, steps: plan.run.profile.steps.filter((s) => chosen.includes(s.id)) } } };
  const acceptance = await acceptanceOf(ctx, labelled);
  const run = runUrl(ctx.env);
  await markMeasuring(ctx, event.number, plan.run.profile.name, head, run);
  const merge = (fresh: Results): Results => {
    if (!earlier) return fresh;
    const obstacles = mergeObstacles(earlier, fresh);
    if (obstacles.length === 0) return replaceSteps(earlier, fresh);
    core.warning(`the earlier results cannot be completed (${obstacles.join("; ")}): the comment shows the re-measured steps alone`);
    return fresh;
  };
  const { results, artifactUrl, charts } = await measureInAction(ctx, only, judged, (fresh) => withAcceptance(merge(fresh), acceptance));
  const notes = comparisonNote(point) + (await judgingNotes(ctx, judged, { base, head }, pull.base.ref));
  const comparison = compareRun(results, plan.compare);
  const markdown = renderMarkdown([comparison], {
    maxLength: COMMENT_LIMIT - notes.length,
    failOn: ctx.inputs.failOn,
    links: { ...(run && { run }), ...(artifactUrl && { artifact: artifactUrl }) },
    acceptance,
    proceed: { kind: "action", acceptLabel: ctx.inputs.acceptLabel },
    cc: ctx.inputs.cc,
    resultsRun: artifactUrl ? Number(ctx.env.GITHUB_RUN_ID) : null,
    ...(charts && { charts }),
  });
  await publishReport(ctx, { markdown: markdown + notes, comparisons: [comparison], prNumber: event.number, profile: results.profile.name, acceptance });
}

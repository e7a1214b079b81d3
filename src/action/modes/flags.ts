/** flags mode: one commit built with several flag sets, reported in the job summary and a weekly issue; never gates. */
import path from "node:path";
import { compareRun } from "../../compare/compare.js";
import { decideGate } from "../../compare/gate.js";
import { judgingCommit } from "../../config/judging-files.js";
import { InputError } from "../../common/errors.js";
import { flagsIssueMarker, upsertMarkedIssue } from "../../publish/issue.js";
import { appendJobSummary, setActionOutputs } from "../../publish/summary.js";
import { renderMarkdown } from "../../report/markdown.js";
import { refusePersistedCredentials } from "../checkout-credentials.js";
import { actionPlan, configAt, planFlags, type ModeContext } from "../context.js";
import { measureInAction } from "../measure.js";
import { trustLevelOf } from "../trust-level.js";

export async function flagsMode(ctx: ModeContext): Promise<void> {
  const commit = ctx.inputs.headRef ?? ctx.env.GITHUB_SHA;
  if (!commit) throw new InputError("flags mode needs head-ref (or GITHUB_SHA)", undefined, "input head-ref");
  if (ctx.inputs.flagSets.length < 2) throw new InputError("flags mode needs at least two name=CFLAGS (or name=CC=... CFLAGS=...) lines", undefined, "input flag-sets");
  const variants = ctx.inputs.flagSets.map((f) => ({ id: f.name, ref: commit, settings: f.settings }));
  const trust = trustLevelOf("flags", ctx.event, commit, ctx.env);
  // a ref given as input is anyone's code, built like a pull request's
  if (trust === "pr") await refusePersistedCredentials(ctx.inputs.repoPath);
  const judged = judgingCommit(ctx.inputs.repoPath, commit);
  const plan = await actionPlan(ctx, planFlags(ctx, judged, trust, { variants }), await configAt(ctx, judged));
  const { results, charts } = await measureInAction(ctx, plan, judged);
  const comparison = compareRun(results, plan.compare);
  const markdown = renderMarkdown([comparison], {
    title: `Compiler flags · ${results.profile.name} · ${results.fingerprint.arch}`,
    // an issue, not a PR: no label to set, no threshold to move
    proceed: null,
    ...(ctx.inputs.runnerCost && { runnerCost: ctx.inputs.runnerCost }),
    ...(charts && { charts }),
  });
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
    ctx.core.info(`flags issue ${issue.action}: ${issue.url}`);
  }
  const decision = decideGate([comparison]);
  setActionOutputs(ctx.core, { verdict: decision.verdict, regressions: decision.regressions, resultsPath: path.resolve(ctx.inputs.resultsPath), commentUrl: null });
}

/**
 * bisect mode: the first bad commit between base-ref (good) and head-ref (bad), every probe measured
 * interleaved against the good commit (src/run/bisect.ts); the report goes to the job summary and
 * the output first-bad-commit. The commits are the branch's, judged by the good commit's files; builds
 * go to the pull request namespace (a ref given as input), reusing the trusted baselines' builds.
 * Baseline mode's bisect after a new alert (bisect-on-alert) goes through bisectInAction too.
 */
import { judgingCommit } from "../../config/judging-files.js";
import { InputError } from "../../common/errors.js";
import { appendJobSummary } from "../../publish/summary.js";
import { bisectMarkdown } from "../../report/bisect.js";
import { bisect, type BisectFields, type BisectReport, type BisectSteps } from "../../run/bisect.js";
import { refusePersistedCredentials } from "../checkout-credentials.js";
import { actionLog, actionPlan, configAt, planFlags, repositoryUrl, type ModeContext } from "../context.js";
import { trustLevelOf } from "../trust-level.js";

/**
 * A bisect with the action's plan: judged by the good commit's files, built in the pull request namespace.
 * Every probe is built as a pull request's code, so never next to a checkout that keeps a token.
 */
export async function bisectInAction(
  ctx: ModeContext,
  search: { good: string; bad: string; steps: BisectSteps; fields: BisectFields; timeLimitS?: number },
): Promise<BisectReport> {
  await refusePersistedCredentials(ctx.inputs.repoPath);
  const judged = judgingCommit(ctx.inputs.repoPath, search.good);
  const config = await configAt(ctx, judged);
  const trust = trustLevelOf("bisect", ctx.event, search.bad, ctx.env);
  return bisect({
    ...search,
    repo: ctx.inputs.repoPath,
    planFor: (against, probe) => actionPlan(ctx, planFlags(ctx, judged, trust, { base: against, head: probe, variants: [] }), config),
    registry: ctx.registry,
    log: actionLog(ctx.core),
  });
}

export async function bisectMode(ctx: ModeContext): Promise<void> {
  const { inputs, core } = ctx;
  if (!inputs.baseRef || !inputs.headRef) throw new InputError("bisect mode needs base-ref (the good commit) and head-ref (the bad one)", undefined, "input base-ref");
  // the refs are anyone's commits, built like a pull request's (bisectInAction refuses a checkout that keeps a token)
  const report = await bisectInAction(ctx, {
    good: inputs.baseRef,
    bad: inputs.headRef,
    steps: { glob: inputs.bisectSteps },
    fields: { good: "input base-ref", bad: "input head-ref", steps: "input bisect-steps" },
  });
  await appendJobSummary(bisectMarkdown(report, repositoryUrl(ctx.env)), ctx.env.GITHUB_STEP_SUMMARY);
  core.setOutput("first-bad-commit", report.verdict.bad ? report.firstBad : "");
  core.info(
    report.verdict.bad
      ? `first bad commit: ${report.firstBad} (against its parent ${report.parent})`
      : `no bad commit confirmed; the last candidate ${report.firstBad} is not a regression against its parent`,
  );
}

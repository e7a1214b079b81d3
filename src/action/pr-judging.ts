/**
 * What judges a pull request, and who chose it. The judging files (config, profile path, noise floor)
 * are read at the base branch's tip the event names (`pull_request.base.sha`), whatever commit is
 * measured as base: the merge base is wherever the PR chose to branch, an old commit whose config may
 * have been looser, or missing.
 *
 * On a pull_request event GitHub runs the workflow file of the PR's merge commit. When the PR leaves
 * `.github/` as the base has it, the workflow that runs, and so every input, is the base's own. When it
 * edits `.github/`, the inputs are the PR's: those that judge it may only tighten what the base's files
 * (and the action's defaults) say, and one that would loosen it is ignored and said in the comment. A
 * failure instead would not stop a hostile workflow, which can drop the step, and would turn every PR of
 * a repository that edits its CI into an error; ignoring keeps the base's judgement and shows the edit.
 */
import { DEFAULT_FAIL_ON } from "../compare/gate.js";
import type { Thresholds } from "../compare/types.js";
import type { ConfigFile } from "../config/config-file.js";
import { blobAt, changedJudgingFiles, git, judgingCommit, type JudgingCommit } from "../config/judging-files.js";
import { judgedAtNote, judgingFilesNote, newWorkloadFilesNote, type IgnoredInput } from "../report/judging-note.js";
import { newWorkloadFiles } from "../config/workload-files.js";
import { DEFAULT_PROFILE, resolveJudging } from "../config/plan.js";
import { loadProfile } from "../config/profile.js";
import { allowedCpus } from "../measure/cpu-affinity.js";
import { ensureCommits, type PullRequestCommits } from "./compare-point.js";
import { configAt, type ModeContext } from "./context.js";
import { DEFAULT_ACCEPT_LABEL, DEFAULT_SKIP_LABEL, type ActionInputs, type InputName } from "./inputs.js";

/** The directory whose files decide what a workflow run does: workflows, and the local actions and reusable workflows they call. */
export const WORKFLOW_DIR = ".github";

/** What the base's files and the action's defaults say, where a PR's own workflow could say otherwise. */
export interface BaseJudging {
  /** the run-level thresholds of the base's profile and config */
  thresholds: Thresholds;
  profile: string;
  /** the base's time budget; null: none (measuring runs as long as the profile's schedule says) */
  timeBudgetS: number | null;
}

type ThresholdInput = { [K in keyof Thresholds]: { input: InputName; key: K; tighter: "higher" | "lower" } }[keyof Thresholds];

/**
 * Which way each threshold tightens the gate: a tighter one can only make the PR look worse. A higher
 * alpha finds more drops significant (more regressions); a lower improve-above or a higher
 * instructions-improve-below would credit it with more improvements.
 */
const THRESHOLD_INPUTS: readonly ThresholdInput[] = [
  { input: "fail-below", key: "fail_below", tighter: "higher" },
  { input: "warn-below", key: "warn_below", tighter: "higher" },
  { input: "improve-above", key: "improve_above", tighter: "higher" },
  { input: "alpha", key: "alpha", tighter: "higher" },
  { input: "instructions-fail-above", key: "instructions_fail_above", tighter: "lower" },
  { input: "instructions-warn-above", key: "instructions_warn_above", tighter: "lower" },
  { input: "instructions-improve-below", key: "instructions_improve_below", tighter: "lower" },
];

/**
 * The inputs of a PR's own workflow with every judging input that would loosen the base's judging put
 * back to the base's value (the action's default where the base's files cannot set it), and the list of
 * those. fail-on tightens by set inclusion: it may add verdicts that fail, never drop one, whatever
 * verdicts exist. Pure.
 */
export function tightenInputs(inputs: ActionInputs, base: BaseJudging): { inputs: ActionInputs; ignored: IgnoredInput[] } {
  const ignored: IgnoredInput[] = [];
  const kept: ActionInputs = { ...inputs, thresholds: { ...inputs.thresholds } };
  for (const { input, key, tighter } of THRESHOLD_INPUTS) {
    const given = inputs.thresholds[key];
    if (given === undefined) continue;
    const baseValue = base.thresholds[key];
    if (tighter === "higher" ? given >= baseValue : given <= baseValue) continue;
    delete kept.thresholds[key];
    ignored.push({ input, given: String(given), base: String(baseValue) });
  }
  const ignore = <K extends keyof ActionInputs>(input: InputName, key: K, baseValue: ActionInputs[K], given: string, shown: string) => {
    kept[key] = baseValue;
    ignored.push({ input, given, base: shown });
  };
  if (!DEFAULT_FAIL_ON.every((v) => inputs.failOn.includes(v))) ignore("fail-on", "failOn", [...DEFAULT_FAIL_ON], inputs.failOn.join(",") || "(empty)", DEFAULT_FAIL_ON.join(","));
  if (inputs.noiseFloor !== null) ignore("noise-floor", "noiseFloor", null, inputs.noiseFloor, "(the stored baseline's, from a push on this runner)");
  if (!inputs.countInstructions) ignore("count-instructions", "countInstructions", true, "false", "true");
  if (inputs.skip) ignore("skip", "skip", false, "true", "false (a maintainer skips with the skip label)");
  if (inputs.timeBudgetS !== null && (base.timeBudgetS === null || inputs.timeBudgetS < base.timeBudgetS)) {
    ignore("time-budget", "timeBudgetS", null, String(inputs.timeBudgetS), base.timeBudgetS === null ? "(none)" : String(base.timeBudgetS));
  }
  if (inputs.profile !== null && inputs.profile !== base.profile) ignore("profile", "profile", null, inputs.profile, base.profile);
  if (inputs.cflags !== null) ignore("cflags", "cflags", null, inputs.cflags, "(the recipe's)");
  if (inputs.baseRef !== null) ignore("base-ref", "baseRef", null, inputs.baseRef, "(the pull request's comparison point)");
  if (inputs.headRef !== null) ignore("head-ref", "headRef", null, inputs.headRef, "(the pull request's head)");
  if (inputs.acceptLabel !== DEFAULT_ACCEPT_LABEL) ignore("accept-label", "acceptLabel", DEFAULT_ACCEPT_LABEL, inputs.acceptLabel, DEFAULT_ACCEPT_LABEL);
  if (inputs.skipLabel !== DEFAULT_SKIP_LABEL) ignore("skip-label", "skipLabel", DEFAULT_SKIP_LABEL, inputs.skipLabel, DEFAULT_SKIP_LABEL);
  if (inputs.allowForkPrs) ignore("allow-fork-prs", "allowForkPrs", false, "true", "false");
  if (inputs.trustedLabel !== null) ignore("trusted-label", "trustedLabel", null, inputs.trustedLabel, "(none)");
  return { inputs: kept, ignored };
}

/**
 * Whether the PR's own `.github/` ran: its tree differs between the base tip and the merge commit the
 * workflow was read from (`GITHUB_SHA`), or, without that commit in the clone, between the merge base
 * and the PR's head. When neither can be told, the workflow is taken as the PR's.
 */
export async function workflowIsThePullRequests(repo: string, pr: PullRequestCommits): Promise<boolean> {
  const treeAt = (commit: string) => blobAt(repo, commit, WORKFLOW_DIR);
  const present = async (commit: string) => (await git(repo, ["cat-file", "-e", `${commit}^{commit}`])).exitCode === 0;
  if (pr.mergeCommit && (await present(pr.mergeCommit))) return (await treeAt(pr.mergeCommit)) !== (await treeAt(pr.baseSha));
  const mergeBase = await git(repo, ["merge-base", pr.baseSha, pr.headSha]);
  if (mergeBase.exitCode !== 0) return true;
  return (await treeAt(pr.headSha)) !== (await treeAt(mergeBase.stdout.trim()));
}

/** What the base says of everything a PR's own inputs are checked against. */
async function baseJudging(config: ConfigFile, at: JudgingCommit): Promise<BaseJudging> {
  const profileName = config.profile ?? DEFAULT_PROFILE;
  const profile = await loadProfile(profileName, at, (await allowedCpus()).length);
  return { thresholds: resolveJudging(profile, config, {}).thresholds, profile: profileName, timeBudgetS: config.time_budget_s ?? profile.schedule.time_budget_s };
}

export interface PullRequestJudging {
  /** the mode's context, its inputs tightened when the workflow is the PR's */
  ctx: ModeContext;
  /** the base branch's tip the event names */
  judged: JudgingCommit;
  config: ConfigFile;
  /** the PR's own inputs that were ignored; empty when the workflow is the base's */
  ignored: IgnoredInput[];
}

/**
 * The judging of a pull request whose event names `pr`: the files at the base branch's tip, and the
 * inputs, tightened when the workflow that runs is the PR's own (`inputsFromWorkflow`: false on events
 * whose workflow is the default branch's, such as issue_comment).
 */
export async function pullRequestJudging(ctx: ModeContext, pr: PullRequestCommits, inputsFromWorkflow: boolean): Promise<PullRequestJudging> {
  const repo = ctx.inputs.repoPath;
  await ensureCommits(repo, [pr.baseSha, pr.headSha]);
  const judged = judgingCommit(repo, pr.baseSha);
  const config = await configAt(ctx, judged);
  if (!inputsFromWorkflow || !(await workflowIsThePullRequests(repo, pr))) return { ctx, judged, config, ignored: [] };
  const { inputs, ignored } = tightenInputs(ctx.inputs, await baseJudging(config, judged));
  for (const i of ignored) ctx.core.warning(`input ${i.input}: ${i.given} ignored, the base's ${i.base} used: this pull request edits ${WORKFLOW_DIR}/, and the input would loosen its judging`);
  return { ctx: { ...ctx, inputs }, judged, config, ignored };
}

/**
 * The comment's lines on the judging files: those the PR edits (judged by the tip's; its edits count after
 * merge), and those the base measured has other than the tip's that judged (a PR branched from an old commit).
 */
export async function judgingNotes(ctx: ModeContext, judged: JudgingCommit, commits: { base: string; head: string }, baseRef: string | null): Promise<string> {
  const repo = ctx.inputs.repoPath;
  const edits = judgingFilesNote(await changedJudgingFiles(repo, commits.base, commits.head, judged.read), judged.commit) + newWorkloadFilesNote(await newWorkloadFiles(judged, commits.head));
  const differ = baseRef && commits.base !== judged.commit ? await changedJudgingFiles(repo, judged.commit, commits.base, judged.read) : [];
  return judgedAtNote(differ, { ref: baseRef ?? "", commit: judged.commit }, commits.base) + edits;
}

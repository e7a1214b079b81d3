/** baseline mode: measure the pushed commit alone and store it (artifact and cache-dir) as the branch's baseline, and in its history. */
import { copyFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { decideGate, gateMessage } from "../../compare/gate.js";
import { judgingCommit } from "../../config/judging-files.js";
import { InputError } from "../../common/errors.js";
import { baselineStoredMarkdown, measuredSteps } from "../../report/baseline.js";
import { refusePersistedCredentials } from "../checkout-credentials.js";
import { actionPlan, configAt, planFlags, type ModeContext } from "../context.js";
import { bisectNewAlerts, historyStoreOf, keepHistory } from "../history.js";
import { artifactNameOf, measureInAction } from "../measure.js";
import { publishReport } from "../publish.js";
import { trustLevelOf } from "../trust-level.js";

export async function baselineMode(ctx: ModeContext): Promise<void> {
  const event = ctx.event.kind === "push" ? ctx.event : null;
  const commit = ctx.inputs.headRef ?? event?.sha ?? ctx.env.GITHUB_SHA;
  if (!commit) throw new InputError("baseline mode needs head-ref outside a push event", undefined, "input head-ref");
  // an alert's bisect builds its probes as a pull request's code: refused now, not months later when an alert comes
  if (ctx.inputs.bisectOnAlert) await refusePersistedCredentials(ctx.inputs.repoPath);
  // One variant: the pushed commit, trusted (a push to the branch), so it is judged by its own files.
  const judged = judgingCommit(ctx.inputs.repoPath, commit);
  const trust = trustLevelOf("baseline", ctx.event, commit, ctx.env);
  const plan = await actionPlan(ctx, planFlags(ctx, judged, trust, { variants: [{ id: "main", ref: commit, settings: {} }] }), await configAt(ctx, judged));
  const { results } = await measureInAction(ctx, plan, judged);
  const stored = path.join(ctx.cacheDir, "baselines", `${artifactNameOf(ctx, results)}.json`);
  await mkdir(path.dirname(stored), { recursive: true });
  await copyFile(path.resolve(ctx.inputs.resultsPath), stored);
  // a baseline with errors or without samples is stored (it is evidence) but fails the step like a PR would
  const gate = decideGate({ measuredAlone: measuredSteps(results) }, ctx.inputs.failOn);
  const markdown = baselineStoredMarkdown(results, { commit, artifact: artifactNameOf(ctx, results), storedAt: stored }, gate);
  // the history is the default branch's: another branch's runs (a REL_15 push) would read as its changes
  const historyBranch = event?.isDefaultBranch ? event.branch : null;
  if (!historyBranch && ctx.inputs.history !== "off") ctx.core.info("history: kept for pushes to the default branch only; this run is not recorded");
  const store = historyBranch ? historyStoreOf(ctx) : null;
  const history = historyBranch && store ? await keepHistory(ctx, results, plan, store, historyBranch) : null;
  const bisected = history?.update && ctx.inputs.bisectOnAlert ? await bisectNewAlerts(ctx, history.update, plan.run.timeouts.alert_bisect_s) : "";
  await publishReport(ctx, { markdown: markdown + (history?.markdown ?? "") + bisected, comparisons: [], prNumber: null, profile: results.profile.name });
  if (gate.verdict === "fail") ctx.core.setFailed(gateMessage(gate));
}

/**
 * The action's part in the history (docs/history.md): the store the inputs name, a baseline run's
 * record, change points and alert (src/publish/history.ts) with the summary's section, and pr mode's
 * stored baseline with the history's copy once the artifact expired.
 */
import { commitsBetween } from "../run/bisect.js";
import { thresholdResolver } from "../compare/thresholds.js";
import type { Plan } from "../config/plan.js";
import { cacheDirHistoryStore, type HistoryStore } from "../history/store.js";
import { branchHistoryStore } from "../publish/history-branch.js";
import { updateHistory, type HistoryUpdate } from "../publish/history.js";
import { searchStoredBaseline, type ExpiredBaseline } from "../publish/baseline.js";
import { alertBisectMarkdown, type AlertBisect } from "../report/bisect.js";
import { escapeMarkdown, inlineCode } from "../report/escape.js";
import { plural } from "../report/format.js";
import type { Results } from "../results/schema.js";
import { repositoryUrl, runUrl, type GitHubAccess, type ModeContext } from "./context.js";
import { bisectInAction } from "./modes/bisect.js";

/** The store the history input names; null when off, or a branch without a token (said in the log). */
export function historyStoreOf(ctx: ModeContext): HistoryStore | null {
  const { inputs, github } = ctx;
  switch (inputs.history) {
    case "off":
      return null;
    case "cache-dir":
      return cacheDirHistoryStore(ctx.cacheDir);
    case "branch":
      if (github) return branchHistoryStore(github.client, github.repo, inputs.historyBranch);
      ctx.core.warning(`no token: the history is not kept (history: branch writes ${inputs.historyBranch} through the API)`);
      return null;
  }
}

/**
 * Appends a baseline run to the history, finds its change points and raises the alerts; returns the
 * summary's section and the update (null: the history failed). A history that cannot be read or written
 * is a warning: the run's results are already stored as an artifact, and the baseline's own verdict does
 * not depend on it.
 */
export async function keepHistory(ctx: ModeContext, results: Results, plan: Plan, store: HistoryStore, branch: string): Promise<{ markdown: string; update: HistoryUpdate | null }> {
  const { core, env } = ctx;
  const judging = plan.run.judging;
  const resolver = thresholdResolver(judging?.thresholds, judging?.overrides);
  const repoUrl = repositoryUrl(env);
  try {
    const update = await updateHistory(results, {
      store,
      branch,
      run: { id: env.GITHUB_RUN_ID ?? null, url: runUrl(env) },
      thresholdsOf: (step) => resolver.forStep(step),
      repoUrl,
      alert: ctx.github ? { ...ctx.github, cc: ctx.inputs.alertCc } : null,
    });
    core.info(`history: ${update.history.records.length} runs in ${store.where}; ${update.changes.length} change points, ${update.changes.filter((c) => c.regression).length} regressions`);
    for (const alert of update.alerts) core.info(`history alert for ${alert.firstBad.slice(0, 12)} ${alert.action}: ${alert.url}`);
    for (const warning of update.warnings) core.warning(`history (${store.where}): ${warning}`);
    return { markdown: update.markdown, update };
  } catch (e) {
    core.warning(`history (${store.where}): ${(e as Error).message}`);
    return { markdown: "", update: null };
  }
}

/**
 * bisect-on-alert: each alert this run raised (created, not updated: a later run does not bisect it
 * again) is bisected over its range (last good..first bad run) and its regressed steps, within
 * timeouts.alert_bisect_s, and the result is commented on the issue (the body is rewritten by every
 * later run; a comment stays, and notifies). A bisect that fails is said there and in the log: it
 * never fails the baseline run. Returns the summary's sections.
 */
export async function bisectNewAlerts(ctx: ModeContext, update: HistoryUpdate, timeLimitS: number): Promise<string> {
  const { core, github } = ctx;
  // alerts are raised through the token: none without it
  if (!github) return "";
  const sections: string[] = [];
  for (const alert of update.alerts.filter((a) => a.action === "created")) {
    const regressions = update.changes.filter((c) => c.regression && c.firstBad.commit === alert.firstBad);
    // the steps' last good runs differ only when a step was not measured in some runs: the oldest holds every change
    const lastGood = regressions.map((r) => r.lastGood).sort((a, b) => a.measured_at.localeCompare(b.measured_at))[0]!.commit;
    const range = `${lastGood.slice(0, 12)}..${alert.firstBad.slice(0, 12)}`;
    const fields = { good: "the last good run's commit", bad: "the first bad run's commit", steps: "the alert's steps" };
    let outcome: AlertBisect;
    try {
      const { commits } = await commitsBetween(ctx.inputs.repoPath, lastGood, alert.firstBad, fields);
      if (commits.length === 1) outcome = { kind: "one-commit", lastGood, firstBad: alert.firstBad };
      else {
        core.info(`bisect-on-alert: ${commits.length} commits in ${range}, steps ${[...new Set(regressions.map((r) => r.step))].join(", ")}, within ${timeLimitS} s`);
        const report = await bisectInAction(ctx, { good: lastGood, bad: alert.firstBad, steps: { ids: regressions.map((r) => r.step) }, fields, timeLimitS });
        outcome = { kind: "bisected", report };
      }
    } catch (e) {
      // the job's own cancellation (a signal, the run's timeout) ends the run; anything else is the alert's to say
      if (ctx.registry.signal.aborted) throw e;
      outcome = { kind: "failed", lastGood, firstBad: alert.firstBad, error: (e as Error).message.split("\n")[0]! };
      core.warning(`bisect-on-alert of ${range}: ${outcome.error}`);
    }
    core.info(`bisect-on-alert of ${range}: ${outcome.kind === "bisected" ? `first bad commit ${outcome.report.firstBad}${outcome.report.verdict.bad ? "" : " (not confirmed against its parent)"}` : outcome.kind}`);
    const markdown = alertBisectMarkdown(outcome, repositoryUrl(ctx.env));
    sections.push(markdown);
    try {
      await github.client.rest.issues.createComment({ ...github.repo, issue_number: alert.number, body: markdown });
    } catch (e) {
      core.warning(`bisect-on-alert: the comment on alert issue #${alert.number} was not written: ${(e as Error).message.split("\n")[0]}`);
    }
  }
  return sections.join("\n");
}

/** How long ago, the way a comment says it: "12 minutes", "5 hours", "3 days". */
export function formatAge(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 120) return plural(minutes, "minute");
  const hours = Math.round(minutes / 60);
  return hours < 48 ? plural(hours, "hour") : plural(Math.round(hours / 24), "day");
}

/** A stored baseline and, for the comment, where it came from and how old it is. */
export type BaselineFound = { kind: "found"; results: Results; from: string } | { kind: "none"; expired: ExpiredBaseline | null };

/**
 * The base branch's baseline: the newest artifact of the baseline workflow's push runs, else (expired,
 * or none within reach) the copy the history keeps, when the base branch is the default branch whose
 * history it is (`defaultBranch`): it is no other branch's baseline. A history that cannot be read is a warning.
 */
export async function findBaseline(
  github: GitHubAccess,
  query: {
    branch: string;
    defaultBranch: string;
    artifactName: string;
    workflowPath: string | null;
    store: HistoryStore | null;
    key: string;
    warn: (message: string) => void;
    tmpRoot?: string;
    now?: Date;
  },
): Promise<BaselineFound> {
  const now = (query.now ?? new Date()).getTime();
  const age = (results: Results) => formatAge(now - Date.parse(results.run.finished_at));
  const search = await searchStoredBaseline(github.client, {
    repo: github.repo,
    branch: query.branch,
    artifactName: query.artifactName,
    workflowPath: query.workflowPath,
    ...(query.tmpRoot && { tmpRoot: query.tmpRoot }),
  });
  if (search.kind === "found") {
    const { stored } = search;
    return { kind: "found", results: stored.results, from: `artifact of [run ${stored.runId}](${stored.url}), measured ${age(stored.results)} ago` };
  }
  const expired = search.kind === "expired" ? search.expired : null;
  const store = query.branch === query.defaultBranch ? query.store : null;
  const latest = store
    ? await store.readLatest(query.key).catch((e: Error) => {
        query.warn(`history (${store.where}): ${e.message}`);
        return null;
      })
    : null;
  if (!latest) return { kind: "none", expired };
  const why = expired ? `the artifact of [run ${expired.runId}](${expired.url}) expired` : "no unexpired artifact within reach";
  const commit = latest.variants.find((v) => v.id === latest.base_variant)!.commit;
  return { kind: "found", results: latest, from: `the history's copy (${escapeMarkdown(store!.where)}) of ${inlineCode(commit.slice(0, 12))}, measured ${age(latest)} ago: ${why}` };
}

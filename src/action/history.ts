/**
 * The action's part in the history (docs/history.md): the store the inputs name, and a baseline run's
 * record, change points and alert (src/publish/history.ts) with the summary's section.
 */
import { thresholdResolver } from "../compare/thresholds.js";
import type { Plan } from "../config/plan.js";
import { cacheDirHistoryStore, type HistoryStore } from "../history/store.js";
import { branchHistoryStore } from "../publish/history-branch.js";
import { updateHistory } from "../publish/history.js";
import type { Results } from "../results/schema.js";
import type { ModeContext } from "./context.js";

/** https://github.com/owner/repo of this run, for links; null outside a workflow. */
export function repositoryUrl(env: NodeJS.ProcessEnv): string | null {
  return env.GITHUB_REPOSITORY ? `${env.GITHUB_SERVER_URL ?? "https://github.com"}/${env.GITHUB_REPOSITORY}` : null;
}

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
 * summary's section. A history that cannot be read or written is a warning: the run's results are
 * already stored as an artifact, and the baseline's own verdict does not depend on it.
 */
export async function keepHistory(ctx: ModeContext, results: Results, plan: Plan, store: HistoryStore, branch: string): Promise<string> {
  const { core, env } = ctx;
  const judging = plan.run.judging;
  const resolver = thresholdResolver(judging?.thresholds, judging?.overrides);
  const repoUrl = repositoryUrl(env);
  try {
    const update = await updateHistory(results, {
      store,
      branch,
      run: { id: env.GITHUB_RUN_ID ?? null, url: repoUrl && env.GITHUB_RUN_ID ? `${repoUrl}/actions/runs/${env.GITHUB_RUN_ID}` : null },
      thresholdsOf: (step) => resolver.forStep(step),
      repoUrl,
      alert: ctx.github ? { ...ctx.github, cc: ctx.inputs.alertCc } : null,
    });
    core.info(`history: ${update.history.records.length} runs in ${store.where}; ${update.changes.length} change points, ${update.changes.filter((c) => c.regression).length} regressions`);
    for (const alert of update.alerts) core.info(`history alert for ${alert.firstBad.slice(0, 12)} ${alert.action}: ${alert.url}`);
    return update.markdown;
  } catch (e) {
    core.warning(`history (${store.where}): ${(e as Error).message}`);
    return "";
  }
}

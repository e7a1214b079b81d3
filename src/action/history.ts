/**
 * The action's part in the history (docs/history.md): the store the inputs name, a baseline run's
 * record, change points and alert (src/publish/history.ts) with the summary's section, and pr mode's
 * stored baseline with the history's copy once the artifact expired.
 */
import { thresholdResolver } from "../compare/thresholds.js";
import type { Plan } from "../config/plan.js";
import { cacheDirHistoryStore, type HistoryStore } from "../history/store.js";
import { branchHistoryStore } from "../publish/history-branch.js";
import { updateHistory } from "../publish/history.js";
import { searchStoredBaseline, type ExpiredBaseline } from "../publish/baseline.js";
import { escapeMarkdown, inlineCode } from "../report/escape.js";
import { plural } from "../report/format.js";
import type { Results } from "../results/schema.js";
import { repositoryUrl, runUrl, type GitHubAccess, type ModeContext } from "./context.js";

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
      run: { id: env.GITHUB_RUN_ID ?? null, url: runUrl(env) },
      thresholdsOf: (step) => resolver.forStep(step),
      repoUrl,
      alert: ctx.github ? { ...ctx.github, cc: ctx.inputs.alertCc } : null,
    });
    core.info(`history: ${update.history.records.length} runs in ${store.where}; ${update.changes.length} change points, ${update.changes.filter((c) => c.regression).length} regressions`);
    for (const alert of update.alerts) core.info(`history alert for ${alert.firstBad.slice(0, 12)} ${alert.action}: ${alert.url}`);
    for (const warning of update.warnings) core.warning(`history (${store.where}): ${warning}`);
    return update.markdown;
  } catch (e) {
    core.warning(`history (${store.where}): ${(e as Error).message}`);
    return "";
  }
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

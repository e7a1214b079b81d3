/**
 * A baseline run's part in the history: append its record to the store, find the change points, write
 * the summary section and raise (or update) the alert issue of each regression's first bad commit.
 */
import type { Thresholds } from "../compare/types.js";
import { detectChanges, type HistoryChange } from "../history/detect.js";
import { appendRecord, historyRecordOf, type HistoryFile } from "../history/record.js";
import { historyKey, type HistoryStore } from "../history/store.js";
import { alertMarkdown, historySummaryMarkdown, type HistoryContext } from "../report/history.js";
import { COMMENT_LIMIT } from "../report/markdown.js";
import type { Results } from "../results/schema.js";
import type { GitHubClient, RepoRef } from "./github.js";
import { alertIssueMarker, upsertMarkedIssue, type MarkedIssueResult } from "./issue.js";

export interface AlertTarget {
  client: GitHubClient;
  repo: RepoRef;
  /** the token's login: only its issues are updated */
  author: () => Promise<string>;
  /** people or teams mentioned in the alert, each as @name (parseCc) */
  cc: readonly string[];
}

export interface HistoryUpdate {
  history: HistoryFile;
  changes: HistoryChange[];
  markdown: string;
  alerts: (MarkedIssueResult & { firstBad: string })[];
  /** alert issues that could not be written, one line each: the history itself was stored */
  warnings: string[];
}

export async function updateHistory(
  results: Results,
  options: {
    store: HistoryStore;
    branch: string;
    run: { id: string | null; url: string | null };
    thresholdsOf: (step: string) => Thresholds;
    repoUrl: string | null;
    alert: AlertTarget | null;
  },
): Promise<HistoryUpdate> {
  const key = historyKey(results.profile.name, results.fingerprint.arch);
  const record = historyRecordOf(results, options.run);
  const history = await options.store.write(key, (current) => appendRecord(current, record, { profile: results.profile.name, arch: results.fingerprint.arch }), results);
  const changes = detectChanges(history, options.thresholdsOf);
  const ctx: HistoryContext = { profile: results.profile.name, arch: results.fingerprint.arch, branch: options.branch, store: options.store.where, repoUrl: options.repoUrl };
  const alerts: HistoryUpdate["alerts"] = [];
  const warnings: string[] = [];
  const { alert } = options;
  if (alert) {
    // one issue per first bad commit: a later run finds and updates it by its marker
    const byFirstBad = new Map<string, HistoryChange[]>();
    for (const c of changes.filter((x) => x.regression)) byFirstBad.set(c.firstBad.commit, [...(byFirstBad.get(c.firstBad.commit) ?? []), c]);
    for (const [firstBad, regressions] of byFirstBad) {
      const marker = alertIssueMarker(key, firstBad);
      // the marker's line goes before the body
      const { title, body } = alertMarkdown(regressions, { ...ctx, cc: alert.cc, runUrl: options.run.url, maxLength: COMMENT_LIMIT - marker.length - 1 });
      // one issue the API refuses costs neither the others nor the summary
      try {
        const issue = await upsertMarkedIssue(alert.client, { ...alert.repo, author: await alert.author(), marker, title, body, closedToo: true });
        alerts.push({ ...issue, firstBad });
      } catch (e) {
        warnings.push(`the alert issue for ${firstBad.slice(0, 12)} was not written: ${(e as Error).message.split("\n")[0]}`);
      }
    }
  }
  return { history, changes, markdown: historySummaryMarkdown(history, changes, ctx), alerts, warnings };
}

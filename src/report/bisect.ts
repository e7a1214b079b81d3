/** The bisect report: the first bad commit, its change against its parent per step, and every probe; and what a bisect after an alert found. Pure. */
import { markdownTable } from "markdown-table";
import type { BisectReport } from "../run/bisect.js";
import { escapeMarkdown, inlineCode, repoLink } from "./escape.js";
import { formatDuration, formatInstructionRatio, formatInterval, plural, shortSha } from "./format.js";
import { whereCostSection, type SourceLinks } from "./why-functions.js";

/** Steps whose functions the bisect report names. */
const BISECT_WHERE_COST_STEPS = 5;

/** Links to source lines at `sha` where the repository is github.com's. */
function githubLinks(repoUrl: string | null, sha: string): SourceLinks | null {
  const repo = repoUrl ? /^https:\/\/github\.com\/([^/]+\/[^/]+)$/.exec(repoUrl)?.[1] : undefined;
  return repo ? { repo, sha } : null;
}

const commitLink = (commit: string, repoUrl: string | null) => repoLink(shortSha(commit), repoUrl, `commit/${commit}`, true);

export function bisectMarkdown(report: BisectReport, repoUrl: string | null): string {
  const link = (commit: string) => commitLink(commit, repoUrl);
  const { verdict } = report;
  const confirmed = verdict.bad;
  const rows = verdict.comparison.steps.map((s) => {
    const v = s.variants[0]!;
    return [inlineCode(s.step, true), formatInterval(v.qps), v.verdict, formatInstructionRatio(v.instructions?.ratio), v.instructions?.verdict ?? "not counted"];
  });
  const probes = report.probes.map((p, i) => [String(i + 1), link(p.commit), link(p.against), p.bad ? `bad: ${p.regressed.map((s) => inlineCode(s, true)).join(", ")}` : "good", formatDuration(p.seconds)]);
  const total = report.probes.reduce((sum, p) => sum + p.seconds, 0);
  return [
    confirmed
      ? `## 🔎 db-bench-gate bisect: the first bad commit is ${link(report.firstBad)}`
      : `## 🔎 db-bench-gate bisect: no commit between ${link(report.good)} and ${link(report.bad)} is bad against its parent`,
    "",
    `${plural(report.commits.length, "commit")} after ${link(report.good)} up to ${link(report.bad)} (first-parent), steps ${report.steps.map((s) => inlineCode(s)).join(", ")}; ${plural(report.probes.length, "probe")}, ${formatDuration(total)} in all, each measured interleaved against the commit named.`,
    "",
    confirmed
      ? `${link(report.firstBad)} against its parent ${link(report.parent)}:`
      : `${link(report.firstBad)}, the last candidate, against its parent ${link(report.parent)} is not a regression: the bad commit may not be bad in these steps, or the change is within the noise of a run this short.`,
    "",
    markdownTable([["step", "QPS ratio (interval)", "QPS verdict", "instr/op ratio (repeats)", "instr/op verdict"], ...rows]),
    "",
    ...(confirmed && verdict.whereCost.length > 0 ? [whereCostSection(verdict.whereCost, githubLinks(repoUrl, report.firstBad), BISECT_WHERE_COST_STEPS), ""] : []),
    "<details><summary>Probes</summary>",
    "",
    markdownTable([["#", "commit", "against", "verdict", "time"], ...probes]),
    "",
    "</details>",
    "",
  ].join("\n");
}

/** The outcome of the bisect baseline mode runs after a new alert, over the alert's range (last good..first bad run). */
export type AlertBisect =
  | { kind: "bisected"; report: BisectReport }
  /** the range is the first bad run's commit alone: nothing to search */
  | { kind: "one-commit"; lastGood: string; firstBad: string }
  /** `error`: its first line, why it could not tell */
  | { kind: "failed"; lastGood: string; firstBad: string; error: string };

/** The alert issue's comment on its bisect. */
export function alertBisectMarkdown(outcome: AlertBisect, repoUrl: string | null): string {
  if (outcome.kind === "bisected") return bisectMarkdown(outcome.report, repoUrl);
  const [good, bad] = [commitLink(outcome.lastGood, repoUrl), commitLink(outcome.firstBad, repoUrl)];
  return outcome.kind === "one-commit"
    ? [
        `## 🔎 db-bench-gate bisect: the first bad commit is ${bad}`,
        "",
        `${bad} is the only commit after the last good run's ${good} (first-parent): nothing to bisect, nothing was built. Its change is the alert's size.`,
        "",
      ].join("\n")
    : [
        `## 🔎 db-bench-gate bisect: the first bad commit after ${good} up to ${bad} is not known`,
        "",
        `The bisect after this alert could not tell: ${escapeMarkdown(outcome.error)}`,
        "",
        "The alert's `db-bench-gate bisect` command runs it again (on a runner like the baseline's). The baseline job needs every commit of the range: `fetch-depth: 0` on actions/checkout.",
        "",
      ].join("\n");
}

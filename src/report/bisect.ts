/** The bisect report: the first bad commit, its change against its parent per step, and every probe. Pure. */
import { markdownTable } from "markdown-table";
import type { BisectReport } from "../bisect.js";
import { inlineCode, repoLink } from "./escape.js";
import { formatDuration, formatInstructionRatio, formatInterval, shortSha } from "./format.js";

export function bisectMarkdown(report: BisectReport, repoUrl: string | null): string {
  const link = (commit: string) => repoLink(shortSha(commit), repoUrl, `commit/${commit}`, true);
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
    `${report.commits.length} commits after ${link(report.good)} up to ${link(report.bad)} (first-parent), steps ${report.steps.map((s) => inlineCode(s)).join(", ")}; ${report.probes.length} probes, ${formatDuration(total)} in all, each measured interleaved against the commit named.`,
    "",
    confirmed
      ? `${link(report.firstBad)} against its parent ${link(report.parent)}:`
      : `${link(report.firstBad)}, the last candidate, against its parent ${link(report.parent)} is not a regression: the bad commit may not be bad in these steps, or the change is within the noise of a run this short.`,
    "",
    markdownTable([["step", "relative QPS (interval)", "QPS verdict", "relative instr/op", "instr/op verdict"], ...rows]),
    "",
    "<details><summary>Probes</summary>",
    "",
    markdownTable([["#", "commit", "against", "verdict", "time"], ...probes]),
    "",
    "</details>",
    "",
  ].join("\n");
}

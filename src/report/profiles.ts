/** The built-in profiles' table (`db-bench-gate profiles`, README.md). */
import { markdownTable } from "markdown-table";
import type { ProfileSummary } from "../config/profile-list.js";

/**
 * The profiles as a markdown table; `linked` names each profile's file (README.md's table), relative to
 * the repository's root. `markdownToText` makes the terminal's from it.
 */
export function profilesMarkdown(summaries: readonly ProfileSummary[], linked: boolean): string {
  const rows = summaries.map((s) => [
    linked ? `[\`${s.name}\`](profiles/${s.name}.yaml)` : s.name,
    s.engine,
    String(s.steps),
    String(s.counted),
    s.expectedMinutes === null ? "not measured" : `about ${s.expectedMinutes} min`,
  ]);
  return markdownTable([["profile", "engine", "steps", "counted", "time on 2 cores"], ...rows], { align: ["l", "l", "r", "r", "l"] }) + "\n";
}

/**
 * Pass or fail for a comparison: the one place that decides it. A regression in either channel fails
 * the check (QPS: what users feel; instructions per op: the CPU cost QPS noise hides), and so does an
 * error: a step that could not be measured cannot be said to be fine. n/a (a build valgrind cannot run)
 * and the other verdicts pass.
 */
import type { Comparison } from "./types.js";

export const FAILING_VERDICTS = ["regression", "error"] as const;

export function gateVerdict(c: Pick<Comparison, "counts" | "instruction_counts">): "fail" | "pass" {
  const failed = FAILING_VERDICTS.some((v) => c.counts[v] > 0 || (c.instruction_counts?.[v] ?? 0) > 0);
  return failed ? "fail" : "pass";
}

/** The log's line when a step's rounds are done: its verdict, relative QPS with its interval, and the rounds it used. Pure. */
import type { StepComparison } from "../compare/types.js";
import { formatDuration, formatInterval, plural } from "./format.js";

/** `pgbench.select-only.prepared.c1 done after 12 rounds: head regression 0.89 (0.86–0.92)`; without a comparison (one variant), the rounds alone. */
export function stepDoneLine(stepId: string, rounds: number, judged: StepComparison | undefined): string {
  const done = `${stepId} done after ${plural(rounds, "round")}`;
  if (!judged) return done;
  return `${done}: ${judged.variants.map((v) => `${v.variant} ${v.verdict}${v.qps ? ` ${formatInterval(v.qps)}` : ""}`).join("; ")}`;
}

/** `time per phase: builds 1m 05s · loads 32s · measuring 6m 10s`: where a run's time went. */
export function phaseTimesLine(phases: readonly [string, number][]): string {
  return `time per phase: ${phases.map(([name, seconds]) => `${name} ${formatDuration(seconds)}`).join(" · ")}`;
}

/**
 * Pass or fail: the one place that decides it, for the action, the CLI and the comment's headline.
 * A comparison says what each step did in each channel (QPS: what users feel; instructions per op: the
 * CPU cost QPS noise hides); the fail-on policy says which verdicts fail the check, in either channel.
 * The default fails a regression and an error: a step that could not be measured cannot be said to be
 * fine. A run without a single ok sample fails whatever the policy: it measured nothing. n/a (a build
 * valgrind cannot run) never fails. Pure.
 */
import type { Comparison, VariantComparison } from "./types.js";

/** The verdicts a user can make fail the check (input fail-on, CLI --fail-on). */
export const FAIL_ON = ["regression", "error", "missing", "unstable", "warning"] as const;
export type FailOn = (typeof FAIL_ON)[number];

export const DEFAULT_FAIL_ON: readonly FailOn[] = ["regression", "error"];

const NOUN: Record<FailOn, [string, string]> = {
  regression: ["regression", "regressions"],
  error: ["error", "errors"],
  missing: ["missing step", "missing steps"],
  unstable: ["unstable step", "unstable steps"],
  warning: ["warning", "warnings"],
};

export interface GateReason {
  /** the fail-on value that made it fail; "no-samples" is not a choice */
  cause: FailOn | "no-samples";
  /** step-variant results with that verdict in either channel (0 for no-samples) */
  count: number;
  /** the steps, with their column when several comparisons are gated together, and "instr/op" when only that channel had it */
  steps: string[];
  /** "4 errors", "no samples" */
  summary: string;
}

export interface GateDecision {
  verdict: "pass" | "fail";
  /** why it failed, in fail-on order; empty when it passed */
  reasons: GateReason[];
  /** step-variant results that regressed in either channel, whatever the policy (the action's `regressions` output) */
  regressions: number;
}

/** A comparison's own verdict under the default policy (Comparison.verdict), from its counts. */
export function gateVerdict(c: Pick<Comparison, "counts" | "instruction_counts">): "fail" | "pass" {
  const failed = DEFAULT_FAIL_ON.some((v) => c.counts[v] > 0 || ((c.instruction_counts as Record<string, number> | null)?.[v] ?? 0) > 0);
  return failed ? "fail" : "pass";
}

/** Parses a fail-on list ("regression,error"; commas and/or spaces); the error is returned so action and CLI raise their own kind. */
export function parseFailOn(text: string): { failOn: FailOn[] } | { error: string } {
  const values = text.split(/[\s,]+/).filter(Boolean);
  const unknown = values.find((v) => !(FAIL_ON as readonly string[]).includes(v));
  if (unknown !== undefined) return { error: `unknown value "${unknown}": expected a comma-separated list of ${FAIL_ON.join(", ")}` };
  return { failOn: FAIL_ON.filter((v) => values.includes(v)) };
}

/** The channels in which a step's variant got `verdict`. */
function channels(v: VariantComparison, verdict: FailOn): string[] {
  return [v.verdict === verdict ? "QPS" : null, (v.instructions?.verdict as string | undefined) === verdict ? "instr/op" : null].filter((c) => c !== null);
}

/** Step-variant results with `verdict` in either channel: their count and the steps, named as the check's line shows them. */
function hits(comparisons: readonly Comparison[], verdict: FailOn): { count: number; steps: string[] } {
  let count = 0;
  const steps = comparisons.flatMap((c) =>
    c.steps.flatMap((s) => {
      const found = s.variants.map((v) => channels(v, verdict)).filter((f) => f.length > 0);
      if (found.length === 0) return [];
      count += found.length;
      // QPS is the default channel: named only when the instruction channel alone had it
      const notes = [c.label, found.every((f) => !f.includes("QPS")) ? "instr/op" : null].filter((n) => n !== null);
      return [notes.length > 0 ? `${s.step} (${notes.join(", ")})` : s.step];
    }),
  );
  return { count, steps };
}

function reason(cause: FailOn, found: { count: number; steps: string[] }): GateReason {
  const [one, many] = NOUN[cause];
  return { cause, ...found, summary: `${found.count} ${found.count === 1 ? one : many}` };
}

const NO_SAMPLES: GateReason = { cause: "no-samples", count: 0, steps: [], summary: "no samples" };

/** Applies the fail-on policy to the comparisons gated together (one per column of a report). */
export function decideGate(comparisons: readonly Comparison[], failOn: readonly FailOn[] = DEFAULT_FAIL_ON): GateDecision {
  const measured = comparisons.some((c) => c.steps.some((s) => s.absolute.some((a) => a.ok_samples > 0)));
  const reasons = measured ? [] : [NO_SAMPLES];
  for (const cause of FAIL_ON) {
    const found = failOn.includes(cause) ? hits(comparisons, cause) : { count: 0, steps: [] };
    if (found.count > 0) reasons.push(reason(cause, found));
  }
  return { verdict: reasons.length > 0 ? "fail" : "pass", reasons, regressions: hits(comparisons, "regression").count };
}

/** "1 regression, 4 errors (fail-on: regression, error)": the headline's why. */
export function gateHeadline(decision: GateDecision): string {
  const causes = decision.reasons.map((r) => r.cause).filter((c): c is FailOn => c !== "no-samples");
  const summaries = decision.reasons.map((r) => r.summary).join(", ");
  return causes.length > 0 ? `${summaries} (fail-on: ${causes.join(", ")})` : summaries;
}

/** The check's one line, naming the steps: `2 regressions: scan, point (instr/op); 1 error: insert`. */
export function gateMessage(decision: GateDecision): string {
  return decision.reasons.map((r) => (r.steps.length > 0 ? `${r.summary}: ${r.steps.join(", ")}` : r.summary)).join("; ");
}

/** Sample counts of one step of a run measured alone (baseline mode), where there is no comparison to gate. */
export interface MeasuredStep {
  step: string;
  ok: number;
  errors: number;
}

/** The same policy for a run measured alone: its errors and steps without an ok sample; nothing measured fails. */
export function decideMeasuredGate(steps: readonly MeasuredStep[], failOn: readonly FailOn[] = DEFAULT_FAIL_ON): GateDecision {
  const reasons = steps.some((s) => s.ok > 0) ? [] : [NO_SAMPLES];
  const failed = (cause: FailOn, which: (s: MeasuredStep) => boolean) => {
    const names = failOn.includes(cause) ? steps.filter(which).map((s) => s.step) : [];
    if (names.length > 0) reasons.push(reason(cause, { count: names.length, steps: names }));
  };
  failed("error", (s) => s.errors > 0);
  failed("missing", (s) => s.errors === 0 && s.ok === 0);
  return { verdict: reasons.length > 0 ? "fail" : "pass", reasons, regressions: 0 };
}

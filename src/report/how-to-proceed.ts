/**
 * The end of a comment whose check failed on regressions: what a maintainer can do about it (accept
 * them, judge a step by another threshold) and whether QPS moved the other way where the CPU channel
 * failed, so a faster PR with more instructions is seen as such. Pure: data in, markdown out.
 */
import { stringify } from "yaml";
import type { GateDecision } from "../compare/gate.js";
import type { Comparison, ThresholdOverride, VariantComparison } from "../compare/types.js";
import { fencedBlock, inlineCode } from "./escape.js";
import { formatRatio } from "./format.js";

/** Where the reader can act: the action (its accept label) or the CLI (no labels). */
export type ProceedWhere = { kind: "action"; acceptLabel: string } | { kind: "cli" };

interface FailedStep {
  step: string;
  result: VariantComparison;
}

/** The step-variant results that regressed, in either channel, in report order. */
function regressed(comparisons: readonly Comparison[]): FailedStep[] {
  return comparisons.flatMap((c) =>
    c.steps.flatMap((s) => s.variants.filter((v) => v.verdict === "regression" || v.instructions?.verdict === "regression").map((result) => ({ step: s.step, result }))),
  );
}

/** A per-step override under which this step's measured change would pass: the failing line moved past the estimate (two decimals), in the channel that failed. */
function overrideFor({ step, result }: FailedStep): ThresholdOverride {
  const qps = result.verdict === "regression" ? result.qps?.estimate : undefined;
  if (qps !== undefined) return { step, fail_below: Math.max(0.01, Math.floor(qps * 100) / 100) };
  const instructions = result.instructions?.ratio?.estimate ?? result.thresholds.instructions_fail_above;
  return { step, instructions_fail_above: Math.ceil(instructions * 100) / 100 };
}

/** "rose on `a` (1.04, not significant)", for the steps whose instruction count regressed; "" when none did. */
function qpsOtherWay(failed: readonly FailedStep[]): string {
  const counted = failed.filter((f) => f.result.instructions?.verdict === "regression");
  if (counted.length === 0) return "";
  const described = counted.map(({ step, result }) => {
    const q = result.qps;
    if (!q) return { rose: false, text: `${inlineCode(step)} (no QPS ratio)` };
    const significant = q.p_value !== null && q.p_value < result.thresholds.alpha;
    return { rose: q.estimate > 1, text: `${inlineCode(step)} (${formatRatio(q.estimate)}, ${significant ? "significant" : "not significant"})` };
  });
  const rose = described.filter((d) => d.rose).map((d) => d.text);
  const other = described.filter((d) => !d.rose).map((d) => d.text);
  const parts = [rose.length > 0 ? `QPS rose on ${rose.join(", ")}` : "", other.length > 0 ? `QPS did not rise on ${other.join(", ")}` : ""].filter(Boolean);
  return `- **QPS on the steps instr/op failed:** ${parts.join("; ")}.${rose.length > 0 ? " More instructions that run faster (SIMD, prefetching, fewer cache misses) may be worth accepting." : ""}`;
}

/**
 * "How to proceed" when the gate failed on regressions; "" otherwise (a pass, an accepted PR, a failure
 * on errors alone: neither the label nor an override turns an error into a pass).
 */
export function howToProceed(comparisons: readonly Comparison[], gate: GateDecision, where: ProceedWhere): string {
  if (gate.verdict !== "fail" || !gate.reasons.some((r) => r.cause === "regression")) return "";
  const failed = regressed(comparisons);
  const [first] = failed;
  if (!first) return "";
  const accept =
    where.kind === "action"
      ? `- **Accept the regressions:** someone with triage rights or above on this repository sets the label ${inlineCode(where.acceptLabel)} after the PR's last push; the check then passes and says who accepted. A new push needs the label set again.`
      : "- **Accept the regressions:** the CLI has no labels: `--fail-on error` (without `regression`) exits 0 on regressions; in the action the accept label does it.";
  const file =
    where.kind === "action"
      ? "in `.db-bench-gate.yml` as committed on the base branch (the PR's own copy does not judge it)"
      : "in a config file given with `--config FILE` (or `--fail-below`, `--instructions-fail-above` for every step)";
  const yaml = stringify({ overrides: [overrideFor(first)] }).trimEnd();
  return ["### How to proceed", `${accept}\n- **Judge a step by another line** ${file}, one entry per step (a glob matches several):`, fencedBlock(yaml, "yaml"), qpsOtherWay(failed)]
    .filter(Boolean)
    .join("\n\n");
}

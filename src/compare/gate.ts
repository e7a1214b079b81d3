/**
 * Pass or fail for a comparison: the one place that decides it. A regression in either channel fails
 * the check (QPS: what users feel; instructions per op: the CPU cost QPS noise hides), and so does an
 * error: a step that could not be measured cannot be said to be fine. n/a (a build valgrind cannot run)
 * and the other verdicts pass.
 */
import type { Comparison, VariantComparison } from "./types.js";

export const FAILING_VERDICTS = ["regression", "error"] as const;
type FailingVerdict = (typeof FAILING_VERDICTS)[number];

export function gateVerdict(c: Pick<Comparison, "counts" | "instruction_counts">): "fail" | "pass" {
  const failed = FAILING_VERDICTS.some((v) => c.counts[v] > 0 || (c.instruction_counts?.[v] ?? 0) > 0);
  return failed ? "fail" : "pass";
}

/** The channels in which a step's variant got `verdict`. */
function channels(v: VariantComparison, verdict: FailingVerdict): string[] {
  return [v.verdict === verdict ? "QPS" : null, v.instructions?.verdict === verdict ? "instr/op" : null].filter((c) => c !== null);
}

/**
 * What failed, for the check's one line: `2 regressions: scan, point (instr/op); 1 error: insert`.
 * `regressions` counts steps x variants that regressed in either channel.
 */
export function gateSummary(comparisons: readonly Comparison[]): { regressions: number; message: string } {
  const tally = (verdict: FailingVerdict) => {
    const hits = comparisons.flatMap((c) =>
      c.steps.flatMap((s) => {
        const found = s.variants.map((v) => channels(v, verdict)).filter((f) => f.length > 0);
        return found.length > 0 ? [{ label: c.label, step: s.step, found }] : [];
      }),
    );
    const count = hits.reduce((n, hit) => n + hit.found.length, 0);
    const steps = hits.map(({ label, step, found }) => {
      // QPS is the default channel: named only when the instruction channel alone failed
      const notes = [label, found.every((f) => !f.includes("QPS")) ? "instr/op" : null].filter((n) => n !== null);
      return notes.length > 0 ? `${step} (${notes.join(", ")})` : step;
    });
    return { count, text: count > 0 ? `${count} ${verdict}${count === 1 ? "" : "s"}: ${steps.join(", ")}` : null };
  };
  const regressions = tally("regression");
  const errors = tally("error");
  return { regressions: regressions.count, message: [regressions.text, errors.text].filter((t) => t !== null).join("; ") };
}

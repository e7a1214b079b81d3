/** The job summary of baseline mode: which commit was stored as the baseline, and its median QPS per step. Pure. */
import { markdownTable } from "markdown-table";
import { median } from "simple-statistics";
import { gateHeadline, type GateDecision, type MeasuredStep } from "../compare/gate.js";
import type { Results } from "../results/schema.js";
import { escapeMarkdown, inlineCode } from "./escape.js";
import { NONE, shortSha } from "./format.js";

export interface StoredBaseline {
  commit: string;
  /** the artifact name it was uploaded as */
  artifact: string;
  /** where the runner's cache keeps a copy */
  storedAt: string;
}

/** Each step's ok QPS values and error count, in one pass over the samples (not one per step). */
function samplesByStep(results: Results): Map<string, { qps: number[]; errors: number }> {
  const byStep = new Map(results.steps.map((s) => [s.id, { qps: [] as number[], errors: 0 }]));
  for (const sample of results.samples) {
    const step = byStep.get(sample.step);
    if (!step) continue;
    if (sample.status === "ok") step.qps.push(sample.ops_per_s);
    else step.errors++;
  }
  return byStep;
}

/** What the gate of a run measured alone looks at: ok and failed samples per step. */
export function measuredSteps(results: Results): MeasuredStep[] {
  const byStep = samplesByStep(results);
  return results.steps.map((s) => ({ step: s.id, ok: byStep.get(s.id)?.qps.length ?? 0, errors: byStep.get(s.id)?.errors ?? 0 }));
}

/** `gate`: the run's own gate (decideGate of the steps measured alone); when it failed, the heading says why. */
export function baselineStoredMarkdown(results: Results, stored: StoredBaseline, gate: GateDecision | null = null): string {
  const byStep = samplesByStep(results);
  const failed = gate?.verdict === "fail" ? ` · ❌ ${gateHeadline(gate)}` : "";
  const rows = results.steps.map((s) => {
    const { qps, errors } = byStep.get(s.id) ?? { qps: [], errors: 0 };
    return [inlineCode(s.id, true), qps.length ? Math.round(median(qps)).toLocaleString("en-US") : NONE, String(qps.length), String(errors)];
  });
  return [
    `## db-bench-gate baseline${failed} · ${escapeMarkdown(`${results.profile.name} · ${results.fingerprint.arch}`)}`,
    "",
    `Stored the results of ${inlineCode(shortSha(stored.commit))} as the baseline (artifact ${inlineCode(stored.artifact)}, and ${inlineCode(stored.storedAt)}).`,
    "",
    markdownTable([["step", "median QPS", "rounds", "errors"], ...rows], { align: ["l", "r", "r", "r"] }),
    "",
  ].join("\n");
}

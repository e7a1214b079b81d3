/**
 * How well the instruction channel separates builds, from bench:verdict sessions (pure). Each session
 * is one trial: its repeats of a variant against its base's, judged by the gate's own rule
 * (compareInstructions). Beside the verdicts: the spread within a variant's repeats, and the ratios of
 * every pair of single repeats (variant repeat i / base repeat j), the extremes one repeat per side
 * could give. A/A variants (the base's commit again, on another server) show false alarms; the
 * extra-work builds detection.
 */
import { compareInstructions } from "../../src/compare/instructions.js";
import { INSTRUCTION_VERDICTS, type InstructionVerdict, type Thresholds } from "../../src/compare/types.js";
import type { Results } from "../../src/results/schema.js";

export interface InstructionChannelGroup {
  step: string;
  variant: string;
  /** the same commit as the base: every flag is a false alarm */
  aa: boolean;
  /** sessions (trials) by the verdict the gate gave */
  verdicts: Record<InstructionVerdict, number>;
  /** ok repeats of this variant over all sessions */
  repeats: number;
  /** mean instr/op of this variant over all sessions */
  instructions_per_op: number | null;
  /** (max - min) / median of the variant's repeats, worst session */
  spread_within: number | null;
  /** per session: median(variant) / median(base), as the gate estimates it */
  session_ratios: number[];
  /** single-repeat pairs: variant repeat i / base repeat j, all i, j, all sessions */
  pair_ratios: { count: number; min: number; max: number } | null;
}

export function instructionChannelGroups(sessions: readonly Results[], thresholds: Thresholds): InstructionChannelGroup[] {
  const groups = new Map<string, InstructionChannelGroup & { pairs: number[]; sum: number }>();
  for (const results of sessions) {
    const baseCommit = results.variants.find((v) => v.id === results.base_variant)?.commit;
    const all = results.instructions ?? [];
    const of = (step: string, variant: string) => all.filter((s) => s.step === step && s.variant === variant);
    const perOp = (step: string, variant: string) => of(step, variant).flatMap((s) => (s.status === "ok" ? [s.instructions_per_op] : []));
    for (const step of results.steps) {
      const base = { label: results.base_variant, samples: of(step.id, results.base_variant) };
      for (const variant of results.variants.filter((v) => v.id !== results.base_variant)) {
        const comparison = compareInstructions(base, { label: variant.id, samples: of(step.id, variant.id) }, thresholds);
        if (!comparison) continue;
        const key = `${step.id}\u0000${variant.id}`;
        const group = groups.get(key) ?? {
          step: step.id,
          variant: variant.id,
          aa: variant.commit === baseCommit,
          verdicts: Object.fromEntries(INSTRUCTION_VERDICTS.map((v) => [v, 0])) as Record<InstructionVerdict, number>,
          repeats: 0,
          instructions_per_op: null,
          spread_within: null,
          session_ratios: [],
          pair_ratios: null,
          pairs: [],
          sum: 0,
        };
        group.verdicts[comparison.verdict]++;
        if (comparison.ratio) group.session_ratios.push(comparison.ratio.estimate);
        if (comparison.variant) group.spread_within = Math.max(group.spread_within ?? 0, comparison.variant.spread);
        const values = perOp(step.id, variant.id);
        group.repeats += values.length;
        group.sum += values.reduce((a, b) => a + b, 0);
        group.instructions_per_op = group.repeats ? group.sum / group.repeats : null;
        for (const v of values) for (const b of perOp(step.id, results.base_variant)) group.pairs.push(v / b);
        groups.set(key, group);
      }
    }
  }
  return [...groups.values()].map(({ pairs, sum: _sum, ...group }) => ({
    ...group,
    pair_ratios: pairs.length ? { count: pairs.length, min: Math.min(...pairs), max: Math.max(...pairs) } : null,
  }));
}

/**
 * Seconds the counting pass took in a session: from the end of the last QPS sample to the end of the
 * run (the pass is the last thing a run does), or null without counts.
 */
export function countingSeconds(results: Results): number | null {
  if (!results.instructions?.length || results.samples.length === 0) return null;
  const lastSampleEnd = Math.max(...results.samples.map((s) => Date.parse(s.started_at) + s.duration_s * 1000));
  return (Date.parse(results.run.finished_at) - lastSampleEnd) / 1000;
}

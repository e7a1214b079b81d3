/**
 * How well the instruction channel separates builds, from bench:verdict sessions (pure): per step and
 * variant, instructions per operation relative to the base build of the same session, by the mean of
 * the repeats (what one gate run sees) and by every pair of single repeats (variant repeat i against
 * base repeat j: the harshest case, one repeat per side). A/A variants (the base's commit again, on
 * another server) show the spread a threshold must clear; the extra-work builds what it detects.
 */
import type { OkInstructionSample, Results } from "../results/schema.js";

export interface InstructionChannelGroup {
  step: string;
  variant: string;
  /** the same commit as the base: every flag is a false alarm */
  aa: boolean;
  sessions: number;
  /** ok repeats of this variant over all sessions */
  repeats: number;
  /** samples that were errors or unavailable */
  not_counted: number;
  /** mean instr/op of this variant over all sessions */
  instructions_per_op: number | null;
  /** (max - min) / mean of the variant's repeats, worst session */
  spread_within: number | null;
  /** per session: mean(variant) / mean(base) */
  session_ratios: number[];
  /** single-repeat pairs: variant repeat i / base repeat j, all i, j, all sessions */
  pair_ratios: { count: number; min: number; max: number } | null;
  /** share of single-repeat pairs beyond the threshold (above it, or below its inverse for A/A) */
  pairs_flagged: number | null;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export function instructionChannelGroups(sessions: readonly Results[], threshold: number): InstructionChannelGroup[] {
  const groups = new Map<string, InstructionChannelGroup & { pairs: number[] }>();
  for (const results of sessions) {
    const baseCommit = results.variants.find((v) => v.id === results.base_variant)?.commit;
    const all = results.instructions ?? [];
    const ok = all.filter((s): s is OkInstructionSample => s.status === "ok");
    const perOp = (step: string, variant: string) => ok.filter((s) => s.step === step && s.variant === variant).map((s) => s.instructions_per_op);
    for (const step of results.steps) {
      const base = perOp(step.id, results.base_variant);
      for (const variant of results.variants) {
        if (variant.id === results.base_variant) continue;
        const key = `${step.id}\u0000${variant.id}`;
        const group = groups.get(key) ?? {
          step: step.id,
          variant: variant.id,
          aa: variant.commit === baseCommit,
          sessions: 0,
          repeats: 0,
          not_counted: 0,
          instructions_per_op: null,
          spread_within: null,
          session_ratios: [],
          pair_ratios: null,
          pairs_flagged: null,
          pairs: [],
        };
        const values = perOp(step.id, variant.id);
        group.sessions++;
        group.repeats += values.length;
        group.not_counted += all.filter((s) => s.step === step.id && s.variant === variant.id && s.status !== "ok").length;
        if (values.length > 0) {
          const spread = (Math.max(...values) - Math.min(...values)) / mean(values);
          group.spread_within = Math.max(group.spread_within ?? 0, spread);
          group.instructions_per_op = ((group.instructions_per_op ?? 0) * (group.repeats - values.length) + values.reduce((a, b) => a + b, 0)) / group.repeats;
        }
        if (values.length > 0 && base.length > 0) {
          group.session_ratios.push(mean(values) / mean(base));
          for (const v of values) for (const b of base) group.pairs.push(v / b);
        }
        groups.set(key, group);
      }
    }
  }
  return [...groups.values()].map(({ pairs, ...group }) => ({
    ...group,
    pair_ratios: pairs.length ? { count: pairs.length, min: Math.min(...pairs), max: Math.max(...pairs) } : null,
    pairs_flagged: pairs.length ? pairs.filter((r) => r > threshold || (group.aa && r < 1 / threshold)).length / pairs.length : null,
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

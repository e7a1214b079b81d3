/** The run's last stage (pure): the results document. */
import { randomBytes } from "node:crypto";
import { formatCpuList } from "../measure/cpu-affinity.js";
import { nativeFlagsUnderEmulation } from "../measure/fingerprint.js";
import { RESULTS_SCHEMA_ID, RESULTS_VERSION, type Fingerprint, type InstructionSample, type Results, type Sample, type Variant } from "../results/schema.js";
import { storedJudging } from "../compare/thresholds.js";
import type { InterleaveResult } from "../schedule/interleave.js";
import { VERSION } from "../common/version.js";
import type { RunContext } from "./run-context.js";
import type { Schedule } from "./stage-measure.js";

/** Per query step with a background writer: whether it kept its target rate, for the run's notes. */
export function backgroundWriterNotes(samples: readonly Sample[]): string[] {
  /** per step: the writer's target, its rates, the rounds it ran in and those it fell behind in (either variant) */
  const byStep = new Map<string, { target: number; rates: number[]; rounds: Set<number>; behind: Set<number> }>();
  for (const s of samples) {
    if (s.status !== "ok" || !s.background_writer) continue;
    const entry = byStep.get(s.step) ?? { target: s.background_writer.target_rows_per_s, rates: [], rounds: new Set(), behind: new Set() };
    entry.rates.push(s.background_writer.rows_per_s);
    entry.rounds.add(s.round);
    if (!s.background_writer.kept_rate) entry.behind.add(s.round);
    byStep.set(s.step, entry);
  }
  return [...byStep].map(([step, { target, rates, rounds, behind }]) => {
    const range = `${Math.min(...rates).toFixed(0)}-${Math.max(...rates).toFixed(0)} rows/s`;
    return behind.size === 0
      ? `${step}: the background writer kept its ${target} rows/s in all ${rounds.size} rounds (${range})`
      : `${step}: the background writer fell behind its ${target} rows/s in ${behind.size} of ${rounds.size} rounds (${range}): QPS not judged`;
  });
}

/** Stage 5 (pure): the results document. */
export function assembleResults(
  ctx: RunContext,
  parts: { fingerprint: Fingerprint; engineVersion: string; variants: Variant[]; schedule: Schedule; measured: InterleaveResult<Sample>; instructions: InstructionSample[] | undefined; plannedRestarts: number },
): Results {
  const { plan, placement, startedAt } = ctx;
  const { profile } = plan;
  const { sequential } = parts.schedule;
  const notes = [...nativeFlagsUnderEmulation(parts.fingerprint, parts.variants), ...ctx.notes, ...parts.measured.settled, ...parts.measured.cutShort, ...backgroundWriterNotes(parts.measured.samples)];
  if (profile.schedule.restart_every !== undefined) notes.push(`servers restarted every ${profile.schedule.restart_every} rounds of a step: ${parts.plannedRestarts} restarts`);
  return {
    schema: RESULTS_SCHEMA_ID,
    version: RESULTS_VERSION,
    run: {
      id: `${startedAt.toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}`,
      started_at: startedAt.toISOString(),
      finished_at: ctx.ports.clock.date().toISOString(),
      tool: `db-bench-gate ${VERSION}`,
      budget_exhausted: parts.measured.cutShort.length > 0,
      notes,
      ...(sequential && { sequential: { min_rounds: sequential.minRounds, max_rounds: sequential.maxRounds, look_every: sequential.lookEvery, spending: sequential.spending } }),
      ...(placement && {
        cpu_placement: placement.kind === "server" ? { server: formatCpuList(placement.server), client: formatCpuList(placement.client) } : { process: formatCpuList(placement.process) },
      }),
      ...(plan.shard && { shard: plan.shard }),
      ...(plan.measureQps === false && { qps_measured: false }),
    },
    fingerprint: parts.fingerprint,
    engine: { name: plan.engine.name, version: parts.engineVersion },
    profile: { name: profile.name, version: profile.version, hash: profile.hash },
    base_variant: plan.baseVariant,
    variants: parts.variants,
    steps: profile.steps.map((s) => {
      const aaSpread = profile.instructions?.aa_spread_by_step?.[s.id];
      // the profile refuses it where every step is judged on instructions anyway
      const judgedAlone = profile.instructions?.judged_on_instructions?.[s.id];
      const processSpread = profile.schedule.process_spread;
      const processSd = processSpread?.sd_by_step[s.id];
      return {
        id: s.id,
        driver: s.driver,
        parameters: s.parameters,
        ...(s.definition_hash && { definition_hash: s.definition_hash }),
        ...(s.sweep && { sweep: s.sweep }),
        ...(aaSpread !== undefined && { instructions_aa_spread: aaSpread }),
        ...(judgedAlone !== undefined && { instructions_judged_alone: judgedAlone }),
        ...(processSd !== undefined && { qps_process_spread: { sd: processSd, df: processSpread!.df } }),
      };
    }),
    samples: parts.measured.samples,
    ...(parts.instructions && { instructions: parts.instructions }),
    thresholds: storedJudging(plan.judging),
  };
}

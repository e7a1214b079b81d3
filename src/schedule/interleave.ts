/**
 * Interleaving: per step, variants alternate in ABBA order round after round so that drift (thermal,
 * noisy neighbours, caches, data growth) hits every variant alike, and pairs of the same round carry
 * the verdict. A time budget stops adding rounds: each step gets an equal share of what is left.
 */

/** ABBA: even rounds in the given order, odd rounds reversed (A B, B A, A B, ...; A B C, C B A, ...). */
export function roundOrder<T>(variants: readonly T[], round: number): T[] {
  return round % 2 === 0 ? [...variants] : [...variants].reverse();
}

export interface StepBudget {
  /** rounds every step gets even when the budget is spent (fewer cannot be paired into a verdict) */
  minRounds: number;
  maxRounds: number;
  /** total seconds for all steps, or null for no cap */
  budgetS: number | null;
  /** the only round counts the budget may stop a step at (adaptive rounds: the looks, so every stop can reject); any from minRounds when absent */
  stopsAt?: readonly number[];
}

/**
 * May another round of this step start? `spentS` is the time all steps used so far, `stepSpentS` what
 * this step used, `stepsLeft` the steps not finished counting this one.
 */
export function mayStartRound(budget: StepBudget, roundsDone: number, spentS: number, stepSpentS: number, stepsLeft: number): boolean {
  if (roundsDone >= budget.maxRounds) return false;
  if (roundsDone < budget.minRounds || budget.budgetS === null) return true;
  if (budget.stopsAt && !budget.stopsAt.includes(roundsDone)) return true;
  const share = (budget.budgetS - (spentS - stepSpentS)) / stepsLeft;
  const perRound = stepSpentS / roundsDone;
  return stepSpentS + perRound <= share;
}

export interface Clock {
  /** seconds, monotonic */
  now(): number;
}

/**
 * Whether every variant's server restarts before this round (from 0) of a step: every `every` rounds,
 * never before the first. A server process keeps one memory layout (ASLR, shared memory, huge pages)
 * for as long as it runs, and two servers of one build differ by a few percent in QPS; restarting both
 * sides during a step averages that offset over several layouts per side instead of leaving it as a
 * bias of the whole step.
 */
export function restartsBefore(round: number, every: number | undefined): boolean {
  return every !== undefined && round > 0 && round % every === 0;
}

export interface InterleaveHooks<S, V, R> {
  /** before the first round of a step, once per variant (not recorded) */
  warmup(step: S, variant: V): Promise<void>;
  measure(step: S, variant: V, round: number, position: number): Promise<R>;
  /** progress for the user: one line per measurement */
  progress?(message: string): void;
  /** restart a variant's server (restartsBefore); each restart is followed by the variant's warm-up */
  restart?: { every: number; run(step: S, variant: V): Promise<void> };
  /** after each round: why this step needs no more rounds (adaptive rounds, sequential.ts), or null to go on */
  settled?(step: S, stepSamples: readonly R[]): string | null;
  /** after a step's last round: its samples and how many rounds it used */
  stepDone?(step: S, stepSamples: readonly R[], rounds: number): void;
}

export interface InterleaveResult<R> {
  samples: R[];
  /** one line per step that the budget cut short */
  cutShort: string[];
  /** one line per step that stopped early because its verdict was settled */
  settled: string[];
}

export async function runInterleaved<S extends { id: string }, V extends { id: string }, R>(
  steps: readonly S[],
  variants: readonly V[],
  budget: StepBudget,
  clock: Clock,
  hooks: InterleaveHooks<S, V, R>,
): Promise<InterleaveResult<R>> {
  const samples: R[] = [];
  const cutShort: string[] = [];
  const settled: string[] = [];
  const start = clock.now();
  for (const [stepIndex, step] of steps.entries()) {
    const stepStart = clock.now();
    for (const variant of variants) {
      hooks.progress?.(`${step.id}: warm-up ${variant.id}`);
      await hooks.warmup(step, variant);
    }
    let round = 0;
    const stepSamples: R[] = [];
    let reason: string | null = null;
    while (reason === null && mayStartRound(budget, round, clock.now() - start, clock.now() - stepStart, steps.length - stepIndex)) {
      if (hooks.restart && restartsBefore(round, hooks.restart.every)) {
        for (const variant of roundOrder(variants, round)) {
          hooks.progress?.(`${step.id}: restart ${variant.id} before round ${round + 1}`);
          await hooks.restart.run(step, variant);
          await hooks.warmup(step, variant);
        }
      }
      for (const [position, variant] of roundOrder(variants, round).entries()) {
        stepSamples.push(await hooks.measure(step, variant, round, position));
      }
      round++;
      reason = round < budget.maxRounds ? (hooks.settled?.(step, stepSamples) ?? null) : null;
    }
    samples.push(...stepSamples);
    hooks.stepDone?.(step, stepSamples, round);
    if (reason !== null) settled.push(reason);
    else if (round < budget.maxRounds) cutShort.push(`${step.id}: the time budget stopped it after ${round} of ${budget.maxRounds} rounds`);
  }
  return { samples, cutShort, settled };
}

/**
 * Candidate QPS rules and the rate at which each fails the gate, for bench-qps-rule. A trial is one
 * run: every step's per-round log ratios (head / base); the run fails when any step does. The rules
 * the gate has (today's signed-rank and the one-sided t-test) are judged by compareRun itself, the
 * others by the same statistics (src/compare/stats.ts) with their own line and level. Pure.
 */
import { compareRun } from "../../src/compare/compare.js";
import { dropTTest, pairedShift, processSpreadFromAa, signedRankTest, type ProcessSpread } from "../../src/compare/stats.js";
import { DEFAULT_THRESHOLDS, type QpsRule, type Thresholds } from "../../src/compare/types.js";
import type { Results } from "../../src/results/schema.js";
import { runResults, type StepRounds } from "./verdict-quality.js";

/** One run's rounds: per step, the log ratios of its pairs (and, where known, their server processes). */
export type RunRounds = readonly StepRounds[];

export interface Candidate {
  id: string;
  /** the rule in words, for the tables */
  text: string;
  /** the bound on a run's A/A false failures the test's level gives, for a run of `steps` steps; null: no such bound at this many rounds */
  bound: (steps: number, rounds: number) => number;
  /** per step of the run: whether it fails the gate (default fail-on: a regression) */
  judge: (template: Results, run: RunRounds) => boolean[];
}

/** The rounds as results from before 2026-12-04 had them: no server processes recorded, so each round is its own unit. */
const withoutProcesses = (run: RunRounds): RunRounds => run.map(({ step, logRatios }) => ({ step, logRatios }));

/**
 * Judged by the gate's own code: compareRun under `rule`, a step fails when its verdict is a regression.
 * processes: the rounds' server processes and spread are kept (the rule since issue 35); else dropped (8ba09cc's).
 */
function gateRule(id: string, text: string, rule: QpsRule, thresholds: Partial<Thresholds>, bound: Candidate["bound"], processes = false): Candidate {
  return {
    id,
    text,
    bound,
    judge: (template, run) => compareRun(runResults(template, processes ? run : withoutProcesses(run)), { qpsRule: rule, thresholds }).steps.map((s) => s.variants[0]!.verdict === "regression"),
  };
}

/** One-sided exact signed-rank p of a drop: half the two-sided p when the rounds lean down (the null is symmetric), else at least 1/2. */
function signedRankDropP(logRatios: readonly number[]): number {
  const { statistic, p_value } = signedRankTest(logRatios);
  const nonZero = logRatios.filter((d) => d !== 0).length;
  return statistic < (nonZero * (nonZero + 1)) / 4 ? p_value / 2 : 1 - p_value / 2;
}

/** A step fails when the drop test's p is below `level(steps)` and the Hodges-Lehmann ratio below `line`. */
function pureRule(id: string, text: string, dropP: (logRatios: readonly number[]) => number, level: (steps: number) => number, line: number, bound: Candidate["bound"]): Candidate {
  return {
    id,
    text,
    bound,
    judge: (_template, run) =>
      run.map(({ logRatios }) => logRatios.length > 1 && dropP(logRatios) < level(run.length) && Math.exp(pairedShift(logRatios, DEFAULT_THRESHOLDS.alpha).estimate) < line),
  };
}

const ALPHA = DEFAULT_THRESHOLDS.alpha;
/** Smallest one-sided exact signed-rank p of n pairs: every pair down. */
const signedRankFloor = (rounds: number) => 0.5 ** rounds;
/** Union bound of a signed-rank rule at level `level` per step: the largest attainable one-sided p below it, summed over the steps. */
function signedRankBound(level: number) {
  return (steps: number, rounds: number) => {
    // attainable one-sided p-values are multiples of 2^-rounds; the largest below `level` (untied data)
    const unit = signedRankFloor(rounds);
    const attainable = Math.ceil(level / unit - 1) * unit;
    return Math.min(1, steps * Math.max(0, attainable));
  };
}
const tBound = (perStep: (steps: number) => number) => (steps: number) => Math.min(1, steps * perStep(steps));

/** The rules compared; `chosen` is the default of src/compare since 2026-12-02. */
export function candidates(): Candidate[] {
  const bonferroni = (steps: number) => ALPHA / steps;
  return [
    // today's rule's false failure needs every pair down (p = 2/256 < 0.01 at 8 pairs): 1/256 per step at most
    gateRule("signed-rank", "before: two-sided exact signed-rank p < 0.01, estimate < 0.95", "signed-rank", { fail_below: 0.95 }, signedRankBound(ALPHA / 2)),
    pureRule("signed-rank-1s", "one-sided signed-rank p < 0.01, estimate < 0.95", signedRankDropP, () => ALPHA, 0.95, signedRankBound(ALPHA)),
    pureRule("signed-rank-1s-0.97", "one-sided signed-rank p < 0.01, estimate < 0.97", signedRankDropP, () => ALPHA, 0.97, signedRankBound(ALPHA)),
    pureRule("signed-rank-bonf", "one-sided signed-rank p < 0.01 / steps, estimate < 0.95", signedRankDropP, bonferroni, 0.95, (steps, rounds) => signedRankBound(ALPHA / steps)(steps, rounds)),
    pureRule("t-1s", "one-sided t-test p < 0.01, estimate < 0.95", (x) => dropTTest(x).p_value, () => ALPHA, 0.95, tBound(() => ALPHA)),
    gateRule("t-bonf-0.95", "one-sided t-test p < 0.01 / steps, estimate < 0.95", "one-sided-t", { fail_below: 0.95 }, tBound(bonferroni)),
    gateRule("t-bonf-0.97", "one-sided t-test p < 0.01 / steps, estimate < 0.97", "one-sided-t", { fail_below: 0.97 }, tBound(bonferroni)),
    gateRule("t-bonf-0.98", "one-sided t-test p < 0.01 / steps, estimate < 0.98", "one-sided-t", { fail_below: 0.98 }, tBound(bonferroni)),
    gateRule(
      "t-process-0.97",
      "after issue 35: one-sided t-test over pairs of server processes, their A/A spread added, p < 0.01 / steps, estimate < 0.97",
      "one-sided-t",
      { fail_below: 0.97 },
      tBound(bonferroni),
      true,
    ),
  ];
}

/** Every round of every step moved by log(factor): a known effect on the measured noise. */
export function shifted(run: RunRounds, factor: number): RunRounds {
  const shift = Math.log(factor);
  return run.map((rounds) => ({ ...rounds, logRatios: rounds.logRatios.map((x) => x + shift) }));
}

/** Each round's pair of server processes when every server restarts every `restartEvery` rounds of a step (schedule.restart_every). */
export const restartBlocks = (rounds: number, restartEvery: number): number[] => Array.from({ length: rounds }, (_, round) => Math.floor(round / restartEvery));

/** A step's rounds grouped by their pair of processes. */
export function blocksOf({ logRatios, processes }: StepRounds): number[][] {
  const blocks = new Map<number, number[]>();
  logRatios.forEach((x, i) => {
    const process = processes?.[i] ?? i;
    blocks.set(process, [...(blocks.get(process) ?? []), x]);
  });
  return [...blocks.values()];
}

/** Per step, the A/A spread between pairs of processes over these A/A runs (processSpreadFromAa); steps without 2 usable blocks have none. */
export function spreadsFrom(runs: readonly RunRounds[]): Map<string, ProcessSpread> {
  const byStep = new Map<string, number[][]>();
  for (const run of runs) for (const rounds of run) byStep.set(rounds.step, [...(byStep.get(rounds.step) ?? []), ...blocksOf(rounds)]);
  return new Map([...byStep].flatMap(([step, blocks]) => {
    const spread = processSpreadFromAa(blocks);
    return spread ? [[step, spread] as const] : [];
  }));
}

/**
 * Rounds half as long, derived from full-length ones: twice as many, each one's deviation from the
 * step's median scaled by sqrt 2 (noise that is independent from second to second; noise that comes
 * per round, not per second, makes this pessimistic). Not measured: no session has such rounds.
 */
export function halvedRounds(logRatios: readonly number[], random: () => number, rounds: number): number[] {
  const sorted = [...logRatios].sort((a, b) => a - b);
  const center = sorted[Math.floor(sorted.length / 2)]!;
  return Array.from({ length: rounds }, () => {
    const x = logRatios[Math.floor(random() * logRatios.length)]!;
    return center + (x - center) * Math.SQRT2;
  });
}

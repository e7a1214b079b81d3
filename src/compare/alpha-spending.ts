/**
 * Alpha spending for adaptive rounds (schedule/sequential.ts decides when a step stops): the nominal
 * level a step with n pairs is tested at, so that false alarms over every look stay at or below alpha.
 * Pure; compare tests each step at its look's level.
 */
import { probit } from "simple-statistics";
import { normalCdf } from "./stats.js";

export const SPENDING_FUNCTIONS = ["pocock", "obrien-fleming"] as const;
export type Spending = (typeof SPENDING_FUNCTIONS)[number];

export interface SequentialDesign {
  minRounds: number;
  maxRounds: number;
  /** rounds between looks after minRounds */
  lookEvery: number;
  spending: Spending;
}

/** Cumulative alpha spent by information fraction t (Lan-DeMets forms of Pocock and O'Brien-Fleming). */
export function alphaSpent(spending: Spending, alpha: number, t: number): number {
  if (t >= 1) return alpha;
  if (t <= 0) return 0;
  if (spending === "pocock") return alpha * Math.log(1 + (Math.E - 1) * t);
  return 2 - 2 * normalCdf(probit(1 - alpha / 2) / Math.sqrt(t));
}

/** The planned looks: minRounds, then every lookEvery rounds, and always maxRounds. */
export function plannedLooks(design: SequentialDesign): number[] {
  const { minRounds, maxRounds, lookEvery } = design;
  if (!(Number.isInteger(lookEvery) && lookEvery > 0)) throw new Error(`lookEvery must be a positive whole number, got ${lookEvery}`);
  const looks: number[] = [];
  for (let n = Math.min(minRounds, maxRounds); n < maxRounds; n += lookEvery) looks.push(n);
  looks.push(maxRounds);
  return looks;
}

/** Smallest two-sided exact signed-rank p-value of n untied pairs. */
export const smallestPValue = (n: number): number => Math.min(1, 2 * 0.5 ** n);

/** Nominal two-sided level of the test at n pairs: spent by n / maxRounds minus what the earlier looks that can reject spent. */
export function lookAlpha(design: SequentialDesign, alpha: number, n: number): number {
  let spent = 0;
  for (const look of plannedLooks(design)) {
    if (look >= n) break;
    const level = alphaSpent(design.spending, alpha, look / design.maxRounds) - spent;
    if (smallestPValue(look) < level) spent += level;
  }
  return alphaSpent(design.spending, alpha, n / design.maxRounds) - spent;
}

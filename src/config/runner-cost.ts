/**
 * What an hour of a runner costs (the action's `runner-cost` input, the CLI's --runner-cost), so that
 * reports can show operations per unit of money, the way price/performance comparisons across
 * instance types do: YAML or JSON, a key per architecture (`uname -m`: x86_64, aarch64), runner name
 * or runner label (as recorded in the results' fingerprint: RUNNER_OS, RUNNER_ARCH,
 * RUNNER_ENVIRONMENT), e.g. `{ x86_64: 0.768, aarch64: 0.538 }`. No currency is assumed: the report
 * shows operations per the unit the prices are in.
 */
import { z } from "zod";
import type { Fingerprint } from "../results/schema.js";
import { validateYaml } from "../common/validate.js";

export const RunnerCostSchema = z
  .record(z.string().min(1).max(200), z.number().positive().max(1_000_000).describe("price of one hour of the runner"))
  .refine((costs) => Object.keys(costs).length > 0, "expected at least one key: price per hour, e.g. { x86_64: 0.768, aarch64: 0.538 }")
  .refine((costs) => Object.keys(costs).length <= 100, "more than 100 prices");

export type RunnerCost = z.infer<typeof RunnerCostSchema>;

/** `text` -> price per hour by key; `source` (e.g. "input runner-cost") is named in errors. */
export function parseRunnerCost(text: string, source: string): RunnerCost {
  return validateYaml(RunnerCostSchema, text, source);
}

export interface RunnerPrice {
  perHour: number;
  /** the key that priced it */
  by: string;
}

/** The price of the runner a run measured on: by its runner name, else its first priced label, else its architecture. */
export function priceOfRunner(fingerprint: Pick<Fingerprint, "arch" | "runner">, cost: RunnerCost): RunnerPrice | null {
  const keys = [fingerprint.runner.name, ...fingerprint.runner.labels, fingerprint.arch].filter((k): k is string => k !== null);
  const by = keys.find((key) => Object.hasOwn(cost, key));
  return by === undefined ? null : { perHour: cost[by]!, by };
}

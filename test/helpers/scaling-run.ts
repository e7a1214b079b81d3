/** A pg-scaling-like run for the sweep reports' tests. */
import type { Results } from "../../src/results/schema.js";
import { syntheticResults } from "../../scripts/lib/synthetic-results.js";

export const SCALING_COUNTS = [1, 2, 4, 8];
const swept = SCALING_COUNTS.map((n) => `pgbench.select-only.prepared.c${n}`);

/** pgbench select-only swept over 1, 2, 4 and 8 clients and an unswept step: the head loses 10% at 4 and 8 clients only (a lock taken under concurrency). */
export function scalingRun(arch = "x86_64"): Results {
  const results = syntheticResults({
    steps: [...swept, "insert.range100.pk1"],
    rounds: 12,
    noise: 0.01,
    seed: 5,
    effects: { head: { [swept[2]!]: 0.9, [swept[3]!]: 0.9 } },
  });
  return {
    ...results,
    fingerprint: { ...results.fingerprint, arch },
    steps: results.steps.map((s, i) => (i < SCALING_COUNTS.length ? { ...s, sweep: { group: "pgbench.select-only.prepared", clients: SCALING_COUNTS[i]! } } : s)),
  };
}

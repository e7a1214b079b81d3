/**
 * A shipped profile cut to what CI can run end to end (issue #27: each full profile runs on at least
 * one engine). Kept: its steps in their order, drivers and parameters, server settings, thresholds and
 * overrides. Cut: the schedule to two 1-s rounds a step without warm-up or time budget, counting
 * (instructions.test.ts and the engines' tests count), the data sets (sysbench 10,000 rows, pgbench
 * scale 1, db_bench 100,000 keys) and sweeps to at most 2 clients. Not a profile to judge with.
 */
import { readFileSync } from "node:fs";
import { expect } from "vitest";
import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import type { Profile } from "../../src/config/profile.js";
import type { Results } from "../../src/results/schema.js";

const SHAPED_ROUNDS = 2;

const SMALL: Record<string, Record<string, number>> = {
  sysbench: { table_size: 10_000 },
  pgbench: { scale: 1 },
  db_bench: { keys: 100_000 },
};

interface ProfileShape {
  name: string;
  schedule: unknown;
  instructions?: unknown;
  expected_minutes?: number;
  steps: { driver: string; sweep?: { clients: unknown; max_clients?: number } }[];
}

/** The shipped profile `name` (profiles/<name>.yaml) shaped for CI, as profile YAML text. */
export function shapedProfile(name: string): string {
  const shape = parseYaml(readFileSync(new URL(`../../profiles/${name}.yaml`, import.meta.url), "utf8")) as ProfileShape;
  shape.name = `${name}-shaped`;
  shape.schedule = { rounds: SHAPED_ROUNDS, min_rounds: SHAPED_ROUNDS, duration_s: 1, warmup_s: 0, time_budget_s: null };
  delete shape.instructions;
  delete shape.expected_minutes;
  shape.steps = shape.steps.map((step) => ({
    ...step,
    ...SMALL[step.driver],
    ...(step.sweep && { sweep: { ...step.sweep, max_clients: 2 } }),
  }));
  return stringifyYaml(shape);
}

/**
 * What a shaped run of base against head must show: each of the profile's steps measured on both in
 * every round, no error sample, and the per-operation metrics the field reads (cpu/op, cs/op, ...) on
 * each sample.
 */
export function expectEveryStepMeasured(results: Results, profile: Profile): void {
  // the variants the run was asked for, not the ones its results name: a lost variant must fail here
  const expected = profile.steps.flatMap((step) => ["base", "head"].map((variant) => `${step.id}:${variant} ok ×${SHAPED_ROUNDS}`));
  const tally = new Map<string, number>();
  for (const sample of results.samples) {
    const key = `${sample.step}:${sample.variant} ${sample.status}`;
    tally.set(key, (tally.get(key) ?? 0) + 1);
  }
  expect([...tally].map(([key, n]) => `${key} ×${n}`).sort()).toEqual(expected.sort());
  for (const sample of results.samples) {
    if (sample.status === "ok") expect(sample.metrics?.cpu_us_per_op, `${sample.step}:${sample.variant}`).toBeGreaterThan(0);
  }
}

import { describe, expect, it } from "vitest";
import { compareRun } from "../../src/compare/compare.js";
import { mergeShards, type SourcedResults } from "../../src/results/merge-shards.js";
import { ResultsSchema, type Results } from "../../src/results/schema.js";
import { shardSteps } from "../../src/schedule/shard.js";
import { syntheticResults } from "../../scripts/lib/synthetic-results.js";
import { inputError } from "./expect-input-error.js";

const STEPS = ["pgbench.select-only.prepared.c1", "point-query.range100.pk1", "read-only.range100.pk1", "pgbench.tpcb-like.prepared.c4", "insert.range100.pk1"];
const whole = syntheticResults({ steps: STEPS, effects: { head: { "read-only.range100.pk1": 0.9 } }, seed: 3 });

/** What runner `index` of `count` would have uploaded: its steps, its samples, its own run id and host. */
function shard(results: Results, index: number, count: number, fingerprint: Partial<Results["fingerprint"]> = {}): SourcedResults {
  const steps = shardSteps(results.steps, { index, count }) as Results["steps"];
  const ids = new Set(steps.map((s) => s.id));
  const doc: Results = {
    ...results,
    run: { ...results.run, id: `run-${index}`, notes: [`note of ${index}`], shard: { index, count } },
    fingerprint: { ...results.fingerprint, runner: { name: `runner-${index}`, labels: [] }, hostname_hash: `${index}`.repeat(16).slice(0, 16), ...fingerprint },
    steps,
    samples: results.samples.filter((s) => ids.has(s.step)),
  };
  return { results: ResultsSchema.parse(doc), source: `artifact db-bench-gate-synthetic-x86_64-shard${index}of${count}` };
}

describe("merging shards", () => {
  it("gives back the whole run from its shards in any order: every step and sample once, the same verdicts", () => {
    const [merged, ...rest] = mergeShards([shard(whole, 3, 3), shard(whole, 1, 3), shard(whole, 2, 3)]);
    expect(rest).toEqual([]);
    expect(ResultsSchema.safeParse(merged).success).toBe(true);
    expect(merged!.steps).toEqual(whole.steps);
    expect(merged!.samples).toEqual(whole.samples);
    expect(merged!.run.shard).toBeUndefined();
    expect(merged!.run.id).toBe("run-1+run-2+run-3");
    expect(merged!.run.notes[0]).toMatch(/^merged from 3 shards measured on runner-1, runner-2, runner-3 \(one machine type: /);
    expect(merged!.run.notes).toContain("shard 2/3: note of 2");
    const verdicts = (r: Results) => compareRun(r).steps.map((s) => [s.step, s.variants[0]!.verdict, s.variants[0]!.qps?.estimate]);
    expect(verdicts(merged!)).toEqual(verdicts(whole));
    expect(compareRun(merged!).counts.regression).toBe(1);
  });

  it("keeps unsharded runs as they are and merges each architecture's shards into one document, one column per architecture", () => {
    const arm = { ...whole, fingerprint: { ...whole.fingerprint, arch: "aarch64", cpu_model: "Neoverse-N1" } };
    const runs = mergeShards([shard(whole, 1, 2), { results: arm, source: "arm.json" }, shard(whole, 2, 2)]);
    expect(runs.map((r) => [r.fingerprint.arch, r.steps.length])).toEqual([
      ["x86_64", 5],
      ["aarch64", 5],
    ]);
    expect(runs[1]).toBe(arm);
  });

  it("refuses shards measured on different machine types, naming the artifact and what differs", () => {
    const message = inputError(() => mergeShards([shard(whole, 1, 2), shard(whole, 2, 2, { cpu_model: "AMD EPYC 7763" })]));
    expect(message).toMatch(/^artifact db-bench-gate-synthetic-x86_64-shard2of2: \$\.fingerprint: shard 2\/2 was measured on another machine than shard 1\/2 \(artifact [^)]+\): cpu_model: "[^"]+" vs "AMD EPYC 7763"; shards are merged only from runners of one machine type$/);
    // checked against the lowest shard, in whatever order the artifacts are listed
    expect(inputError(() => mergeShards([shard(whole, 2, 2, { cpu_model: "AMD EPYC 7763" }), shard(whole, 1, 2)]))).toBe(message);
    expect(inputError(() => mergeShards([shard(whole, 1, 2), shard(whole, 2, 2, { cores: 4 })]))).toMatch(/cores: 2 vs 4/);
  });

  it("refuses a missing shard, a shard twice, other builds, another split and another profile", () => {
    expect(inputError(() => mergeShards([shard(whole, 1, 3), shard(whole, 3, 3)]))).toMatch(/: \$\.run\.shard: x86_64: shard 2\/3 of synthetic missing: their steps were not measured or not uploaded$/);
    expect(inputError(() => mergeShards([shard(whole, 1, 2), shard(whole, 1, 2), shard(whole, 2, 2)]))).toMatch(/\$\.run\.shard\.index: shard 1\/2 twice/);
    const otherHead = shard(whole, 2, 2);
    otherHead.results = { ...otherHead.results, variants: otherHead.results.variants.map((v) => (v.id === "head" ? { ...v, commit: "f".repeat(40) } : v)) };
    expect(inputError(() => mergeShards([shard(whole, 1, 2), otherHead]))).toMatch(/: \$\.variants: shard 2\/2 measured base \w+ "[^"]*", head ffffffffffff .*: not the same builds$/);
    expect(inputError(() => mergeShards([shard(whole, 1, 2), shard(whole, 2, 3)]))).toMatch(/\$\.run\.shard\.count: shard 2\/3 splits the profile in 3, shard 1\/2 .* in 2$/);
    const otherProfile = shard(whole, 2, 2);
    otherProfile.results = { ...otherProfile.results, profile: { ...otherProfile.results.profile, hash: "changed" } };
    expect(inputError(() => mergeShards([shard(whole, 1, 2), otherProfile]))).toMatch(/: \$\.profile: shard 2\/2 measured profile synthetic \(changed\)/);
  });
});

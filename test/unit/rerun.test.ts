import { describe, expect, it } from "vitest";
import { parseRerunCommand } from "../../src/action/rerun-command.js";
import { compareRun } from "../../src/compare/compare.js";
import { mergeObstacles, replaceSteps } from "../../src/results/merge.js";
import { syntheticResults } from "../../scripts/lib/synthetic-results.js";

describe("the rerun command in a PR comment", () => {
  it("reads its line among others, with rounds and a step glob", () => {
    expect(parseRerunCommand("looks noisy\r\n/db-bench-gate rerun --rounds 12 --steps pgbench.*\r\n")).toEqual({ rounds: 12, steps: "pgbench.*" });
    expect(parseRerunCommand("/db-bench-gate rerun")).toEqual({ rounds: null, steps: null });
  });

  it("ignores comments not addressed to it, and says what is wrong with one that is", () => {
    expect(parseRerunCommand("LGTM, but see /db-bench-gate in the README")).toBeNull();
    expect(parseRerunCommand("/db-bench-gate rebuild")).toEqual({ error: 'unknown command "rebuild": the only one is `/db-bench-gate rerun [--rounds N] [--steps GLOB]`' });
    expect(parseRerunCommand("/db-bench-gate rerun --rounds 1")).toEqual({ error: '--rounds needs a whole number from 2 to 200, got "1"' });
    expect(parseRerunCommand("/db-bench-gate rerun --rounds")).toEqual({ error: "--rounds needs a value" });
    expect(parseRerunCommand("/db-bench-gate rerun --fast yes")).toEqual({ error: 'unknown option "--fast": expected --rounds N or --steps GLOB' });
  });
});

describe("a rerun's results: the earlier run with the re-measured steps replaced", () => {
  const steps = ["point", "scan", "insert"];
  const earlier = syntheticResults({ steps, rounds: 4, noise: 0.05, seed: 1 });

  it("keeps the other steps' samples, replaces the re-measured one's and notes it", () => {
    const fresh = { ...syntheticResults({ steps: ["scan"], rounds: 20, noise: 0.002, seed: 2, effects: { head: { scan: 0.9 } } }), run: { ...earlier.run, id: "gh-99-1-x86_64", notes: [] } };
    expect(mergeObstacles(earlier, fresh)).toEqual([]);
    const merged = replaceSteps(earlier, fresh);
    expect(merged.steps.map((s) => s.id)).toEqual(steps);
    expect(merged.samples.filter((s) => s.step === "scan")).toEqual(fresh.samples);
    expect(merged.samples.filter((s) => s.step === "point")).toEqual(earlier.samples.filter((s) => s.step === "point"));
    expect(merged.run.notes).toContain("re-measured in run gh-99-1-x86_64: scan");
    expect(compareRun(merged).steps.find((s) => s.step === "scan")!.variants[0]!.verdict).toBe("regression");
  });

  it("refuses to merge runs of other commits or another machine", () => {
    const other = syntheticResults({ steps: ["scan"], seed: 3 });
    other.variants = other.variants.map((v) => (v.id === "head" ? { ...v, commit: "f".repeat(40) } : v));
    other.fingerprint = { ...other.fingerprint, cores: other.fingerprint.cores + 2 };
    const obstacles = mergeObstacles(earlier, other);
    expect(obstacles[0]).toMatch(/^the earlier run measured base=\w+ head=\w+, this one base=\w+ head=f{40}$/);
    expect(obstacles.some((o) => o.startsWith("cores"))).toBe(true);
  });
});

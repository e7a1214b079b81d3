import { describe, expect, it } from "vitest";
import { makePlan } from "../../src/config/plan.js";
import { loadProfile } from "../../src/config/profile.js";
import { parseShard, shardRange, shardSteps, type Shard } from "../../src/schedule/shard.js";

describe("shard input", () => {
  it("reads i/n", () => {
    expect(parseShard("2/3")).toEqual({ index: 2, count: 3 });
    expect(parseShard(" 1 / 1 ")).toEqual({ index: 1, count: 1 });
  });

  it.each([
    ["", /expected i\/n/],
    ["2", /expected i\/n/],
    ["1/2/3", /expected i\/n/],
    ["-1/2", /expected i\/n/],
    ["0/2", /i must be 1 to 2, got 0/],
    ["3/2", /i must be 1 to 2, got 3/],
    ["1/0", /n must be 1 to 64, got 0/],
    ["1/65", /n must be 1 to 64, got 65/],
  ])("refuses %j", (text, message) => {
    const parsed = parseShard(text);
    expect(parsed).toHaveProperty("error");
    expect((parsed as { error: string }).error).toMatch(message);
  });
});

describe("shard steps", () => {
  const steps = ["a", "b", "c", "d", "e", "f", "g", "h"];
  const all = (count: number) => Array.from({ length: count }, (_, i) => shardSteps(steps, { index: i + 1, count }) as string[]);

  it("splits 8 steps over 3 runners into contiguous runs of 3, 3 and 2, in the profile's order", () => {
    expect(all(3)).toEqual([["a", "b", "c"], ["d", "e", "f"], ["g", "h"]]);
  });

  it("measures every step exactly once, whatever n, with sizes at most one apart", () => {
    for (let stepCount = 1; stepCount <= 20; stepCount++) {
      for (let count = 1; count <= stepCount; count++) {
        const ranges = Array.from({ length: count }, (_, i) => shardRange(stepCount, { index: i + 1, count }));
        expect(ranges[0]!.start).toBe(0);
        expect(ranges.at(-1)!.end).toBe(stepCount);
        ranges.slice(1).forEach((r, i) => expect(r.start).toBe(ranges[i]!.end));
        const sizes = ranges.map((r) => r.end - r.start);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
        expect(Math.min(...sizes)).toBeGreaterThan(0);
      }
    }
  });

  it("1/1 is the whole profile", () => {
    expect(shardSteps(steps, { index: 1, count: 1 })).toEqual(steps);
  });

  it("refuses more shards than steps rather than measuring nothing", () => {
    const shard: Shard = { index: 9, count: 9 };
    expect(shardSteps(steps, shard)).toEqual({ error: "9 shards for 8 steps: shard 9/9 would measure nothing" });
  });
});

describe("a shard's plan", () => {
  const flags = { repo: "/tmp", base: "a", head: "b", variants: [] };

  it("has only the shard's steps, the whole profile's hash, and the time budget of those steps in one run of the whole", async () => {
    const whole = await loadProfile("pg-quick");
    const plans = await Promise.all([1, 2, 3].map((index) => makePlan({ ...flags, shard: { index, count: 3 } }, {}, {})));
    expect(plans.flatMap((p) => p.run.profile.steps.map((s) => s.id))).toEqual(whole.steps.map((s) => s.id));
    expect(plans.map((p) => p.run.profile.steps.length)).toEqual([3, 3, 2]);
    expect(plans.map((p) => p.run.timeBudgetS)).toEqual([(600 * 3) / 8, (600 * 3) / 8, (600 * 2) / 8]);
    expect(plans.every((p) => p.run.profile.hash === whole.hash)).toBe(true);
    expect(plans[1]!.run.shard).toEqual({ index: 2, count: 3 });
    expect((await makePlan({ ...flags, timeBudgetS: 800, shard: { index: 1, count: 2 } }, {}, {})).run.timeBudgetS).toBe(400);
    // resolved once: the profile's budget, the config file's over it, the flag's over both
    expect((await makePlan(flags, {}, {})).run.timeBudgetS).toBe(600);
    expect((await makePlan(flags, { time_budget_s: 500 }, {})).run.timeBudgetS).toBe(500);
    expect((await makePlan({ ...flags, timeBudgetS: 800 }, { time_budget_s: 500 }, {})).run.timeBudgetS).toBe(800);
  });

  it("refuses more shards than the profile has steps, naming the profile", async () => {
    await expect(makePlan({ ...flags, shard: { index: 1, count: 9 } }, {}, {})).rejects.toThrow(/pg-quick\.yaml: shard: 9 shards for 8 steps: shard 1\/9 would measure nothing$/);
  });
});

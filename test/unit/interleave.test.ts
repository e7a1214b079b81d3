import { describe, expect, it } from "vitest";
import { mayStartRound, roundOrder, runInterleaved, type Clock } from "../../src/schedule/interleave.js";

/** A clock that advances only when a measurement "takes" time. */
function fakeClock(): Clock & { advance(s: number): void } {
  let t = 0;
  return { now: () => t, advance: (s) => (t += s) };
}

describe("ABBA interleaving", () => {
  it("alternates the order round after round", () => {
    expect([0, 1, 2, 3].map((r) => roundOrder(["A", "B"], r).join(""))).toEqual(["AB", "BA", "AB", "BA"]);
    expect(roundOrder(["O2", "native", "lto"], 1)).toEqual(["lto", "native", "O2"]);
  });

  it("warms each variant up before the first round and records round and position", async () => {
    const clock = fakeClock();
    const log: string[] = [];
    const { samples, cutShort } = await runInterleaved(
      [{ id: "s1" }, { id: "s2" }],
      [{ id: "base" }, { id: "head" }],
      { minRounds: 2, maxRounds: 4, budgetS: null },
      clock,
      {
        warmup: async (s, v) => void log.push(`warm ${s.id} ${v.id}`),
        measure: async (s, v, round, position) => {
          clock.advance(10);
          return `${s.id} ${v.id} r${round} p${position}`;
        },
      },
    );
    expect(log).toEqual(["warm s1 base", "warm s1 head", "warm s2 base", "warm s2 head"]);
    expect(samples.slice(0, 4)).toEqual(["s1 base r0 p0", "s1 head r0 p1", "s1 head r1 p0", "s1 base r1 p1"]);
    expect(samples).toHaveLength(16);
    expect(cutShort).toEqual([]);
  });

  it("stops adding rounds when the budget is spent, gives later steps their share, and says so", async () => {
    const clock = fakeClock();
    const { samples, cutShort } = await runInterleaved(
      [{ id: "s1" }, { id: "s2" }],
      [{ id: "base" }, { id: "head" }],
      { minRounds: 2, maxRounds: 10, budgetS: 200 },
      clock,
      { warmup: async () => {}, measure: async (s, _v, round) => (clock.advance(10), `${s.id}:${round}`) },
    );
    // 20 s per round, 100 s per step: 5 rounds each.
    expect(samples.filter((s) => s.startsWith("s1:"))).toHaveLength(10);
    expect(samples.filter((s) => s.startsWith("s2:"))).toHaveLength(10);
    expect(cutShort).toEqual([
      "s1: the time budget stopped it after 5 of 10 rounds",
      "s2: the time budget stopped it after 5 of 10 rounds",
    ]);
  });

  it("always runs the minimum rounds, even over budget", () => {
    expect(mayStartRound({ minRounds: 3, maxRounds: 8, budgetS: 1 }, 2, 500, 500, 1)).toBe(true);
    expect(mayStartRound({ minRounds: 3, maxRounds: 8, budgetS: 1 }, 3, 500, 500, 1)).toBe(false);
    expect(mayStartRound({ minRounds: 3, maxRounds: 8, budgetS: null }, 8, 0, 0, 1)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { mayStartRound, restartsBefore, roundOrder, runInterleaved, type Clock } from "../../src/schedule/interleave.js";

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

describe("planned server restarts", () => {
  it("restart every k rounds, never before a step's first round", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].filter((r) => restartsBefore(r, 4))).toEqual([4, 8]);
    expect([0, 1, 2, 3].filter((r) => restartsBefore(r, 1))).toEqual([1, 2, 3]);
    expect([0, 4, 8].filter((r) => restartsBefore(r, undefined))).toEqual([]);
  });

  it("restart each variant's server in round order, warm it up again, and measure every block of rounds on a new process", async () => {
    /** A fake engine's servers: a restart gives the server a new process (pid), as a real one does. */
    const servers = new Map(["base", "head"].map((id) => [id, { pid: id === "base" ? 100 : 200, restarts: 0 }]));
    const fakeRestart = async (id: string) => {
      const server = servers.get(id)!;
      server.pid++;
      server.restarts++;
    };
    const events: string[] = [];
    const clock = fakeClock();
    const { samples } = await runInterleaved([{ id: "s1" }, { id: "s2" }], [{ id: "base" }, { id: "head" }], { minRounds: 2, maxRounds: 6, budgetS: null }, clock, {
      warmup: async (s, v) => void events.push(`warm ${s.id} ${v.id}`),
      restart: {
        every: 2,
        run: async (s, v) => {
          events.push(`restart ${s.id} ${v.id}`);
          await fakeRestart(v.id);
        },
      },
      measure: async (s, v, round) => {
        events.push(`measure ${s.id} ${v.id} r${round}`);
        clock.advance(1);
        return { step: s.id, variant: v.id, round, pid: servers.get(v.id)!.pid };
      },
    });
    // before rounds 2 and 4 of each step (round 2 is in A B order, round 4 too), each restart followed by its warm-up
    expect(events.slice(0, 8)).toEqual(["warm s1 base", "warm s1 head", "measure s1 base r0", "measure s1 head r0", "measure s1 head r1", "measure s1 base r1", "restart s1 base", "warm s1 base"]);
    expect(events.slice(8, 10)).toEqual(["restart s1 head", "warm s1 head"]);
    expect(events.filter((e) => e.startsWith("restart"))).toEqual([
      "restart s1 base",
      "restart s1 head",
      "restart s1 base",
      "restart s1 head",
      "restart s2 base",
      "restart s2 head",
      "restart s2 base",
      "restart s2 head",
    ]);
    // every pair of rounds of a step ran on its own server process per variant: no layout lasts a step
    const pidsOf = (step: string, variant: string) => samples.filter((x) => x.step === step && x.variant === variant).map((x) => x.pid);
    expect(pidsOf("s1", "base")).toEqual([100, 100, 101, 101, 102, 102]);
    expect(pidsOf("s2", "head")).toEqual([202, 202, 203, 203, 204, 204]);
    expect([...servers.values()].map((s) => s.restarts)).toEqual([4, 4]);
  });
});

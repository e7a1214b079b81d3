import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync, linkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { capBuildCache, ENTRY_MARKER, enforceCacheCap, planEviction, planLogPruning, pruneLogs, scanCache, touchEntry, touchPrNamespace, type CacheEntry } from "../../src/build/cache-cap.js";

// as root, eviction ends the build users' processes first (src/trust/user-trees.ts): this test's own users, not a build's beside it
process.env.DBG_USER_PREFIX = "dbgunit";

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
const root = mkdtempSync(join(tmpdir(), "dbg-cache-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const entry = (name: string, sizeMiB: number, lastUsedMs: number): CacheEntry => ({ name, sizeBytes: sizeMiB * MiB, lastUsedMs });

describe("eviction policy", () => {
  const entries = [entry("pg-aaa", 4, 300), entry("pg-bbb", 3, 100), entry("pg-ccc", 2, 200), entry("baseline-x64", 1, 100)];

  it("keeps everything under the cap", () => {
    expect(planEviction(entries, 10 * MiB)).toEqual({ evict: [], keptBytes: 10 * MiB, overCap: false });
  });

  it("removes least recently used first (ties by name) until the rest fits", () => {
    const plan = planEviction(entries, 6 * MiB);
    expect(plan.evict.map((e) => e.name)).toEqual(["baseline-x64", "pg-bbb"]);
    expect(plan).toMatchObject({ keptBytes: 6 * MiB, overCap: false });
  });

  it("never removes the entries this run uses, and says when they alone exceed the cap", () => {
    const plan = planEviction(entries, 3 * MiB, new Set(["pg-bbb", "pg-aaa"]));
    expect(plan.evict.map((e) => e.name)).toEqual(["baseline-x64", "pg-ccc"]);
    expect(plan).toMatchObject({ keptBytes: 7 * MiB, overCap: true });
  });
});

describe("cache directory on disk", () => {
  function makeEntry(name: string, sizeMiB: number, usedAt: Date | null) {
    const dir = join(root, name);
    mkdirSync(join(dir, "lib"), { recursive: true });
    writeFileSync(join(dir, "lib", "libpq.so"), Buffer.alloc(sizeMiB * MiB, 1));
    if (usedAt) return touchEntry(root, name, usedAt);
  }

  it("counts complete entries by disk usage (hard links once) and evicts the least recently used beyond the cap", async () => {
    await makeEntry("old", 2, new Date("2025-05-01T00:00:00Z"));
    await makeEntry("recent", 2, new Date("2025-06-01T00:00:00Z"));
    await makeEntry("middle", 2, new Date("2025-05-15T00:00:00Z"));
    linkSync(join(root, "middle", "lib", "libpq.so"), join(root, "middle", "libpq-link.so"));
    await makeEntry("building", 3, null); // no marker yet: not an entry
    mkdirSync(join(root, "ccache"));

    const scanned = await scanCache(root);
    expect(scanned.map((e) => e.name)).toEqual(["middle", "old", "recent"]);
    for (const e of scanned) {
      expect(e.sizeBytes).toBeGreaterThanOrEqual(2 * MiB);
      expect(e.sizeBytes).toBeLessThan(2 * MiB + 64 * 1024);
    }
    expect(scanned.find((e) => e.name === "old")!.lastUsedMs).toBe(Date.parse("2025-05-01T00:00:00Z"));

    // using "old" again makes "middle" the least recently used
    await touchEntry(root, "old", new Date("2025-06-02T00:00:00Z"));
    const plan = await enforceCacheCap(root, (4.5 * MiB) / GiB);
    expect(plan.evict.map((e) => e.name)).toEqual(["middle"]);
    expect(existsSync(join(root, "middle"))).toBe(false);
    expect(existsSync(join(root, "old", ENTRY_MARKER))).toBe(true);
    expect(existsSync(join(root, "building", "lib", "libpq.so"))).toBe(true);
    expect(existsSync(join(root, "ccache"))).toBe(true);

    const kept = await enforceCacheCap(root, 1 / 1024, new Set(["recent"]));
    expect(kept.evict.map((e) => e.name)).toEqual(["old"]);
    expect(kept.overCap).toBe(true);
    expect((await scanCache(root)).map((e) => e.name)).toEqual(["recent"]);
  });

  it("prunes pull requests' namespaces (builds and ccache) as whole entries, least recently used first, never the run's own; the old shared one goes", async () => {
    const cacheDir = join(root, "cache-dir");
    const fill = (dir: string, sizeMiB: number) => {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, "blob"), Buffer.alloc(sizeMiB * MiB, 1));
    };
    for (const [namespace, usedAt] of [["pr-1", "2025-05-01T00:00:00Z"], ["pr-2", "2025-05-10T00:00:00Z"], ["pr-3", "2025-04-01T00:00:00Z"]] as const) {
      await touchPrNamespace(cacheDir, namespace);
      fill(join(cacheDir, "prs", namespace, "ccache", "dir"), 2);
      await touchEntry(join(cacheDir, "prs"), namespace, new Date(usedAt));
    }
    fill(join(cacheDir, "pr", "ccache"), 1);
    // pr-3 runs now: kept, however old its last run; of the others the least recently used goes
    const done = await capBuildCache(cacheDir, (4.5 * MiB) / GiB, new Set(), "pr-3");
    expect(done.map((d) => [d.part, d.evict.map((e) => e.name)])).toEqual([
      ["trusted builds", []],
      ["builds of this pull request", []],
      ["pull request namespaces", ["pr-1"]],
    ]);
    expect(readdirSync(join(cacheDir, "prs")).sort()).toEqual(["pr-2", "pr-3"]);
    expect(existsSync(join(cacheDir, "pr"))).toBe(false);
  });

  it("a cache directory that does not exist yet is empty", async () => {
    expect(await scanCache(join(root, "absent"))).toEqual([]);
    expect(await enforceCacheCap(join(root, "absent"), 1)).toEqual({ evict: [], keptBytes: 0, overCap: false });
  });
});

describe("log retention", () => {
  const DAY = 24 * 3600 * 1000;
  const now = Date.parse("2026-12-01T08:00:00Z");
  const log = (name: string, sizeMiB: number, daysAgo: number) => ({ name, sizeBytes: sizeMiB * MiB, modifiedMs: now - daysAgo * DAY });

  it("removes logs older than the age limit and keeps the younger ones", () => {
    const removed = planLogPruning([log("old.log", 1, 15), log("new.log", 1, 1), log("edge.log", 1, 13.9)], now, 14, GiB);
    expect(removed.map((f) => f.name)).toEqual(["old.log"]);
  });

  it("keeps the newest logs that fit in the cap, removing the rest oldest first", () => {
    const files = [log("a.log", 400, 3), log("b.log", 400, 1), log("c.log", 400, 2), log("d.log", 100, 0.5)];
    expect(planLogPruning(files, now, 14, GiB).map((f) => f.name)).toEqual(["a.log"]);
    expect(planLogPruning(files, now, 14, 500 * MiB).map((f) => f.name)).toEqual(["c.log", "a.log"]);
  });

  it("prunes a logs directory on disk: files only, a missing directory has nothing to prune", async () => {
    const dir = join(root, "logs");
    mkdirSync(join(dir, "keep-this-dir"), { recursive: true });
    for (const [name, daysAgo] of [["postgresql-old-base.log", 20], ["build-new.log", 0]] as const) {
      writeFileSync(join(dir, name), "log line\n");
      const at = new Date(now - daysAgo * DAY);
      utimesSync(join(dir, name), at, at);
    }
    const removed = await pruneLogs(dir, new Date(now));
    expect(removed.map((f) => f.name)).toEqual(["postgresql-old-base.log"]);
    expect(readdirSync(dir).sort()).toEqual(["build-new.log", "keep-this-dir"]);
    expect(await pruneLogs(join(root, "no-such-logs"), new Date(now))).toEqual([]);
  });
});

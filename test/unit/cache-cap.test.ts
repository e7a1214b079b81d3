import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync, linkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ENTRY_MARKER, enforceCacheCap, planEviction, scanCache, touchEntry, type CacheEntry } from "../../src/build/cache-cap.js";

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

  it("a cache directory that does not exist yet is empty", async () => {
    expect(await scanCache(join(root, "absent"))).toEqual([]);
    expect(await enforceCacheCap(join(root, "absent"), 1)).toEqual({ evict: [], keptBytes: 0, overCap: false });
  });
});

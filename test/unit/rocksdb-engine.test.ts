import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { withCleanup } from "../../src/common/cleanup.js";
import { copyAction, rocksdbEngine } from "../../src/engine/rocksdb.js";

const work = mkdtempSync(path.join(os.tmpdir(), "rocksdb-engine-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the rocksdb engine's run copies", () => {
  it("links SST and blob files, copies what RocksDB appends to or rewrites, leaves out LOCK and the info LOG", () => {
    expect(["000036.sst", "000012.blob"].map(copyAction)).toEqual(["link", "link"]);
    expect(["MANIFEST-000005", "CURRENT", "OPTIONS-000007", "IDENTITY", "000004.log"].map(copyAction)).toEqual(["copy", "copy", "copy", "copy", "copy"]);
    expect(["LOCK", "LOG", "LOG.old.1796053437849078"].map(copyAction)).toEqual(["skip", "skip", "skip"]);
  });

  it("a copy per run: the settled files untouched by what a run writes, everything removed at stop", async () => {
    await withCleanup(async (registry) => {
      const instance = await rocksdbEngine.prepare({ binDir: "/nonexistent", settings: {}, workDir: work, owner: null, logFile: path.join(work, "rocksdb.log"), registry });
      const files = { "000036.sst": "sst", MANIFEST: "manifest", CURRENT: "MANIFEST\n", LOCK: "", LOG: "load log\n" };
      const dataDir = instance.loadDir();
      for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dataDir, name), text);
      await instance.settle("kv");
      expect(readFileSync(path.join(work, "rocksdb.log"), "utf8")).toContain("load log");

      const run = await instance.runCopy("kv");
      expect(statSync(path.join(run.dataDir, "000036.sst")).ino).toBe(statSync(path.join(dataDir, "000036.sst")).ino);
      expect(statSync(path.join(run.dataDir, "MANIFEST")).ino).not.toBe(statSync(path.join(dataDir, "MANIFEST")).ino);
      expect(existsSync(path.join(run.dataDir, "LOCK"))).toBe(false);
      // a run appends to its MANIFEST and deletes its link of a compacted SST: the settled database keeps both
      writeFileSync(path.join(run.dataDir, "MANIFEST"), "manifest+edit");
      rmSync(path.join(run.dataDir, "000036.sst"));
      writeFileSync(path.join(run.dataDir, "LOG"), "run log\n");
      await run.remove();
      expect(readFileSync(path.join(dataDir, "MANIFEST"), "utf8")).toBe("manifest");
      expect(readFileSync(path.join(dataDir, "000036.sst"), "utf8")).toBe("sst");
      expect(existsSync(run.dataDir)).toBe(false);
      expect(await instance.logTail(5)).toBe("run log");

      const second = await instance.runCopy("kv");
      expect(second.dataDir).not.toBe(run.dataDir);
      await instance.stop();
      expect(existsSync(dataDir)).toBe(false);
    });
  });

  it("a directory per data set: a second load (other keys, other options) leaves the first's database as it was, each step's runs copy their own", async () => {
    await withCleanup(async (registry) => {
      const instance = await rocksdbEngine.prepare({ binDir: "/nonexistent", settings: {}, workDir: work, owner: null, logFile: path.join(work, "sets.log"), registry });
      const load = async (key: string, sst: string) => {
        const dir = instance.loadDir();
        for (const [name, text] of Object.entries({ "000009.sst": sst, CURRENT: "MANIFEST\n", LOG: `load of ${key}\n` })) writeFileSync(path.join(dir, name), text);
        await instance.settle(key);
        return dir;
      };
      const small = await load("keys1000", "1,000 keys");
      const large = await load("keys9000.bloom", "9,000 keys, bloom filters");
      expect(large).not.toBe(small);
      const copies = await Promise.all(["keys1000", "keys9000.bloom"].map((key) => instance.runCopy(key)));
      expect(copies.map((c) => readFileSync(path.join(c.dataDir, "000009.sst"), "utf8"))).toEqual(["1,000 keys", "9,000 keys, bloom filters"]);
      for (const copy of copies) await copy.remove();
      expect(readFileSync(path.join(work, "sets.log"), "utf8")).toMatch(/load of keys1000[\s\S]*load of keys9000\.bloom/);
      // loaded again (a reload): the new load replaces the data set's old directory
      const again = await load("keys1000", "1,000 keys again");
      expect(existsSync(small)).toBe(false);
      const copy = await instance.runCopy("keys1000");
      expect(readFileSync(path.join(copy.dataDir, "000009.sst"), "utf8")).toBe("1,000 keys again");
      await copy.remove();
      await expect(instance.runCopy("keys5")).rejects.toThrow(/no data set keys5 was loaded/);
      await instance.stop();
      expect([small, large, again].filter((dir) => existsSync(dir))).toEqual([]);
    });
  });

  it("a load that left no database fails settling", async () => {
    await withCleanup(async (registry) => {
      const instance = await rocksdbEngine.prepare({ binDir: "/x", settings: {}, workDir: work, owner: null, logFile: path.join(work, "y.log"), registry });
      await expect(instance.settle("kv")).rejects.toThrow(/no RocksDB database/);
    });
  });
});

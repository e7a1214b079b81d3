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
      for (const [name, text] of Object.entries(files)) writeFileSync(path.join(instance.dataDir, name), text);
      await instance.settle();
      expect(readFileSync(path.join(work, "rocksdb.log"), "utf8")).toContain("load log");

      const run = await instance.runCopy();
      expect(statSync(path.join(run.dataDir, "000036.sst")).ino).toBe(statSync(path.join(instance.dataDir, "000036.sst")).ino);
      expect(statSync(path.join(run.dataDir, "MANIFEST")).ino).not.toBe(statSync(path.join(instance.dataDir, "MANIFEST")).ino);
      expect(existsSync(path.join(run.dataDir, "LOCK"))).toBe(false);
      // a run appends to its MANIFEST and deletes its link of a compacted SST: the settled database keeps both
      writeFileSync(path.join(run.dataDir, "MANIFEST"), "manifest+edit");
      rmSync(path.join(run.dataDir, "000036.sst"));
      writeFileSync(path.join(run.dataDir, "LOG"), "run log\n");
      await run.remove();
      expect(readFileSync(path.join(instance.dataDir, "MANIFEST"), "utf8")).toBe("manifest");
      expect(readFileSync(path.join(instance.dataDir, "000036.sst"), "utf8")).toBe("sst");
      expect(existsSync(run.dataDir)).toBe(false);
      expect(await instance.logTail(5)).toBe("run log");

      const second = await instance.runCopy();
      expect(second.dataDir).not.toBe(run.dataDir);
      await instance.stop();
      expect(existsSync(instance.dataDir)).toBe(false);
    });
  });

  it("a load that left no database fails settling", async () => {
    await withCleanup(async (registry) => {
      const instance = await rocksdbEngine.prepare({ binDir: "/x", settings: {}, workDir: work, owner: null, logFile: path.join(work, "y.log"), registry });
      await expect(instance.settle()).rejects.toThrow(/no RocksDB database/);
    });
  });
});

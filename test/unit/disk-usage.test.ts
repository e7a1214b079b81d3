import { linkSync, lstatSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { diskUsage } from "../../src/common/disk-usage.js";

const root = mkdtempSync(join(tmpdir(), "dbg-du-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("diskUsage", () => {
  it("counts allocated blocks as du does: a hard-linked file once, a symlink's target not at all", async () => {
    const tree = join(root, "tree");
    mkdirSync(join(tree, "sub"), { recursive: true });
    writeFileSync(join(tree, "sub", "data"), Buffer.alloc(256 * 1024, 1));
    linkSync(join(tree, "sub", "data"), join(tree, "again"));
    const outside = join(root, "outside");
    writeFileSync(outside, Buffer.alloc(1024 * 1024, 1));
    symlinkSync(outside, join(tree, "link"));
    const blocks = (p: string) => lstatSync(p).blocks * 512;
    const once = [tree, join(tree, "sub"), join(tree, "sub", "data"), join(tree, "link")].reduce((sum, p) => sum + blocks(p), 0);
    expect(await diskUsage(tree)).toBe(once);
    expect(once).toBeLessThan(blocks(outside));
  });

  it("fails for a path that is not there, rather than reading 0", async () => {
    await expect(diskUsage(join(root, "missing"))).rejects.toThrow(/ENOENT/);
  });
});

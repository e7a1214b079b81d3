import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { appendAsUser, readAsUser, sizeAsUser, tailAsUser } from "../../src/trust/user-files.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "user-files-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("files read and written as the fork's user (the current user here)", () => {
  const file = path.join(dir, "log");
  writeFileSync(file, "0123456789\nlast line\n");

  it("reads from an offset, never more than the cap; the end of a file, never more than the cap", async () => {
    expect((await readAsUser(null, file, 4, 2))?.toString()).toBe("2345");
    expect((await readAsUser(null, file, 1000))?.toString()).toBe("0123456789\nlast line\n");
    expect(await tailAsUser(null, file, 10)).toBe("last line\n");
    expect(await sizeAsUser(null, file)).toBe(21);
  });

  it("a file that is not there reads as null, and has size 0", async () => {
    expect(await readAsUser(null, path.join(dir, "missing"), 10)).toBeNull();
    expect(await tailAsUser(null, path.join(dir, "missing"), 10)).toBeNull();
    expect(await sizeAsUser(null, path.join(dir, "missing"))).toBe(0);
  });

  it("appends, creating the file, and fails with the file's name where it cannot write", async () => {
    const conf = path.join(dir, "postgresql.conf");
    await appendAsUser(null, conf, "a = 1\n");
    await appendAsUser(null, conf, "b = 2\n");
    expect(readFileSync(conf, "utf8")).toBe("a = 1\nb = 2\n");
    await expect(appendAsUser(null, path.join(dir, "no-dir", "x.conf"), "c = 3\n")).rejects.toThrow(/cannot append to .*no-dir\/x\.conf/);
  });
});

import { describe, expect, it } from "vitest";
import { runStreamed } from "../../src/build/run-streamed.js";

describe("runStreamed", () => {
  it("gives a tool that asks a question end of file at once, not a wait until its timeout, and its failure carries the output", async () => {
    const lines: string[] = [];
    const started = performance.now();
    const asking = runStreamed("sh", ["-c", 'echo "keep your version? [N]"; read answer || { echo "end of file"; exit 3; }'], { onLine: (line) => lines.push(line), timeoutMs: 60_000 });
    await expect(asking).rejects.toThrow(/exited with code 3/);
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(lines).toEqual([expect.stringMatching(/^\$ sh -c /), "keep your version? [N]", "end of file"]);
  });
});

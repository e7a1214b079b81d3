/** README.md is the front page: short, and its commands are the ones CI runs and the CLI accepts. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/program.js";
import { parseConfigText } from "../../src/config/config-file.js";

const root = new URL("../../", import.meta.url);
const readme = readFileSync(new URL("README.md", root), "utf8");
const shellBlocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
const commands = shellBlocks.flatMap((block) => block.split("\n").map((line) => line.replace(/\s+#.*$/, "").trim())).filter(Boolean);

describe("README.md", () => {
  it("is a front page: at most 220 lines", () => {
    expect(readme.split("\n").length).toBeLessThanOrEqual(220);
  });

  it("gives the test command .ci/run runs, as .ci/run runs it", () => {
    const ci = readFileSync(new URL(".ci/run", root), "utf8").trimEnd().split("\n");
    const testCommand = ci[ci.length - 1]!;
    expect(testCommand).toBe("npm ci && npm test");
    expect(commands).toContain(testCommand);
    expect(commands).toContain("node dist/cli.js demo");
  });

  it("its ten-second try judges a kept results file and exits 1 on the regression in it", async () => {
    const tries = commands.filter((c) => c.startsWith("node dist/cli.js compare "));
    expect(tries).toHaveLength(1);
    const argv = tries[0]!.split(/\s+/).slice(2);
    let stdout = "";
    const code = await runCli(argv, { stdout: (t) => void (stdout += t), stderr: () => undefined });
    expect(code).toBe(1);
    expect(stdout).toMatch(/regression/);
  });

  it("its config file example is a valid .db-bench-gate.yml", () => {
    const examples = [...readme.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!).filter((y) => y.startsWith("profile:"));
    expect(examples).toHaveLength(1);
    expect(parseConfigText(examples[0]!, "README.md").overrides).toHaveLength(1);
  });
});

/**
 * The committed bundle's CLI as a real arm64 process: the official linux-arm64 Node under qemu-user
 * (scripts/arm64-node.sh), on the results fixtures. Every command that reads results files (compare,
 * compare against a baseline, report merging two architectures) must print byte for byte what the
 * host's x64 Node prints and exit the same: the statistics, the verdicts and the comment may not
 * depend on the architecture the gate runs on. An `--import` of a data: URL prints the process's
 * own process.arch to stderr, so the output compared is the one an arm64 process wrote.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cpuModelOf, parseCpuModel } from "../../src/measure/fingerprint.js";
import { childEnv } from "../../src/trust/child-env.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const cli = path.join(repoRoot, "dist", "cli.js");
const fixtures = path.join(repoRoot, "test", "fixtures", "results");
const work = mkdtempSync(path.join(os.tmpdir(), "dbg-arm64-node-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// the process names its own architecture first thing, on stderr
const ARCH_PROBE = `--import=data:text/javascript,process.stderr.write("process.arch="+process.arch+"\\n")`;

interface Outcome {
  exitCode: number | undefined;
  stdout: string;
  stderr: string;
}

async function runBundle(node: string, args: string[]): Promise<Outcome> {
  const result = await execa(node, [ARCH_PROBE, cli, ...args], { cwd: repoRoot, env: childEnv(process.env, { TMPDIR: work }), extendEnv: false, reject: false, stripFinalNewline: false, timeout: 300_000 });
  return { exitCode: result.exitCode, stdout: result.stdout, stderr: result.stderr };
}

// An aarch64 runner's results: the x86_64 fixture as another machine measured it (what `report` gets from an arm64 runner of the same PR).
function aarch64Copy(file: string): string {
  const results = JSON.parse(readFileSync(path.join(fixtures, file), "utf8")) as { fingerprint: Record<string, unknown> };
  results.fingerprint = { ...results.fingerprint, arch: "aarch64", cpu_model: "Arm Neoverse V1", cores: 2, smt: false };
  const copy = path.join(work, `aarch64-${file}`);
  writeFileSync(copy, JSON.stringify(results));
  return copy;
}

const fixture = (file: string) => path.join(fixtures, file);
/** The emulated arm64 run's results file and this VM's x86_64 run of the same profile and commits (test/fixtures/arm64/README.md). */
const arm64Run = (file: string) => path.join(repoRoot, "test", "fixtures", "arm64", file);
const regressionArm = aarch64Copy("x86_64-regression.json");

const COMMANDS: [string, string[], number][] = [
  ["--version", ["--version"], 0],
  ["compare, a regression (markdown)", ["compare", fixture("x86_64-regression.json")], 1],
  ["compare, json", ["compare", fixture("x86_64-regression.json"), "--json"], 1],
  ["compare, instruction counts and where the cost went", ["compare", fixture("where-cost-demo.json")], 1],
  ["compare, RocksDB", ["compare", fixture("rocksdb-base-head.json")], 1],
  ["compare, ibench", ["compare", fixture("ibench-pg-base-head.json"), "--json"], 1],
  ["compare against a baseline of another machine: refused", ["compare", fixture("x86_64-regression.json"), "--baseline", regressionArm], 2],
  ["compare against a baseline of another machine, --ignore-fingerprint", ["compare", fixture("x86_64-regression.json"), "--baseline", regressionArm, "--ignore-fingerprint"], 1],
  ["report merging x86_64 and aarch64, with runner cost", ["report", fixture("x86_64-regression.json"), regressionArm, "--runner-cost", "{ x86_64: 0.768, aarch64: 0.538 }"], 1],
  ["report merging x86_64 and aarch64, json", ["report", fixture("x86_64-regression.json"), regressionArm, "--json"], 1],
  [
    "report merging this VM's x86_64 run and the emulated arm64 run of one pull request",
    ["report", arm64Run("x86_64-pg-arm64-emulated.json"), arm64Run("aarch64-emulated-pg-arm64-emulated.json"), "--runner-cost", "{ x86_64: 0.34, aarch64: 0.289 }"],
    1,
  ],
  ["compare, the emulated arm64 run alone", ["compare", arm64Run("aarch64-emulated-pg-arm64-emulated.json"), "--json"], 1],
];

// Node 20 (the engines floor's major; 20.5.0 itself has no linux-arm64 package) and 24 (the action's runtime)
describe.each(["20", "24"])("the bundle under arm64 Node %s (qemu-user)", (version) => {
  let arm64Node = "";
  beforeAll(async () => {
    const script = await execa("bash", [path.join(repoRoot, "scripts", "arm64-node.sh"), version], { timeout: 20 * 60_000 });
    arm64Node = script.stdout.trim();
  });

  it("knows it is emulated: the host's /proc/cpuinfo inside an aarch64 process names no arm64 CPU", async () => {
    const seen = await execa(arm64Node, ["-e", 'process.stdout.write(JSON.stringify({ machine: require("os").machine(), cpuinfo: require("fs").readFileSync("/proc/cpuinfo", "utf8") }))'], { timeout: 300_000 });
    const inside = JSON.parse(seen.stdout) as { machine: string; cpuinfo: string };
    const hostModel = parseCpuModel(await readFile("/proc/cpuinfo", "utf8"));
    expect(inside.machine).toBe("aarch64");
    expect(parseCpuModel(inside.cpuinfo)).toBe(hostModel);
    expect(cpuModelOf(inside.machine, inside.cpuinfo)).toBe(`aarch64 emulated on ${hostModel}`);
  });

  it.each(COMMANDS)("%s: the same bytes and exit code as under the host's Node", async (_name, args, expectedExit) => {
    const [host, arm64] = await Promise.all([runBundle(process.execPath, args), runBundle(arm64Node, args)]);
    expect(host.stderr.split("\n")[0]).toBe(`process.arch=${process.arch}`);
    expect(arm64.stderr.split("\n")[0]).toBe("process.arch=arm64");
    expect(process.arch).not.toBe("arm64");
    expect(arm64.exitCode).toBe(expectedExit);
    expect(arm64.exitCode).toBe(host.exitCode);
    const afterProbe = (outcome: Outcome) => outcome.stderr.slice(outcome.stderr.indexOf("\n") + 1);
    // every command prints something: the report, or the one-line refusal
    expect(arm64.stdout + afterProbe(arm64)).not.toBe("");
    expect(arm64.stdout).toBe(host.stdout);
    expect(afterProbe(arm64)).toBe(afterProbe(host));
  });
});

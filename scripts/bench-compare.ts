/**
 * Time and memory of `compare` on the largest results files it accepts (issue 10 §9): the whole path,
 * reading, validating, indexing, estimating and rendering, in a child process as a user runs it.
 *
 *   npm run build && npm run bench:compare                 every shape, 3 runs each, dist/cli.js
 *   npm run bench:compare -- --shape rounds70k --runs 5
 *   npm run bench:compare -- --src                         the sources through tsx instead of dist/
 *
 * Shapes (synthetic lognormal samples with per-op metrics and latency, written compactly):
 *   max64mb      20 steps x 2 variants, as many rounds as fit just below the 64 MiB file cap
 *   samples150k  10 steps x 2 variants x 7,500 rounds: 150,000 samples
 *   rounds70k    1 step x 2 variants x 70,000 rounds: 2.45 billion Walsh averages (paired)
 *   unpaired70k  rounds70k against a second such run as a stored baseline: 4.9 billion differences per variant
 * Wall time is measured by this process around the child; peak RSS and CPU time (user + system) are the
 * child's own process.resourceUsage() at exit: on a loaded machine CPU time is the steadier number.
 * Target: every shape within 10 s and 500 MB.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Command, InvalidArgumentError } from "commander";
import { markdownTable } from "markdown-table";
import { median } from "simple-statistics";
import { MAX_RESULTS_FILE_BYTES } from "../src/results/io.js";
import { syntheticResults, type SyntheticOptions } from "./lib/synthetic-results.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const TARGET_SECONDS = 10;
const TARGET_MB = 500;

interface Shape {
  name: string;
  /** the compared file, and for unpaired shapes the stored baseline */
  current: SyntheticOptions;
  baseline?: SyntheticOptions;
}

const steps = (n: number) => Array.from({ length: n }, (_, i) => `sysbench.point-query.range100.pk${i + 1}`);
const slower = (stepIds: string[]) => ({ head: Object.fromEntries(stepIds.filter((_, i) => i % 3 === 0).map((s) => [s, 0.97])) });

/** Rounds of 20 steps x 2 variants that keep the compact file just below the cap, from the size of a small sample. */
function roundsBelowCap(): number {
  const probe = JSON.stringify(syntheticResults({ steps: steps(20), rounds: 100 })).length;
  return Math.floor(((MAX_RESULTS_FILE_BYTES * 0.99) / probe) * 100);
}

function shapes(): Shape[] {
  const one = steps(1);
  return [
    { name: "max64mb", current: { steps: steps(20), rounds: roundsBelowCap(), effects: slower(steps(20)), seed: 1 } },
    { name: "samples150k", current: { steps: steps(10), rounds: 7_500, effects: slower(steps(10)), seed: 2 } },
    { name: "rounds70k", current: { steps: one, rounds: 70_000, effects: slower(one), seed: 3 } },
    { name: "unpaired70k", current: { steps: one, rounds: 70_000, effects: slower(one), seed: 4 }, baseline: { steps: one, rounds: 70_000, seed: 5 } },
  ];
}

interface Measurement {
  seconds: number;
  cpuSeconds: number;
  maxRssMb: number;
  exitCode: number | null;
}

/** Writes the child's process.resourceUsage() (peak RSS in KB, CPU times in µs) to the file named by BENCH_USAGE_FILE when it exits. */
const USAGE_HOOK = `data:text/javascript,${encodeURIComponent(
  "import { writeFileSync } from 'node:fs'; process.on('exit', () => writeFileSync(process.env.BENCH_USAGE_FILE, JSON.stringify(process.resourceUsage())));",
)}`;

async function runCompare(args: string[], useSources: boolean, usageFile: string): Promise<Measurement> {
  const entry = useSources ? ["--import", "tsx", path.join(root, "src/cli.ts")] : [path.join(root, "dist/cli.js")];
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, ["--import", USAGE_HOOK, ...entry, "compare", ...args], {
    cwd: root,
    env: { ...process.env, BENCH_USAGE_FILE: usageFile },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => void (stderr += chunk.toString()));
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  // exit 0 (pass) or 1 (a regression) are results; anything else is a failure of the benchmark
  if (exitCode !== 0 && exitCode !== 1) throw new Error(`compare exited with ${exitCode}: ${stderr.trim()}`);
  const usage = JSON.parse(await readFile(usageFile, "utf8")) as NodeJS.ResourceUsage;
  return { seconds, cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6, maxRssMb: usage.maxRSS / 1024, exitCode };
}

const loadText = () => `load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")} on ${os.availableParallelism()} CPUs`;

async function main(): Promise<void> {
  const program = new Command()
    .option("--runs <n>", "runs per shape", (v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError("a positive integer");
      return n;
    }, 3)
    .option("--shape <name...>", "only these shapes")
    .option("--src", "run the sources through tsx instead of dist/cli.js")
    .parse();
  const options = program.opts<{ runs: number; shape?: string[]; src?: boolean }>();
  if (!options.src && !existsSync(path.join(root, "dist/cli.js"))) throw new Error("dist/cli.js is missing: npm run build first (or --src)");
  const selected = shapes().filter((s) => !options.shape || options.shape.includes(s.name));
  if (selected.length === 0) throw new Error(`no shape named ${options.shape?.join(", ")}`);

  console.log(`bench:compare, ${options.runs} runs per shape, ${options.src ? "sources via tsx" : "dist/cli.js"}; before: ${loadText()}`);
  const dir = await mkdtemp(path.join(os.tmpdir(), "db-bench-gate-bench-compare-"));
  const rows: string[][] = [];
  try {
    for (const shape of selected) {
      const write = async (name: string, synthetic: SyntheticOptions) => {
        const results = syntheticResults(synthetic);
        const file = path.join(dir, `${shape.name}-${name}.json`);
        await writeFile(file, JSON.stringify(results));
        return { file, samples: results.samples.length, bytes: (await stat(file)).size };
      };
      const current = await write("current", shape.current);
      const baseline = shape.baseline ? await write("baseline", shape.baseline) : null;
      const args = [current.file, ...(baseline ? ["--baseline", baseline.file] : []), "--format", "markdown", "--out", path.join(dir, "report.md")];
      const runs: Measurement[] = [];
      for (let i = 0; i < options.runs; i++) runs.push(await runCompare(args, options.src ?? false, path.join(dir, "usage.json")));
      const seconds = runs.map((r) => r.seconds);
      const cpu = runs.map((r) => r.cpuSeconds);
      const rss = runs.map((r) => r.maxRssMb);
      const within = Math.max(...seconds) <= TARGET_SECONDS && Math.max(...rss) <= TARGET_MB;
      const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
      rows.push([
        shape.name,
        baseline ? `${mb(current.bytes)} + ${mb(baseline.bytes)}` : mb(current.bytes),
        baseline ? `${current.samples} + ${baseline.samples}` : String(current.samples),
        String(shape.current.rounds),
        String(runs.length),
        `${median(seconds).toFixed(2)} (${Math.min(...seconds).toFixed(2)}–${Math.max(...seconds).toFixed(2)})`,
        median(cpu).toFixed(2),
        `${median(rss).toFixed(0)} (max ${Math.max(...rss).toFixed(0)})`,
        within ? "yes" : "**no**",
      ]);
      console.log(`${shape.name}: done`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  console.log(
    markdownTable(
      [["shape", "file MB", "samples", "rounds per step", "runs", "wall s, median (min–max)", "CPU s, median", "peak RSS MB, median", `≤ ${TARGET_SECONDS} s and ${TARGET_MB} MB`], ...rows],
      { align: ["l", "r", "r", "r", "r", "r", "r", "r", "l"] },
    ),
  );
  console.log(`after: ${loadText()}`);
}

await main();

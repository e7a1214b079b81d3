/**
 * How often the history's change points raise a wrong alert, on synthetic histories whose QPS medians
 * scatter lognormally from run to run (σ of log QPS) and whose instructions per op are exact:
 *
 * - a slowdown (SLOWDOWNS: the history test's planted commit, and a 10% QPS-only one): how often QPS
 *   finds it, how often its QPS split landed elsewhere and was placed at the instruction change, and how
 *   often an alert issue names a commit other than the slowdown's (a second issue, blaming an innocent
 *   commit);
 * - no change at all (A/A): how often one evaluation of 30 runs raises an alert, and how many alert
 *   issues a history raises as it grows run by run to 60, evaluated after each (as baseline runs do).
 *
 *   npm run bench:history-alerts [-- --trials 400]
 *
 * Each row twice: with the product's tests (CHANGE_TEST: QPS at 0.01, 999 permutations) and with both
 * channels at E-divisive's customary 0.05 (199 permutations). Trials are independent draws; rates come
 * with 95% Clopper-Pearson intervals. The statistics are the product's own (src/history/detect.ts),
 * seeded per trial.
 */
import { Command, InvalidArgumentError } from "commander";
import { markdownTable } from "markdown-table";
import { DEFAULT_THRESHOLDS } from "../src/compare/types.js";
import { CHANGE_TEST, detectChanges, type ChannelTests } from "../src/history/detect.js";
import { HISTORY_SCHEMA_ID, HISTORY_VERSION, MAX_HISTORY_RECORDS, type HistoryFile } from "../src/history/record.js";
import { normalRandom, seededRandom } from "./lib/synthetic-results.js";
import { rateCell } from "./lib/verdict-quality.js";

const SIGMAS = [0.05, 0.2, 0.35];
const TESTS: { name: string; tests: ChannelTests }[] = [
  { name: `QPS at ${CHANGE_TEST.qps.sigLevel}`, tests: CHANGE_TEST },
  { name: "QPS at 0.05", tests: { ...CHANGE_TEST, qps: { sigLevel: 0.05, permutations: 199 } } },
];
/** a slowdown: QPS and instructions per op after it, relative to before */
interface Slowdown {
  before: number;
  after: number;
  qps: number;
  instructions: number;
}
// the history test's planted commit (QPS ÷ 2.5, instructions × 4.69) in its layout (5 runs before, 3
// after) and in a longer history; and a 10% QPS-only slowdown (contention, I/O: no instruction change)
const PLANTED = { qps: 1 / 2.5, instructions: 4.69 };
const SLOWDOWNS: Slowdown[] = [
  { before: 5, after: 3, ...PLANTED },
  { before: 20, after: 3, ...PLANTED },
  { before: 20, after: 3, qps: 0.9, instructions: 1 },
  { before: 20, after: 6, qps: 0.9, instructions: 1 },
];

function history(runs: number, slowdown: Slowdown | null, sigma: number, random: () => number): HistoryFile {
  const records = Array.from({ length: runs }, (_, i) => {
    const after = slowdown !== null && i >= slowdown.before;
    return {
      commit: (i + 1).toString(16).padStart(40, "0"),
      measured_at: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(),
      run_id: null,
      run_url: null,
      hostname_hash: "0".repeat(16),
      steps: [
        {
          id: "step",
          qps_median: 10_000 * Math.exp(sigma * normalRandom(random)) * (after ? slowdown.qps : 1),
          rounds: 3,
          instructions_per_op: 40_000 * (after ? slowdown.instructions : 1),
          instructions_counted: "valgrind",
        },
      ],
    };
  });
  return { schema: HISTORY_SCHEMA_ID, version: HISTORY_VERSION, profile: "synthetic", arch: "x86_64", retention: MAX_HISTORY_RECORDS, records };
}

function slowdownRow(tests: ChannelTests, sigma: number, slowdown: Slowdown, trials: number, seed: number): string[] {
  const random = seededRandom(seed);
  let found = 0;
  let placed = 0;
  let wrongIssue = 0;
  for (let t = 0; t < trials; t++) {
    const h = history(slowdown.before + slowdown.after, slowdown, sigma, random);
    const slow = h.records[slowdown.before]!.commit;
    const regressions = detectChanges(h, () => DEFAULT_THRESHOLDS, { seed: t + 1, tests }).filter((c) => c.regression);
    const qps = regressions.filter((c) => c.channel === "qps");
    if (qps.some((c) => c.firstBad.commit === slow)) found++;
    if (qps.some((c) => c.placedBy === "instructions")) placed++;
    if (regressions.some((c) => c.firstBad.commit !== slow)) wrongIssue++;
  }
  return [`QPS × ${slowdown.qps}, instr/op × ${slowdown.instructions}`, String(sigma), `${slowdown.before} + ${slowdown.after}`, rateCell(found / trials, trials), rateCell(placed / trials, trials), rateCell(wrongIssue / trials, trials)];
}

function aaRow(tests: ChannelTests, sigma: number, runs: number, trials: number, seed: number): string[] {
  const random = seededRandom(seed);
  let alerts = 0;
  for (let t = 0; t < trials; t++) if (detectChanges(history(runs, null, sigma, random), () => DEFAULT_THRESHOLDS, { seed: t + 1, tests }).some((c) => c.regression)) alerts++;
  return [String(sigma), String(runs), rateCell(alerts / trials, trials)];
}

function growingRow(tests: ChannelTests, sigma: number, runs: number, trials: number, seed: number): string[] {
  const random = seededRandom(seed);
  let withIssue = 0;
  let issues = 0;
  for (let t = 0; t < trials; t++) {
    const full = history(runs, null, sigma, random);
    const raised = new Set<string>();
    for (let n = 4; n <= runs; n++) {
      const h = { ...full, records: full.records.slice(0, n) };
      for (const c of detectChanges(h, () => DEFAULT_THRESHOLDS, { seed: n, tests })) if (c.regression) raised.add(c.firstBad.commit);
    }
    if (raised.size > 0) withIssue++;
    issues += raised.size;
  }
  return [String(sigma), String(runs), rateCell(withIssue / trials, trials), (issues / trials).toFixed(2)];
}

const program = new Command()
  .option("--trials <n>", "independent histories per row", (v) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError(`expected a positive whole number, got "${v}"`);
    return n;
  }, 400)
  .parse();
const { trials } = program.opts<{ trials: number }>();

const each = (rowOf: (tests: ChannelTests, sigma: number, seed: number) => string[]) =>
  TESTS.flatMap(({ name, tests }) => SIGMAS.map((sigma, i) => [name, ...rowOf(tests, sigma, 1000 * (i + 1))]));
console.log(`## A slowdown; ${trials} histories a row\n`);
console.log(
  markdownTable([
    ["test", "slowdown", "σ of log QPS", "runs before + after", "QPS regression at the slowdown", "QPS placed at the instruction change", "an alert on another commit"],
    ...SLOWDOWNS.flatMap((slowdown, l) => each((tests, sigma, seed) => slowdownRow(tests, sigma, slowdown, trials, seed + 10 * l))),
  ]),
);
console.log(`\n## No change (A/A): one evaluation of 30 runs raises an alert; ${trials} histories a row\n`);
console.log(markdownTable([["test", "σ of log QPS", "runs", "an alert"], ...each((tests, sigma, seed) => aaRow(tests, sigma, 30, trials, seed + 1))]));
const growing = Math.ceil(trials / 4);
console.log(`\n## No change (A/A): a step's history growing to 60 runs, evaluated after each run; ${growing} histories a row\n`);
console.log(markdownTable([["test", "σ of log QPS", "runs", "histories with an alert issue", "alert issues per history"], ...each((tests, sigma, seed) => growingRow(tests, sigma, 60, growing, seed + 2))]));

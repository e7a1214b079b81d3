/**
 * RocksDB's db_bench steps (driver "db_bench") in the figures the field reads from db_bench
 * (benchmark_compare.sh's summary): relative ops/sec, micros/op, p99 and p99.9 latency, the percent of
 * time writes were stalled, write amplification, and CPU per operation. db_bench prints no p95, which the main table shows, so
 * these rows carry its own numbers: one row per step (and column), base → variant medians over the
 * rounds, relative values as compare estimated them (paired rounds). Pure.
 */
import { markdownTable } from "markdown-table";
import type { AbsoluteSummary, Comparison, StepComparison } from "../compare/types.js";
import { columnsOf } from "./columns.js";
import { escapeMarkdown, inlineCode } from "./escape.js";
import { formatAmount, formatRatio, NONE } from "./format.js";

const isDbBench = (step: StepComparison) => step.driver === "db_bench";
const micros = (ms: number | null | undefined): number | null => (ms === null || ms === undefined ? null : ms * 1000);

/** `18.1 → 22.4`: a figure of the base and of the variant; — for a side without it. */
function sides(base: number | null, variant: number | null): string {
  return base === null && variant === null ? NONE : `${formatAmount(base)} → ${formatAmount(variant)}`;
}

export const DB_BENCH_HEADER = ["step", "base ops/sec", "variant ops/sec", "relative ops/sec", "micros/op", "p99 µs", "p99.9 µs", "stall %", "w-amp", "CPU µs/op", "relative CPU/op"];

/** The cells of one step and compared variant, after the step's name (DB_BENCH_HEADER's order). */
export function dbBenchCells(step: StepComparison, baseVariant: string, variant: string): string[] {
  const side = (id: string): AbsoluteSummary | null => step.absolute.find((a) => a.variant === id) ?? null;
  const [base, compared] = [side(baseVariant), side(variant)];
  const result = step.variants.find((v) => v.variant === variant);
  return [
    formatAmount(base?.ops_per_s),
    formatAmount(compared?.ops_per_s),
    formatRatio(result?.qps?.estimate),
    sides(micros(base?.latency_avg_ms), micros(compared?.latency_avg_ms)),
    sides(micros(base?.latency_p99_ms), micros(compared?.latency_p99_ms)),
    sides(micros(base?.latency_p99_9_ms), micros(compared?.latency_p99_9_ms)),
    sides(base?.stall_percent ?? null, compared?.stall_percent ?? null),
    sides(base?.lsm_metrics?.write_amplification ?? null, compared?.lsm_metrics?.write_amplification ?? null),
    sides(base?.metrics?.cpu_us_per_op ?? null, compared?.metrics?.cpu_us_per_op ?? null),
    formatRatio(result?.metrics.cpu_us_per_op?.estimate),
  ];
}

/** The comment's db_bench section: one row per db_bench step and column; "" without db_bench steps. */
export function renderDbBench(comparisons: readonly Comparison[]): string {
  if (!comparisons.some((c) => c.steps.some(isDbBench))) return "";
  const columns = columnsOf(comparisons);
  const several = columns.length > 1;
  const body = columns.flatMap((column) =>
    column.comparison.steps
      .filter(isDbBench)
      .map((step) => [`${inlineCode(step.step, true)}${several ? ` · ${escapeMarkdown(column.name)}` : ""}`, ...dbBenchCells(step, column.comparison.base_variant, column.variant)]),
  );
  return [
    "### db_bench",
    "",
    "The field's figures per step, base → variant (medians over the rounds): micros/op as db_bench reports it (time per operation and thread), " +
      "p99 and p99.9 of its latency histogram, stall %: the share of the run's time writes were stalled (steps that write; — for reads), " +
      "w-amp: (flush + compaction bytes written) / bytes the benchmark wrote, from RocksDB's statistics (per-op bytes under Metrics per operation), " +
      "CPU µs/op: host CPU per operation, all cores. Relative = variant / base, paired by round: ops/sec above 1.00 is faster, CPU above 1.00 is more per operation.",
    "",
    markdownTable([DB_BENCH_HEADER, ...body], { align: ["l", ...DB_BENCH_HEADER.slice(1).map(() => "r" as const)] }),
  ].join("\n");
}

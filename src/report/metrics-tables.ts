/** The folded "Metrics per operation" block: each side's medians, the ratios, the LSM write counters, the instruction counts. Pure. */
import { markdownTable } from "markdown-table";
import type { AbsoluteSummary, Comparison, RatioEstimate } from "../compare/types.js";
import { LSM_METRIC_KEYS, LSM_METRIC_NAMES, METRIC_KEYS, METRIC_NAMES, type MetricKey } from "../results/schema.js";
import { inlineCode } from "./escape.js";
import { formatAmount, formatDuration, formatPercent, formatRatio } from "./format.js";
import { type Report, details } from "./comment-report.js";
import { CLIENT_SHARE_SUSPECT, clientMayBottleneck } from "./step-table.js";
import { instructionsTable } from "./instruction-tables.js";

/** The metrics as the per-side table heads them: with the unit where the name has none (the ratio table says "ratio"). */
const ABSOLUTE_HEADER: Record<MetricKey, string> = { ...METRIC_NAMES, cpu_us_per_op: "cpu µs/op" };

function estimate(ratio: RatioEstimate | null | undefined): string {
  return formatRatio(ratio?.estimate);
}

function roundsCell(a: AbsoluteSummary): string {
  return a.error_samples > 0 ? `${a.ok_samples} + ${a.error_samples} failed` : `${a.ok_samples}`;
}

function clientCell(share: number | null): string {
  return clientMayBottleneck(share) ? `⚠️ ${formatPercent(share)}` : formatPercent(share);
}

function metricsTables(comparison: Comparison): string {
  const absoluteRows = comparison.steps.flatMap((step) =>
    step.absolute.map((a, i) => [
      i === 0 ? inlineCode(step.step, true) : "",
      inlineCode(a.variant, true),
      roundsCell(a),
      formatDuration(a.duration_s),
      formatAmount(a.ops_per_s),
      ...METRIC_KEYS.map((key) => formatAmount(a.metrics?.[key])),
      formatAmount(a.latency_p95_ms),
      clientCell(a.client_cpu_share),
    ]),
  );
  const absolute = markdownTable(
    [["step", "variant", "rounds", "time", "ops/s", ...METRIC_KEYS.map((k) => ABSOLUTE_HEADER[k]), "p95 ms", "client share"], ...absoluteRows],
    { align: ["l", "l", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r"] },
  );
  const relativeRows = comparison.steps.flatMap((step) =>
    step.variants.map((v, i) => [
      i === 0 ? inlineCode(step.step, true) : "",
      inlineCode(v.variant, true),
      estimate(v.qps),
      ...METRIC_KEYS.map((key) => estimate(v.metrics[key])),
      estimate(v.latency_p95),
    ]),
  );
  const relative = markdownTable(
    [["step", "variant", "ops/s ratio", ...METRIC_KEYS.map((k) => `${METRIC_NAMES[k]} ratio`), "p95 ratio"], ...relativeRows],
    { align: ["l", "l", "r", "r", "r", "r", "r", "r", "r"] },
  );
  // a run that measured no QPS (--instructions-only) has only its counts to show
  if (!comparison.context.qps_measured) return instructionsTable(comparison).join("\n\n");
  return [
    "Each side, medians over the rounds (cpu µs/op: host CPU per operation, all cores; cs/op: context switches; r/op, rKB/op, wKB/op: storage reads, KB read and written; time: measured seconds of the variant):",
    absolute,
    `Ratios, variant / ${inlineCode(comparison.base_variant)} (above 1.00 is more per operation, except ops/s where it is faster):`,
    relative,
    `client share: the benchmark client's share of all host CPU, worst round; ⚠️ at ${formatPercent(CLIENT_SHARE_SUSPECT)} or more the client may be the bottleneck.`,
    ...lsmTable(comparison),
    ...instructionsTable(comparison),
  ].join("\n\n");
}

/** The steps with an LSM engine's write counters (db_bench's that write): each side's medians, then each variant's ratios in its row. */
function lsmTable(comparison: Comparison): string[] {
  const rows = comparison.steps.flatMap((step) => {
    if (!step.absolute.some((a) => a.lsm_metrics)) return [];
    return step.absolute.map((a, i) => {
      const compared = step.variants.find((v) => v.variant === a.variant);
      return [
        i === 0 ? inlineCode(step.step, true) : "",
        inlineCode(a.variant, true),
        ...LSM_METRIC_KEYS.map((key) => formatAmount(a.lsm_metrics?.[key])),
        ...LSM_METRIC_KEYS.map((key) => (compared ? estimate(compared.lsm_metrics[key]) : "")),
      ];
    });
  });
  if (rows.length === 0) return [];
  const header = ["step", "variant", ...LSM_METRIC_KEYS.map((k) => LSM_METRIC_NAMES[k]), ...LSM_METRIC_KEYS.map((k) => `${LSM_METRIC_NAMES[k]} ratio`)];
  return [
    "RocksDB's own write counters (db_bench --statistics, steps that write), per measured operation, medians over the rounds: bytes compactions read and wrote, bytes flushes wrote, " +
      `and w-amp, (flush + compaction bytes written) / bytes written by the benchmark; ratios variant / ${inlineCode(comparison.base_variant)} (— where a side is 0):`,
    markdownTable([header, ...rows], { align: ["l", "l", ...header.slice(2).map(() => "r" as const)] }),
  ];
}

export function metricsSection(report: Report): string {
  return report.comparisons
    .map((c, i) => {
      const where = report.comparisons.length > 1 ? ` · ${report.labels[i] ?? ""}` : "";
      return details(`Metrics per operation${where}`, metricsTables(c));
    })
    .join("\n\n");
}

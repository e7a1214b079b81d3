/**
 * The PR comment / job summary: verdict and counts first, then one table with regressions on top, then
 * the evidence (why hints, error logs, chart, per-op metrics, fingerprint, commits, flags) in collapsible
 * blocks. Always fits GitHub's comment limit: details are cut before rows, and the report says what it cut.
 * Pure: data in, text out.
 */
import { markdownTable } from "markdown-table";
import {
  INSTRUCTION_VERDICTS,
  VERDICTS,
  type AbsoluteSummary,
  type Comparison,
  type InstructionComparison,
  type InstructionSide,
  type InstructionVerdict,
  type RatioEstimate,
  type ThresholdOverride,
  type Thresholds,
  type VariantComparison,
  type Verdict,
} from "../compare/types.js";
import { liftedLinesText } from "../compare/instructions.js";
import { DEFAULT_FAIL_ON, decideGate, judgedWords, ungatedHeadline, type Acceptance, type FailOn, type GateDecision } from "../compare/gate.js";
import { LSM_METRIC_KEYS, LSM_METRIC_NAMES, METRIC_KEYS, METRIC_NAMES, type MetricKey, type Variant } from "../results/schema.js";
import { reproduceCommand } from "./reproduce.js";
import { relativeQpsChart } from "./chart.js";
import { cellVerdict, columnsOf, comparisonLabels, rowsOf, sortByVerdict, verdictRank, type Column, type Row } from "./columns.js";
import { escapeHtml, escapeMarkdown, fencedBlock, inlineCode, logTail } from "./escape.js";
import { cpuPlacementText } from "../results/run-labels.js";
import {
  NONE,
  formatAmount,
  formatChange,
  formatCount,
  formatDuration,
  formatInstructionRatio,
  formatInterval,
  formatLimit,
  formatPercent,
  formatRatio,
  formatSpread,
  plural,
  shortSha,
} from "./format.js";
import type { RunnerCost } from "../config/runner-cost.js";
import { renderPricePerformance } from "./price-performance.js";
import { renderSweeps, sweepRegressionLine, type SweepChartsWhere } from "./sweep.js";
import { renderIbench } from "./ibench.js";
import { renderDbBench } from "./db-bench.js";
import { howToProceed, type ProceedWhere } from "./how-to-proceed.js";
import { whereCostSection, type SourceLinks, type WhereCostItem } from "./why-functions.js";

/** GitHub rejects issue and PR comments longer than this many characters. */
export const COMMENT_LIMIT = 65_536;

/**
 * A client (pgbench, sysbench) using this share of all host CPU competes with the server for cores,
 * so a faster server may not show up as more QPS: the numbers partly measure the client.
 */
export const CLIENT_SHARE_SUSPECT = 0.25;

/** The metrics as the per-side table heads them: with the unit where the name has none (the ratio table says "ratio"). */
const ABSOLUTE_HEADER: Record<MetricKey, string> = { ...METRIC_NAMES, cpu_us_per_op: "cpu µs/op" };

/** Per log excerpt: the tail is where the failure is; longer excerpts belong in the artifacts. */
const LOG_MAX_LINES = 40;
const LOG_MAX_CHARS = 4_000;

const ICON: Record<Verdict, string> = {
  regression: "❌",
  error: "💥",
  warning: "⚠️",
  unstable: "〰️",
  missing: "❔",
  "n/a": "▫️",
  improvement: "🚀",
  unchanged: "➖",
};

const COUNT_NOUN: Record<Verdict, [string, string]> = {
  regression: ["regression", "regressions"],
  error: ["error", "errors"],
  warning: ["warning", "warnings"],
  unstable: ["unstable", "unstable"],
  missing: ["missing", "missing"],
  "n/a": ["QPS not measured", "QPS not measured"],
  improvement: ["improvement", "improvements"],
  unchanged: ["unchanged", "unchanged"],
};

/** Verdicts whose reason (and hints) are listed under the table; errors get their own section with logs. */
const EXPLAINED: ReadonlySet<InstructionVerdict> = new Set(["regression", "warning", "unstable", "missing"]);


/**
 * The hidden marker the publisher looks for to update its sticky comment instead of adding one per push.
 * URI-encoding keeps `-->` (and any `>`) out of the comment.
 */
export function commentMarker(profile: string): string {
  return `<!-- db-bench-gate:profile=${encodeURIComponent(profile)} -->`;
}

const MEASURING = "> ⏳ **measuring";

/**
 * A previous comment while a new run measures: "⏳ measuring <sha>" above its numbers (replacing an
 * earlier such line), so they are not read as the new head's. Pure.
 */
export function measuringBody(previous: string, profile: string, sha: string, runUrl: string | null): string {
  const marker = commentMarker(profile);
  const lines = previous.split("\n");
  const rest = lines.slice(lines[0] === marker ? 1 : 0);
  while (rest[0] === "" || rest[0]?.startsWith(MEASURING)) rest.shift();
  const run = runUrl ? ` ([workflow run](${runUrl}))` : "";
  return [marker, "", `${MEASURING} ${inlineCode(shortSha(sha))}**${run}: the numbers below are from the previous run.`, "", ...rest].join("\n");
}

export interface MarkdownOptions {
  /** characters; default GitHub's comment limit */
  maxLength?: number;
  /** heading text; default "db-bench-gate · PROFILE" */
  title?: string;
  /** the verdicts that fail the check (the headline says which did); default regression, error */
  failOn?: readonly FailOn[];
  /** the workflow run and its results artifact, linked under the headline */
  links?: { run?: string; artifact?: string };
  /** the branch's stored baseline compared (unpaired) with this run: a column of the main table, informational */
  storedBaseline?: StoredBaselineColumn | null;
  /** the regressions were accepted (the accept label): the check passes, the headline says by whom */
  acceptance?: Acceptance | null;
  /** people or teams mentioned under the headline when the check fails on a regression, each as `@name` (parseCc) */
  cc?: readonly string[];
  /** the workflow run that uploaded these results as an artifact: named in a hidden line for a later rerun */
  resultsRun?: number | null;
  /** runner prices per hour: a price/performance section (price-performance.ts) */
  runnerCost?: RunnerCost;
  /** the sweep charts written (sweep-chart.ts) and where they are: named under the sweep table */
  charts?: SweepChartsWhere;
  /** where the cost of the steps whose CPU verdict moved went, by function (why-functions.ts), and where its links go */
  whereCost?: { items: WhereCostItem[]; links: SourceLinks | null };
  /** what "How to proceed" offers when the check fails on regressions: the action's accept label, or (default) the CLI's flags; null: no such block */
  proceed?: ProceedWhere | null;
}

/** The hidden line naming the workflow run whose results artifact the comment shows: a rerun starts from it. */
function resultsRunMarker(runId: number): string {
  return `<!-- db-bench-gate:results-run=${runId} -->`;
}

/** The run whose results a comment of ours shows (resultsRunMarker); null when it names none. */
export function resultsRunOf(body: string): number | null {
  const match = /^<!-- db-bench-gate:results-run=(\d+) -->$/m.exec(body);
  return match ? Number(match[1]) : null;
}

/** The stored baseline of the PR's base branch, compared unpaired with the head of this run. */
export interface StoredBaselineColumn {
  comparison: Comparison;
  branch: string;
  /** markdown: which stored baseline (an artifact's run, or the history's copy once it expired) and how old */
  from: string;
}

interface Report {
  comparisons: Comparison[];
  labels: string[];
  columns: Column[];
  /** worst verdict first */
  rows: Row[];
  title: string;
  maxLength: number;
  failOn: readonly FailOn[];
  gate: GateDecision;
  options: MarkdownOptions;
}

/** What a render leaves out, in the order the size limit cuts it; each level includes the previous ones. */
const CUTS = ["the chart", "the metrics tables", "the error logs", "the run details", "unchanged rows"] as const;
const CUT_CHART = 1;
const CUT_METRICS = 2;
const CUT_LOGS = 3;
const CUT_RUN = 4;
const CUT_UNCHANGED = 5;

/** Steps "where the cost went" shows in full, and once the metrics are cut for size. */
const WHERE_COST_STEPS = 10;
const WHERE_COST_STEPS_CUT = 2;

interface Cuts {
  level: number;
  /** at most this many rows (after the unchanged ones are gone); null: no limit */
  rowLimit: number | null;
}

export function renderMarkdown(comparisons: Comparison[], options: MarkdownOptions = {}): string {
  const columns = columnsOf(comparisons);
  const profiles = [...new Set(comparisons.map((c) => c.context.profile.name))];
  const report: Report = {
    comparisons,
    labels: comparisonLabels(comparisons),
    columns,
    rows: sortByVerdict(rowsOf(columns)),
    title: options.title ?? `db-bench-gate · ${profiles.join(", ")} · ${[...new Set(comparisons.map((c) => c.context.fingerprint.arch))].join(", ")}`,
    maxLength: options.maxLength ?? COMMENT_LIMIT,
    failOn: options.failOn ?? DEFAULT_FAIL_ON,
    gate: decideGate(comparisons, options.failOn ?? DEFAULT_FAIL_ON, options.acceptance ?? null),
    options,
  };
  for (let level = 0; level <= CUTS.length; level++) {
    const text = render(report, { level, rowLimit: null });
    if (text.length <= report.maxLength) return text;
  }
  // Still too long without any details or unchanged rows: keep as many of the worst rows as fit.
  const candidates = visibleRows(report, { level: CUTS.length, rowLimit: null }).length;
  const fits = (rowLimit: number) => render(report, { level: CUTS.length, rowLimit }).length <= report.maxLength;
  if (!fits(0)) return hardCut(render(report, { level: CUTS.length, rowLimit: 0 }), report.maxLength);
  let low = 0;
  let high = candidates;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(mid)) low = mid;
    else high = mid - 1;
  }
  return render(report, { level: CUTS.length, rowLimit: low });
}

/** Last resort when even the headline part is too long (a tiny limit): cut the text itself and say so. */
export function hardCut(text: string, maxLength: number): string {
  const notice = "\n\n✂️ Cut at the size limit.\n";
  if (maxLength <= notice.length) return text.slice(0, maxLength);
  return text.slice(0, maxLength - notice.length) + notice;
}

function visibleRows(report: Report, cuts: Cuts): Row[] {
  const rows = cuts.level >= CUT_UNCHANGED ? report.rows.filter((r) => r.verdict !== "unchanged") : report.rows;
  return cuts.rowLimit === null ? rows : rows.slice(0, cuts.rowLimit);
}

function render(report: Report, cuts: Cuts): string {
  const rows = visibleRows(report, cuts);
  const firstProfile = report.comparisons[0]?.context.profile.name ?? "";
  const sections = [
    [commentMarker(firstProfile), ...(report.options.resultsRun ? [resultsRunMarker(report.options.resultsRun)] : [])].join("\n"),
    heading(report),
    countsLine(report),
    sweepRegressionLine(report.comparisons),
    instructionCountsLine(report),
    comparedLine(report),
    reproduceLine(report),
    acceptedLine(report),
    ccLine(report),
    mainTable(report, rows),
    clientWarning(report, rows),
    flaggedSection(report, rows),
    whereCostSection(report.options.whereCost?.items ?? [], report.options.whereCost?.links ?? null, cuts.level < CUT_METRICS ? WHERE_COST_STEPS : cuts.level < CUT_UNCHANGED ? WHERE_COST_STEPS_CUT : 0),
    errorsSection(report, rows, cuts.level < CUT_LOGS),
    setupSection(report),
    cuts.level < CUT_CHART ? chartSection(report) : "",
    cuts.level < CUT_METRICS ? renderSweeps(report.comparisons, report.options.charts) : "",
    cuts.level < CUT_METRICS ? renderIbench(report.comparisons) : "",
    cuts.level < CUT_METRICS ? renderDbBench(report.comparisons) : "",
    cuts.level < CUT_METRICS ? renderPricePerformance(report.comparisons, report.options.runnerCost) : "",
    cuts.level < CUT_METRICS ? metricsSection(report) : "",
    cuts.level < CUT_RUN ? runSection(report) : "",
    cutNotice(report, cuts, rows),
    report.options.proceed === null ? "" : howToProceed(report.comparisons, report.gate, report.options.proceed ?? { kind: "cli" }),
  ];
  return sections.filter((s) => s !== "").join("\n\n") + "\n";
}

/** Verdicts the headline gives a number for; an error or a missing step has none to give. */
const NUMBERED: ReadonlySet<Verdict> = new Set(["regression", "warning", "unstable", "improvement"]);

/** Whether any cell of the row has `verdict` in either channel. */
function rowHas(row: Row, verdict: Verdict): boolean {
  return row.cells.some((cell) => cell?.result && (cell.result.verdict === verdict || cell.result.instructions?.verdict === verdict));
}

/** A step's number behind `verdict`: its largest change over the columns and channels that had it, with the column when there are several. */
interface StepNumber {
  text: string;
  /** |ratio - 1|: how far it moved */
  size: number;
}

function stepNumber(report: Report, row: Row, verdict: Verdict): StepNumber | null {
  const numbers = row.cells.flatMap((cell, i): StepNumber[] => {
    const result = cell?.result;
    if (!result) return [];
    const where = report.columns.length > 1 ? `, ${escapeMarkdown(report.columns[i]?.name ?? "")}` : "";
    const qps = result.verdict === verdict ? result.qps?.estimate : undefined;
    const counted = result.instructions?.verdict === verdict ? judgedRatio(result.instructions)?.estimate : undefined;
    const channel = result.instructions ? cpuChannel(result.instructions) : "";
    return [
      ...(qps !== undefined ? [{ text: `QPS ${formatRatio(qps)} (${formatChange(qps - 1)}${where})`, size: Math.abs(qps - 1) }] : []),
      ...(counted !== undefined ? [{ text: `${channel} ${counted.toFixed(3)} (${formatChange(counted - 1)}${where})`, size: Math.abs(counted - 1) }] : []),
    ];
  });
  return numbers.sort((a, b) => b.size - a.size)[0] ?? null;
}

/** `worst \`update-index.range100.pk1\` QPS 0.93 (−7%)`: the step of `verdict` that moved most (the first in the table when none has a number). */
function worstStep(report: Report, verdict: Verdict, word: string): string {
  const rows = report.rows.filter((row) => rowHas(row, verdict));
  const numbered = NUMBERED.has(verdict) ? rows.flatMap((row) => { const n = stepNumber(report, row, verdict); return n ? [{ row, n }] : []; }) : [];
  const worst = numbered.sort((a, b) => b.n.size - a.n.size)[0];
  if (worst) return ` · ${word} ${inlineCode(worst.row.step)} ${worst.n.text}`;
  const [first] = rows;
  return first ? ` · ${word === "worst" ? "first" : word} ${inlineCode(first.step)}` : "";
}

/**
 * Readable in five seconds, at most about 100 characters: pass or fail with the counts that decided
 * it, and the step that moved most with its number. What was measured where is the next line.
 */
function heading(report: Report): string {
  const { gate } = report;
  const failing = gate.reasons.filter((r) => r.cause !== "no-samples");
  if (gate.reasons.some((r) => r.cause === "no-samples")) return `## ❌ No samples: nothing was measured`;
  // what passed and what could not be judged, in the words the JSON's verdict_summary has
  const { claim, notes } = judgedWords(report.comparisons);
  const open = notes.map((note) => ` · ${note}`).join("");
  // a run that judged nothing is neither a pass nor a regression: a neutral mark, and whether the check fails
  if (failing.length === 1 && failing[0]?.cause === "unjudged") return `## ❔ Nothing could be judged: the check fails${open}`;
  if (failing.length > 0) {
    const [first] = failing;
    return `## ❌ ${failing.map((r) => r.summary).join(", ")}${first ? worstStep(report, first.cause as Verdict, "worst") : ""}`;
  }
  const [found] = gate.ungated;
  if (found) {
    const mark = found.cause === "unjudged" ? "❔" : "⚠️";
    const words = ungatedHeadline(gate);
    const accepted = gate.accepted ? ` · ${gate.accepted.summary} accepted` : "";
    return `## ${mark} ${words.charAt(0).toUpperCase()}${words.slice(1)}${found.cause === "unjudged" ? "" : worstStep(report, found.cause as Verdict, "worst")}${accepted}${open}`;
  }
  if (gate.accepted) return `## ✅ ${gate.accepted.summary} accepted${worstStep(report, "regression", "worst")}${open}`;
  const improvements = report.rows.filter((row) => rowHas(row, "improvement")).length;
  const better = improvements > 0 ? ` · ${plural(improvements, "improvement")}` : "";
  return `## ✅ ${claim}${open}${better}`;
}

/** Who accepted the regressions, with the label they set: the check passed because of it. */
function acceptedLine(report: Report): string {
  const { accepted } = report.gate;
  if (!accepted) return "";
  return (
    `✅ ${plural(accepted.count, "regression")} (${accepted.steps.map((s) => inlineCode(s)).join(", ")}) accepted by ${escapeMarkdown(`@${accepted.by}`)}, ` +
    `who set the label ${inlineCode(accepted.label)} after the last push: the check passes. Removing the label and rerunning fails it again.`
  );
}

/** The people to tell about a regression; the names come from the workflow's own input, so they do mention. */
function ccLine(report: Report): string {
  const cc = report.options.cc ?? [];
  const regressed = report.gate.reasons.some((r) => r.cause === "regression");
  return cc.length > 0 && regressed ? `cc ${cc.join(" ")}` : "";
}

function countsLine(report: Report): string {
  const counts = countVerdicts(report.rows);
  const parts = VERDICTS.flatMap((verdict) => {
    const count = counts.get(verdict) ?? 0;
    if (count === 0) return [];
    const [one, many] = COUNT_NOUN[verdict];
    const text = plural(count, one, many);
    return [verdict === "regression" || verdict === "error" ? `**${text}**` : text];
  });
  const scope = report.columns.length > 1 ? `${plural(report.rows.length, "step")}, worst over ${report.columns.length} columns` : plural(report.rows.length, "step");
  return `${escapeMarkdown(report.title)} · ${parts.join(" · ")} (${scope})`;
}

/** Whether any comparison counted instructions: only then do the instr/op column, line and table appear. */
function hasInstructions(report: Report): boolean {
  return report.comparisons.some((c) => c.instruction_counts !== null);
}

/** What decided a step's CPU verdict: "est. cycles/op" where estimated cycles were judged, else "instr/op". */
const cpuChannel = (instructions: InstructionComparison): string => (instructions.estimated_cycles ? "est. cycles/op" : "instr/op");

/** The ratio that was judged: estimated cycles per op where they were, else instructions per op. */
const judgedRatio = (instructions: InstructionComparison) => instructions.estimated_cycles?.ratio ?? instructions.ratio;

/** Whether a comparison judged estimated cycles on some step: its CPU column is then named for them. */
const judgesCycles = (comparison: Comparison): boolean => comparison.steps.some((s) => s.variants.some((v) => v.instructions?.estimated_cycles));

/** The CPU ratio column's name: "est. cycles/op ratio" where the comparisons judged estimated cycles. */
const cpuColumn = (comparisons: readonly Comparison[]): string => (comparisons.some(judgesCycles) ? "est. cycles/op ratio" : "instr/op ratio");

/** The worst instruction verdict of a row over its columns; null when no column has one. */
function rowInstructionVerdict(row: Row): InstructionVerdict | null {
  const verdicts = row.cells.flatMap((cell) => (cell?.result?.instructions ? [cell.result.instructions.verdict] : []));
  return verdicts.sort((a, b) => INSTRUCTION_VERDICTS.indexOf(a) - INSTRUCTION_VERDICTS.indexOf(b))[0] ?? null;
}

/** The instruction channel's own counts (non-zero ones): its regressions fail the check even when QPS did not move. */
function instructionCountsLine(report: Report): string {
  if (!hasInstructions(report)) return "";
  const verdicts = report.rows.map(rowInstructionVerdict).filter((v) => v !== null);
  const parts = INSTRUCTION_VERDICTS.flatMap((verdict) => {
    const count = verdicts.filter((v) => v === verdict).length;
    if (count === 0) return [];
    const text = verdict === "n/a" ? `${count} n/a` : plural(count, ...COUNT_NOUN[verdict]);
    return [verdict === "regression" || verdict === "error" ? `**${text}**` : text];
  });
  const channel = report.comparisons.some(judgesCycles) ? "Estimated cycles per operation" : "Instructions per operation";
  return `${channel}: ${parts.length > 0 ? parts.join(" · ") : "no step counted"}`;
}

function countVerdicts(rows: readonly Row[]): Map<Verdict, number> {
  const counts = new Map<Verdict, number>();
  for (const row of rows) counts.set(row.verdict, (counts.get(row.verdict) ?? 0) + 1);
  return counts;
}

/** The variant record for an id: the run's own, or for an unpaired base the stored baseline's. */
function variantRecord(comparison: Comparison, id: string): Variant | undefined {
  const baseline = comparison.context.baseline;
  if (comparison.mode === "unpaired" && baseline && id === comparison.base_variant) return baseline.variant;
  return comparison.context.variants.find((v) => v.id === id);
}

/** What a variant was built with, where the compared variants differ in it: "clang 14.0.6, -O2, LDFLAGS -flto". */
function builtWithText(variant: Variant): string {
  const { compiler, flags } = variant;
  return [compiler ? `${compiler.name} ${compiler.version}` : null, flags.cflags || "no CFLAGS", flags.ldflags ? `LDFLAGS ${flags.ldflags}` : null].filter((t) => t !== null).join(", ");
}

function variantWithCommit(comparison: Comparison, id: string, builtWith: boolean): string {
  const record = variantRecord(comparison, id);
  if (!record) return inlineCode(id);
  return `${inlineCode(id)} ${shortSha(record.commit)}${builtWith ? ` (${inlineCode(builtWithText(record))})` : ""}`;
}

function maxRounds(comparison: Comparison): number {
  return Math.max(0, ...comparison.steps.flatMap((s) => s.absolute.map((a) => a.ok_samples + a.error_samples)));
}

/** What was compared with what, how, and where the run and its results are. */
function comparedLine(report: Report): string {
  const texts = report.comparisons.map((c) => {
    // a flags comparison: each side named with its compiler and flags
    const records = [c.base_variant, ...c.variants].flatMap((id) => variantRecord(c, id) ?? []);
    // a stored baseline from before variants recorded their compiler is told apart by its flags alone
    const compilersKnown = records.every((r) => r.compiler !== undefined);
    const builtWith = new Set(records.map((r) => builtWithText(compilersKnown ? r : { ...r, compiler: undefined }))).size > 1;
    const compared = `${c.variants.map((v) => variantWithCommit(c, v, builtWith)).join(", ")} vs ${variantWithCommit(c, c.base_variant, builtWith)}`;
    const how = !c.context.qps_measured
      ? "instructions per operation only: QPS not measured (--instructions-only)"
      : c.mode === "paired"
        ? `paired: up to ${plural(maxRounds(c), "interleaved round")}`
        : `**unpaired** (up to ${plural(maxRounds(c), "round")}): the base numbers come from the stored baseline run ${inlineCode(c.context.baseline?.run_id ?? "unknown")}, not from this run, so drift between the two runs is not cancelled out`;
    return `${compared} · ${how}`;
  });
  const unique = [...new Set(texts)];
  const compared = unique.length === 1 ? unique : texts.map((text, i) => `**${escapeMarkdown(report.labels[i] ?? "")}**: ${text}`);
  const { links } = report.options;
  const linked = [links?.run ? `[workflow run](${links.run})` : null, links?.artifact ? `[results artifact](${links.artifact})` : null].filter((l) => l !== null);
  return [compared.join("; "), ...linked].join(" · ");
}

/** The command that measures this comparison again, one per distinct command (several runners usually share one). */
function reproduceLine(report: Report): string {
  const commands = [...new Set(report.comparisons.map(reproduceCommand).filter((c) => c !== null))];
  return commands.length > 0 ? `Reproduce: ${commands.map((c) => inlineCode(c)).join(" · ")}` : "";
}

/** The machine each comparison ran on, in one line. */
function machineText(c: Comparison): string {
  const { engine, profile, fingerprint } = c.context;
  return [
    `${escapeMarkdown(engine.name)} ${escapeMarkdown(engine.version)}`,
    `profile ${inlineCode(profile.name)} v${profile.version}`,
    `${escapeMarkdown(fingerprint.cpu_model)} (${escapeMarkdown(fingerprint.arch)}, ${plural(fingerprint.cores, "core")})`,
  ].join(" · ");
}

/** Machine, thresholds, fail-on and per-step effective α: what a reader needs only to question a verdict. */
function setupSection(report: Report): string {
  const several = report.comparisons.length > 1;
  const label = (i: number) => (several ? `**${escapeMarkdown(report.labels[i] ?? "")}**: ` : "");
  const machines = report.comparisons.map((c, i) => `- ${label(i)}${machineText(c)}`);
  const thresholds = report.comparisons.map((c) => thresholdsText(c.thresholds, c.overrides, c.instruction_counts !== null, dropTests(c)));
  const effective = report.comparisons.flatMap((c, i) => effectiveLines(c).map((line) => `- ${label(i)}${line}`));
  const body = [
    machines.join("\n"),
    `Fails the check: ${report.failOn.length > 0 ? report.failOn.join(", ") : "nothing but a run without samples"} (input \`fail-on\`).`,
    new Set(thresholds).size === 1 ? thresholds[0]! : thresholds.map((text, i) => `- ${label(i)}${text}`).join("\n"),
    effective.length > 0 ? `Judged otherwise than configured (A/A noise floor, adaptive rounds, instruction spread):\n\n${effective.join("\n")}` : "",
  ].filter((part) => part !== "");
  return details("Machine, thresholds, per-step α", body.join("\n\n"));
}

/** How many QPS tests shared alpha under the one-sided drop test; null when the comparison judged by the signed-rank rule. */
function dropTests(c: Comparison): number | null {
  return c.steps.flatMap((s) => s.variants).find((v) => v.qps_drop_test)?.qps_drop_test?.tests ?? null;
}

function thresholdsText(thresholds: Thresholds, overrides: readonly ThresholdOverride[], instructions: boolean, tests: number | null): string {
  const confidence = `${Number(((1 - thresholds.alpha) * 100).toFixed(1))}%`;
  const instructionText = instructions
    ? ` · instr/op: **regression** above ${formatLimit(thresholds.instructions_fail_above)}, warning above ${formatLimit(thresholds.instructions_warn_above)}, ` +
      `improvement below ${formatLimit(thresholds.instructions_improve_below)}, when the variant's median is outside the base's repeats`
    : "";
  const base =
    `Thresholds: **regression** below ${formatLimit(thresholds.fail_below)} (${tests === null ? `significant at α = ${thresholds.alpha}` : `a drop significant at α = ${thresholds.alpha} shared by ${plural(tests, "step")}: one-sided t-test`}) · ` +
    `warning below ${formatLimit(thresholds.warn_below)} · improvement above ${formatLimit(thresholds.improve_above)} · intervals are ${confidence}${instructionText}`;
  if (overrides.length === 0) return base;
  const perStep = overrides.map((o) => {
    const set = [
      o.fail_below !== undefined ? `regression below ${formatLimit(o.fail_below)}` : null,
      o.warn_below !== undefined ? `warning below ${formatLimit(o.warn_below)}` : null,
      o.improve_above !== undefined ? `improvement above ${formatLimit(o.improve_above)}` : null,
      o.alpha !== undefined ? `α = ${o.alpha}` : null,
      o.instructions_fail_above !== undefined ? `instr/op regression above ${formatLimit(o.instructions_fail_above)}` : null,
      o.instructions_warn_above !== undefined ? `instr/op warning above ${formatLimit(o.instructions_warn_above)}` : null,
      o.instructions_improve_below !== undefined ? `instr/op improvement below ${formatLimit(o.instructions_improve_below)}` : null,
    ].filter((s) => s !== null);
    return `${inlineCode(o.step)}: ${set.join(", ")}`;
  });
  return `${base}. Per step: ${perStep.join("; ")}`;
}

/** `instr/op fails above 1.04: A/A spread 2.0% × 2`, where the step's spread moved its instruction lines. */
function liftedLines(c: Comparison, v: VariantComparison): string[] {
  const lines = v.instructions?.lines;
  const text = lines ? liftedLinesText(lines, v.thresholds, c.base_variant) : null;
  return text === null ? [] : [`instr/op ${escapeMarkdown(text)}`];
}

/** Steps judged otherwise than configured, one line each: an A/A noise floor (applied, capped or not applied), an adaptive look's alpha, or instruction lines a spread moved. */
function effectiveLines(c: Comparison): string[] {
  return c.steps.flatMap((step) => {
    const changes = [
      ...new Set(
        step.variants.flatMap((v) => [
          ...(v.noise_floor !== undefined
            ? [`regression below ${formatRatio(Math.min(v.thresholds.fail_below, 1 - v.noise_floor))}, a significant drop below ${formatRatio(v.thresholds.fail_below)} within it a warning (A/A noise floor ±${(v.noise_floor * 100).toFixed(1)}%)`]
            : []),
          ...(v.noise_floor_note !== undefined ? [escapeMarkdown(v.noise_floor_note)] : []),
          ...(v.configured_alpha !== undefined ? [`α = ${Number(v.thresholds.alpha.toPrecision(2))} (adaptive rounds: the level of the look at ${v.qps?.n ?? "?"} pairs)`] : []),
          ...liftedLines(c, v),
        ]),
      ),
    ];
    return changes.length ? [`${inlineCode(step.step)}: ${changes.join(", ")}`] : [];
  });
}

function estimate(ratio: RatioEstimate | null | undefined): string {
  return formatRatio(ratio?.estimate);
}

function verdictText(verdict: Verdict): string {
  return `${ICON[verdict]} ${verdict}`;
}

function instructionVerdictText(verdict: InstructionVerdict): string {
  return verdict === "n/a" ? "n/a" : verdictText(verdict);
}

/**
 * `❌ 1.205 (repeats 1.204–1.206)`: the relative count (estimated cycles where they were judged), marked
 * unless unchanged; the verdict alone when there is no ratio (n/a, error, missing). A step whose spread
 * lifted its failing line says where it was: `1.025 (repeats 1.015–1.035; fails above 1.04)`.
 */
function instructionCell(result: VariantComparison | null | undefined, { withInstructions = true } = {}): string {
  const instructions = result?.instructions;
  if (!result || !instructions) return NONE;
  const { verdict, lines } = instructions;
  const ratio = judgedRatio(instructions);
  if (!ratio || verdict === "n/a") return instructionVerdictText(verdict);
  const lifted = lines && lines.fail_above > result.thresholds.instructions_fail_above ? lines.fail_above : null;
  // judged on estimated cycles: instructions' own ratio beside it, so a memory stall reads as one
  const beside = withInstructions && instructions.estimated_cycles && instructions.ratio ? ` · instr/op ${instructions.ratio.estimate.toFixed(3)}` : "";
  return `${verdict === "unchanged" ? "" : `${ICON[verdict]} `}${formatInstructionRatio(ratio, lifted)}${beside}`;
}

/** The step's verdict; with instructions counted, each channel's verdict that is not unchanged, naming its channel. */
function stepVerdictText(verdict: Verdict, result: VariantComparison | null | undefined): string {
  const instructions = result?.instructions;
  if (!result || !instructions) return verdictText(verdict);
  const channels = ([[result.verdict, "QPS"], [instructions.verdict, cpuChannel(instructions)]] as const).flatMap(([v, channel]) =>
    v === "unchanged" || v === "n/a" ? [] : [{ verdict: v, channel }],
  );
  const [first, second] = channels.sort((a, b) => verdictRank(a.verdict) - verdictRank(b.verdict));
  if (!first) return verdictText(verdict);
  if (second && second.verdict === first.verdict) return `${verdictText(first.verdict)} (QPS, ${cpuChannel(instructions)})`;
  return channels.map((c) => `${verdictText(c.verdict)} (${c.channel})`).join(" · ");
}

const INSTRUCTIONS_NOTE =
  "instr/op ratio: instructions per operation, counted under valgrind rather than timed, variant / base: the median of the repeats, and in brackets the lowest and highest ratio the two sides' repeats give (a range, not an interval); above 1.00 is more CPU work per operation.";
const CYCLES_NOTE =
  "est. cycles/op ratio: the same for estimated cycles per operation, instructions + 10 × first-level + 100 × last-level cache misses of valgrind's cache simulation (KCachegrind's cycle estimation): what judged the CPU cost; instructions per op are in the details.";

/** The relative QPS of the row's step against the stored baseline, marked unless unchanged. */
function storedCell(stored: StoredBaselineColumn, row: Row): string {
  const result = stored.comparison.steps.find((s) => s.step === row.step)?.variants[0];
  if (!result) return NONE;
  const mark = result.verdict === "unchanged" ? "" : `${ICON[result.verdict]} `;
  return result.qps ? `${mark}${formatInterval(result.qps)}` : verdictText(result.verdict);
}

function storedHeader(stored: StoredBaselineColumn): string {
  return `QPS ratio vs ${escapeMarkdown(stored.branch)} (stored)`;
}

function storedNote(report: Report): string {
  const stored = report.options.storedBaseline;
  if (!stored) return "";
  const { comparison, branch, from } = stored;
  const [variant] = comparison.variants;
  return (
    ` ${storedHeader(stored)}: ${inlineCode(variant ?? "")} against the baseline stored by ${inlineCode(branch)} (${from}), ` +
    "unpaired (another run: drift between the runs is not cancelled out), informational: it never fails the check."
  );
}

/** What a QPS ratio is: head over base with its interval, and for a paired run how the rounds make it. */
function qpsRatioNote(report: Report, ratio: string): string {
  const paired = report.comparisons.find((c) => c.mode === "paired");
  const alpha = (paired ?? report.comparisons[0])?.thresholds.alpha ?? 0.01;
  const confidence = `${Number(((1 - alpha) * 100).toFixed(1))}%`;
  const rounds = paired ? " Each round measures both sides back to back: the ratio is the median of the per-round ratios." : "";
  return `QPS ratio: ${ratio}, with its ${confidence} interval; above 1.00 is faster.${rounds}`;
}

/** The header and rows of the steps table for these rows: one shape for the steps that need attention and the unchanged ones. */
function stepsTable(report: Report, rows: readonly Row[]): string {
  const [only] = report.columns;
  const stored = report.options.storedBaseline;
  if (report.columns.length === 1 && only) {
    const ratio = `${escapeMarkdown(only.variant)}/${escapeMarkdown(only.comparison.base_variant)}`;
    const counted = hasInstructions(report);
    const header = ["step", `QPS ratio ${ratio}`, ...(stored ? [storedHeader(stored)] : []), ...(counted ? [`${cpuColumn([only.comparison])} ${ratio}`] : []), "verdict"];
    const body = rows.map((row) => {
      const result = row.cells[0]?.result;
      return [
        inlineCode(row.step, true),
        formatInterval(result?.qps),
        ...(stored ? [storedCell(stored, row)] : []),
        ...(counted ? [instructionCell(result)] : []),
        stepVerdictText(row.verdict, result),
      ];
    });
    return markdownTable([header, ...body], { align: ["l", ...header.slice(1, -1).map(() => "r"), "l"] });
  }
  // a QPS ratio column per column of the report, and an instr/op ratio column next to each that counted instructions
  const counted = report.columns.map((c) => c.comparison.instruction_counts !== null);
  const header = [
    "step",
    ...report.columns.flatMap((c, i) => [`${escapeMarkdown(c.name)} QPS ratio`, ...(counted[i] ? [`${escapeMarkdown(c.name)} ${cpuColumn([c.comparison])}`] : [])]),
    ...(stored ? [storedHeader(stored)] : []),
    "verdict",
  ];
  const body = rows.map((row) => [
    inlineCode(row.step, true),
    ...row.cells.flatMap((cell, i) => {
      const qpsCell = () => {
        if (!cell) return "not run";
        if (!cell.result) return NONE;
        const { verdict, qps } = cell.result;
        const mark = verdict === "unchanged" ? "" : `${ICON[verdict]} `;
        return qps ? `${mark}${formatInterval(qps)}` : verdictText(verdict);
      };
      return [qpsCell(), ...(counted[i] ? [instructionCell(cell?.result)] : [])];
    }),
    ...(stored ? [storedCell(stored, row)] : []),
    whereVerdict(report, row),
  ]);
  return markdownTable([header, ...body], { align: ["l", ...header.slice(2).map(() => "r"), "l"] });
}

/**
 * The steps that need attention (every verdict but unchanged: regression, error, warning, unstable,
 * missing, improvement), worst first, in a table of a few ratio columns; the unchanged steps folded
 * below it in the same shape. Absolute QPS and the per-operation metrics are in their own folded section.
 */
function mainTable(report: Report, rows: readonly Row[]): string {
  const attention = rows.filter((r) => r.verdict !== "unchanged");
  const unchanged = rows.filter((r) => r.verdict === "unchanged");
  const [only] = report.columns;
  const single = report.columns.length === 1 && only;
  const ratio = single ? `${inlineCode(only.variant)} / ${inlineCode(only.comparison.base_variant)}` : `each column's variant / its base (${[...new Set(report.comparisons.map((c) => inlineCode(c.base_variant)))].join(", ")})`;
  const counted = report.comparisons.some((c) => c.instruction_counts !== null);
  const cycles = report.comparisons.some(judgesCycles);
  const note = `${qpsRatioNote(report, ratio)}${counted ? ` ${INSTRUCTIONS_NOTE}` : ""}${cycles ? ` ${CYCLES_NOTE}` : ""}${storedNote(report)}`;
  const parts = [
    attention.length > 0 ? stepsTable(report, attention) : "Every step is unchanged.",
    unchanged.length > 0 ? details(`${plural(unchanged.length, "unchanged step")}`, stepsTable(report, unchanged)) : "",
    note,
  ];
  return parts.filter((p) => p !== "").join("\n\n");
}

/** The worst verdict of a row and the columns where it happened. */
function whereVerdict(report: Report, row: Row): string {
  const where = report.columns.filter((_, i) => {
    const result = row.cells[i]?.result;
    return result && cellVerdict(result) === row.verdict;
  }).map((c) => escapeMarkdown(c.name));
  return where.length > 0 ? `${verdictText(row.verdict)} (${where.join(", ")})` : verdictText(row.verdict);
}

function clientMayBottleneck(share: number | null): boolean {
  return share !== null && share >= CLIENT_SHARE_SUSPECT;
}

function clientWarning(report: Report, rows: readonly Row[]): string {
  const suspects = rows.filter((row) => row.cells.some((cell) => cell?.step.absolute.some((a) => clientMayBottleneck(a.client_cpu_share))));
  if (suspects.length === 0) return "";
  return (
    `⚠️ The benchmark client used ${formatPercent(CLIENT_SHARE_SUSPECT)} or more of the host CPU in ` +
    `${suspects.map((r) => inlineCode(r.step)).join(", ")}: the client may be the bottleneck there, so QPS may understate the server.`
  );
}

function cellPlace(report: Report, column: Column): string {
  return report.columns.length > 1 ? ` · ${escapeMarkdown(column.name)}` : "";
}

/** Whether a verdict gets its reason under "why flagged": an error does when it has no failed sample whose log the errors section shows. */
const explained = (verdict: InstructionVerdict, errors: readonly unknown[]) => EXPLAINED.has(verdict) || (verdict === "error" && errors.length === 0);

function flaggedSection(report: Report, rows: readonly Row[]): string {
  const items = rows.flatMap((row) =>
    report.columns.flatMap((column, i) => {
      const result = row.cells[i]?.result;
      const place = `${inlineCode(row.step)}${cellPlace(report, column)}`;
      const instructions = result?.instructions;
      const counted =
        instructions && instructions.verdict !== "n/a" && explained(instructions.verdict, instructions.errors)
          ? [`- ${ICON[instructions.verdict]} ${place} — ${cpuChannel(instructions)} ${instructions.verdict}: ${escapeMarkdown(instructions.reason)}${countedText(instructions)}`]
          : [];
      if (!result || !explained(result.verdict, result.errors)) return counted;
      const hints = result.hints.map((hint) => `\n  - ${escapeMarkdown(hint)}`).join("");
      return [`- ${ICON[result.verdict]} ${place} — ${result.verdict}: ${escapeMarkdown(result.reason)}${hints}`, ...counted];
    }),
  );
  return items.length > 0 ? `**Why these steps were flagged**\n\n${items.join("\n")}` : "";
}

/**
 * ` (base 39.6k, head 47.7k instructions per op)`: the absolute counts behind a flagged ratio; where
 * estimated cycles were judged, theirs, then what instructions alone said.
 */
function countedText(instructions: InstructionComparison): string {
  const counts = (sides: readonly (InstructionSide | null)[], unit: string) => {
    const counted = sides.filter((s) => s !== null);
    return counted.length > 0 ? `${counted.map((s) => `${escapeMarkdown(s.variant)} ${formatCount(s.median)}`).join(", ")} ${unit} per op` : "";
  };
  const cycles = instructions.estimated_cycles;
  if (!cycles) {
    const text = counts([instructions.base, instructions.variant], "instructions");
    return text ? ` (${text})` : "";
  }
  const byInstructions = `instructions alone: ${cycles.instructions.verdict}, ${escapeMarkdown(cycles.instructions.reason)}`;
  return ` (${counts([cycles.base, cycles.variant], "estimated cycles")}; ${byInstructions}, ${counts([instructions.base, instructions.variant], "instructions")})`;
}

/** 0, 1, 2, 3, 7 -> "0–3, 7" */
function roundRanges(rounds: readonly number[]): string {
  const sorted = [...new Set(rounds)].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] ?? 0) + 1) j++;
    ranges.push(j > i ? `${sorted[i]}–${sorted[j]}` : `${sorted[i]}`);
    i = j + 1;
  }
  return ranges.join(", ");
}

interface ErrorGroup {
  step: string;
  place: string;
  variant: string;
  /** "round" for a benchmark sample, "instruction count, repeat" for a count */
  what: string;
  message: string;
  rounds: number[];
  log: string;
  firstRound: number;
}

/**
 * Sample errors of the shown rows, one group per step, comparison, variant and message. The same base
 * error appears under every compared variant of a comparison: count it once.
 */
function errorGroups(report: Report, rows: readonly Row[]): ErrorGroup[] {
  const groups = new Map<string, ErrorGroup>();
  const seen = new Set<string>();
  for (const row of rows) {
    report.columns.forEach((column, i) => {
      const comparisonIndex = report.comparisons.indexOf(column.comparison);
      const result = row.cells[i]?.result;
      const errors = [
        ...(result?.errors ?? []).map((e) => ({ ...e, what: "round", at: e.round })),
        ...(result?.instructions?.errors ?? []).map((e) => ({ ...e, what: "instruction count, repeat", at: e.repeat })),
      ];
      for (const error of errors) {
        const sampleKey = JSON.stringify([comparisonIndex, row.step, error.variant, error.what, error.at]);
        if (seen.has(sampleKey)) continue;
        seen.add(sampleKey);
        const groupKey = JSON.stringify([comparisonIndex, row.step, error.variant, error.what, error.message]);
        const place = report.comparisons.length > 1 ? ` · ${escapeMarkdown(report.labels[comparisonIndex] ?? "")}` : "";
        const group = groups.get(groupKey) ?? { step: row.step, place, variant: error.variant, what: error.what, message: error.message, rounds: [], log: error.log_excerpt, firstRound: error.at };
        group.rounds.push(error.at);
        groups.set(groupKey, group);
      }
    });
  }
  return [...groups.values()];
}

function errorsSection(report: Report, rows: readonly Row[], withLogs: boolean): string {
  const groups = errorGroups(report, rows);
  if (groups.length === 0) return "";
  const blocks = groups.map((g) => {
    const line = `${ICON.error} ${inlineCode(g.step)}${g.place} · ${inlineCode(g.variant)}, ${g.what}${g.rounds.length > 1 ? "s" : ""} ${roundRanges(g.rounds)}: ${escapeMarkdown(g.message)}`;
    if (!withLogs || g.log.trim() === "") return line;
    const summary = `Log excerpt: ${escapeHtml(g.step)} · ${escapeHtml(g.variant)} · ${g.what} ${g.firstRound}`;
    return `${line}\n\n<details><summary>${summary}</summary>\n\n${fencedBlock(logTail(g.log, LOG_MAX_LINES, LOG_MAX_CHARS))}\n\n</details>`;
  });
  return `**Errors**\n\n${blocks.join("\n\n")}`;
}

function details(summary: string, body: string): string {
  return `<details><summary>${escapeHtml(summary)}</summary>\n\n${body}\n\n</details>`;
}

function chartSection(report: Report): string {
  const inProfileOrder = [...report.rows].sort((a, b) => a.order - b.order);
  const charts = report.columns.flatMap((column, i) => {
    const bars = inProfileOrder.flatMap((row) => {
      const ratio = row.cells[i]?.result?.qps?.estimate;
      return ratio !== undefined && Number.isFinite(ratio) ? [{ step: row.step, ratio }] : [];
    });
    if (bars.length === 0) return [];
    const where = column.label ? ` on ${column.label}` : "";
    return [relativeQpsChart(`Relative QPS ${column.variant} / ${column.comparison.base_variant}${where}`, bars)];
  });
  return charts.length > 0 ? details("Chart: relative QPS per step (line at 1.0 = no change)", charts.join("\n\n")) : "";
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

/** One row per side: the absolute count, its repeats and spread, whose work was counted and by which tool; n/a with its reason. */
/**
 * A side's row: its instructions per op, and with `cycles` (a comparison that judged estimated cycles)
 * its estimated cycles per op and their ratio next to the instructions' own.
 */
function instructionRow(label: string, side: InstructionSide | null, result: VariantComparison | null, cycles: { side: InstructionSide | null } | null): string[] {
  const compared = result?.instructions;
  const notCounted = compared?.verdict === "n/a" ? "n/a" : NONE;
  const instructionsRatio = compared?.ratio ? formatInstructionRatio(compared.ratio) : compared ? instructionVerdictText(compared.verdict) : "";
  return [
    inlineCode(label, true),
    side ? formatCount(side.median) : notCounted,
    side ? String(side.repeats) : "",
    side ? formatSpread(side.spread) : "",
    ...(cycles ? [compared?.estimated_cycles ? instructionsRatio : "", cycles.side ? formatCount(cycles.side.median) : notCounted, cycles.side ? formatSpread(cycles.side.spread) : ""] : []),
    // the counts table has instructions' ratio in a column of its own
    result ? instructionCell(result, { withInstructions: false }) : "",
    side ? escapeMarkdown(`${side.counted} (${side.tool})`) : compared?.verdict === "n/a" ? escapeMarkdown(compared.reason) : "",
  ];
}

function instructionsTable(comparison: Comparison): string[] {
  if (comparison.instruction_counts === null) return [];
  const cycles = judgesCycles(comparison);
  const rows = comparison.steps.flatMap((step) => {
    const compared = step.variants.flatMap((v) => (v.instructions ? [{ result: v, instructions: v.instructions }] : []));
    if (compared.length === 0) return [];
    const base = compared.find((c) => c.instructions.base)?.instructions.base ?? null;
    const baseCycles = compared.find((c) => c.instructions.estimated_cycles)?.instructions.estimated_cycles?.base ?? null;
    const sides = [
      instructionRow(comparison.base_variant, base, null, cycles ? { side: baseCycles } : null),
      ...compared.map((c) => instructionRow(c.result.variant, c.instructions.variant, c.result, cycles ? { side: c.instructions.estimated_cycles?.variant ?? null } : null)),
    ];
    return sides.map((cells, i) => [i === 0 ? inlineCode(step.step, true) : "", ...cells]);
  });
  if (rows.length === 0) return [];
  const header = ["step", "variant", "instr/op", "repeats", "spread", ...(cycles ? ["instr/op ratio", "est. cycles/op", "spread", "est. cycles/op ratio"] : ["instr/op ratio"]), "counted"];
  const table = markdownTable([header, ...rows], { align: ["l", "l", ...header.slice(2, -1).map(() => "r"), "l"] });
  return [
    "Instructions per operation, counted rather than timed (median of the repeats; spread: (max − min) / median; instr/op ratio: variant / base, in brackets the lowest and highest ratio of the two sides' repeats)" +
      (cycles ? "; estimated cycles per operation the same way (instructions + 10 × first-level + 100 × last-level cache misses), their ratio judged:" : ":"),
    table,
    "n/a: not counted on either side (the reason is in its row): a step the profile leaves out, or no valgrind on the runner; never a failure.",
  ];
}

function metricsSection(report: Report): string {
  return report.comparisons
    .map((c, i) => {
      const where = report.comparisons.length > 1 ? ` · ${report.labels[i] ?? ""}` : "";
      return details(`Metrics per operation${where}`, metricsTables(c));
    })
    .join("\n\n");
}

function runDuration(started: string, finished: string): string {
  const seconds = (Date.parse(finished) - Date.parse(started)) / 1000;
  return Number.isFinite(seconds) ? formatDuration(seconds) : NONE;
}

function fingerprintTable(report: Report): string {
  const fields: [string, (c: Comparison) => string][] = [
    ["arch", (c) => c.context.fingerprint.arch],
    ["CPU", (c) => c.context.fingerprint.cpu_model],
    ["cores", (c) => `${c.context.fingerprint.cores}${c.context.fingerprint.smt === null ? "" : c.context.fingerprint.smt ? ", SMT on" : ", SMT off"}`],
    ["memory", (c) => `${formatAmount(c.context.fingerprint.memory_mib / 1024)} GiB`],
    ["kernel", (c) => c.context.fingerprint.kernel],
    ["OS", (c) => c.context.fingerprint.os],
    ["compiler", (c) => (c.context.fingerprint.compiler ? `${c.context.fingerprint.compiler.name} ${c.context.fingerprint.compiler.version}` : NONE)],
    ["runner", (c) => [c.context.fingerprint.runner.name ?? NONE, ...c.context.fingerprint.runner.labels].join(", ")],
    ["host (hash)", (c) => c.context.fingerprint.hostname_hash],
    ["engine", (c) => `${c.context.engine.name} ${c.context.engine.version}`],
    ["profile", (c) => `${c.context.profile.name} v${c.context.profile.version} (${c.context.profile.hash.slice(0, 12)})`],
    ["CPUs", (c) => cpuPlacementText(c.context.cpu_placement)],
    ["run", (c) => c.context.run_id],
    ["started", (c) => c.context.started_at],
    ["duration", (c) => runDuration(c.context.started_at, c.context.finished_at)],
    ["rounds", (c) => `up to ${maxRounds(c)}`],
    ["mode", (c) => (c.context.baseline ? `${c.mode}, baseline run ${c.context.baseline.run_id}` : c.mode)],
  ];
  return markdownTable([
    ["", ...report.labels.map(escapeMarkdown)],
    ...fields.map(([name, value]) => [name, ...report.comparisons.map((c) => escapeMarkdown(value(c)))]),
  ]);
}

function flagsText(variant: Variant): string {
  const { cc, cxx, cflags, cxxflags, ldflags } = variant.flags;
  const set = [
    ["CC", cc],
    ["CXX", cxx],
    ["CFLAGS", cflags],
    ["CXXFLAGS", cxxflags],
    ["LDFLAGS", ldflags],
  ].flatMap(([name, value]) => (value ? [`${name}=${value}`] : []));
  return set.join(" ");
}

function variantsTable(report: Report): string {
  const several = report.comparisons.length > 1;
  const rows = report.comparisons.flatMap((c, i) => {
    const baseline = c.context.baseline;
    const entries: [Variant, string][] = [
      ...c.context.variants.map((v): [Variant, string] => [v, v.id === c.base_variant ? "(base)" : ""]),
      ...(baseline ? [[baseline.variant, `(base, baseline run ${baseline.run_id})`] as [Variant, string]] : []),
    ];
    return entries.map(([v, role]) => [
      ...(several ? [escapeMarkdown(report.labels[i] ?? "")] : []),
      role ? `${inlineCode(v.id, true)} ${escapeMarkdown(role)}` : inlineCode(v.id, true),
      inlineCode(v.commit, true),
      v.ref === null ? NONE : inlineCode(v.ref, true),
      inlineCode(flagsText(v), true),
      inlineCode(v.flags.configure_args.join(" "), true),
      inlineCode(v.build_id, true),
    ]);
  });
  return markdownTable([[...(several ? [""] : []), "variant", "commit", "ref", "build flags", "configure", "build id"], ...rows]);
}

function notesList(report: Report): string {
  const several = report.comparisons.length > 1;
  const notes = report.comparisons.flatMap((c, i) => {
    const prefix = several ? `**${escapeMarkdown(report.labels[i] ?? "")}**: ` : "";
    const budget = c.context.budget_exhausted
      ? ["The time budget stopped adding rounds: steps have fewer rounds than planned, so their intervals are wider."]
      : [];
    return [...budget, ...c.context.notes].map((note) => `- ${prefix}${escapeMarkdown(note)}`);
  });
  return notes.length > 0 ? `Notes:\n\n${notes.join("\n")}` : "";
}

function runSection(report: Report): string {
  const body = [fingerprintTable(report), variantsTable(report), notesList(report)].filter((s) => s !== "").join("\n\n");
  return details("Run: fingerprint, commits, build flags, rounds, notes", body);
}

function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function cutNotice(report: Report, cuts: Cuts, shown: readonly Row[]): string {
  if (cuts.level === 0) return "";
  const left = CUTS.slice(0, Math.min(cuts.level, CUT_RUN)).map(String);
  if (cuts.level >= CUT_UNCHANGED) {
    const unchanged = report.rows.filter((r) => r.verdict === "unchanged").length;
    if (unchanged > 0) left.push(`${plural(unchanged, "unchanged step")} (counted above)`);
  }
  if (cuts.rowLimit !== null) {
    const shownSet = new Set(shown);
    const omitted = countVerdicts(report.rows.filter((r) => r.verdict !== "unchanged" && !shownSet.has(r)));
    if (omitted.size > 0) {
      const byVerdict = [...omitted].map(([verdict, n]) => plural(n, COUNT_NOUN[verdict][0], COUNT_NOUN[verdict][1])).join(", ");
      const total = [...omitted.values()].reduce((a, b) => a + b, 0);
      left.push(`the last ${plural(total, "step")} of the table (${byVerdict})`);
    }
  }
  return (
    `✂️ **Shortened to stay under ${formatAmount(report.maxLength)} characters**: left out ${listText(left)}. ` +
    "The JSON and TSV exports of this comparison have everything."
  );
}

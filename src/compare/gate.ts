/**
 * Pass or fail: the one place that decides it, for the action, the CLI and the comment's headline.
 * A comparison says what each step did in each channel (QPS: what users feel; instructions per op: the
 * CPU cost QPS noise hides); the fail-on policy says which verdicts fail the check, in either channel.
 * The default fails a regression, an error (a step that could not be measured cannot be said to be
 * fine) and a run that judged nothing (`unjudged`: no step of any column got regression, warning,
 * improvement or unchanged in either channel; every verdict was unstable, missing, error or n/a). A run
 * (or a column of several) without a single ok sample fails whatever the policy: it measured nothing.
 * n/a (a step not counted on either side) never fails by itself. What the policy leaves out is still
 * said: a pass over a regression, an error or a run that judged nothing names it as not gated. Pure.
 */
import { FAIL_ON, type Acceptance, type Comparison, type FailOn, type InstructionVerdict, type Verdict, type VariantComparison } from "./types.js";

export const DEFAULT_FAIL_ON: readonly FailOn[] = ["regression", "error", "unjudged"];

/** What a pass still names when the policy leaves it out ("2 regressions, not gated (fail-on: error)"): the default's causes. */
const FINDINGS: readonly FailOn[] = DEFAULT_FAIL_ON;

const NOUN: Record<FailOn, [string, string]> = {
  regression: ["regression", "regressions"],
  error: ["error", "errors"],
  missing: ["missing step", "missing steps"],
  unstable: ["unstable step", "unstable steps"],
  warning: ["warning", "warnings"],
  unjudged: ["nothing could be judged", "nothing could be judged"],
};

export interface GateReason {
  /** the fail-on value that made it fail; "no-samples" is not a choice */
  cause: FailOn | "no-samples";
  /** step-variant results with that verdict in either channel (0 for no-samples) */
  count: number;
  /**
   * the steps, with their column when several comparisons are gated together, and "instr/op" when only
   * that channel had it; a swept step's counts as one entry naming them (sweepWords)
   */
  steps: string[];
  /** "4 errors", "no samples" */
  summary: string;
}

export interface GateDecision {
  verdict: "pass" | "fail";
  /** why it failed, in fail-on order; empty when it passed */
  reasons: GateReason[];
  /** step-variant results that regressed in either channel, whatever the policy (the action's `regressions` output) */
  regressions: number;
  /** the regressions that would have failed the check and were accepted instead; null when none were */
  accepted: (GateReason & Acceptance) | null;
  /** regressions, errors and a run that judged nothing that the policy let pass (FINDINGS not in fail-on), in fail-on order */
  ungated: GateReason[];
  /** the policy it was decided under */
  failOn: readonly FailOn[];
}

/** Sample counts of one step of a run measured alone (baseline mode), where there is no comparison to gate. */
export interface MeasuredStep {
  step: string;
  ok: number;
  errors: number;
}

/** What the gate judges: comparisons (one per column of a report), or a run measured alone. */
export type GateSubject = readonly Pick<Comparison, "steps" | "label">[] | { measuredAlone: readonly MeasuredStep[] };

/** One step's verdicts in one column, by channel: what every fail-on value is checked against. */
interface GatedResult {
  step: string;
  column: string | null;
  /** one client count of a swept step: named with its group's other counts (sweepWords) */
  sweep: { group: string; clients: number } | null;
  /** ratio: the channel's estimate (relative QPS, relative instructions per op); null where it has none */
  verdicts: { channel: "QPS" | "instr/op"; verdict: Verdict | InstructionVerdict; ratio: number | null }[];
}

/** A run measured alone has no comparison: a step with a failed sample is an error, one without any sample missing. */
function measuredAloneVerdict(s: MeasuredStep): Verdict {
  return s.errors > 0 ? "error" : s.ok === 0 ? "missing" : "unchanged";
}

function gatedResults(subject: GateSubject): { results: GatedResult[]; measured: boolean; judges: boolean } {
  if ("measuredAlone" in subject) {
    const steps = subject.measuredAlone;
    const results = steps.map((s): GatedResult => ({ step: s.step, column: null, sweep: null, verdicts: [{ channel: "QPS", verdict: measuredAloneVerdict(s), ratio: null }] }));
    // a run measured alone (a baseline) judges nothing by design
    return { results, measured: steps.some((s) => s.ok > 0), judges: false };
  }
  const results = subject.flatMap((c) =>
    c.steps.flatMap((s) =>
      s.variants.map(
        (v): GatedResult => ({
          step: s.step,
          column: c.label,
          sweep: s.sweep ?? null,
          verdicts: [
            { channel: "QPS", verdict: v.verdict, ratio: v.qps?.estimate ?? null },
            ...(v.instructions ? [{ channel: "instr/op" as const, verdict: v.instructions.verdict, ratio: v.instructions.ratio?.estimate ?? null }] : []),
          ],
        }),
      ),
    ),
  );
  // every column must have measured something: a comparison's own verdict (its JSON) then agrees with the whole gate's
  // (an instructions-only run measured its counts: a side with ok counts)
  const measuredStep = (s: Comparison["steps"][number]) => s.absolute.some((a) => a.ok_samples > 0) || s.variants.some((v) => v.instructions?.base || v.instructions?.variant);
  return { results, measured: subject.length > 0 && subject.every((c) => c.steps.some(measuredStep)), judges: true };
}

/** Verdicts that judge nothing: whether the step changed in that channel is not known. */
const UNJUDGED: ReadonlySet<Verdict | InstructionVerdict> = new Set(["unstable", "missing", "error"]);

/** A verdict that says whether the step changed in its channel: regression, warning, improvement or unchanged. */
const judges = (verdict: Verdict | InstructionVerdict) => verdict !== "n/a" && !UNJUDGED.has(verdict);

/** Parses a fail-on list ("regression,error"; commas and/or spaces); the error is returned so action and CLI raise their own kind. */
export function parseFailOn(text: string): { failOn: FailOn[] } | { error: string } {
  const values = text.split(/[\s,]+/).filter(Boolean);
  const unknown = values.find((v) => !(FAIL_ON as readonly string[]).includes(v));
  if (unknown !== undefined) return { error: `unknown value "${unknown}": expected a comma-separated list of ${FAIL_ON.join(", ")}` };
  return { failOn: FAIL_ON.filter((v) => values.includes(v)) };
}

/** The steps where some variant has `verdict` in either channel (QPS or instructions per operation). */
export function stepsWithVerdict(comparison: Pick<Comparison, "steps">, verdict: FailOn): string[] {
  return comparison.steps.filter((s) => s.variants.some((v) => v.verdict === verdict || v.instructions?.verdict === verdict)).map((s) => s.step);
}

/** A step (or a swept step's counts) with a verdict in one column: what the check's line names. */
interface Hit {
  step: string;
  column: string | null;
  /** QPS had the verdict (else only instr/op had it) */
  qps: boolean;
  sweep: { group: string; clients: number } | null;
  /** the named channel's ratio furthest from 1 over the variants with the verdict; null where there is none */
  ratio: number | null;
}

/** "4", "4 and 8", "2, 4 and 8". */
function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/**
 * A swept step's counts with the verdict as the verdict names them, the ratios in count order: `point-query
 * at 4 and 8 clients (0.91, 0.88)`; with `verb` (regressed) `point-query regressed at 4 and 8 clients (0.91, 0.88)`.
 */
export function sweepWords(group: string, counts: readonly { clients: number; ratio: number | null }[], verb = ""): string {
  const sorted = [...counts].sort((a, b) => a.clients - b.clients);
  const ratios = sorted.flatMap((c) => (c.ratio === null ? [] : [c.ratio.toFixed(2)]));
  const last = sorted[sorted.length - 1]?.clients;
  return `${group}${verb ? ` ${verb}` : ""} at ${listed(sorted.map((c) => String(c.clients)))} client${last === 1 ? "" : "s"}${ratios.length > 0 ? ` (${ratios.join(", ")})` : ""}`;
}

/** The check line's name of a hit, or of a sweep's hits (one entry naming their counts): `step (column, instr/op)`. */
function hitName(first: Hit, counts: readonly Hit[]): string {
  const notes = [first.column, first.qps ? null : "instr/op"].filter((n) => n !== null);
  const name = first.sweep ? sweepWords(first.sweep.group, counts.map((h) => ({ clients: h.sweep!.clients, ratio: h.ratio }))) : first.step;
  return notes.length > 0 ? `${name} (${notes.join(", ")})` : name;
}

/**
 * Step-variant results with `verdict` in either channel: their count and the steps, named as the check's
 * line shows them. `unjudged` is the run's: every result, when none of them judged anything.
 */
function hits(results: readonly GatedResult[], verdict: FailOn): { count: number; steps: string[] } {
  if (verdict === "unjudged") return results.some((r) => r.verdicts.some((v) => judges(v.verdict))) ? { count: 0, steps: [] } : { count: results.length, steps: [] };
  const found = new Map<string, Hit>();
  let count = 0;
  for (const r of results) {
    const matching = r.verdicts.filter((v) => v.verdict === verdict);
    if (matching.length === 0) continue;
    count++;
    const key = JSON.stringify([r.column, r.step]);
    const earlier = found.get(key);
    const qps = (earlier?.qps ?? false) || matching.some((v) => v.channel === "QPS");
    // QPS is the default channel: its ratio is the one named when it has the verdict
    const ratios = [...(earlier && earlier.qps === qps && earlier.ratio !== null ? [earlier.ratio] : []), ...matching.flatMap((v) => ((v.channel === "QPS") === qps && v.ratio !== null ? [v.ratio] : []))];
    const ratio = ratios.length > 0 ? ratios.reduce((a, b) => (Math.abs(Math.log(b)) > Math.abs(Math.log(a)) ? b : a)) : null;
    found.set(key, { step: r.step, column: r.column, qps, sweep: r.sweep, ratio });
  }
  // a swept step's counts become one entry, where its first count was
  const groups = new Map<string, Hit[]>();
  for (const hit of found.values()) {
    const key = hit.sweep ? JSON.stringify([hit.column, hit.sweep.group, hit.qps]) : JSON.stringify([hit.column, hit.step, hit.qps, "step"]);
    groups.set(key, [...(groups.get(key) ?? []), hit]);
  }
  return { count, steps: [...groups.values()].map((group) => hitName(group[0]!, group)) };
}

function reason(cause: FailOn, found: { count: number; steps: string[] }): GateReason {
  const [one, many] = NOUN[cause];
  return { cause, ...found, summary: cause === "unjudged" ? one : `${found.count} ${found.count === 1 ? one : many}` };
}

const NO_SAMPLES: GateReason = { cause: "no-samples", count: 0, steps: [], summary: "no samples" };

/**
 * Pass or fail under the fail-on policy: the one function that decides it. `acceptance`: the PR's
 * regressions were accepted (the accept label); they are reported as accepted instead of failing.
 */
export function decideGate(subject: GateSubject, failOn: readonly FailOn[] = DEFAULT_FAIL_ON, acceptance: Acceptance | null = null): GateDecision {
  const { results, measured, judges: judging } = gatedResults(subject);
  const reasons = measured ? [] : [NO_SAMPLES];
  const ungated: GateReason[] = [];
  const regressions = hits(results, "regression");
  let accepted: GateDecision["accepted"] = null;
  for (const cause of FAIL_ON) {
    // a run without samples has nothing to judge: "no samples" says it; a run measured alone judges nothing by design
    if (cause === "unjudged" && (!measured || !judging)) continue;
    // a run failing already says why; that it judged nothing then adds no reason
    if (cause === "unjudged" && failOn.includes(cause) && reasons.length > 0) continue;
    const gated = failOn.includes(cause);
    if (!gated && !FINDINGS.includes(cause)) continue;
    const found = cause === "regression" ? regressions : hits(results, cause);
    if (found.count === 0) continue;
    if (cause === "regression" && acceptance && gated) accepted = { ...reason(cause, found), ...acceptance };
    else (gated ? reasons : ungated).push(reason(cause, found));
  }
  return { verdict: reasons.length > 0 ? "fail" : "pass", reasons, regressions: regressions.count, accepted, ungated, failOn };
}

/**
 * What a passing check can claim and what it could not judge, per step over every column and
 * variant: the claim ("No regression" when every step was judged by some channel and no channel left
 * one open; "No CPU regression" when only instructions judged every step, "No QPS regression" when
 * only QPS did (no valgrind); "No CPU regression on 6 of 8
 * steps" when instructions judged more steps than both channels together, ...) and the notes ("QPS
 * inconclusive on 5 of 8 steps", "instr/op not counted on 8 of 8 steps" where a run that counts
 * instructions could not count a step on either side: a step the profile leaves out, no valgrind).
 */
export function judgedWords(comparisons: readonly Pick<Comparison, "steps">[]): { claim: string; notes: string[] } {
  const cells = new Map<string, VariantComparison[]>();
  for (const c of comparisons) for (const s of c.steps) cells.set(s.step, [...(cells.get(s.step) ?? []), ...s.variants]);
  const steps = [...cells.values()];
  const count = (test: (variants: readonly VariantComparison[]) => boolean) => steps.filter(test).length;
  const cpuOf = (v: VariantComparison) => v.instructions?.verdict ?? "n/a";
  const qpsOpen = (vs: readonly VariantComparison[]) => vs.some((v) => UNJUDGED.has(v.verdict));
  const cpuOpen = (vs: readonly VariantComparison[]) => vs.some((v) => UNJUDGED.has(cpuOf(v)));
  const qpsJudged = (vs: readonly VariantComparison[]) => vs.every((v) => judges(v.verdict));
  const cpuJudged = (vs: readonly VariantComparison[]) => vs.every((v) => judges(cpuOf(v)));
  // judged: some channel judged every variant of the step, and no channel left one open
  const judged = count((vs) => !qpsOpen(vs) && !cpuOpen(vs) && (qpsJudged(vs) || cpuJudged(vs)));
  const of = (n: number) => stepsOf(n, steps.length);
  const qpsNotMeasured = count((vs) => vs.every((v) => v.verdict === "n/a"));
  // only a run that counts instructions somewhere says where it did not: a QPS-only profile has no CPU channel to miss
  const counts = steps.some((vs) => vs.some((v) => v.instructions));
  const cpuNotCounted = counts ? count((vs) => vs.every((v) => cpuOf(v) === "n/a")) : 0;
  const notes = [
    ...(qpsNotMeasured > 0 ? [`QPS not measured on ${of(qpsNotMeasured)}`] : []),
    ...(count(qpsOpen) > 0 ? [`QPS inconclusive on ${of(count(qpsOpen))}`] : []),
    ...(cpuNotCounted > 0 ? [`instr/op not counted on ${of(cpuNotCounted)}`] : []),
    ...(count(cpuOpen) > 0 ? [`instr/op inconclusive on ${of(count(cpuOpen))}`] : []),
  ];
  // every step judged: by both channels, or by the one the run had where the other measured nothing at all
  const whole = qpsNotMeasured === steps.length ? "No CPU regression" : cpuNotCounted === steps.length ? "No QPS regression" : "No regression";
  const claim = judged === steps.length ? whole : partialClaim(steps.length, { cpu: count(cpuJudged), qps: count(qpsJudged), both: judged });
  return { claim, notes };
}

/** "6 of 8 steps" */
const stepsOf = (n: number, total: number) => `${n} of ${total} step${total === 1 ? "" : "s"}`;

/**
 * What a pass claims when some step went unjudged: the channel that judged every step, else the CPU's
 * where instructions judged more steps than both channels together (or QPS judged none), else both.
 */
function partialClaim(steps: number, judged: { cpu: number; qps: number; both: number }): string {
  const of = (n: number) => stepsOf(n, steps);
  if (judged.cpu === steps) return "No CPU regression";
  if (judged.qps === steps) return "No QPS regression";
  // a profile that leaves its noisy steps out of the count judges CPU cost on the others even where QPS could not
  if (judged.cpu > 0 && (judged.cpu > judged.both || judged.qps === 0)) return `No CPU regression on ${of(judged.cpu)}`;
  return judged.both > 0 ? `No regression on ${of(judged.both)}` : "Nothing could be judged";
}

/**
 * The verdict in words, as the comment's headline says it (without the steps it names): why it
 * failed, or what was accepted, or what passed and what could not be judged, and what passed only
 * because the policy leaves it out. The JSON carries it.
 */
export function verdictWords(comparisons: readonly Pick<Comparison, "steps">[], decision: GateDecision): string {
  const { claim, notes } = judgedWords(comparisons);
  if (decision.verdict === "fail") return [gateHeadline(decision), ...(decision.reasons.some((r) => r.cause === "unjudged") ? notes : [])].join(" · ");
  const accepted = decision.accepted ? `${decision.accepted.summary} accepted by @${decision.accepted.by}` : "";
  const lead = [ungatedHeadline(decision), accepted].filter(Boolean);
  return [...(lead.length > 0 ? lead : [claim]), ...notes].join(" · ");
}

/** "2 regressions, not gated (fail-on: error)": what a pass found that the policy leaves out; "" when nothing. */
export function ungatedHeadline(decision: Pick<GateDecision, "ungated" | "failOn">): string {
  if (decision.ungated.length === 0) return "";
  return `${decision.ungated.map((r) => r.summary).join(", ")}, not gated (fail-on: ${decision.failOn.length > 0 ? decision.failOn.join(", ") : "none"})`;
}

/** "1 regression, 4 errors (fail-on: regression, error)": the headline's why. */
export function gateHeadline(decision: GateDecision): string {
  const causes = decision.reasons.map((r) => r.cause).filter((c): c is FailOn => c !== "no-samples");
  const summaries = decision.reasons.map((r) => r.summary).join(", ");
  return causes.length > 0 ? `${summaries} (fail-on: ${causes.join(", ")})` : summaries;
}

/** The check's one line, naming the steps: `2 regressions: scan, point (instr/op); 1 error: insert`. */
export function gateMessage(decision: GateDecision): string {
  return decision.reasons.map((r) => (r.steps.length > 0 ? `${r.summary}: ${r.steps.join(", ")}` : r.summary)).join("; ");
}


/** The folded "Machine, thresholds, per-step α" block: what a reader needs only to question a verdict. Pure. */
import type { Comparison, ThresholdOverride, Thresholds, VariantComparison } from "../compare/types.js";
import { liftedLinesText } from "../compare/instructions.js";
import { escapeMarkdown, inlineCode } from "./escape.js";
import { formatLimit, formatRatio, plural } from "./format.js";
import { type Report, details } from "./comment-report.js";

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
export function setupSection(report: Report): string {
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

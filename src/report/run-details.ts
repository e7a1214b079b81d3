/** The folded "Run" block: the machine's fingerprint, the variants' commits and build flags, the run's notes. Pure. */
import { markdownTable } from "markdown-table";
import type { Comparison } from "../compare/types.js";
import type { Variant } from "../results/schema.js";
import { escapeMarkdown, inlineCode } from "./escape.js";
import { cpuPlacementText } from "../results/run-labels.js";
import { NONE, formatAmount, formatDuration } from "./format.js";
import { type Report, details } from "./comment-report.js";
import { maxRounds } from "./compared-line.js";

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

export function runSection(report: Report): string {
  const body = [fingerprintTable(report), variantsTable(report), notesList(report)].filter((s) => s !== "").join("\n\n");
  return details("Run: fingerprint, commits, build flags, rounds, notes", body);
}

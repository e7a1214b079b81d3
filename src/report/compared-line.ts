/** The line under the headline: what was compared with what (commits, compilers and flags where they differ), how, and the command that measures it again. Pure. */
import type { Comparison } from "../compare/types.js";
import type { Variant } from "../results/schema.js";
import { reproduceCommand } from "./reproduce.js";
import { escapeMarkdown, inlineCode } from "./escape.js";
import { plural, shortSha } from "./format.js";
import type { Report } from "./comment-report.js";

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

export function maxRounds(comparison: Comparison): number {
  return Math.max(0, ...comparison.steps.flatMap((s) => s.absolute.map((a) => a.ok_samples + a.error_samples)));
}

/** What was compared with what, how, and where the run and its results are. */
export function comparedLine(report: Report): string {
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
export function reproduceLine(report: Report): string {
  const commands = [...new Set(report.comparisons.map(reproduceCommand).filter((c) => c !== null))];
  return commands.length > 0 ? `Reproduce: ${commands.map((c) => inlineCode(c)).join(" · ")}` : "";
}

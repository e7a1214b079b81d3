/**
 * "Where the cost went": for each step whose CPU verdict is a regression or an improvement, the few
 * functions whose own cost per op changed most (src/compare/functions.ts), with their file, the
 * change per op and in %, a link to head's line with the largest change where the repository is on
 * GitHub, and the caller they are called from (callgrind's call graph); then the calls head added or
 * dropped. Names and paths come from files the pull request's code could have written: escaped,
 * shown as code, and linked only to a file of the repository's tree at the head commit. Pure.
 */
import type { CallChange, FunctionChange, StepFunctionComparison } from "../compare/functions.js";
import type { FunctionId } from "../measure/valgrind-functions.js";
import { escapeMarkdown, inlineCode } from "./escape.js";
import { formatAmount } from "./format.js";

/** Where links go: a GitHub repository ("owner/name") at the head commit; null for a CLI run. */
export interface SourceLinks {
  repo: string;
  sha: string;
}

/** One step and column's comparison, or why there is none (an out file that could not be read). */
export interface WhereCostItem {
  step: string;
  /** the column's name when there are several */
  column: string | null;
  verdict: "regression" | "improvement";
  comparison: StepFunctionComparison | { error: string };
}

/** Calls shown per step at most. */
const LISTED_CALLS = 3;
/** Characters of a name shown at most, after trimming. */
const MAX_SHOWN_NAME = 120;

const REPO = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;
const SHA = /^[0-9a-f]{7,64}$/;

/**
 * A C++ name as valgrind demangled it, shorter: std::string for its spelled-out type, no default
 * std::allocator argument, template
 * arguments beyond the first level as `…`, and a first level or parameter list longer than reads
 * easily as `<…>` / `(…)`; GCC's clone suffixes (`.constprop.0`, `.isra.0`, `.part.0`, `.cold`) dropped.
 */
export function trimTemplates(name: string): string {
  const spelled = name
    .replace(/std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >/g, "std::string")
    .replace(/std::(?:__cxx11|__1)::/g, "std::")
    .replace(/, std::allocator<[^<>]*(?:<[^<>]*>[^<>]*)*> >/g, " >")
    .replace(/<([^<>]*) >/g, "<$1>")
    // GCC's clones of a function (constant-propagated, split, its cold part) are the function: a C
    // name's suffix, a C++ name's " [clone .part.0]" as the demangler prints it
    .replace(/(?:\.(?:constprop|isra|part|lto_priv)\.\d+|\.cold)+(?=\(|$)/g, "")
    .replace(/(?: \[clone \.[a-z_]+(?:\.\d+)?\])+$/, "");
  let out = "";
  let depth = 0;
  /** where the current first-level argument list started in `out` */
  let openedAt = -1;
  for (let i = 0; i < spelled.length; i++) {
    const op = /^operator(?:<<=?|>>=?|<=>|<=|>=|->\*?|<|>|\(\)|\[\])/.exec(spelled.slice(i, i + 12));
    if (op && depth === 0) {
      out += op[0];
      i += op[0].length - 1;
      continue;
    }
    const c = spelled[i]!;
    if (c === "<") {
      depth++;
      if (depth === 1) {
        openedAt = out.length;
        out += c;
      } else if (depth === 2) out += "<…";
      continue;
    }
    if (c === ">" && depth > 0) {
      depth--;
      if (depth === 0) {
        out += ">";
        if (out.length - openedAt > 40) out = `${out.slice(0, openedAt)}<…>`;
      } else if (depth === 1) out += ">";
      continue;
    }
    if (depth < 2) out += c;
  }
  // a long parameter list of the outermost function: (…)
  const params = /\(([^()]*(?:\([^()]*\)[^()]*)*)\)( const)?$/.exec(out);
  if (params && params[1]!.length > 60) out = `${out.slice(0, params.index)}(…)${params[2] ?? ""}`;
  return out.length > MAX_SHOWN_NAME ? `${out.slice(0, MAX_SHOWN_NAME - 1)}…` : out;
}

const signed = (value: number): string => `${value >= 0 ? "+" : "−"}${formatAmount(Math.abs(value))}`;
const percent = (value: number): string => `${value >= 0 ? "+" : "−"}${Math.abs(value * 100).toFixed(value !== 0 && Math.abs(value) < 0.1 ? 1 : 0)}%`;

/** `execMain.c:321`, linked to the line at the head commit when the file is the tree's and the repository GitHub's. */
function place(file: string, line: number | null, inTree: ReadonlySet<string>, links: SourceLinks | null, inTable: boolean): string {
  const known = file !== "???" && file !== "";
  if (!known) return "";
  const base = file.split("/").pop() ?? file;
  const label = inlineCode(line ? `${base}:${line}` : base, inTable);
  if (!links || !inTree.has(file) || !REPO.test(links.repo) || !SHA.test(links.sha)) return label;
  const target = `https://github.com/${links.repo}/blob/${links.sha}/${file.split("/").map(encodeURIComponent).join("/")}${line ? `#L${line}` : ""}`;
  return `[${label}](${target})`;
}

const fnName = (id: FunctionId, inTable: boolean): string => inlineCode(trimTemplates(id.name), inTable);

function functionRow(f: FunctionChange, judged: string, inTree: ReadonlySet<string>, links: SourceLinks | null): string {
  const where = f.line ? place(f.line.file, f.line.line, inTree, links, true) : place(f.file, null, inTree, links, true) || inlineCode(f.object || "?", true);
  const status = f.status === "new" ? " (new)" : f.status === "gone" ? " (gone)" : "";
  const caller = f.caller ? `${fnName(f.caller, true)}${place(f.caller.file, f.caller.line, inTree, links, true) ? ` ${place(f.caller.file, f.caller.line, inTree, links, true)}` : ""}` : "";
  const instructions = judged === "instructions" ? "" : ` (instr ${signed(f.headInstructions - f.baseInstructions)})`;
  return `| ${fnName(f, true)}${status} | ${where} | ${signed(f.change)}${instructions} | ${f.relative === null ? "new" : percent(f.relative)} | ${caller} |`;
}

function callLine(call: CallChange, stepChange: number, inTree: ReadonlySet<string>, links: SourceLinks | null, unit: string): string {
  const at = place(call.caller.file, call.caller.line, inTree, links, false);
  const verb = call.change >= 0 ? "calls" : "no longer calls";
  return `  - ${fnName(call.caller, false)}${at ? ` (${at})` : ""} ${verb} ${fnName(call.callee, false)}: ${signed(call.change)} ${unit} with what it calls, ${Math.round((call.change / stepChange) * 100)}% of the change`;
}

/** One step's part: the headline with the share explained, the table, the calls. */
function stepPart(item: WhereCostItem, links: SourceLinks | null): string {
  const where = `${inlineCode(item.step)}${item.column ? ` · ${escapeMarkdown(item.column)}` : ""}`;
  const c = item.comparison;
  if ("error" in c) return `${where}: per-function costs not available: ${escapeMarkdown(c.error)}`;
  const unit = c.judged === "estimated_cycles" ? "est. cycles/op" : "instr/op";
  const head = `${where} ${item.verdict}: ${signed(c.change)} ${unit} (${formatAmount(c.base)} → ${formatAmount(c.head)})`;
  if (c.listed.length === 0) return `${head}: spread thinly over ${c.functions.length} functions, none of them changed by more than ${formatAmount(c.threshold)} ${unit}.`;
  const inTree = new Set(c.inTree ?? []);
  const explained = `${c.listed.length === 1 ? "this function explains" : `these ${c.listed.length} functions explain`} ${Math.round(c.explained * 100)}% of it`;
  const thin = c.spreadThinly ? `; the rest is spread thinly over ${c.beyondListed > 0 ? `${c.beyondListed} more functions past the noise and ` : ""}many small changes` : "";
  const rows = c.listed.map((f) => functionRow(f, c.judged, inTree, links));
  const calls = c.calls.filter((call) => Math.sign(call.change) === Math.sign(c.change)).slice(0, LISTED_CALLS);
  const callsPart = calls.length > 0 ? `\n\n${c.change >= 0 ? "Calls head added" : "Calls head dropped"}, by their inclusive cost:\n${calls.map((call) => callLine(call, c.change, inTree, links, unit)).join("\n")}` : "";
  return (
    `${head}; ${explained} (own cost${c.judged === "estimated_cycles" ? ", instructions beside" : ""})${thin}.\n\n` +
    `| function | line with the largest change | ${unit} | % | called most from |\n|---|---|---:|---:|---|\n${rows.join("\n")}${callsPart}`
  );
}

/**
 * The section, or "" when no item has anything. `maxSteps`: steps shown at most (largest change first,
 * errors last); the others are named as left out, with the command that shows them.
 */
export function whereCostSection(items: readonly WhereCostItem[], links: SourceLinks | null, maxSteps: number): string {
  if (items.length === 0 || maxSteps <= 0) return "";
  const size = (item: WhereCostItem) => ("error" in item.comparison ? -1 : Math.abs(item.comparison.change / (item.comparison.base || 1)));
  const sorted = [...items].sort((a, b) => size(b) - size(a));
  const shown = sorted.slice(0, maxSteps);
  const left = sorted.length - shown.length;
  const more = left > 0 ? `\n\n${left} more step${left === 1 ? "" : "s"} left out for the comment's size: \`db-bench-gate functions RESULTS --step STEP\` shows them.` : "";
  return `**Where the cost went** (per operation, by function; counted under valgrind, start-up and load differenced out)\n\n${shown.map((item) => stepPart(item, links)).join("\n\n")}${more}`;
}

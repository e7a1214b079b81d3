/**
 * The whole per-function comparison of a step as TSV (`db-bench-gate functions`, and the file the run
 * keeps beside its results): one row per function either side has, largest change first; with
 * `lines`, one row per source line instead. Costs per operation. Pure.
 */
import { judgedCost, type StepFunctionComparison, type StepProfile } from "../compare/functions.js";
import { lineOf, type FunctionCost } from "../measure/valgrind-functions.js";
import { stripControl } from "./escape.js";

const field = (value: string | number | null): string => (value === null ? "" : typeof value === "number" ? String(Number(value.toFixed(3))) : stripControl(value).replace(/[\t\n]+/g, " "));
const row = (values: readonly (string | number | null)[]): string => values.map(field).join("\t");

export function functionsTsv(comparison: StepFunctionComparison): string {
  const unit = comparison.judged === "estimated_cycles" ? "est_cycles" : "instr";
  const header = ["function", "object", "file", "status", `base_${unit}_per_op`, `head_${unit}_per_op`, `change_${unit}_per_op`, "relative", "base_instr_per_op", "head_instr_per_op", "largest_change_line", "caller", "caller_line", "listed"];
  const listed = new Set(comparison.listed);
  const rows = comparison.functions.map((f) =>
    row([f.name, f.object, f.file, f.status, f.base, f.head, f.change, f.relative, f.baseInstructions, f.headInstructions, f.line ? `${f.line.file}:${f.line.line}` : null, f.caller?.name ?? null, f.caller ? `${f.caller.file}:${f.caller.line}` : null, listed.has(f) ? "yes" : ""]),
  );
  return `${row(header)}\n${rows.map((r) => `${r}\n`).join("")}`;
}

/** Per source line: both sides' own cost per op at each line number (lines of head and base alike). */
export function linesTsv(base: StepProfile, head: StepProfile): string {
  const cacheSim = base.cacheSim && head.cacheSim;
  const byLine = new Map<string, { fn: FunctionCost; key: string; base: number; head: number }>();
  const add = (side: StepProfile, which: "base" | "head") => {
    for (const [fnKey, fn] of Object.entries(side.profile.functions)) {
      for (const [key, cost] of Object.entries(fn.lines)) {
        const id = `${fnKey}\u0003${key}`;
        const entry = byLine.get(id) ?? { fn, key, base: 0, head: 0 };
        entry[which] += judgedCost(cost, cacheSim) / side.ops;
        byLine.set(id, entry);
      }
    }
  };
  add(base, "base");
  add(head, "head");
  const unit = cacheSim ? "est_cycles" : "instr";
  const sorted = [...byLine.values()].filter((l) => l.base !== 0 || l.head !== 0).sort((a, b) => Math.abs(b.head - b.base) - Math.abs(a.head - a.base));
  const header = row(["function", "file", "line", `base_${unit}_per_op`, `head_${unit}_per_op`, `change_${unit}_per_op`]);
  return `${header}\n${sorted.map((l) => `${row([l.fn.name, lineOf(l.key).file, lineOf(l.key).line, l.base, l.head, l.head - l.base])}\n`).join("")}`;
}

import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compareRun } from "../../src/compare/compare.js";
import { parseResults } from "../../src/results/io.js";
import type { InstructionSample, Results } from "../../src/results/schema.js";
import type { Comparison } from "../../src/compare/types.js";
import { compareAgainstBaseline } from "../../src/compare/compare.js";
import { COMMENT_LIMIT, commentMarker, measuringBody, renderMarkdown } from "../../src/report/markdown.js";
import { syntheticResults } from "../../scripts/lib/synthetic-results.js";
import {
  aarch64Comparison,
  UNCOUNTED_REASON,
  countedComparison,
  cyclesComparison,
  flagsComparison,
  hugeComparison,
  INSERT_CRASH_LOG,
  unpairedComparison,
  x86Comparison,
} from "../fixtures/comparisons.js";

/** Cells of a GFM table line: split on pipes that are not escaped. */
function cells(line: string): string[] {
  return line
    .split(/(?<!\\)\|/)
    .slice(1, -1)
    .map((c) => c.trim());
}

/** The n-th table whose header starts with "step": 0 is the main table (the steps that need attention), 1 the unchanged steps folded below it. */
function stepsTable(md: string, n = 0): { header: string[]; rows: string[][]; lines: string[] } {
  const lines = md.split("\n");
  const starts = lines.flatMap((l, i) => (/^\| step\s*\|/.test(l) ? [i] : []));
  const start = starts[n] ?? -1;
  if (start < 0) return { header: [], rows: [], lines: [] };
  const end = lines.findIndex((l, i) => i > start && !l.startsWith("|"));
  const tableLines = lines.slice(start, end);
  return { header: cells(tableLines[0] ?? ""), rows: tableLines.slice(2).map(cells), lines: tableLines };
}

const mainTable = (md: string) => stepsTable(md, 0);

/** The rows of the main table and of the unchanged steps folded below it, in that order. */
function allRows(md: string): string[][] {
  const unchanged = md.includes("unchanged step") ? stepsTable(md, 1).rows : [];
  return [...mainTable(md).rows, ...unchanged];
}

/** Display width is not the point here: the headline's characters and the main table's columns are. */
function headline(md: string): string {
  return md.split("\n").find((l) => l.startsWith("## ")) ?? "";
}

const verdictOf = (row: string[]) => /(regression|error|warning|unstable|missing|improvement|unchanged)/.exec(row.at(-1) ?? "")?.[1];

describe("renderMarkdown: one PR run", () => {
  const md = renderMarkdown([x86Comparison()]);

  it("matches the snapshot", async () => {
    await expect(md).toMatchFileSnapshot("./__snapshots__/report-pr-x86_64.md");
  });

  it("starts with the hidden sticky-comment marker naming the profile", () => {
    expect(md.startsWith(`${commentMarker("pg-quick")}\n`)).toBe(true);
    expect(commentMarker("pg-quick")).toBe("<!-- db-bench-gate:profile=pg-quick -->");
    expect(commentMarker("evil --> <b>")).not.toMatch(/-->.*-->|<b>/);
  });

  it("headlines the failing counts and the step that moved most with its number, then says what ran where with every count", () => {
    const lines = md.split("\n");
    expect(lines[2]).toBe("## ❌ 1 regression, 1 error · worst `update-index.range100.pk1` QPS 0.93 (−7%)");
    expect(lines[4]).toBe("db-bench-gate · pg-quick · x86_64 · **1 regression** · **1 error** · 1 warning · 1 unstable · 1 improvement · 3 unchanged (8 steps)");
  });

  it("lists the steps that need attention, worst first, and folds the unchanged ones below", () => {
    const { header, rows } = mainTable(md);
    expect(header).toEqual(["step", "QPS ratio head/base", "verdict"]);
    expect(rows.map(verdictOf)).toEqual(["regression", "error", "warning", "unstable", "improvement"]);
    expect(rows[0]).toEqual(["`update-index.range100.pk1`", "0.93 (0.91–0.95)", "❌ regression"]);
    expect(rows[1]).toEqual(["`insert.range100.pk1`", "—", "💥 error"]);
    expect(md).toContain("<details><summary>3 unchanged steps</summary>");
    expect(stepsTable(md, 1).rows.map(verdictOf)).toEqual(["unchanged", "unchanged", "unchanged"]);
  });

  it("gives the command that measures this comparison again", () => {
    expect(md).toContain(
      "Reproduce: `db-bench-gate run --repo . --base 3f1c2d9a8b7e6f5041322a1b0c9d8e7f6a5b4c3d --head 9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a291807 --profile pg-quick --cflags '-O2 -g'`",
    );
  });

  it("prints the thresholds in force and the per-step override", () => {
    expect(md).toContain("Thresholds: **regression** below 0.97 (significant at α = 0.01) · warning below 0.98 · improvement above 1.05 · intervals are 99%");
    expect(md).toContain("Per step: `pgbench.*.simple.*`: regression below 0.90, warning below 0.95");
  });

  it("puts the reason and the cpu/op hint right under the regressed step", () => {
    const lines = md.split("\n");
    const item = lines.findIndex((l) => l.startsWith("- ❌ `update-index.range100.pk1` — regression: 0.93 < 0.95"));
    expect(item).toBeGreaterThan(0);
    expect(lines[item + 1]).toBe("  - CPU per op up 8% (1.08), about the size of the QPS drop: the change costs CPU on this path");
  });

  it("shows the error with its rounds and its log excerpt in a collapsible fenced block", () => {
    expect(md).toContain("💥 `insert.range100.pk1` · `head`, rounds 0–9: sysbench exited with code 1: server closed the connection unexpectedly");
    // the single backtick in the log (`thread_run') needs no longer fence; runs of 3+ do (see the hostile test)
    expect(md).toContain("<details><summary>Log excerpt: insert.range100.pk1 · head · round 0</summary>\n\n```text\n" + INSERT_CRASH_LOG + "\n```\n\n</details>");
    expect(md.match(/Log excerpt/g)).toHaveLength(1);
  });

  it("flags the client CPU share of the step where the client may be the bottleneck", () => {
    expect(md).toContain("host CPU in `pgbench.select-only.prepared.c4`: the client may be the bottleneck");
    const metricRow = md.split("\n").find((l) => l.startsWith("| `pgbench.select-only.prepared.c4` | `base`"));
    expect(cells(metricRow ?? "").at(-1)).toBe("⚠️ 34%");
  });

  it("charts relative QPS per step with a 1.0 line, leaving out the step without numbers", () => {
    const chart = /```mermaid\n([\s\S]*?)\n```/.exec(md)?.[1] ?? "";
    expect(chart).toContain("xychart-beta horizontal");
    expect(chart).toContain("bar [1.00, 1.07, 1.03, 0.97, 1.00, 1.01, 0.93]");
    expect(chart).toContain("line [1.00, 1.00, 1.00, 1.00, 1.00, 1.00, 1.00]");
    expect(chart).not.toContain("insert.range100.pk1");
  });

  it("has the absolute metrics, fingerprint, commits, flags, rounds and durations in collapsible blocks", () => {
    expect(md).toContain("<details><summary>Metrics per operation</summary>");
    const absoluteRow = md.split("\n").find((l) => /^\| `update-index\.range100\.pk1` +\| `base`/.test(l));
    expect(cells(absoluteRow ?? "")).toEqual(["`update-index.range100.pk1`", "`base`", "10", "10m 00s", "3,875", "612", "27.2", "0.832", "3.33", "41.6", "0.390", "5%"]);
    expect(md).toMatch(/\| +`head` +\| 0 \+ 10 failed \|/);
    expect(md).toContain("AMD EPYC 7763 64-Core Processor");
    expect(md).toContain("`9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a291807`");
    expect(md).toContain("`CFLAGS=-O2 -g`");
    expect(md).toMatch(/\| duration +\| 46m 28s +\|/);
  });

  it("is not cut when it fits", () => {
    expect(md).not.toContain("✂️");
    expect(md.length).toBeLessThan(COMMENT_LIMIT);
  });

  it("takes a title", () => {
    expect(renderMarkdown([x86Comparison()], { title: "Performance (pg-quick)" }).split("\n")[4]).toMatch(/^Performance \(pg-quick\) · \*\*1 regression\*\*/);
  });

  it("refuses an empty list", () => {
    expect(() => renderMarkdown([])).toThrow(/no comparison/);
  });
});

describe("renderMarkdown: instructions per operation counted", () => {
  const md = renderMarkdown([countedComparison()]);
  it("matches the snapshot", async () => {
    await expect(md).toMatchFileSnapshot("./__snapshots__/report-pr-instructions.md");
  });

  it("puts the instr/op ratio with the range of its repeats next to the QPS ratio, and names the channel of each verdict", () => {
    const { header } = mainTable(md);
    const rows = allRows(md);
    const row = (step: string) => rows.find((r) => r[0] === `\`${step}\``) ?? [];
    expect(header).toEqual(["step", "QPS ratio head/base", "instr/op ratio head/base", "verdict"]);
    expect(rows.map((r) => r[0])).toEqual([
      "`pgbench.select-only.prepared.c1`",
      "`point-query.range100.pk1`",
      "`insert.range100.pk1`",
      "`pgbench.select-only.prepared.c4`",
      "`scan.range100.pk1`",
      "`read-only.range100.pk1`",
      "`update-index.range100.pk1`",
    ]);
    expect(row("pgbench.select-only.prepared.c1").slice(1)).toEqual(["0.99 (0.98–1.00)", "❌ 1.205 (repeats 1.204–1.205)", "❌ regression (instr/op)"]);
    expect(row("point-query.range100.pk1").at(-1)).toBe("❌ regression (QPS, instr/op)");
    expect(row("insert.range100.pk1")[2]).toBe("💥 error");
    expect(row("update-index.range100.pk1").slice(2)).toEqual(["n/a", "➖ unchanged"]);
    expect(md).not.toContain("±");
  });

  it("fails, counts the channel's own verdicts and headlines the step that moved most, in whichever channel", () => {
    const lines = md.split("\n");
    expect(lines[2]).toBe("## ❌ 2 regressions, 1 error · worst `pgbench.select-only.prepared.c1` instr/op 1.205 (+20%)");
    expect(lines[6]).toBe("Instructions per operation: **2 regressions** · **1 error** · 1 warning · 1 n/a · 1 improvement · 1 unchanged");
    expect(md).toContain("instr/op: **regression** above 1.02, warning above 1.005, improvement below 0.99, when the variant's median is outside the base's repeats");
  });

  it("explains each flagged count with the absolute instructions per op of both sides", () => {
    expect(md).toContain(
      "- ❌ `pgbench.select-only.prepared.c1` — instr/op regression: relative instr/op 1.205 (head's median over base's repeats 1.204–1.205) is above 1.02; " +
        "head's median is outside base's repeats (base 39.6k, head 47.7k instructions per op)",
    );
  });

  it("shows a failed count with its log, and n/a with its reason, never as a failure", () => {
    expect(md).toContain("💥 `insert.range100.pk1` · `head`, instruction count, repeat 1: valgrind: the server exited with code 1 during the 2N run");
    expect(md).toContain("<summary>Log excerpt: insert.range100.pk1 · head · instruction count, repeat 1</summary>");
    const naRow = md.split("\n").find((l) => l.includes(UNCOUNTED_REASON));
    expect(cells(naRow ?? "")).toEqual(["", "`head`", "n/a", "", "", "n/a", UNCOUNTED_REASON]);
  });

  it("lists the absolute counts, repeats, spread, what was counted and by which tool", () => {
    const lines = md.split("\n");
    const base = lines.findIndex((l) => /^\| `pgbench\.select-only\.prepared\.c1` +\| `base` +\| +39\.6k/.test(l));
    expect(cells(lines[base] ?? "")).toEqual(["`pgbench.select-only.prepared.c1`", "`base`", "39.6k", "3", "0.02%", "", "serving backends (cachegrind)"]);
    expect(cells(lines[base + 1] ?? "")).toEqual(["", "`head`", "47.7k", "3", "0.01%", "❌ 1.205 (repeats 1.204–1.205)", "serving backends (cachegrind)"]);
  });

  it("where a step's spread lifted its failing line, its instr/op cell, its reason and the thresholds section say where the line was", () => {
    const step = "update-index.range100.pk1";
    const perOp = (variant: string, values: number[]): InstructionSample[] =>
      values.map((v, repeat) => ({ step, variant, repeat, status: "ok", tool: "callgrind", ops: 1000, instructions: v * 1000, instructions_per_op: v, counted: "serving backends" }));
    const results = syntheticResults({ steps: [step], noise: 0.01, instructions: {} });
    const judged = (head: number[]) =>
      renderMarkdown([compareRun({ ...results, steps: [{ ...results.steps[0]!, instructions_aa_spread: 0.02 }], instructions: [...perOp("base", [100, 100.5, 101]), ...perOp("head", head)] })]);
    const aa = judged([102.5, 103, 103.5]);
    expect(allRows(aa)[0]?.[2]).toBe("1.025 (repeats 1.015–1.035; fails above 1.04)");
    expect(aa).toContain(`- \`${step}\`: instr/op fails above 1.04, improves below 0.96: A/A spread 2.0% × 2`);
    const regressed = judged([106, 106.5, 107]);
    expect(mainTable(regressed).rows[0]?.[2]).toBe("❌ 1.060 (repeats 1.050–1.070; fails above 1.04)");
    expect(regressed).toContain("is above 1.04; head's median is outside base's repeats; fails above 1.04, improves below 0.96: A/A spread 2.0% × 2 (base 101, head 107 instructions per op)");
    for (const line of mainTable(regressed).lines) expect(cells(line).length).toBeLessThanOrEqual(6);
  });

  it("has no instr/op column, line or table when the run counted nothing", () => {
    const plain = renderMarkdown([x86Comparison()]);
    expect(plain).not.toMatch(/instr\/op|Instructions per operation/);
  });

  it("adds an instr/op column next to each architecture that counted", () => {
    const counted = { ...countedComparison(), label: "x86_64" };
    const other = { ...countedComparison(), label: "aarch64", instruction_counts: null, steps: countedComparison().steps.map((s) => ({ ...s, variants: s.variants.map((v) => ({ ...v, instructions: null })) })) };
    const { header, rows } = mainTable(renderMarkdown([counted, other]));
    expect(header).toEqual(["step", "x86_64 QPS ratio", "x86_64 instr/op ratio", "aarch64 QPS ratio", "verdict"]);
    expect(rows[0]?.slice(0, 3)).toEqual(["`pgbench.select-only.prepared.c1`", "0.99 (0.98–1.00)", "❌ 1.205 (repeats 1.204–1.205)"]);
    expect(rows[0]?.at(-1)).toBe("❌ regression (x86_64)");
  });

  it("never cuts an instruction regression as an unchanged row", () => {
    const full = renderMarkdown([countedComparison()]);
    const short = renderMarkdown([countedComparison()], { maxLength: Math.floor(full.length / 3) });
    expect(short).toContain("left out");
    expect(short).toContain("❌ 1.205 (repeats 1.204–1.205)");
  });
});

describe("renderMarkdown: several architectures", () => {
  const md = renderMarkdown([x86Comparison("x86_64"), aarch64Comparison()]);

  it("matches the snapshot", async () => {
    await expect(md).toMatchFileSnapshot("./__snapshots__/report-pr-x86_64-aarch64.md");
  });

  it("has one relative-QPS column per architecture and the worst verdict with where it happened", () => {
    const { header, rows, lines } = mainTable(md);
    expect(header).toEqual(["step", "x86_64 QPS ratio", "aarch64 QPS ratio", "verdict"]);
    for (const line of lines) expect(cells(line)).toHaveLength(4);
    expect(rows[0]).toEqual(["`update-index.range100.pk1`", "❌ 0.93 (0.91–0.95)", "❌ 0.94 (0.92–0.96)", "❌ regression (x86_64, aarch64)"]);
    expect(rows[1]).toEqual(["`insert.range100.pk1`", "💥 error", "0.99 (0.97–1.01)", "💥 error (x86_64)"]);
  });

  it("describes both runs and says the time budget cut the aarch64 run short", () => {
    expect(md).toContain("- **aarch64**: PostgreSQL 18devel");
    expect(md).toContain("paired: up to 7 interleaved rounds");
    expect(md).toContain("- **aarch64**: The time budget stopped adding rounds");
    expect(md).toContain("- **aarch64**: time budget of 40 min reached after round 7 of 10");
    expect(md).toContain("<details><summary>Metrics per operation · aarch64</summary>");
  });
});

describe("renderMarkdown: compilers", () => {
  it("names each variant's compiler and flags in the variants line when they differ, and its CC in the variants table", () => {
    const flags = flagsComparison();
    const compilers = { O2: { name: "gcc", version: "12.2.0" }, native: { name: "clang", version: "14.0.6" }, "native-lto": { name: "gcc", version: "12.2.0" } };
    const variants = flags.context.variants.map((v) => ({ ...v, compiler: compilers[v.id as keyof typeof compilers], flags: { ...v.flags, ...(v.id === "native" && { cc: "clang" }) } }));
    const md = renderMarkdown([{ ...flags, context: { ...flags.context, variants } }]);
    expect(md).toContain(
      "`native` 3f1c2d9a8b7e (`clang 14.0.6, -O2 -g -march=native -mtune=native`), `native-lto` 3f1c2d9a8b7e (`gcc 12.2.0, -O2 -g -march=native -mtune=native -flto=auto, LDFLAGS -flto=auto`) vs `O2` 3f1c2d9a8b7e (`gcc 12.2.0, -O2 -g`)",
    );
    expect(md).toContain("`CC=clang CFLAGS=-O2 -g -march=native -mtune=native`");
  });

  it("leaves the variants line short when every side was built alike (a PR's base and head)", () => {
    expect(renderMarkdown([x86Comparison()])).toMatch(/`head` [0-9a-f]{12} vs `base` [0-9a-f]{12} ·/);
  });

  it("leaves it short against a stored baseline from before variants recorded their compiler", () => {
    const unpaired = unpairedComparison();
    const variants = unpaired.context.variants.map((v) => ({ ...v, compiler: { name: "gcc", version: "12.2.0" } }));
    expect(renderMarkdown([{ ...unpaired, context: { ...unpaired.context, variants } }])).toMatch(/`head` [0-9a-f]{12} vs `baseline:base` [0-9a-f]{12} ·/);
  });
});

describe("renderMarkdown: compiler flag sets", () => {
  const md = renderMarkdown([flagsComparison()]);

  it("matches the snapshot", async () => {
    await expect(md).toMatchFileSnapshot("./__snapshots__/report-flags.md");
  });

  it("passes, with one column per variant relative to O2 and the missing step before the improvements", () => {
    expect(md.split("\n")[0]).toBe(commentMarker("pg-weekly-flags"));
    expect(headline(md)).toBe("## ✅ No regression on 7 of 8 steps · QPS inconclusive on 1 of 8 steps · 3 improvements");
    const { header } = mainTable(md);
    const rows = allRows(md);
    expect(header).toEqual(["step", "native QPS ratio", "native-lto QPS ratio", "verdict"]);
    expect(rows.map(verdictOf)).toEqual(["missing", "improvement", "improvement", "improvement", "unchanged", "unchanged", "unchanged", "unchanged"]);
    expect(rows[0]).toEqual(["`insert.range100.pk1`", "1.02 (1.00–1.04)", "❔ missing", "❔ missing (native-lto)"]);
    expect(md).toContain("QPS ratio: each column's variant / its base (`O2`)");
    expect(md).toContain("--variant 'native-lto=3f1c2d9a8b7e6f5041322a1b0c9d8e7f6a5b4c3d:CFLAGS=-O2 -g -march=native -mtune=native -flto=auto CXXFLAGS= LDFLAGS=-flto=auto' --profile pg-weekly-flags`");
    expect(md).toContain("`CFLAGS=-O2 -g -march=native -mtune=native -flto=auto LDFLAGS=-flto=auto`");
  });
});

describe("renderMarkdown: unpaired comparison against a stored baseline", () => {
  const md = renderMarkdown([unpairedComparison()]);

  it("says the base numbers come from another run", () => {
    expect(md).toContain("**unpaired** (up to 10 rounds): the base numbers come from the stored baseline run `gh-12870004321-1-x86_64`, not from this run");
    expect(md).toMatch(/\| mode +\| unpaired, baseline run gh-12870004321-1-x86_64 +\|/);
    expect(md).toContain("| `base` (base, baseline run gh-12870004321-1-x86_64) |");
  });
});

describe("renderMarkdown: hostile step names and logs", () => {
  const hostile: Comparison = x86Comparison();
  const log = "make: *** [all] Error 2\n```\n</details>\n<!-- db-bench-gate:profile=other -->\n````\n# heading?";
  hostile.steps = hostile.steps.map((s) =>
    s.step === "insert.range100.pk1"
      ? { ...s, step: "insert|weird `step` *name*", variants: s.variants.map((v) => ({ ...v, errors: v.errors.map((e) => ({ ...e, log_excerpt: log })) })) }
      : s,
  );
  const md = renderMarkdown([hostile]);

  it("keeps every table row to the header's cell count", () => {
    const { lines, rows } = mainTable(md);
    for (const line of lines) expect(cells(line)).toHaveLength(3);
    expect(rows[1]?.[0]).toBe("``insert\\|weird `step` *name*``");
  });

  it("keeps a log with fences and HTML inside its own code block", () => {
    expect(md).toContain("<summary>Log excerpt: insert|weird `step` *name* · head · round 0</summary>\n\n`````text\n" + log + "\n`````\n\n</details>");
  });
});

describe("renderMarkdown: size limit", () => {
  it("cuts the chart first when that is enough, and says so", () => {
    const full = renderMarkdown([x86Comparison()]);
    const md = renderMarkdown([x86Comparison()], { maxLength: full.length - 1 });
    expect(md.length).toBeLessThanOrEqual(full.length - 1);
    expect(md).not.toContain("```mermaid");
    expect(md).toContain("<details><summary>Metrics per operation</summary>");
    expect(md).toContain("✂️ **Shortened to stay under");
    expect(md).toContain("left out the chart. ");
  });

  it("keeps hundreds of steps with long logs under 65,536 characters by cutting the details", () => {
    const huge = hugeComparison(400, 300, 25);
    const md = renderMarkdown([huge]);
    expect(md.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(md).toContain("left out the chart, the metrics tables and the error logs.");
    expect(md).not.toContain("Log excerpt");
    expect(allRows(md)).toHaveLength(400);
    const { rows } = mainTable(md);
    expect(rows.slice(0, 16).every((r) => verdictOf(r) === "regression")).toBe(true);
  });

  it("then cuts the unchanged rows, still counting them in the headline", () => {
    const huge = hugeComparison(400, 300, 25);
    const md = renderMarkdown([huge], { maxLength: 20_000 });
    expect(md.length).toBeLessThanOrEqual(20_000);
    expect(md).toContain("**16 regressions** · **16 errors** · 368 unchanged (400 steps)");
    expect(md).toContain("the run details and 368 unchanged steps (counted above).");
    expect(mainTable(md).rows.map(verdictOf)).toEqual([...Array(16).fill("regression"), ...Array(16).fill("error")]);
  });

  it("then keeps as many of the worst rows as fit and says how many it left out", () => {
    const md = renderMarkdown([hugeComparison(600, 300, 1)]);
    expect(md.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    const shown = mainTable(md).rows.length;
    expect(shown).toBeGreaterThan(100);
    expect(md).toContain(`the last ${600 - shown} steps of the table (${600 - shown} regressions).`);
    // the limit is used, not wasted: one more row would not fit
    expect(md.length).toBeGreaterThan(COMMENT_LIMIT - 300);
  });

  it("holds even for a limit smaller than the headline", () => {
    expect(renderMarkdown([x86Comparison()], { maxLength: 300 }).length).toBeLessThanOrEqual(300);
    expect(renderMarkdown([x86Comparison()], { maxLength: 10 }).length).toBeLessThanOrEqual(10);
  });
});

describe("renderMarkdown: links, the stored baseline column, acceptance and cc", () => {
  const run = "https://github.com/pgfork/postgres/actions/runs/42";
  it("links the run and its results artifact under the headline", () => {
    const md = renderMarkdown([x86Comparison()], { links: { run, artifact: `${run}/artifacts/7` } });
    expect(md.split("\n")[6]).toBe(`\`head\` 9e8d7c6b5a4f vs \`base\` 3f1c2d9a8b7e · paired: up to 10 interleaved rounds · [workflow run](${run}) · [results artifact](${run}/artifacts/7)`);
  });

  it("shows the stored baseline as a column of the main table, not as a second report", () => {
    const head = syntheticResults({ steps: ["point", "scan"], variants: ["head"], effects: { head: { scan: 0.9 } }, noise: 0.002, seed: 4 });
    const stored = syntheticResults({ steps: ["point", "scan"], variants: ["main"], noise: 0.002, seed: 5 });
    const comparison = compareAgainstBaseline(head, stored, { label: "vs main (stored)" });
    const md = renderMarkdown([x86Comparison()], { storedBaseline: { comparison, branch: "main", from: `artifact of [run 41](${run.slice(0, -2)}41), measured 3 hours ago` } });
    const { header } = mainTable(md);
    expect(header).toEqual(["step", "QPS ratio head/base", "QPS ratio vs main (stored)", "verdict"]);
    expect(md.match(/^## /gm)).toHaveLength(1);
    expect(md).toContain("QPS ratio vs main (stored): `head` against the baseline stored by `main` (artifact of [run 41](https://github.com/pgfork/postgres/actions/runs/41), measured 3 hours ago), unpaired");
  });

  it("passes on accepted regressions, saying who accepted which steps; mentions cc only on a failing regression", () => {
    const accepted = renderMarkdown([x86Comparison()], { failOn: ["regression"], acceptance: { label: "accept-regression", by: "bob-maint" }, cc: ["@perf-team"] });
    // its error is not gated either (fail-on: regression), and a pass says so (issue 35)
    expect(accepted.split("\n")[2]).toBe("## ⚠️ 1 error, not gated (fail-on: regression) · first `insert.range100.pk1` · 1 regression accepted · QPS inconclusive on 2 of 8 steps");
    expect(renderMarkdown([x86Comparison()], { failOn: ["regression", "error"], acceptance: { label: "accept-regression", by: "bob-maint" } }).split("\n")[2]).toBe("## ❌ 1 error · first `insert.range100.pk1`");
    expect(accepted).toContain("✅ 1 regression (`update-index.range100.pk1`) accepted by @\u200dbob-maint, who set the label `accept-regression` after the last push");
    expect(accepted).not.toContain("cc @perf-team");
    expect(renderMarkdown([x86Comparison()], { cc: ["@perf-team", "@org/db"] })).toContain("\n\ncc @perf-team @org/db\n\n");
  });

  it("marks a previous comment as measuring the new head, above its numbers, once", () => {
    const previous = renderMarkdown([x86Comparison()]);
    const marked = measuringBody(previous, "pg-quick", "c0ffee1234567890abcdef1234567890abcdef12", run);
    expect(marked.split("\n").slice(0, 5)).toEqual([commentMarker("pg-quick"), "", `> ⏳ **measuring \`c0ffee123456\`** ([workflow run](${run})): the numbers below are from the previous run.`, "", previous.split("\n")[2]]);
    expect(measuringBody(marked, "pg-quick", "d".repeat(40), null).match(/measuring/g)).toHaveLength(1);
  });
});

describe("renderMarkdown: readable in five seconds", () => {
  const realRuns = readdirSync(new URL("../fixtures/results/", import.meta.url)).filter((f) => f.endsWith(".json"));
  const comments: [string, string][] = [
    ["one PR run", renderMarkdown([x86Comparison()])],
    ["instructions counted", renderMarkdown([countedComparison()])],
    ["two architectures", renderMarkdown([x86Comparison("x86_64"), aarch64Comparison()])],
    ["two architectures, instructions counted", renderMarkdown([{ ...countedComparison(), label: "x86_64" }, { ...countedComparison(), label: "aarch64" }])],
    ["flag sets", renderMarkdown([flagsComparison()])],
    ["unpaired", renderMarkdown([unpairedComparison()])],
    ["accepted", renderMarkdown([x86Comparison()], { acceptance: { label: "accept-regression", by: "bob" } })],
    ...realRuns.map((file): [string, string] => [file, renderMarkdown([compareRun(readResultsSync(file))])]),
  ];

  it.each(comments)("%s: a headline of at most 100 characters and a main table of at most 6 columns", (_, md) => {
    expect([...headline(md)].length).toBeGreaterThan(5);
    expect([...headline(md)].length).toBeLessThanOrEqual(100);
    const { lines } = mainTable(md);
    for (const line of lines) expect(cells(line).length).toBeLessThanOrEqual(6);
  });

  it("names a step id at most once above the tables", () => {
    const md = renderMarkdown([countedComparison()]);
    const top = md.slice(0, md.indexOf("| step"));
    expect(top.match(/`pgbench\.select-only\.prepared\.c1`/g)).toHaveLength(1);
  });
});

function readResultsSync(file: string): Results {
  return parseResults(JSON.parse(readFileSync(new URL(`../fixtures/results/${file}`, import.meta.url), "utf8")), file);
}

describe("renderMarkdown: estimated cycles judged (the profile's judge: estimated_cycles)", () => {
  const md = renderMarkdown([cyclesComparison()]);
  const row = (step: string) => allRows(md).find((r) => r[0] === `\`${step}\``) ?? [];

  it("names the CPU column and each verdict's channel for estimated cycles, with their ratio and instructions' beside it", () => {
    expect(mainTable(md).header).toEqual(["step", "QPS ratio head/base", "est. cycles/op ratio head/base", "verdict"]);
    expect(row("pgbench.select-only.prepared.c1").slice(2)).toEqual(["❌ 1.069 (repeats 1.069–1.070) · instr/op 1.003", "❌ regression (est. cycles/op)"]);
    expect(row("pgbench.select-only.prepared.c4").slice(2)).toEqual(["❌ 1.035 (repeats 1.034–1.035) · instr/op 1.046", "❌ regression (est. cycles/op)"]);
    expect(headline(md)).toBe("## ❌ 2 regressions · worst `pgbench.select-only.prepared.c1` est. cycles/op 1.069 (+7%)");
    expect(md.split("\n")).toContain("Estimated cycles per operation: **2 regressions**");
    expect(md).toContain("est. cycles/op ratio: the same for estimated cycles per operation, instructions + 10 × first-level + 100 × last-level cache misses");
  });

  it("explains a flagged step with both: the estimated cycles judged, and what instructions alone said", () => {
    expect(md).toContain(
      "- ❌ `pgbench.select-only.prepared.c1` — est. cycles/op regression: relative est. cycles/op 1.069 (head's median over base's repeats 1.069–1.069) is above 1.02; head's median is outside base's repeats " +
        "(base 52.0k, head 55.6k estimated cycles per op; instructions alone: unchanged, relative instr/op 1.003 (head's median over base's repeats 1.003–1.003) is within 0.99..1.005, base 39.2k, head 39.3k instructions per op)",
    );
  });

  it("lists instructions and estimated cycles per op side by side in the counts table", () => {
    const lines = md.split("\n");
    const header = lines.find((l) => /^\| step +\| variant .*\| +est\. cycles\/op ratio/.test(l)) ?? "";
    expect(cells(header)).toEqual(["step", "variant", "instr/op", "repeats", "spread", "instr/op ratio", "est. cycles/op", "spread", "est. cycles/op ratio", "counted"]);
    const base = lines.findIndex((l, i) => i > lines.indexOf(header) && /^\| `pgbench\.select-only\.prepared\.c1` +\| `base`/.test(l));
    expect(cells(lines[base] ?? "")).toEqual(["`pgbench.select-only.prepared.c1`", "`base`", "39.2k", "3", "0.05%", "", "52.0k", "0.04%", "", "serving backends; caches simulated (callgrind)"]);
    expect(cells(lines[base + 1] ?? "")).toEqual(["", "`head`", "39.3k", "3", "0.05%", "1.003 (repeats 1.002–1.003)", "55.6k", "0.04%", "❌ 1.069 (repeats 1.069–1.070)", "serving backends; caches simulated (callgrind)"]);
  });

  it("says instr/op where instructions were judged", () => {
    expect(renderMarkdown([countedComparison()])).not.toContain("est. cycles");
  });
});

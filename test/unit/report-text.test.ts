import stringWidth from "string-width";
import { describe, expect, it } from "vitest";
import { compareRun } from "../../src/compare/compare.js";
import { renderMarkdown } from "../../src/report/markdown.js";
import { markdownToText } from "../../src/report/text.js";
import { syntheticResults } from "../../scripts/lib/synthetic-results.js";

/** A step id with what markdown escapes or reads as syntax: the text must show it as it is. */
const ODD_STEP = "scan|range *x* [y] `z` <b> _u_ \\ @team";
const results = syntheticResults({
  steps: [ODD_STEP, "point-query.range100.pk1"],
  rounds: 10,
  noise: 0.01,
  seed: 2,
  effects: { head: { "point-query.range100.pk1": 0.85 } },
  errors: [{ step: ODD_STEP, variant: "head", round: 3, message: "server closed the connection", log_excerpt: "FATAL: terminating\nLOG:  shut down" }],
});
const text = markdownToText(renderMarkdown([compareRun(results)], { maxLength: Number.POSITIVE_INFINITY }));
const lines = text.split("\n");

/** The display columns where each cell of a table line starts and ends, split at runs of two or more spaces. */
function cellSpans(line: string): { start: number; end: number; text: string }[] {
  return [...line.matchAll(/\S+(?: \S+)*/g)].map((m) => {
    const start = stringWidth(line.slice(0, m.index));
    return { start, end: start + stringWidth(m[0]), text: m[0] };
  });
}

describe("the text report", () => {
  it("has the headline and the main table, without markdown: no escapes, backticks, bold marks, HTML or the mermaid chart", () => {
    expect(lines[0]).toMatch(/^❌ 1 regression, 1 error · worst point-query\.range100\.pk1 QPS 0\.\d\d \(−\d+%\)$/);
    expect(lines[2]).toMatch(/^db-bench-gate · synthetic · x86_64 · 1 regression · 1 error/);
    expect(lines).toContain(`💥 ${ODD_STEP} · head, round 3: server closed the connection`);
    expect(text).not.toMatch(/\\[[|*_`]|\*\*|<!--|<details>|<summary>|mermaid/);
    // the error's log excerpt, as it was
    expect(text).toContain("FATAL: terminating\nLOG:  shut down");
    // the step id exactly as the results name it: a row of the main table and of the two metrics tables
    expect(lines.filter((l) => l.startsWith(`${ODD_STEP}  `))).toHaveLength(3);
    expect(text).toContain("Machine, thresholds, per-step α:");
  });

  it("aligns the main table by display width: text columns on the left, numbers on the right, under their headers", () => {
    const header = lines.findIndex((l) => /^step {2,}QPS ratio/.test(l));
    expect(header).toBeGreaterThan(-1);
    const columns = cellSpans(lines[header]!);
    expect(columns.map((c) => c.text)).toEqual(["step", "QPS ratio head/base", "verdict"]);
    // the rule under the header spans each column: every header lies within its dashes
    const rule = cellSpans(lines[header + 1]!);
    expect(rule).toHaveLength(columns.length);
    columns.forEach((c, i) => expect(c.start >= rule[i]!.start && c.end <= rule[i]!.end).toBe(true));
    const rows = lines.slice(header + 2, header + 4).map(cellSpans);
    expect(rows.map((cells) => cells[0]!.text)).toEqual(["point-query.range100.pk1", ODD_STEP]);
    for (const cells of rows) {
      const [step, relative] = cells;
      expect(step!.start).toBe(rule[0]!.start);
      // right-aligned: the number ends where its column's rule ends
      expect(relative!.end).toBe(rule[1]!.end);
      // left-aligned: the verdict starts where its column does, after the emoji's two columns as well
      expect(cells.at(-1)!.start).toBe(rule.at(-1)!.start);
    }
    expect(rows[0]!.at(-1)!.text).toBe("❌ regression");
    expect(rows[1]!.at(-1)!.text).toBe("💥 error");
  });
});

import { describe, expect, it } from "vitest";
import { renderTsv } from "../../src/report/tsv.js";
import { aarch64Comparison, countedComparison, flagsComparison, x86Comparison } from "../fixtures/comparisons.js";

const rowsOf = (tsv: string) => tsv.trimEnd().split("\n").map((line) => line.split("\t"));

describe("renderTsv relative", () => {
  it("has one column per architecture, 2 decimals, the step last, and NA where a side has no numbers", () => {
    const tsv = renderTsv([x86Comparison("x86_64"), aarch64Comparison()], "relative");
    const rows = rowsOf(tsv);
    expect(rows[0]).toEqual(["x86_64:head/base", "aarch64:head/base", "step"]);
    for (const row of rows) expect(row).toHaveLength(3);
    expect(rows).toHaveLength(9);
    expect(rows).toContainEqual(["0.93", "0.94", "update-index.range100.pk1"]);
    expect(rows).toContainEqual(["NA", "0.99", "insert.range100.pk1"]);
    expect(rows.slice(1).map((r) => r[2])).toEqual(x86Comparison().steps.map((s) => s.step));
  });

  it("has one column per variant relative to the base for a flags run", () => {
    const rows = rowsOf(renderTsv([flagsComparison()], "relative"));
    expect(rows[0]).toEqual(["native/O2", "native-lto/O2", "step"]);
    expect(rows).toContainEqual(["1.02", "1.08", "pgbench.select-only.prepared.c4"]);
    expect(rows).toContainEqual(["1.02", "NA", "insert.range100.pk1"]);
  });

  it("matches the snapshot", async () => {
    await expect(renderTsv([flagsComparison()], "relative")).toMatchFileSnapshot("./__snapshots__/report-flags.rel.tsv");
  });
});

describe("renderTsv relative, instructions counted", () => {
  it("adds relative instructions per op after the QPS columns, 3 decimals, NA where not counted", () => {
    const rows = rowsOf(renderTsv([countedComparison()], "relative"));
    expect(rows[0]).toEqual(["head/base", "head/base instr/op", "step"]);
    expect(rows.find((r) => r[2] === "pgbench.select-only.prepared.c1")?.[1]).toBe("1.205");
    expect(rows.find((r) => r[2] === "update-index.range100.pk1")?.[1]).toBe("NA");
  });

  it("leaves the column out when nothing was counted", () => {
    expect(rowsOf(renderTsv([x86Comparison()], "relative"))[0]).toEqual(["head/base", "step"]);
  });
});

describe("renderTsv metrics", () => {
  const tsv = renderTsv([flagsComparison()], "metrics");
  const blocks = tsv.trimEnd().split("\n\n").map((b) => b.split("\n"));

  it("has one block per step, absolute for every variant then relative to the base, like o.met.all", () => {
    expect(blocks).toHaveLength(8);
    const block = blocks.find((b) => b[0] === "pgbench.select-only.prepared.c4");
    expect(block).toEqual([
      "pgbench.select-only.prepared.c4",
      "--- absolute",
      "cpu_us/o\tcs/o\tr/o\trKB/o\twKB/o\to/s\tvariant",
      "52.1\t2.041\t0.000\t0.000\t0.003\t71530\tO2",
      "51.1\t2.041\t0.000\t0.000\t0.003\t72961\tnative",
      "48.2\t2.041\t0.000\t0.000\t0.003\t77253\tnative-lto",
      "--- relative to O2",
      "cpu_us/o\tcs/o\tr/o\trKB/o\twKB/o\to/s\tvariant",
      "0.98\t1.00\tNA\tNA\t1.00\t1.02\tnative",
      "0.93\t1.00\tNA\tNA\t1.00\t1.08\tnative-lto",
    ]);
  });

  it("lines every data row up with its header", () => {
    for (const block of blocks) {
      const lines = block.slice(1).filter((l) => !l.startsWith("---"));
      for (const line of lines) expect(line.split("\t")).toHaveLength(7);
    }
  });

  it("names the architecture in each block when several runs are exported", () => {
    const multi = renderTsv([x86Comparison("x86_64"), aarch64Comparison()], "metrics");
    expect(multi).toContain("\nupdate-index.range100.pk1 [aarch64]\n--- absolute\n");
    expect(multi.startsWith("pgbench.select-only.prepared.c1 [x86_64]\n")).toBe(true);
    expect(multi).toContain("NA\tNA\tNA\tNA\tNA\tNA\thead\n--- relative to base");
  });

  it("keeps control, bidi and zero-width characters of a step name out: they would act on a terminal or hide what the name is", () => {
    const comparison = x86Comparison();
    comparison.steps = comparison.steps.map((s) => ({ ...s, step: `${s.step}\u001b[2J\u0007\u0000\u009b\u202e\u2066\u200b\ufeff!` }));
    for (const kind of ["relative", "metrics"] as const) {
      const tsv = renderTsv([comparison], kind);
      expect(tsv).not.toMatch(/[^\P{Cc}\t\n]|\p{Cf}/u);
      expect(tsv).toContain(`${comparison.steps[0]!.step.split("\u001b")[0]}!`);
    }
  });

  it("keeps a tab in a step name from shifting the columns", () => {
    const comparison = x86Comparison();
    comparison.steps = comparison.steps.map((s) => ({ ...s, step: `${s.step}\tx` }));
    for (const row of rowsOf(renderTsv([comparison], "relative"))) expect(row).toHaveLength(2);
  });
});

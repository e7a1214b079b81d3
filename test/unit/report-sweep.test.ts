import { describe, expect, it } from "vitest";
import { compareRun } from "../../src/compare/compare.js";
import { renderSweeps } from "../../src/report/sweep.js";
import { syntheticResults } from "../../scripts/lib/synthetic-results.js";
import { markdownRows } from "../helpers/markdown-rows.js";
import { scalingRun } from "../helpers/scaling-run.js";

describe("client-count sweeps in the report", () => {
  it("show the relative QPS per count side by side, the verdict where it is not unchanged, and the base's QPS per count", () => {
    const table = markdownRows(renderSweeps([compareRun(scalingRun())]));
    expect(table[0]).toEqual(["step", "1 client", "2 clients", "4 clients", "8 clients"]);
    const [name, ...relative] = table[2]!;
    expect(name).toBe("`pgbench.select-only.prepared`");
    expect(relative.map((c) => c.split(" ")[1] ?? "unchanged")).toEqual(["unchanged", "unchanged", "regression", "regression"]);
    expect(relative.map((c) => Number(c.split(" ")[0]))).toEqual([expect.closeTo(1, 1), expect.closeTo(1, 1), expect.closeTo(0.9, 1), expect.closeTo(0.9, 1)]);
    expect(table[3]![0]).toBe("base QPS");
    expect(table[3]!.slice(1).every((c) => /^\d{1,3}(,\d{3})*$/.test(c))).toBe(true);
    expect(table).toHaveLength(4);
  });

  it("has a row per architecture when several runs are reported", () => {
    const table = markdownRows(renderSweeps([compareRun(scalingRun(), { label: "x86_64" }), compareRun(scalingRun("aarch64"), { label: "aarch64" })]));
    expect(table.slice(2).map((r) => r[0])).toEqual([
      "`pgbench.select-only.prepared` · x86_64",
      "base QPS · x86_64",
      "`pgbench.select-only.prepared` · aarch64",
      "base QPS · aarch64",
    ]);
  });

  it("is empty for a run without a swept step", () => {
    expect(renderSweeps([compareRun(syntheticResults())])).toBe("");
  });
});

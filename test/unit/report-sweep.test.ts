import { describe, expect, it } from "vitest";
import { compareRun } from "../../src/compare/compare.js";
import { decideGate, gateMessage, sweepWords } from "../../src/compare/gate.js";
import { renderMarkdown } from "../../src/report/markdown.js";
import { renderSweeps, sweepRegressionLine } from "../../src/report/sweep.js";
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

describe("a sweep's regressions in the verdict", () => {
  const comparison = compareRun(scalingRun());
  const ratios = comparison.steps.filter((s) => s.sweep && s.sweep.clients >= 4).map((s) => s.variants[0]!.qps!.estimate.toFixed(2));

  it("the check's line names the client counts where the swept step regressed, with their ratios, once for the step", () => {
    const gate = decideGate([comparison]);
    expect(gate.reasons).toEqual([{ cause: "regression", count: 2, steps: [`pgbench.select-only.prepared at 4 and 8 clients (${ratios.join(", ")})`], summary: "2 regressions" }]);
    expect(gateMessage(gate)).toBe(`2 regressions: pgbench.select-only.prepared at 4 and 8 clients (${ratios.join(", ")})`);
    // several columns: each names its own counts
    const arm = compareRun(scalingRun("aarch64"), { label: "aarch64" });
    expect(decideGate([{ ...comparison, label: "x86_64" }, arm]).reasons[0]!.steps).toEqual([
      expect.stringMatching(/^pgbench\.select-only\.prepared at 4 and 8 clients \(0\.\d\d, 0\.\d\d\) \(x86_64\)$/),
      expect.stringMatching(/^pgbench\.select-only\.prepared at 4 and 8 clients \(0\.\d\d, 0\.\d\d\) \(aarch64\)$/),
    ]);
  });

  it("the comment says under its headline where the swept step regressed", () => {
    const lines = renderMarkdown([comparison]).split("\n");
    expect(lines[2]).toMatch(/^## ❌ 2 regressions/);
    expect(lines).toContain(`📉 \`pgbench.select-only.prepared\` regressed at 4 and 8 clients (${ratios.join(", ")})`);
    expect(sweepRegressionLine([compareRun(syntheticResults())])).toBe("");
  });

  it("names one count in the singular only for a single client", () => {
    expect(sweepWords("s", [{ clients: 1, ratio: 0.9 }], "regressed")).toBe("s regressed at 1 client (0.90)");
    expect(sweepWords("s", [{ clients: 8, ratio: null }, { clients: 2, ratio: null }, { clients: 4, ratio: 0.912 }])).toBe("s at 2, 4 and 8 clients (0.91)");
  });
});

describe("where the sweep charts are", () => {
  it("is said under the sweep table: the artifact (linked) or the directory, and the files", () => {
    const comparison = compareRun(scalingRun());
    const inArtifact = renderSweeps([comparison], { files: ["r.pgbench.select-only.prepared.svg"], in: { artifact: "db-bench-gate-pg-scaling-x86_64", url: "https://github.com/o/r/actions/runs/1/artifacts/2" } });
    expect(inArtifact.split("\n").at(-1)).toBe(
      "Charts (SVG: relative and absolute QPS against clients, a line per variant): `r.pgbench.select-only.prepared.svg` in the results artifact [`db-bench-gate-pg-scaling-x86_64`](https://github.com/o/r/actions/runs/1/artifacts/2).",
    );
    expect(renderSweeps([comparison], { files: ["a.svg"], in: { dir: "/tmp/out" } }).split("\n").at(-1)).toMatch(/`a\.svg` in `\/tmp\/out`\.$/);
    // the comment carries it (the job summary is the same markdown)
    expect(renderMarkdown([comparison], { charts: { files: ["a.svg"], in: { artifact: "art", url: null } } })).toContain("`a.svg` in the results artifact `art`.");
  });
});

import { describe, expect, it } from "vitest";
import { relativeQpsChart } from "../../src/report/chart.js";

describe("relativeQpsChart", () => {
  it("draws one bar per step, a 1.0 line and an axis that holds every bar and 1.0", () => {
    const chart = relativeQpsChart("Relative QPS head / base", [
      { step: "point-query.range100.pk1", ratio: 1.004 },
      { step: "update-index.range100.pk1", ratio: 0.7 },
      { step: "scan.range100.pk1", ratio: 1.31 },
    ]);
    const lines = chart.split("\n");
    expect(lines[0]).toBe("```mermaid");
    expect(lines.at(-1)).toBe("```");
    expect(chart).toContain("xychart-beta horizontal");
    expect(chart).toContain('x-axis ["point-query.range100.pk1", "update-index.range100.pk1", "scan.range100.pk1"]');
    expect(chart).toContain('y-axis "relative QPS" 0.65 --> 1.40');
    expect(chart).toContain("bar [1.00, 0.70, 1.31]");
    expect(chart).toContain("line [1.00, 1.00, 1.00]");
  });

  it("keeps 1.0 inside the axis when every bar is on one side of it", () => {
    const chart = relativeQpsChart("t", [{ step: "a", ratio: 1.2 }]);
    expect(chart).toContain('y-axis "relative QPS" 0.95 --> 1.25');
  });

  it("replaces characters mermaid cannot take in a label, so a step name cannot end the label", () => {
    const chart = relativeQpsChart('say "hi"', [{ step: 'x"];bar [9', ratio: 1 }]);
    expect(chart).toContain('title "say _hi_"');
    expect(chart).toContain('x-axis ["x___bar _9"]');
    expect(chart.match(/^ {2}bar /gm)).toHaveLength(1);
  });

  it("grows with the number of steps", () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ step: `s${i}`, ratio: 1 }));
    expect(relativeQpsChart("t", many)).toContain(`height: ${60 + 28 * 40}`);
  });
});

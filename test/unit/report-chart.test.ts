import { describe, expect, it } from "vitest";
import { relativeQpsChart, trendChart } from "../../src/report/chart.js";

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

describe("trendChart", () => {
  const points = Array.from({ length: 70 }, (_, i) => ({ label: `c${i}`, value: i < 20 ? 100 : 80 }));
  const labels = (chart: string) => /x-axis \[(.*)\]/.exec(chart)![1]!.split(", ").map((l) => JSON.parse(l) as string);

  it("shows every point of a short series, relative to the first, and says so in the title", () => {
    const chart = trendChart("select · median QPS", "relative QPS", points.slice(18, 22));
    expect(chart).toContain('title "select _ median QPS relative to c18"');
    expect(chart).toContain("line [1.000, 1.000, 0.800, 0.800]");
  });

  it("shows the newest 60 of a longer series, relative to the first shown: the title names that one", () => {
    const chart = trendChart("t", "relative QPS", points);
    expect(labels(chart)).toEqual(points.slice(10).map((p) => p.label));
    expect(chart).toContain('title "t relative to c10"');
  });

  it("with a focus shows 60 points around it, so an old change point is on the chart", () => {
    const around = trendChart("t", "relative QPS", points, 20);
    expect(labels(around)).toEqual(points.slice(0, 60).map((p) => p.label));
    expect(around).toContain('title "t relative to c0"');
    expect(labels(trendChart("t", "relative QPS", points, 35))).toEqual(points.slice(5, 65).map((p) => p.label));
    expect(labels(trendChart("t", "relative QPS", points, 69))).toEqual(points.slice(10).map((p) => p.label));
  });
});

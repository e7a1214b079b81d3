import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, describe, expect, it } from "vitest";
import { writeResults } from "../../src/results/io.js";
import { cliInProcess } from "../helpers/cli-in-process.js";
import { compareRun } from "../../src/compare/compare.js";
import { sweepChartData, sweepChartFileName, sweepCharts, sweepChartSvg, type SweepChartData } from "../../src/report/sweep-chart.js";
import { scalingRun } from "../helpers/scaling-run.js";

type Element = Record<string, unknown>;

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", textNodeName: "#text", isArray: (name) => ["g", "line", "text", "circle", "polyline"].includes(name) });

/** The SVG parsed by a real XML parser, after checking it is well-formed. */
function parse(svg: string): Element {
  expect(XMLValidator.validate(svg)).toBe(true);
  return (parser.parse(svg) as { svg: Element }).svg;
}

const children = (element: Element, name: string) => (element[name] as Element[] | undefined) ?? [];
const withClass = (element: Element, name: string) => children(element, "g").filter((g) => g.class === name);
const only = <T>(items: T[]): T => {
  expect(items).toHaveLength(1);
  return items[0]!;
};

/** The panel's value -> y map, from its first and last y ticks (where the axis says those values are). */
function yOf(panel: Element): (value: number) => number {
  const ticks = withClass(only(withClass(panel, "y-axis")), "y-tick").map((t) => ({ value: Number(t["data-value"]), y: Number(only(children(t, "line")).y1) }));
  const [a, b] = [ticks[0]!, ticks[ticks.length - 1]!];
  return (value) => a.y + ((value - a.value) / (b.value - a.value)) * (b.y - a.y);
}

/** The x of each client count's tick. */
function xTicks(panel: Element): Map<number, number> {
  return new Map(withClass(only(withClass(panel, "x-axis")), "x-tick").map((t) => [Number(t["data-clients"]), Number(only(children(t, "line")).x1)]));
}

const DATA: SweepChartData = {
  group: "point-query.range100.pk1",
  label: null,
  base: "base",
  clients: [1, 2, 4, 8],
  relative: [
    {
      variant: "head",
      points: [
        { clients: 1, value: 1.0, verdict: "unchanged" },
        { clients: 2, value: 0.98, verdict: "unchanged" },
        { clients: 4, value: 0.91, verdict: "regression" },
        { clients: 8, value: 0.88, verdict: "regression" },
      ],
    },
    // no value at 2 clients (an error there): the line joins its neighbours
    { variant: 'o3 <&"lto">', points: [{ clients: 1, value: 1.04 }, { clients: 4, value: 1.06 }, { clients: 8, value: 1.1 }] },
  ],
  absolute: [
    { variant: "base", points: [{ clients: 1, value: 10_000 }, { clients: 2, value: 19_000 }, { clients: 4, value: 26_000 }, { clients: 8, value: 27_000 }] },
    { variant: "head", points: [{ clients: 1, value: 10_000 }, { clients: 2, value: 18_620 }, { clients: 4, value: 23_660 }, { clients: 8, value: 23_760 }] },
    { variant: 'o3 <&"lto">', points: [{ clients: 1, value: 10_400 }, { clients: 4, value: 27_560 }, { clients: 8, value: 29_700 }] },
  ],
};

describe("the SVG chart of a swept step", () => {
  const svg = parse(sweepChartSvg(DATA));
  const panels = children(svg, "g").filter((g) => g.class === "panel");
  const [relative, absolute] = panels;

  it("is an SVG document with a relative and an absolute panel, each with a y axis and the client counts on x", () => {
    expect(svg.xmlns).toBe("http://www.w3.org/2000/svg");
    expect(panels.map((p) => p["data-title"])).toEqual(["relative QPS (variant / base)", "QPS (median)"]);
    for (const panel of panels) {
      expect([...xTicks(panel).keys()]).toEqual([1, 2, 4, 8]);
      expect(withClass(only(withClass(panel, "y-axis")), "y-tick").length).toBeGreaterThanOrEqual(3);
      // counts double: a log scale spaces them evenly
      const xs = [...xTicks(panel).values()];
      expect(xs[1]! - xs[0]!).toBeCloseTo(xs[3]! - xs[2]!, 0);
    }
    // the relative axis shows 1.0, where the dashed base line is, and every ratio
    const relativeTicks = withClass(only(withClass(relative!, "y-axis")), "y-tick").map((t) => Number(t["data-value"]));
    expect(Math.min(...relativeTicks)).toBeLessThanOrEqual(0.88);
    expect(Math.max(...relativeTicks)).toBeGreaterThanOrEqual(1.1);
    expect(only(children(only(withClass(relative!, "reference")), "line")).y1).toBeCloseTo(yOf(relative!)(1), 0);
    expect(Number(withClass(only(withClass(absolute!, "y-axis")), "y-tick")[0]!["data-value"])).toBe(0);
  });

  it("has one polyline per variant: the compared ones relative to the base, every one in absolute QPS", () => {
    expect(withClass(relative!, "series").map((s) => [s["data-variant"], children(s, "polyline").length])).toEqual([
      ["head", 1],
      ['o3 <&"lto">', 1],
    ]);
    expect(withClass(absolute!, "series").map((s) => [s["data-variant"], children(s, "polyline").length])).toEqual([
      ["base", 1],
      ["head", 1],
      ['o3 <&"lto">', 1],
    ]);
    // the legend names every variant, escaped on the way in and read back intact
    expect(withClass(only(withClass(svg, "legend")), "legend-entry").map((e) => only(children(e, "text"))["#text"])).toEqual(["base", "head", 'o3 <&"lto">']);
  });

  it("places every value where the axes say it is, and marks the regressed counts", () => {
    for (const [panel, series] of [
      [relative!, DATA.relative],
      [absolute!, DATA.absolute],
    ] as const) {
      const y = yOf(panel);
      const x = xTicks(panel);
      for (const [i, drawn] of withClass(panel, "series").entries()) {
        const expected = series[i]!.points;
        const circles = children(drawn, "circle");
        expect(circles.map((c) => Number(c["data-clients"]))).toEqual(expected.map((p) => p.clients));
        circles.forEach((c, j) => {
          expect(Number(c.cx)).toBeCloseTo(x.get(expected[j]!.clients)!, 0);
          expect(Number(c.cy)).toBeCloseTo(y(expected[j]!.value), 0);
        });
        // the line goes through the points, in order
        const line = String(only(children(drawn, "polyline")).points).split(" ").map((p) => p.split(",").map(Number));
        expect(line).toEqual(circles.map((c) => [Number(c.cx), Number(c.cy)]));
      }
    }
    const head = withClass(relative!, "series")[0]!;
    expect(children(head, "circle").filter((c) => c["data-verdict"] === "regression").map((c) => Number(c["data-clients"]))).toEqual([4, 8]);
    expect(children(head, "circle")[3]!.title).toBe("head at 8 clients: 0.88 (regression)");
  });
});

describe("sweep charts from a comparison", () => {
  it("one per swept step, with the relative and absolute QPS of each count from the comparison", () => {
    const comparison = compareRun(scalingRun());
    const [data, ...others] = sweepChartData([comparison]);
    expect(others).toEqual([]);
    expect(data!.group).toBe("pgbench.select-only.prepared");
    expect(data!.clients).toEqual([1, 2, 4, 8]);
    const head = only(data!.relative);
    expect(head.points.map((p) => [p.clients, p.verdict])).toEqual([
      [1, "unchanged"],
      [2, "unchanged"],
      [4, "regression"],
      [8, "regression"],
    ]);
    const swept = comparison.steps.filter((s) => s.sweep);
    expect(head.points.map((p) => p.value)).toEqual(swept.map((s) => s.variants[0]!.qps!.estimate));
    expect(data!.absolute.map((s) => s.variant)).toEqual(["base", "head"]);
    expect(data!.absolute[0]!.points.map((p) => p.value)).toEqual(swept.map((s) => s.absolute.find((a) => a.variant === "base")!.ops_per_s));
    // every chart is a valid document
    for (const chart of sweepCharts([comparison, compareRun(scalingRun("aarch64"), { label: "aarch64" })])) parse(chart.svg);
  });

  it("are named after the results file, the step and the column, with nothing a file system or an artifact refuses", () => {
    expect(sweepChartFileName("db-bench-gate-results", { group: "pgbench.select-only.prepared", label: null })).toBe("db-bench-gate-results.pgbench.select-only.prepared.svg");
    expect(sweepChartFileName("r", { group: "readrandom", label: "aarch64 / big" })).toBe("r.readrandom.aarch64___big.svg");
  });
});

describe("compare --charts-dir", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "dbg-sweep-chart-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes the swept step's chart there, named after the results file, and the report names it", async () => {
    const file = path.join(dir, "scaling.json");
    await writeResults(file, scalingRun());
    const charts = path.join(dir, "charts");
    const { code, stdout, stderr } = await cliInProcess("compare", file, "--charts-dir", charts);
    expect(code, stderr).toBe(1);
    expect(readdirSync(charts)).toEqual(["scaling.pgbench.select-only.prepared.svg"]);
    const svg = parse(readFileSync(path.join(charts, "scaling.pgbench.select-only.prepared.svg"), "utf8"));
    expect(children(svg, "g").filter((g) => g.class === "panel")).toHaveLength(2);
    expect(stdout).toContain(`\`scaling.pgbench.select-only.prepared.svg\` in \`${charts}\``);
    // without the option, compare writes no file
    await cliInProcess("compare", file);
    expect(readdirSync(dir).sort()).toEqual(["charts", "scaling.json"]);
  });
});

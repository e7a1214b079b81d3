import { describe, expect, it } from "vitest";
import { renderJson } from "../../src/report/json.js";
import { aarch64Comparison, x86Comparison } from "../fixtures/comparisons.js";

describe("renderJson", () => {
  it("writes one comparison as the document itself, pretty-printed", () => {
    const comparison = x86Comparison();
    const json = renderJson([comparison]);
    expect(JSON.parse(json)).toEqual(comparison);
    expect(json).toMatch(/^\{\n {2}"schema": "db-bench-gate\/comparison",\n {2}"version": 1,/);
    expect(json.endsWith("}\n")).toBe(true);
  });

  it("writes several comparisons as an array in the given order", () => {
    const parsed = JSON.parse(renderJson([x86Comparison("x86_64"), aarch64Comparison()])) as { label: string }[];
    expect(parsed.map((c) => c.label)).toEqual(["x86_64", "aarch64"]);
  });

  it("refuses an empty list", () => {
    expect(() => renderJson([])).toThrow(/no comparison/);
  });
});

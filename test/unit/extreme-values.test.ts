/**
 * Extreme but valid inputs (the schema takes any positive finite QPS, count or latency, any positive
 * price) give numbers or a one-line error naming the field: never NaN, Infinity or ∞ in a comment, a
 * job summary, the text report, the TSV or the JSON.
 */
import { describe, expect, it } from "vitest";
import { compareRun } from "../../src/compare/compare.js";
import type { Comparison } from "../../src/compare/types.js";
import { InputError } from "../../src/common/errors.js";
import { renderJson } from "../../src/report/json.js";
import { renderMarkdown } from "../../src/report/markdown.js";
import { markdownToText } from "../../src/report/text.js";
import { renderTsv } from "../../src/report/tsv.js";
import { ResultsSchema, type Results } from "../../src/results/schema.js";
import { syntheticResults } from "../../scripts/lib/synthetic-results.js";

const EXTREMES = [Number.MIN_VALUE, 1e-12, 1, 1e300, Number.MAX_VALUE / 4];

/** Every QPS, per-op metric and instruction count of the base `base`, of the head `head` (each round a little apart). */
function extremeRun(base: number, head: number, latencyP95Ms: number | null): Results {
  const results = syntheticResults({
    steps: ["a", "b"],
    rounds: 4,
    noise: 0.01,
    latencyP95Ms,
    metrics: { cpu_us_per_op: base, cs_per_op: head, r_per_op: 0, rkb_per_op: 1e300, wkb_per_op: Number.MIN_VALUE },
    instructions: { perOp: 1 },
  });
  const valueOf = (variant: string) => (variant === "head" ? head : base);
  for (const s of results.samples) {
    if (s.status !== "ok") continue;
    s.ops_per_s = valueOf(s.variant) * (1 + s.round / 1000);
    s.ops = Math.min(Number.MAX_VALUE, Math.max(Number.MIN_VALUE, valueOf(s.variant) * 10));
    s.client_cpu_share = 1e300;
  }
  for (const s of results.instructions ?? []) if (s.status === "ok") s.instructions_per_op = valueOf(s.variant) * (1 + s.repeat / 1e6);
  return ResultsSchema.parse({ ...results, fingerprint: { ...results.fingerprint, runner: { name: "small", labels: [] } } });
}

/** Every rendering of the comparisons a user or a tool reads; the comment with each runner price (its price/performance section). */
function everyOutput(comparisons: Comparison[], pricesPerHour: readonly number[]): Record<string, string> {
  return {
    ...Object.fromEntries(pricesPerHour.map((price) => [`markdown at ${price} per hour`, renderMarkdown(comparisons, { runnerCost: { small: price, large: 1 } })])),
    text: markdownToText(renderMarkdown(comparisons, { maxLength: Number.POSITIVE_INFINITY })),
    json: renderJson(comparisons),
    tsv: renderTsv(comparisons, "relative"),
    "tsv-metrics": renderTsv(comparisons, "metrics"),
  };
}

describe("extreme but valid values", () => {
  it("give numbers or a one-line error naming the field, never NaN or Infinity", () => {
    let rendered = 0;
    let refused = 0;
    for (const base of EXTREMES) {
      for (const head of EXTREMES) {
        for (const latency of [null, 1e300]) {
          const results = extremeRun(base, head, latency);
          let comparisons: Comparison[];
          try {
            const other = { ...results, fingerprint: { ...results.fingerprint, arch: "aarch64", runner: { name: "large", labels: [] } } };
            comparisons = [compareRun(results, { label: "x86_64" }), compareRun(other, { label: "aarch64" })];
          } catch (e) {
            expect(e).toBeInstanceOf(InputError);
            const error = e as InputError;
            expect(error.message).not.toContain("\n");
            expect(["samples", "instructions"]).toContain(error.field);
            refused++;
            continue;
          }
          for (const [format, text] of Object.entries(everyOutput(comparisons, [1e-300, 1e6]))) {
            expect(text.split("\n").filter((line) => /NaN|Infinity|∞|\binf\b/.test(line)), `${format} of ${base} against ${head}`).toEqual([]);
          }
          rendered++;
        }
      }
    }
    // both outcomes were exercised: values within MAX_RATIO of each other compare, the others are refused
    expect(rendered).toBeGreaterThan(10);
    expect(refused).toBeGreaterThan(10);
  });
});

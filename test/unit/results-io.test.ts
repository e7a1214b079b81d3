import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { InputError } from "../../src/errors.js";
import { parseResults, readNoiseFloor, readResults, writeResults } from "../../src/results/io.js";
import { resultsJsonSchema } from "../../src/results/json-schema.js";

const docs = readFileSync(new URL("../../docs/results-format.md", import.meta.url), "utf8");
const exampleText = /```json\n([\s\S]*?)\n```/.exec(docs)?.[1];
const example = () => JSON.parse(exampleText ?? "null") as Record<string, unknown> & { samples: Record<string, unknown>[] };
const dir = mkdtempSync(join(tmpdir(), "dbg-results-io-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function errorOf(fn: () => unknown): InputError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return e as InputError;
  }
  throw new Error("expected an InputError");
}

describe("results format v1", () => {
  it("accepts the example in docs/results-format.md", () => {
    const results = parseResults(example(), "docs example");
    expect(results.samples).toHaveLength(4);
    expect(results.samples[3]?.status).toBe("error");
  });

  it("names the file and the JSON path of the first bad field", () => {
    const doc = example();
    (doc.samples[2] as { ops_per_s: number }).ops_per_s = -5;
    const error = errorOf(() => parseResults(doc, "head.json"));
    expect(error.message).toMatch(/^head\.json: \$\.samples\[2\]\.ops_per_s: /);
    expect(error.message.split("\n")).toHaveLength(1);
  });

  it("refuses a sample that names an unknown step or variant", () => {
    const doc = example();
    doc.samples[1]!.variant = "haed";
    expect(errorOf(() => parseResults(doc, "r.json")).message).toBe('r.json: $.samples[1].variant: "haed" is not a variants[].id');
  });

  it("refuses an ok sample without numbers and an error sample without its log", () => {
    const doc = example();
    delete doc.samples[0]!.ops;
    expect(errorOf(() => parseResults(doc, "r.json")).message).toMatch(/\$\.samples\[0\]\.ops/);
    const doc2 = example();
    delete (doc2.samples[3]!.error as Record<string, unknown>).log_excerpt;
    expect(errorOf(() => parseResults(doc2, "r.json")).message).toMatch(/\$\.samples\[3\]\.error\.log_excerpt/);
  });

  it("refuses a newer format version clearly, and documents that are not results", () => {
    expect(errorOf(() => parseResults({ ...example(), version: 2 }, "future.json")).message).toMatch(/version 2 is newer .* upgrade db-bench-gate/);
    expect(errorOf(() => parseResults({ hello: 1 }, "other.json")).message).toMatch(/^other\.json: \$\.schema: not a db-bench-gate results document/);
  });

  it("round-trips through a file and reports unreadable or non-JSON files", async () => {
    const file = join(dir, "r.json");
    await writeResults(file, parseResults(example(), "example"));
    expect((await readResults(file)).variants.map((v) => v.id)).toEqual(["base", "head"]);
    writeFileSync(join(dir, "bad.json"), "{ not json");
    await expect(readResults(join(dir, "bad.json"))).rejects.toThrow(/bad\.json: \$: not JSON/);
    await expect(readResults(join(dir, "missing.json"))).rejects.toThrow(/missing\.json: cannot read: ENOENT/);
  });

  it("keeps the committed JSON Schema equal to the generated one", () => {
    const committed = JSON.parse(readFileSync(new URL("../../schema/results.v1.json", import.meta.url), "utf8"));
    expect(committed).toEqual(JSON.parse(JSON.stringify(resultsJsonSchema())));
  });
});

describe("noise-floor files", () => {
  const write = (name: string, text: string) => {
    const file = join(dir, name);
    writeFileSync(file, text);
    return file;
  };
  const floor = { step: "pgbench.select-only.prepared.c1", relative_spread: 0.031, log_ratio_sd: 0.012, rounds: 8, trials: 93, source: "session x" };

  it("reads what bench:verdict analyze writes", async () => {
    expect(await readNoiseFloor(write("nf-ok.json", JSON.stringify([floor])))).toEqual([floor]);
  });

  it("a bad entry is an input error naming the file and the field", async () => {
    const file = write("nf-bad.json", JSON.stringify([floor, { ...floor, relative_spread: -1 }]));
    await expect(readNoiseFloor(file)).rejects.toThrow(new RegExp(`^${file.replace(/[.]/g, "\\.")}: \\$\\[1\\]\\.relative_spread: `));
    await expect(readNoiseFloor(write("nf-text.json", "not json"))).rejects.toThrow(InputError);
    await expect(readNoiseFloor(join(dir, "missing.json"))).rejects.toThrow(/missing\.json: cannot read: ENOENT/);
  });
});

import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { InputError } from "../../src/common/errors.js";
import { runCli } from "../../src/cli/program.js";
import { MAX_RESULTS_FILE_BYTES, parseResults, readNoiseFloor, readResults, writeResults } from "../../src/results/io.js";
import { MAX_INSTRUCTION_SAMPLES, MAX_ROUNDS_PER_STEP, MAX_SAMPLES, MAX_STEPS, MAX_VARIANTS } from "../../src/results/schema.js";
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
  const floor = { step: "pgbench.select-only.prepared.c1", relative_spread: 0.031, log_ratio_sd: 0.012, rounds: 8, windows: 12, disjoint: true, hostname_hash: "0123456789abcdef", source: "session x" };

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

describe("size caps on results and noise-floor files", () => {
  const okInstruction = { step: "point-query.range100.pk1", variant: "base", repeat: 0, status: "ok", tool: "cachegrind", ops: 1000, instructions: 5e7, instructions_per_op: 5e4, counted: "serving backends" };
  const times = <T>(n: number, item: T) => Array.from({ length: n }, () => item);

  it("refuses more samples, rounds per step, instruction samples, steps or variants than the caps, naming the field", () => {
    const doc = example();
    const many = { ...doc, samples: times(MAX_SAMPLES + 1, doc.samples[0]) };
    expect(errorOf(() => parseResults(many, "many.json")).message).toBe("many.json: $.samples: more than 200,000 samples: not a results file this tool writes");

    const lateRound = example();
    lateRound.samples[2]!.round = MAX_ROUNDS_PER_STEP;
    expect(errorOf(() => parseResults(lateRound, "rounds.json")).message).toBe("rounds.json: $.samples[2].round: more than 100,000 rounds per step: not a results file this tool writes");

    const step = (doc.steps as { id: string }[])[0]!.id;
    const instructions = { ...example(), instructions: times(MAX_INSTRUCTION_SAMPLES + 1, { ...okInstruction, step }) };
    expect(errorOf(() => parseResults(instructions, "i.json")).message).toBe("i.json: $.instructions: more than 200,000 instruction samples: not a results file this tool writes");
    const lateRepeat = { ...example(), instructions: [{ ...okInstruction, step, repeat: MAX_ROUNDS_PER_STEP }] };
    expect(errorOf(() => parseResults(lateRepeat, "i.json")).message).toBe("i.json: $.instructions[0].repeat: more than 100,000 repeats per step: not a results file this tool writes");

    const steps = { ...example(), steps: Array.from({ length: MAX_STEPS + 1 }, (_, i) => ({ id: `s${i}`, driver: "pgbench", parameters: {} })) };
    expect(errorOf(() => parseResults(steps, "s.json")).message).toBe("s.json: $.steps: more than 2,000 steps: not a results file this tool writes");
    const variant = (doc.variants as { id: string }[])[0]!;
    const variants = { ...example(), variants: Array.from({ length: MAX_VARIANTS + 1 }, (_, i) => ({ ...variant, id: `v${i}` })) };
    expect(errorOf(() => parseResults(variants, "v.json")).message).toBe("v.json: $.variants: more than 32 variants: not a results file this tool writes");
  });

  it("refuses a results file larger than 64 MiB without reading it, and stops reading one that grows past the cap", async () => {
    const big = join(dir, "big.json");
    writeFileSync(big, "");
    truncateSync(big, MAX_RESULTS_FILE_BYTES + 1);
    await expect(readResults(big)).rejects.toThrow(`${big}: $: 67,108,865 bytes is larger than the 67,108,864 bytes a file of this kind may have`);
    // a device has no size to check first: reading stops one chunk past the cap
    await expect(readResults("/dev/zero")).rejects.toThrow("/dev/zero: $: more than 67,108,864 bytes is larger than the 67,108,864 bytes a file of this kind may have");
  });

  it("refuses a noise-floor file larger than 1 MiB", async () => {
    const big = join(dir, "nf-big.json");
    writeFileSync(big, JSON.stringify(times(20_000, { step: "s", relative_spread: 0.01, log_ratio_sd: 0.01, rounds: 8, trials: 10, source: "x" })));
    await expect(readNoiseFloor(big)).rejects.toThrow(/nf-big\.json: \$: [\d,]+ bytes is larger than the 1,048,576 bytes a file of this kind may have/);
  });

  it("a cap breach is a one-line error and exit code 2 on the command line", async () => {
    const file = join(dir, "rounds.json");
    const doc = example();
    doc.samples[1]!.round = MAX_ROUNDS_PER_STEP + 5;
    writeFileSync(file, JSON.stringify(doc));
    let stderr = "";
    const code = await runCli(["compare", file], { stdout: () => undefined, stderr: (t) => void (stderr += t) });
    expect(code).toBe(2);
    expect(stderr.trim().split("\n")).toEqual([expect.stringContaining(`${file}: $.samples[1].round: more than 100,000 rounds per step`)]);
  });
});

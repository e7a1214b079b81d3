/**
 * A RocksDB fork's own db_bench run as a profile step: its benchmarks list and options parsed and
 * checked (the flags the gate owns refused, one line naming the field), its definition hash, the
 * commands of its timed and counted runs, the measured benchmark's own result line read out of the
 * list's output, and db_bench's messages for a list or flag it rejects (real runs of the fork's
 * db_bench 7.8.3, README.txt beside them).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseProfile } from "../../src/config/profile.js";
import { DB_BENCH_DEFAULT_OPTIONS } from "../../src/driver/db-bench.js";
import type { BenchmarkStep, Target } from "../../src/driver/types.js";
import { expectParseError } from "./expect-parse-error.js";
import { inputError } from "./expect-input-error.js";

const sample = (name: string) => readFileSync(new URL(`../fixtures/samples/${name}`, import.meta.url), "utf8");

const profileText = (...steps: string[]) => `
name: own-rocksdb
version: 1
engine: rocksdb
description: a custom db_bench step
schedule: { rounds: 4, min_rounds: 2, duration_s: 1, warmup_s: 0, time_budget_s: null }
server_settings: {}
steps:
${steps.map((s) => `  - ${s}`).join("\n")}
`;
const CUSTOM = `{ driver: db_bench, name: fill-then-read, benchmarks: [filluniquerandom, flush, waitforcompaction, readrandom], measure: readrandom, keys: 20000, options: { bloom_bits: 16, cache_index_and_filter_blocks: true } }`;
const steps = (...defs: string[]): BenchmarkStep[] => parseProfile(profileText(...defs), "own.yaml", 2).steps;
const customStep = (def = CUSTOM): BenchmarkStep => steps(def)[0]!;

const TARGET: Target = { kind: "embedded", dataDir: "/run/rocksdb/run-1" };
const BINS = { db_bench: "/build/bin/db_bench" };
const argsOf = (args: readonly string[]) => Object.fromEntries(args.map((a) => a.replace(/^--/, "").split(/=(.*)/s)).map(([k, v]) => [k, v]));

describe("a custom db_bench step's definition", () => {
  it("is named by the user, told from a builtin step, and records what it runs", () => {
    const [builtin, custom] = steps(`{ driver: db_bench, step: readrandom, keys: 20000 }`, CUSTOM);
    expect(builtin!.id).toBe("readrandom.t1");
    expect(builtin!.definition_hash).toBeUndefined();
    expect(custom!.id).toBe("fill-then-read");
    expect(custom!.driver).toBe("db_bench");
    expect(custom!.parameters).toEqual({
      benchmarks: "filluniquerandom,flush,waitforcompaction,readrandom",
      measure: "readrandom",
      threads: 1,
      keys: 20000,
      key_size: 20,
      value_size: 400,
      seed: 1_700_000_000,
      options: "--bloom_bits=16 --cache_index_and_filter_blocks=1",
    });
    expect(custom!.definition_hash).toMatch(/^[0-9a-f]{64}$/);
    // one benchmark: it is the measured one
    expect(customStep(`{ driver: db_bench, name: reads, benchmarks: [seekrandom] }`).parameters).toMatchObject({ measure: "seekrandom" });
  });

  it("hashes the list, the measured benchmark, the data settings and the options, not the options' order", () => {
    const hash = customStep().definition_hash;
    const changed = [
      CUSTOM.replace("filluniquerandom, flush", "filluniquerandom"),
      CUSTOM.replace("[filluniquerandom, flush, waitforcompaction, readrandom], measure: readrandom", "[filluniquerandom, flush, waitforcompaction, readrandom, seekrandom], measure: readrandom"),
      CUSTOM.replace("readrandom], measure: readrandom", "readrandom, seekrandom], measure: seekrandom"),
      CUSTOM.replace("bloom_bits: 16", "bloom_bits: 10"),
      CUSTOM.replace("keys: 20000", "keys: 20001"),
      CUSTOM.replace("keys: 20000", "keys: 20000, seed: 7"),
      CUSTOM.replace("keys: 20000", "keys: 20000, value_size: 100"),
      CUSTOM.replace("keys: 20000", "keys: 20000, threads: 2"),
    ].map((def) => customStep(def).definition_hash);
    expect(new Set([hash, ...changed]).size).toBe(changed.length + 1);
    expect(customStep(CUSTOM.replace("bloom_bits: 16, cache_index_and_filter_blocks: true", "cache_index_and_filter_blocks: true, bloom_bits: 16")).definition_hash).toBe(hash);
    expect(customStep(CUSTOM.replace("fill-then-read", "renamed")).definition_hash).toBe(hash);
    // db_bench's own comma-separated form is the same list
    expect(customStep(CUSTOM.replace("[filluniquerandom, flush, waitforcompaction, readrandom]", '"filluniquerandom,flush,waitforcompaction,readrandom"')).definition_hash).toBe(hash);
  });

  it.each([
    [`benchmarks: [fillrandom, readrandom]`, "measure", "name the one whose ops/sec is measured"],
    [`benchmarks: [fillrandom, readrandom], measure: seekrandom`, "measure", "must name one benchmark of the list"],
    [`benchmarks: [readrandom, readrandom], measure: readrandom`, "measure", "listed once"],
    [`benchmarks: []`, "benchmarks", ""],
    [`benchmarks: ["read random"]`, "benchmarks[0]", "a db_bench benchmark name"],
    [`benchmarks: ["readrandom[X3]"]`, "benchmarks[0]", "a db_bench benchmark name"],
    [`benchmarks: "fillrandom,,readrandom", measure: readrandom`, "benchmarks[1]", "a db_bench benchmark name"],
    [`benchmarks: [readrandom], options: { db: /tmp/x }`, "options.db", "set by the db_bench driver itself"],
    [`benchmarks: [readrandom], options: { seed: 3 }`, "options.seed", "set by the db_bench driver itself"],
    [`benchmarks: [readrandom], options: { num: 3 }`, "options.num", "set by the db_bench driver itself"],
    [`benchmarks: [readrandom], options: { duration: 3 }`, "options.duration", "set by the db_bench driver itself"],
    [`benchmarks: [readrandom], options: { benchmarks: fillseq }`, "options.benchmarks", "set by the db_bench driver itself"],
    [`benchmarks: [readrandom], options: { statistics: true }`, "options.statistics", "set by the db_bench driver itself"],
    [`benchmarks: [readrandom], options: { stats_interval_seconds: 1 }`, "options.stats_interval_seconds", "set by the db_bench driver itself"],
    [`benchmarks: [readrandom], options: { report_file: r.csv }`, "options.report_file", "set by the db_bench driver itself"],
    [`benchmarks: [readrandom], options: { wal_dir: /tmp/w }`, "options.wal_dir", "set by the db_bench driver itself"],
    [`benchmarks: [readrandom], options: { db_log_dir: /tmp/l }`, "options.db_log_dir", "names a file or directory"],
    [`benchmarks: [readrandom], options: { "--bloom_bits": 10 }`, "options.--bloom_bits", "without the leading --"],
    [`benchmarks: [readrandom], options: { cache_size: "1 GB" }`, "options.cache_size", "no whitespace"],
    [`benchmarks: [readrandom], reads: 5`, "", "reads"],
  ])("refuses %s, naming the field", (fields, field, message) => {
    const error = inputError(() => customStep(`{ driver: db_bench, name: x, ${fields} }`));
    expect(error).toContain(`own.yaml: $.steps[0]${field ? `.${field}` : ""}: `);
    expect(error).toContain(message);
    expect(error).not.toContain("\n");
  });

  it("is not swept: its id is the user's name", () => {
    expect(inputError(() => customStep(`{ driver: db_bench, name: x, benchmarks: [readrandom], sweep: { clients: [1, 2] } }`))).toContain("do not name the client count");
  });
});

describe("a custom db_bench step's runs", () => {
  it("runs the list on the loaded database's copy for the round's seconds, or for a fixed count of the measured benchmark's operations", () => {
    const reads = customStep(`{ driver: db_bench, name: warm-reads, benchmarks: [readtocache, readrandom], measure: readrandom, threads: 2, options: { bloom_bits: 16 } }`);
    const timed = argsOf(reads.run(TARGET, BINS, 5).args);
    expect(timed).toMatchObject({ db: "/run/rocksdb/run-1", benchmarks: "readtocache,readrandom", use_existing_db: "1", duration: "5", threads: "2", seed: "1700000000", num: "1000000", bloom_bits: "16", histogram: "1" });
    expect(timed).not.toHaveProperty("reads");
    expect(argsOf(reads.warmup(TARGET, BINS, 1).args)).toMatchObject({ duration: "1", benchmarks: "readtocache,readrandom" });
    // readtocache reads --num keys whatever --reads: the same in the runs of N and 2N
    expect(argsOf(reads.fixedRun(TARGET, BINS, 500, 0).args)).toMatchObject({ duration: "0", reads: "500", benchmarks: "readtocache,readrandom" });
    expect(argsOf(reads.fixedRun(TARGET, BINS, 500, 0).args)).not.toHaveProperty("writes");
    // the step's data is the builtin steps' load, shared with a builtin step of the same data settings
    const [builtin, custom] = steps(`{ driver: db_bench, step: readrandom, keys: 20000 }`, `{ driver: db_bench, name: r, benchmarks: [readtocache, readrandom], measure: readrandom, keys: 20000 }`);
    expect(custom!.dataSet(TARGET, BINS)).toEqual(builtin!.dataSet(TARGET, BINS));
    expect(reads.uncounted).toBeUndefined();
  });

  it("starts from an empty database where the list fills one, and counts a write benchmark by --writes", () => {
    const fill = customStep();
    expect(argsOf(fill.run(TARGET, BINS, 5).args)).toMatchObject({ use_existing_db: "0", benchmarks: "filluniquerandom,flush,waitforcompaction,readrandom" });
    const overwrite = customStep(`{ driver: db_bench, name: ow, benchmarks: [readtocache, overwrite], measure: overwrite }`);
    expect(argsOf(overwrite.fixedRun(TARGET, BINS, 300, 0).args)).toMatchObject({ writes: "300", use_existing_db: "1" });
    expect(argsOf(overwrite.fixedRun(TARGET, BINS, 300, 0).args)).not.toHaveProperty("reads");
    // as a builtin step's counted run: SST files opened on one thread, over the list's own option
    const ownOptions = customStep(`{ driver: db_bench, name: ow8, benchmarks: [overwrite], options: { file_opening_threads: 8 } }`);
    expect(argsOf(ownOptions.fixedRun(TARGET, BINS, 300, 0).args)).toMatchObject({ file_opening_threads: "1", stats_dump_period_sec: "0", stats_persist_period_sec: "0" });
    expect(argsOf(ownOptions.run(TARGET, BINS, 5).args)).toMatchObject({ file_opening_threads: "8" });
  });

  it("is not counted where the list paces a writer by wall time", () => {
    const step = customStep(`{ driver: db_bench, name: rww, benchmarks: [readwhilewriting], write_rate_limit: 1048576 }`);
    expect(step.uncounted).toMatch(/paced by wall time/);
    expect(argsOf(step.run(TARGET, BINS, 2).args)).toMatchObject({ benchmark_write_rate_limit: "1048576" });
  });
});

describe("a custom db_bench step's output", () => {
  // the fork's db_bench running fillrandom,readrandom in one process (README.txt)
  const twoBenchmarks = sample("db_bench_7.8.3_fillrandom_readrandom_real.txt");

  it("is the measured benchmark's result line and histogram, not the preparation's", () => {
    const sample = customStep(`{ driver: db_bench, name: fr, benchmarks: [fillrandom, readrandom], measure: readrandom }`).parse(twoBenchmarks);
    const readLine = /^readrandom\s+:\s+([\d.]+) micros\/op (\d+) ops\/sec [\d.]+ seconds (\d+) operations/m.exec(twoBenchmarks)!;
    expect([sample.ops_per_s, sample.ops, sample.latency_ms?.avg]).toEqual([Number(readLine[2]), Number(readLine[3]), Number(readLine[1]) / 1000]);
    const fillLine = /^fillrandom\s+:\s+[\d.]+ micros\/op (\d+) ops\/sec/m.exec(twoBenchmarks)!;
    expect(sample.ops_per_s).not.toBe(Number(fillLine[1]));
    const fill = customStep(`{ driver: db_bench, name: fr, benchmarks: [fillrandom, readrandom], measure: fillrandom }`).parse(twoBenchmarks);
    expect(fill.ops_per_s).toBe(Number(fillLine[1]));
    // the histogram under each result line is its own
    expect(fill.latency_ms?.p99).not.toBe(sample.latency_ms?.p99);
  });

  it("without the measured benchmark's line is an error keeping the text and db_bench's complaint", () => {
    const unknown = sample("db_bench_7.8.3_unknown_benchmark_real.txt");
    const step = customStep(`{ driver: db_bench, name: fr, benchmarks: [readrandom] }`);
    expectParseError((raw) => step.parse(raw), unknown, /no db_bench readrandom result line in the output; it says "unknown benchmark 'readrandm'"/);
    expectParseError((raw) => step.parse(raw), "readrandom done\n", /no db_bench readrandom result line/);
  });
});

describe("db_bench checking a custom list before anything is measured", () => {
  // made in each test: before custom steps, the profile itself was refused
  const checkOf = () => customStep(`{ driver: db_bench, name: fr, benchmarks: [fillrandom, readrandm], measure: readrandm, options: { bloom_bits: 16 } }`).inputCheck!(BINS, "/run/dir/no-server");

  it("runs the list and options once on a scratch database in the run directory", () => {
    const check = checkOf();
    expect(check.command.file).toBe("/build/bin/db_bench");
    expect(argsOf(check.command.args)).toMatchObject({ db: "/run/dir/no-server", use_existing_db: "0", benchmarks: "fillrandom,readrandm", reads: "1", writes: "1", duration: "0", bloom_bits: "16", num: "10" });
    // the step's options over the builtin steps' defaults, as in its runs
    expect(argsOf(check.command.args)).toMatchObject(Object.fromEntries(Object.entries({ ...DB_BENCH_DEFAULT_OPTIONS, bloom_bits: 16 }).map(([k, v]) => [k, String(v)])));
  });

  it("keeps db_bench's message for an unknown benchmark, a flag it does not know, an option value it refuses", () => {
    const check = checkOf();
    expect(check.rejected(sample("db_bench_7.8.3_unknown_benchmark_real.txt"), "own.yaml")?.message).toBe(`own.yaml: benchmarks: db_bench did not run step "fr": unknown benchmark 'readrandm'`);
    expect(check.rejected(sample("db_bench_7.8.3_unknown_flag_real.txt"), "own.yaml")?.message).toMatch(/^own\.yaml: options: db_bench did not run step "fr": ERROR: unknown command line flag 'bloom_bitz'/);
    expect(check.rejected(sample("db_bench_7.8.3_bad_option_value_real.txt"), "own.yaml")?.message).toBe(`own.yaml: options: db_bench did not run step "fr": Cannot parse compression type 'zstdx'`);
    const ran = customStep(`{ driver: db_bench, name: fr, benchmarks: [fillrandom, readrandom], measure: readrandom }`).inputCheck!(BINS, "/d");
    expect(ran.rejected(sample("db_bench_7.8.3_fillrandom_readrandom_real.txt"), "own.yaml")).toBeNull();
  });
});

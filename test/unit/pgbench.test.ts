import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { stepFromDefinition } from "../../src/driver/index.js";
import { parsePgbenchOutput, pgbenchStep } from "../../src/driver/pgbench.js";
import { InputError } from "../../src/common/errors.js";
import { expectParseError } from "./expect-parse-error.js";
import { postgresConnection } from "../helpers/connection.js";

const sample = (name: string) => readFileSync(new URL(`../fixtures/samples/${name}`, import.meta.url), "utf8");

/** The sample file holds several runs, each after its "$ pgbench ..." command line. */
function runsOf(text: string): string[] {
  return text.split(/^\$ .*\n/m).slice(1);
}

const [selectOnlyPrepared, tpcbSimple, simpleUpdateExtended] = runsOf(sample("pgbench15_run_outputs.txt")) as [string, string, string];

describe("pgbench output (PostgreSQL 15.20, real runs)", () => {
  it("select-only, prepared, with -P and -r", () => {
    expect(parsePgbenchOutput(selectOnlyPrepared)).toEqual({
      ops: 235516,
      ops_per_s: 47157.374392,
      duration_s: 5,
      latency_ms: { avg: 0.063, p95: null, p99: null },
      errors: 0,
      raw: selectOnlyPrepared,
    });
  });

  it("tpcb-like, simple", () => {
    const parsed = parsePgbenchOutput(tpcbSimple);
    expect([parsed.ops, parsed.ops_per_s, parsed.duration_s, parsed.latency_ms, parsed.errors]).toEqual([
      5727, 1144.794861, 5, { avg: 3.48, p95: null, p99: null }, 0,
    ]);
  });

  it("simple-update, extended, without -P (no stddev line)", () => {
    const parsed = parsePgbenchOutput(simpleUpdateExtended);
    expect([parsed.ops, parsed.ops_per_s, parsed.duration_s, parsed.latency_ms?.avg, parsed.errors]).toEqual([2054, 685.053722, 3, 2.919, 0]);
  });

  it("recognises the progress lines among the output", () => {
    const step = pgbenchStep({ script: "select-only", protocol: "prepared", clients: 4 });
    const progress = selectOnlyPrepared.split("\n").filter((line) => step.isProgressLine(line));
    expect(progress).toEqual([
      "progress: 1.0 s, 42150.6 tps, lat 0.072 ms stddev 0.271, 0 failed",
      "progress: 2.0 s, 48173.3 tps, lat 0.061 ms stddev 0.222, 0 failed",
      "progress: 3.0 s, 48633.5 tps, lat 0.063 ms stddev 0.236, 0 failed",
      "progress: 4.0 s, 51064.7 tps, lat 0.053 ms stddev 0.242, 0 failed",
    ]);
  });

  it("reads output captured with CRLF line ends", () => {
    expect(parsePgbenchOutput(tpcbSimple.replace(/\n/g, "\r\n")).ops).toBe(5727);
  });
});

describe("pgbench output of other versions (the real 15 run with each version's summary lines)", () => {
  // PostgreSQL 14 prints neither "maximum number of tries" nor "number of failed transactions".
  const pg14 = selectOnlyPrepared.replace(/^maximum number of tries: .*\n/m, "").replace(/^number of failed transactions: .*\n/m, "");
  // PostgreSQL 12 and 13 have no initial connection time, and print tps including and excluding it.
  const pg13 = pg14.replace(
    /^initial connection time = .*\ntps = .*\n/m,
    "tps = 47143.100000 (including connections establishing)\ntps = 47157.374392 (excluding connections establishing)\n",
  );

  it("14: no failed-transactions line, so errors is null", () => {
    const parsed = parsePgbenchOutput(pg14);
    expect([parsed.ops, parsed.ops_per_s, parsed.errors]).toEqual([235516, 47157.374392, null]);
  });

  it("12/13: uses the tps excluding connection establishing, as 14+ reports", () => {
    const parsed = parsePgbenchOutput(pg13);
    expect([parsed.ops, parsed.ops_per_s, parsed.latency_ms?.avg]).toEqual([235516, 47157.374392, 0.063]);
  });

  it("-t mode: transactions processed as N/M", () => {
    const parsed = parsePgbenchOutput(tpcbSimple.replace("processed: 5727", "processed: 5727/8000"));
    expect(parsed.ops).toBe(5727);
  });

  it("15+ with failures: latency average says (including failures)", () => {
    const raw = tpcbSimple
      .replace("number of failed transactions: 0 (0.000%)", "number of failed transactions: 12 (0.209%)")
      .replace("latency average = 3.480 ms", "latency average = 3.480 ms (including failures)");
    expect([parsePgbenchOutput(raw).errors, parsePgbenchOutput(raw).latency_ms?.avg]).toEqual([12, 3.48]);
  });
});

describe("pgbench output not understood is a ParseError with the raw text", () => {
  it("several runs in one text", () => expectParseError(parsePgbenchOutput, sample("pgbench15_run_outputs.txt"), /appears 3 times/));

  it("truncated before the tps line", () => expectParseError(parsePgbenchOutput, selectOnlyPrepared.slice(0, selectOnlyPrepared.indexOf("tps = ")), /no pgbench tps/));

  it("the init output", () => expectParseError(parsePgbenchOutput, sample("pgbench15_init_output.txt"), /no pgbench transactions processed/));

  it("garbage", () => expectParseError(parsePgbenchOutput, "psql: error: connection to server on socket failed\n", /no pgbench transactions processed/));

  it("a run that aborted (summary printed, then the error)", () =>
    expectParseError(parsePgbenchOutput, `${tpcbSimple}pgbench: error: Run was aborted; the above results are incomplete.\n`, /Run was aborted/));

  it("a run with no transactions", () =>
    expectParseError(parsePgbenchOutput, tpcbSimple.replace("processed: 5727", "processed: 0").replace("tps = 1144.794861", "tps = 0.000000"), /completed no operations/));
});

describe("pgbench commands", () => {
  const conn = postgresConnection("/tmp/pg.sock.dir", 5433, "bench", "bench");
  const bins = { pgbench: "/opt/pg/bin/pgbench" };
  const step = pgbenchStep({ script: "select-only", protocol: "prepared", clients: 4, threads: 2, scale: 5 });

  it("names the step the way the field does and records its parameters", () => {
    expect(step.id).toBe("pgbench.select-only.prepared.c4");
    expect(step.driver).toBe("pgbench");
    expect(step.parameters).toEqual({ script: "select-only", protocol: "prepared", clients: 4, threads: 2, scale: 5 });
  });

  it("measured run with progress, warm-up without", () => {
    const common = ["-h", "/tmp/pg.sock.dir", "-p", "5433", "-U", "bench", "-b", "select-only", "-M", "prepared", "-c", "4", "-j", "2", "-T", "30"];
    expect(step.run(conn, bins, 30)).toEqual({ file: "/opt/pg/bin/pgbench", args: [...common, "-P", "1", "bench"] });
    expect(step.warmup(conn, bins, 30)).toEqual({ file: "/opt/pg/bin/pgbench", args: [...common, "bench"] });
    expect(() => step.run(conn, bins, 2.5)).toThrow(RangeError);
  });

  it("loads with pgbench -i at the scale and names its tables for the engine to settle", () => {
    expect(step.programs).toEqual({ pgbench: "build" });
    expect(step.dataSet(conn, bins)).toEqual({
      key: "pgbench.scale5",
      commands: [{ file: "/opt/pg/bin/pgbench", args: ["-i", "-s", "5", "-q", "-h", "/tmp/pg.sock.dir", "-p", "5433", "-U", "bench", "bench"] }],
      tables: ["pgbench_accounts", "pgbench_branches", "pgbench_tellers", "pgbench_history"],
    });
  });

  it("defaults: simple protocol, one thread per client, scale 10", () => {
    const defaults = pgbenchStep({ script: "tpcb-like", clients: 1 });
    expect(defaults.id).toBe("pgbench.tpcb-like.simple.c1");
    expect(defaults.parameters).toEqual({ script: "tpcb-like", protocol: "simple", clients: 1, threads: 1, scale: 10 });
  });

  it("rejects bad parameters", () => {
    expect(() => pgbenchStep({ script: "select-only", clients: 2, threads: 4 })).toThrow(/threads must not exceed clients/);
    expect(() => pgbenchStep({ script: "tpcc", clients: 2 })).toThrow(ZodError);
    expect(() => pgbenchStep({ script: "select-only", clients: 2, protocl: "simple" })).toThrow(ZodError);
  });

  it("is found by its driver name; an unknown driver is an input error", () => {
    expect(stepFromDefinition({ driver: "pgbench", parameters: { script: "simple-update", protocol: "extended", clients: 2 } }, "postgresql").id).toBe(
      "pgbench.simple-update.extended.c2",
    );
    expect(() => stepFromDefinition({ driver: "hammerdb", parameters: {} }, "postgresql")).toThrow(InputError);
  });

  it("measures PostgreSQL only: another engine is an input error naming both", () => {
    expect(() => stepFromDefinition({ driver: "pgbench", parameters: { script: "select-only", clients: 1 } }, "rocksdb")).toThrow(
      'the pgbench driver cannot measure the rocksdb engine (it measures postgresql)',
    );
  });
});

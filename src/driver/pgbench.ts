/**
 * pgbench: PostgreSQL's own benchmark client, with its builtin scripts.
 *
 * Step ids read `pgbench.<script>.<protocol>.c<clients>`, e.g. pgbench.select-only.prepared.c4: the
 * simple vs prepared protocol comparison is one PostgreSQL users care about.
 *
 * Output variants understood (PostgreSQL 12 to 17):
 * - 14+: `tps = N (without initial connection time)`, `initial connection time = ... ms`;
 * - 12, 13: `tps = N (including connections establishing)` and `tps = N (excluding connections
 *   establishing)`; the excluding one is used, as it is what 14+ reports;
 * - 15+: `maximum number of tries`, `number of failed transactions: N (P%)`;
 * - `latency stddev` only with -P, --rate or --latency-limit.
 *
 * ops = "number of transactions actually processed" (the N of "N/M" in -t mode), ops_per_s = tps.
 *
 * Latency: avg from `latency average`; p95 and p99 are null. pgbench prints no percentiles, and the
 * only source for them, the per-transaction log (-l), is written by the client during the measured
 * interval: its writes would land in the host's wKB/op and its CPU in the client share, on exactly
 * the steps (select-only at tens of thousands of tps) where both should be near zero. The aggregate
 * log (--aggregate-interval) has only sums, min and max per interval, no percentiles.
 *
 * Progress (-P) goes to stderr as `progress: 1.0 s, 42150.6 tps, lat 0.072 ms stddev 0.271, 0 failed`.
 * Each run starts with pgbench's usual vacuum of its small tables (not -n): part of every run alike.
 */
import { z } from "zod";
import { ParseError } from "../common/errors.js";
import { findNumber, normalizeLines, requireNumber, requirePositive } from "./output-text.js";
import { libpqConnectionArgs, serverConnection, wholeCount, wholeSeconds, type BenchmarkStep, type ClientBinaries, type ParsedSample, type Target } from "./types.js";

export const PGBENCH_SCRIPTS = ["select-only", "tpcb-like", "simple-update"] as const;
export const PGBENCH_PROTOCOLS = ["simple", "extended", "prepared"] as const;
const PGBENCH_TABLES = ["pgbench_accounts", "pgbench_branches", "pgbench_tellers", "pgbench_history"];
/** the builtin scripts that change rows (select-only reads) */
const WRITING_SCRIPTS: ReadonlySet<PgbenchParameters["script"]> = new Set(["tpcb-like", "simple-update"]);
/** pgbench's --random-seed for counted runs (unset, it seeds from the clock): every run draws the same accounts, deltas and tellers */
export const COUNTED_RUN_SEED = 1;

export const PgbenchParametersSchema = z
  .object({
    script: z.enum(PGBENCH_SCRIPTS),
    protocol: z.enum(PGBENCH_PROTOCOLS).default("simple"),
    clients: z.number().int().positive(),
    /** pgbench worker threads; defaults to one per client */
    threads: z.number().int().positive().optional(),
    /** scale factor of `pgbench -i -s`: 100,000 pgbench_accounts rows per unit */
    scale: z.number().int().positive().default(10),
    progress_interval_s: z.number().int().positive().default(1),
  })
  .strict()
  .refine((p) => p.threads === undefined || p.threads <= p.clients, { message: "threads must not exceed clients", path: ["threads"] });

export type PgbenchParameters = z.output<typeof PgbenchParametersSchema>;

/**
 * What the runs of a pgbench step share: its transactions (builtin or the profile's scripts), protocol
 * and parallelism. `length`: -T seconds, or -t transactions per client.
 */
export type PgbenchRunArgs = (target: Target, bins: ClientBinaries, length: string[], parallel?: { clients: number; threads: number }) => string[];

/**
 * Clients that write the same rows wait for each other's row locks in an order the scheduler picks:
 * counted at 4 clients, tpcb-like's repeats on fresh copies of the data spread 0.2-3.0% (2026-12-04,
 * docs/verdict-quality.md). One client doing all their transactions does the same work per
 * transaction, minus the waits, in one order. `database`: what pgbench's last argument names (a
 * connection string where the step's runs need options).
 */
export function pgbenchCountedRun(runArgs: PgbenchRunArgs, writes: boolean, clients: number, database = (target: Target) => serverConnection(target).database): Pick<BenchmarkStep, "fixedRun" | "countedRun"> {
  const serialCount = writes && clients > 1;
  return {
    ...(serialCount && { countedRun: `one client running the ${clients} clients' transactions in turn` }),
    // -n: no vacuum before the run. Its cost depends on what the previous run left (dead tuples of
    // the runs of N and 2N differ), which would not cancel out in the difference of two runs. One seed
    // for every counted run: runs of N and 2N share their first N transactions per client, and a run
    // of a writing script starts from a fresh copy of the data (src/schedule/instructions.ts).
    fixedRun: (target, bins, perClient) => {
      const args = serialCount ? runArgs(target, bins, ["-t", wholeCount(perClient * clients)], { clients: 1, threads: 1 }) : runArgs(target, bins, ["-t", wholeCount(perClient)]);
      return { file: bins.pgbench!, args: [...args, "-n", `--random-seed=${COUNTED_RUN_SEED}`, database(target)] };
    },
  };
}

export function pgbenchStepId(p: Pick<PgbenchParameters, "script" | "protocol" | "clients">): string {
  return `pgbench.${p.script}.${p.protocol}.c${p.clients}`;
}

/** Throws a ZodError naming the bad parameter; the config layer turns it into an InputError. */
export function pgbenchStep(parameters: unknown): BenchmarkStep<"pgbench"> {
  const p = PgbenchParametersSchema.parse(parameters);
  const threads = p.threads ?? p.clients;
  const runArgs: PgbenchRunArgs = (target, _bins, length, parallel = { clients: p.clients, threads }) => [
    ...libpqConnectionArgs(serverConnection(target)),
    "-b", p.script,
    "-M", p.protocol,
    "-c", String(parallel.clients),
    "-j", String(parallel.threads),
    ...length,
  ];
  const writes = WRITING_SCRIPTS.has(p.script);
  return {
    id: pgbenchStepId(p),
    driver: "pgbench",
    parameters: { script: p.script, protocol: p.protocol, clients: p.clients, threads, scale: p.scale },
    programs: { pgbench: "build" },
    dataSet: (target, bins) => ({
      key: `pgbench.scale${p.scale}`,
      commands: [{ file: bins.pgbench, args: ["-i", "-s", String(p.scale), "-q", ...libpqConnectionArgs(serverConnection(target)), serverConnection(target).database] }],
      tables: PGBENCH_TABLES,
    }),
    run: (target, bins, seconds) => ({
      file: bins.pgbench,
      args: [...runArgs(target, bins, ["-T", wholeSeconds(seconds)]), "-P", String(p.progress_interval_s), serverConnection(target).database],
    }),
    warmup: (target, bins, seconds) => ({ file: bins.pgbench, args: [...runArgs(target, bins, ["-T", wholeSeconds(seconds)]), serverConnection(target).database] }),
    ...(writes && { writes: true as const }),
    ...pgbenchCountedRun(runArgs, writes, p.clients),
    isProgressLine: (line) => line.startsWith("progress: "),
    parse: parsePgbenchOutput,
  };
}

/** -T runs print their duration; -t runs the transactions per client instead, and last as long as their tps says. */
function duration(text: string, ops: number, tps: number, raw: string): number {
  const seconds = findNumber(text, /^duration: (\d+) s$/m, "pgbench duration", raw);
  if (seconds !== null) return seconds;
  if (findNumber(text, /^number of transactions per client: (\d+)$/m, "pgbench transactions per client", raw) === null) {
    throw new ParseError("no pgbench duration (-T) or transactions per client (-t) line in the output", raw);
  }
  return ops / tps;
}

const TPS_EXCLUDING_CONNECTIONS = /^tps = ([\d.]+) \((?:without initial connection time|excluding connections establishing)\)$/m;

export function parsePgbenchOutput(raw: string): ParsedSample {
  const text = normalizeLines(raw);
  // pgbench prints its summary even when a client aborted, then says so on stderr (exit status 2).
  const aborted = /^pgbench: (?:error|fatal): (Run was aborted.*)$/m.exec(text);
  if (aborted) throw new ParseError(`pgbench: ${aborted[1]}`, raw);
  const ops = requireNumber(text, /^number of transactions actually processed: (\d+)(?:\/\d+)?$/m, "pgbench transactions processed", raw);
  const tps = requireNumber(text, TPS_EXCLUDING_CONNECTIONS, "pgbench tps", raw);
  return {
    ops: requirePositive(ops, "pgbench transactions processed", raw),
    ops_per_s: requirePositive(tps, "pgbench tps", raw),
    duration_s: duration(text, ops, tps, raw),
    latency_ms: {
      avg: requireNumber(text, /^latency average = ([\d.]+) ms(?: \(including failures\))?$/m, "pgbench latency average", raw),
      p95: null,
      p99: null,
    },
    errors: findNumber(text, /^number of failed transactions: (\d+) \([\d.]+%\)$/m, "pgbench failed transactions", raw),
    raw,
  };
}

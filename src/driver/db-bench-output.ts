/**
 * What one db_bench run printed, read the way the field reads it (RocksDB's tools/benchmark.sh,
 * summarize_result): the result line, the histogram's percentiles, and the last statistics block's
 * stalls and compaction. Pure: text in, numbers out; output it does not understand is a ParseError
 * that keeps the whole text. The statistics block is read apart (parseDbBenchStatistics): a block it
 * does not understand never costs the measured sample, which needs only the result line.
 *
 * Lines understood (db_bench 7.x, `Stats::Report` and `DBImpl::DumpStats`):
 *   readrandom   :       2.913 micros/op 343261 ops/sec 10.000 seconds 3432619 operations;  139.1 MB/s (3432619 of 3432619 found)
 *   Microseconds per read:
 *   Count: 333998 Average: 18.0806  StdDev: 325.94
 *   Min: 1  Median: 5.0877  Max: 62288
 *   Percentiles: P50: 5.09 P75: 5.82 P99: 33.68 P99.9: 4384.63 P99.99: 12524.02
 *   ** Compaction Stats [default] ** ... " Sum" row ...            (with --benchmarks=NAME,stats)
 *   Flush(GB): cumulative 0.039, interval 0.016
 *   Stalls(count): 0 level0_slowdown, ..., 3 memtable_compaction, 0 memtable_slowdown, interval 0 total count
 *   Cumulative writes: 185K writes, 185K keys, ..., ingest: 0.08 GB, 25.33 MB/s
 *   Cumulative stall: 00:00:0.201 H:M:S, 6.6 percent
 *   STATISTICS:                                                      (with --statistics, when the process ends)
 *   rocksdb.compact.read.bytes COUNT : 222145406
 * The statistics are cumulative since the database was opened: the last block is the run's. Other
 * benchmarks may run before it in the same process (readtocache, to warm the block cache): only the
 * lines from the benchmark's own result line to the next result line are its.
 *
 * micros/op is db_bench's per-thread time per operation (elapsed x threads / operations), the
 * percentiles are of the measured threads' operations only: the rate-limited writer of the
 * *whilewriting benchmarks is excluded from both (Stats::SetExcludeFromMerge).
 */
import { ParseError } from "../common/errors.js";
import type { LsmMetrics } from "../results/schema.js";
import type { ClientRusage } from "./client-rusage.js";
import { findNumber, normalizeLines, requirePositive } from "./output-text.js";

export interface DbBenchPercentiles {
  /** microseconds */
  p50: number;
  p99: number;
  p99_9: number;
  /** microseconds; db_bench's histogram average over every operation */
  average: number;
  max: number;
}

export interface DbBenchStalls {
  /** "Cumulative stall: ..., P percent": share of the uptime writes were stalled */
  percent: number;
  /** stall events of every kind ("Stalls(count):", the interval total left out) */
  count: number;
}

/**
 * RocksDB's own counts of what was written, from the tickers of the --statistics dump ("STATISTICS:",
 * printed once as the process ends, cumulative since it opened the database): exact bytes, where the
 * statistics block's GB figures round a short run's writes to 0.0.
 */
export interface DbBenchCounters {
  /** rocksdb.bytes.written: what the application wrote (keys, values, write batch headers) */
  bytes_written: number;
  /** rocksdb.flush.write.bytes: what flushes wrote from memtables into L0 files */
  flush_write_bytes: number;
  /** rocksdb.compact.read.bytes, rocksdb.compact.write.bytes: what compactions read and wrote (flushes not included) */
  compact_read_bytes: number;
  compact_write_bytes: number;
}

/** The ticker behind each counter, as db_bench 7.x names it. */
export const DB_BENCH_TICKERS: Readonly<Record<keyof DbBenchCounters, string>> = {
  bytes_written: "rocksdb.bytes.written",
  flush_write_bytes: "rocksdb.flush.write.bytes",
  compact_read_bytes: "rocksdb.compact.read.bytes",
  compact_write_bytes: "rocksdb.compact.write.bytes",
};

export interface DbBenchOutput {
  benchmark: string;
  micros_per_op: number;
  ops_per_s: number;
  seconds: number;
  operations: number;
  /** null for the benchmarks that print no MB/s (multireadrandom, seekrandom) */
  mb_per_s: number | null;
  /** "(F of N found)": keys found of keys looked up; null where db_bench does not say */
  found: { found: number; of: number } | null;
  /** null without --histogram=1 */
  percentiles: DbBenchPercentiles | null;
  /** the last statistics block's text, for parseDbBenchStatistics; null without one (the `stats` benchmark or --stats_interval_seconds) */
  statistics: string | null;
  /** RocksDB's write counters from the --statistics dump; null without one */
  counters: DbBenchCounters | null;
  /** "WARNING: Assertions are enabled": a debug build, whose numbers are not a release's */
  assertions_enabled: boolean;
  /** "RocksDB:    version 7.8.3" */
  version: string | null;
}

const NUMBER = String.raw`(\d+(?:\.\d+)?)`;

/**
 * The run of `benchmark` in `raw` (db_bench's stdout, stderr possibly mixed in). Exactly one result
 * line for it must be there; the statistics blocks are optional and only cut out here.
 */
export function parseDbBenchOutput(raw: string, benchmark: string): DbBenchOutput {
  if (!/^[A-Za-z0-9_]+$/.test(benchmark)) throw new RangeError(`not a db_bench benchmark name: "${benchmark}"`);
  const text = normalizeLines(raw);
  const results = [...text.matchAll(new RegExp(String.raw`^${benchmark}\s*:\s+${NUMBER} micros/op (\d+) ops/sec ${NUMBER} seconds (\d+) operations;(.*)$`, "gm"))];
  if (results.length === 0) {
    const complaint = /^(?:.*\berror\b.*|Invalid argument.*|.*: unknown command-line flag.*|unknown benchmark .*|Please install gflags.*)$/im.exec(text);
    throw new ParseError(`no db_bench ${benchmark} result line in the output${complaint ? `; it says "${complaint[0].trim()}"` : ""}`, raw);
  }
  if (results.length > 1) throw new ParseError(`db_bench ${benchmark} result line appears ${results.length} times: more than one run in one output?`, raw);
  const result = results[0] as RegExpExecArray;
  const [, microsPerOp, opsPerS, seconds, operations, extra = ""] = result;
  const mbPerS = /^\s+(\d+(?:\.\d+)?) MB\/s/.exec(extra);
  const found = /\((\d+) of (\d+) found/.exec(extra);
  // What db_bench printed for this benchmark: its histogram and a following `stats` benchmark's block,
  // up to the next benchmark's result line (a warm-up before it, e.g. readtocache, has its own).
  const after = result.index + result[0].length;
  const next = new RegExp(String.raw`^\w+\s*:\s+${NUMBER} micros/op `, "gm");
  next.lastIndex = after;
  const section = text.slice(result.index, next.exec(text)?.index ?? text.length);
  return {
    benchmark,
    micros_per_op: Number(microsPerOp),
    ops_per_s: requirePositive(Number(opsPerS), `db_bench ${benchmark} ops/sec`, raw),
    seconds: Number(seconds),
    operations: requirePositive(Number(operations), `db_bench ${benchmark} operations`, raw),
    mb_per_s: mbPerS ? Number(mbPerS[1]) : null,
    found: found ? { found: Number(found[1]), of: Number(found[2]) } : null,
    percentiles: parsePercentiles(ownHistogram(section), raw),
    statistics: lastStatisticsBlock(section),
    counters: parseCounters(section, raw),
    assertions_enabled: /^WARNING: Assertions are enabled/m.test(text),
    version: /^RocksDB:\s+version (\S+)$/m.exec(text)?.[1] ?? null,
  };
}

/**
 * The benchmark's lines before any statistics block: with --statistics, the `stats` block after them
 * has histograms of its own (file read latency per level), with Percentiles lines too.
 */
function ownHistogram(section: string): string {
  const block = /^(?:\*\* .* \*\*|STATISTICS:)$/m.exec(section);
  return block ? section.slice(0, block.index) : section;
}

/** The histogram of the measured operations: one per run (a second one is a second run's). */
function parsePercentiles(text: string, raw: string): DbBenchPercentiles | null {
  const line = findLine(text, /^Percentiles: .*$/gm, "Percentiles", raw);
  if (line === null) return null;
  const value = (label: string): number => {
    const match = new RegExp(String.raw`\b${label.replace(".", String.raw`\.`)}: ${NUMBER}(?: |$)`).exec(line);
    if (!match) throw new ParseError(`db_bench Percentiles line has no ${label}: "${line}"`, raw);
    return Number(match[1]);
  };
  const average = findNumber(text, new RegExp(String.raw`^Count: \d+ Average: ${NUMBER}\s+StdDev: [\d.]+$`, "m"), "db_bench histogram average", raw);
  const max = findNumber(text, new RegExp(String.raw`^Min: \d+\s+Median: [\d.]+\s+Max: ${NUMBER}$`, "m"), "db_bench histogram max", raw);
  if (average === null || max === null) throw new ParseError("db_bench histogram has Percentiles but no Count/Average or Min/Median/Max line", raw);
  return { p50: value("P50"), p99: value("P99"), p99_9: value("P99.9"), average, max };
}

/**
 * The tickers of the --statistics dump, or null when the run printed none. A dump that lacks one of
 * them, or shows it in another form than `NAME COUNT : N`, is not understood: never a 0.
 */
function parseCounters(text: string, raw: string): DbBenchCounters | null {
  const heading = findLine(text, /^STATISTICS:$/gm, "STATISTICS", raw);
  if (heading === null) return null;
  // the dump: from its heading to the first blank line (or the end)
  const start = text.indexOf(`${heading}\n`) + heading.length + 1;
  const end = text.indexOf("\n\n", start);
  const dump = text.slice(start, end === -1 ? text.length : end);
  const count = (ticker: string): number => {
    const lines = dump.split("\n").filter((line) => line.startsWith(`${ticker} `));
    if (lines.length === 0) throw new ParseError(`db_bench's STATISTICS dump has no ${ticker} counter`, raw);
    if (lines.length > 1) throw new ParseError(`db_bench's STATISTICS dump has ${ticker} ${lines.length} times`, raw);
    const match = /^\S+ COUNT : (\d+)$/.exec(lines[0] as string);
    const value = Number(match?.[1]);
    if (!match || !Number.isSafeInteger(value)) throw new ParseError(`db_bench's STATISTICS counter not understood: "${lines[0]}"`, raw);
    return value;
  };
  return {
    bytes_written: count(DB_BENCH_TICKERS.bytes_written),
    flush_write_bytes: count(DB_BENCH_TICKERS.flush_write_bytes),
    compact_read_bytes: count(DB_BENCH_TICKERS.compact_read_bytes),
    compact_write_bytes: count(DB_BENCH_TICKERS.compact_write_bytes),
  };
}

/**
 * The last statistics block ("rocksdb.stats": compaction table, flush, stall counts, then DB stats),
 * from its compaction table's header to the end; statistics lines without a table: the benchmark's
 * lines as they are (parseDbBenchStatistics refuses them); null when the output has none.
 */
function lastStatisticsBlock(text: string): string | null {
  const last = [...text.matchAll(/^Level\s+Files\s+Size\s+Score .*$/gm)].at(-1);
  if (last !== undefined) return text.slice(last.index);
  return /^(?:Stalls\(count\)|Cumulative stall):/m.test(text) ? text : null;
}

/**
 * The stalls of a statistics block (DbBenchOutput.statistics); `raw`, the whole output, goes with a
 * ParseError. A block missing one of its lines is an error, not a mix with an earlier block's. (Bytes
 * written and compacted come from the STATISTICS counters instead: dbBenchLsmMetrics.)
 */
export function parseDbBenchStatistics(block: string, raw: string): { stalls: DbBenchStalls } {
  if (!/^Level\s+Files\s+Size\s+Score /.test(block)) throw new ParseError("db_bench statistics without their compaction table", raw);
  return { stalls: parseStalls(block, raw) };
}

function blockLine(block: string, pattern: RegExp, what: string, raw: string): RegExpExecArray {
  const match = pattern.exec(block);
  if (!match) throw new ParseError(`db_bench's last statistics block has no readable ${what} line`, raw);
  return match;
}

/** "Cumulative stall" and "Stalls(count)" of the last statistics block. */
function parseStalls(block: string, raw: string): DbBenchStalls {
  const percent = blockLine(block, /^Cumulative stall: \d+:\d+:[\d.]+ H:M:S, (\d+(?:\.\d+)?) percent$/m, '"Cumulative stall"', raw);
  const counts = blockLine(block, /^Stalls\(count\): (.*)$/m, '"Stalls(count)"', raw)[1] ?? "";
  // "N kind, N kind, ..., interval N total count"
  const parts = counts.split(", ");
  const total = parts.pop();
  if (parts.length === 0 || !/^interval \d+ total count$/.test(total ?? "")) throw new ParseError(`db_bench Stalls(count) line not understood: "${counts}"`, raw);
  let count = 0;
  for (const part of parts) {
    const match = /^(\d+) [a-z0-9_ ]+$/.exec(part);
    if (!match) throw new ParseError(`db_bench Stalls(count) entry not understood: "${part}"`, raw);
    count += Number(match[1]);
  }
  return { percent: Number(percent[1]), count };
}

function findLine(text: string, pattern: RegExp, what: string, raw: string): string | null {
  const lines = [...text.matchAll(pattern)];
  if (lines.length > 1) throw new ParseError(`db_bench ${what} line appears ${lines.length} times: more than one run in one output?`, raw);
  return lines[0]?.[0] ?? null;
}

/** The db_bench process's cost, from the rusage wrapper around it and the run's operation count. */
export interface DbBenchProcessCost {
  user_s: number;
  system_s: number;
  /** user + system CPU microseconds per operation, background (flush, compaction) threads included */
  cpu_us_per_op: number;
  /** peak resident set, KiB (the rusage wrapper's poll); null where it was not seen */
  max_rss_kib: number | null;
}

export function dbBenchProcessCost(output: Pick<DbBenchOutput, "operations">, rusage: ClientRusage): DbBenchProcessCost {
  return {
    user_s: rusage.user_s,
    system_s: rusage.system_s,
    cpu_us_per_op: (rusage.cpu_s * 1e6) / output.operations,
    max_rss_kib: rusage.max_rss_kib,
  };
}

/**
 * The counters per measured operation, and the write amplification: (flush + compaction bytes
 * written) / bytes the application wrote. benchmark.sh's w_amp divides the compaction table's GB
 * instead, whose Sum row holds the flushes already and to which it adds them once more (2.0 where
 * every compaction is a trivial move); these are RocksDB's byte counts, each byte once.
 */
export function dbBenchLsmMetrics(output: Pick<DbBenchOutput, "operations">, counters: DbBenchCounters): LsmMetrics {
  const perOp = (bytes: number) => bytes / output.operations;
  return {
    compaction_read_bytes_per_op: perOp(counters.compact_read_bytes),
    compaction_write_bytes_per_op: perOp(counters.compact_write_bytes),
    flush_write_bytes_per_op: perOp(counters.flush_write_bytes),
    write_amplification: counters.bytes_written > 0 ? (counters.flush_write_bytes + counters.compact_write_bytes) / counters.bytes_written : null,
  };
}

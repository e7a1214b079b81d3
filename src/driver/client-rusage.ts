/**
 * The benchmark client's own CPU time, to tell whether the client (not the server) was the
 * bottleneck: share = client CPU seconds / (wall seconds x cores).
 *
 * Node has no getrusage(RUSAGE_CHILDREN) for one child, so the client runs under a small sh wrapper:
 * after waiting for it, the shell reads its own /proc/<pid>/stat, whose cutime and cstime count the
 * CPU of the children it has waited for, i.e. the client and whatever the client waited for. The
 * shell forks nothing else before that read (kill, [ and read are dash builtins).
 *
 * A SIGTERM, SIGINT or SIGHUP to the wrapper is passed on to the client process (pgbench and sysbench
 * are one process each), and the report is still written once the client is gone; SIGKILL to the
 * wrapper would leave the client running, so stop the wrapper with SIGTERM first.
 *
 * Where the client is the engine (db_bench), its peak resident set matters too. No rusage of one
 * child carries it to a shell, and a process that has exited has no memory to look at, so a poller
 * reads the client's VmHWM (the kernel's own high-water mark) every 0.2 s while it runs, as the field
 * samples ps: the peak reported is at most 0.2 s older than the exit. The poller is a
 * subshell the wrapper waits for only after reading its own stat, so its sleeps are not in cutime.
 */
import { ParseError } from "../common/errors.js";
import type { OsUser } from "../trust/unprivileged.js";
import { readAsUser } from "../trust/user-files.js";
import type { ClientCommand } from "./types.js";

/** A report is one short line: more is not one. */
const MAX_REPORT_BYTES = 4096;

const POLL_PEAK_RSS = [
  '( peak=; while kill -0 "$client" 2>/dev/null; do',
  '    while read -r key value unit; do [ "$key" = VmHWM: ] && peak=$value; done < /proc/$client/status 2>/dev/null',
  '    [ -n "$peak" ] && echo "$peak" > "$report.peak"',
  '    sleep 0.2',
  '  done ) &',
  'poller=$!',
];

const wrapper = (peakRss: boolean): string => [
  'report=$1; shift',
  '"$@" &',
  'client=$!',
  ...(peakRss ? POLL_PEAK_RSS : []),
  'trap \'kill -TERM "$client" 2>/dev/null\' TERM INT HUP',
  'while :; do',
  '  wait "$client"; status=$?',
  '  # above 128: the client died of a signal, or a trapped signal interrupted the wait (client still alive)',
  '  if [ "$status" -gt 128 ] && kill -0 "$client" 2>/dev/null; then continue; fi',
  '  break',
  'done',
  'read -r stat < /proc/$$/stat',
  '# after the command name: $1 is field 3 (state) of proc(5), so $14 and $15 are cutime and cstime',
  'set -- ${stat##*) }',
  'usage="${14} ${15} $(getconf CLK_TCK)"',
  ...(peakRss
    ? ['# the client is reaped: the poller stops at its next look', 'wait "$poller"', 'peak=', 'read -r peak < "$report.peak" 2>/dev/null', 'rm -f "$report.peak"', 'usage="$usage ${peak:-unknown}"']
    : []),
  'printf "%s\\n" "$usage" > "$report"',
  'exit "$status"',
].join("\n");

/**
 * `command` run under the wrapper, which writes "cutime cstime CLK_TCK" to `reportFile` at exit, and
 * with `peakRss` the client's peak resident set in KiB after them ("unknown" when it exited before
 * the first look).
 */
export function withClientRusage(command: ClientCommand, reportFile: string, options: { peakRss?: boolean } = {}): ClientCommand {
  return { file: "/bin/sh", args: ["-c", wrapper(options.peakRss ?? false), "client-rusage", reportFile, command.file, ...command.args] };
}

export interface ClientRusage {
  user_s: number;
  system_s: number;
  cpu_s: number;
  /** peak resident set, KiB; null when not polled or not seen */
  max_rss_kib: number | null;
}

export function parseClientRusage(report: string): ClientRusage {
  const match = /^(\d+) (\d+) (\d+)(?: (\d+|unknown))?\n?$/.exec(report);
  const [userTicks, systemTicks, ticksPerSecond] = (match?.slice(1, 4) ?? []).map(Number);
  if (userTicks === undefined || systemTicks === undefined || !ticksPerSecond) {
    throw new ParseError('client rusage report is not "cutime cstime CLK_TCK [peak KiB]"', report);
  }
  const peak = match?.[4];
  return {
    user_s: userTicks / ticksPerSecond,
    system_s: systemTicks / ticksPerSecond,
    cpu_s: (userTicks + systemTicks) / ticksPerSecond,
    max_rss_kib: peak === undefined || peak === "unknown" ? null : Number(peak),
  };
}

/** The report in `reportFile`, read as `user`, whose dir it is written in (a symlink planted there leads nowhere it could not go). */
export async function readClientRusage(reportFile: string, user: OsUser | null): Promise<ClientRusage> {
  return parseClientRusage(((await readAsUser(user, reportFile, MAX_REPORT_BYTES)) ?? "").toString("utf8"));
}

/** The client's CPU as a share of all the machine's CPU during the interval (0 to 1). */
export function clientCpuShare(cpuSeconds: number, wallSeconds: number, cores: number): number {
  if (!(wallSeconds > 0) || !(cores > 0)) throw new RangeError(`client CPU share needs positive wall seconds and cores, got ${wallSeconds} and ${cores}`);
  return cpuSeconds / (wallSeconds * cores);
}

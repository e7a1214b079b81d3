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
 */
import { readFile } from "node:fs/promises";
import { ParseError } from "../errors.js";
import type { ClientCommand } from "./types.js";

const WRAPPER = [
  'report=$1; shift',
  '"$@" &',
  'client=$!',
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
  'printf "%s %s %s\\n" "${14}" "${15}" "$(getconf CLK_TCK)" > "$report"',
  'exit "$status"',
].join("\n");

/** `command` run under the wrapper, which writes "cutime cstime CLK_TCK" to `reportFile` at exit. */
export function withClientRusage(command: ClientCommand, reportFile: string): ClientCommand {
  return { file: "/bin/sh", args: ["-c", WRAPPER, "client-rusage", reportFile, command.file, ...command.args] };
}

export interface ClientRusage {
  user_s: number;
  system_s: number;
  cpu_s: number;
}

export function parseClientRusage(report: string): ClientRusage {
  const match = /^(\d+) (\d+) (\d+)\n?$/.exec(report);
  const [userTicks, systemTicks, ticksPerSecond] = (match?.slice(1) ?? []).map(Number);
  if (userTicks === undefined || systemTicks === undefined || !ticksPerSecond) {
    throw new ParseError('client rusage report is not "cutime cstime CLK_TCK"', report);
  }
  return {
    user_s: userTicks / ticksPerSecond,
    system_s: systemTicks / ticksPerSecond,
    cpu_s: (userTicks + systemTicks) / ticksPerSecond,
  };
}

export async function readClientRusage(reportFile: string): Promise<ClientRusage> {
  return parseClientRusage(await readFile(reportFile, "utf8"));
}

/** The client's CPU as a share of all the machine's CPU during the interval (0 to 1). */
export function clientCpuShare(cpuSeconds: number, wallSeconds: number, cores: number): number {
  if (!(wallSeconds > 0) || !(cores > 0)) throw new RangeError(`client CPU share needs positive wall seconds and cores, got ${wallSeconds} and ${cores}`);
  return cpuSeconds / (wallSeconds * cores);
}

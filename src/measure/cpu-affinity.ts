/**
 * Server and client on separate CPUs (taskset). On a small runner the scheduler otherwise moves the
 * client and the backends between cores from one sample to the next, and throughput swings by 10-30%
 * between identical runs (docs/verdict-quality.md); with the server held on its CPUs and the client on
 * the others, it varies by 1-3%. The price: the server gets only its share of the cores, so the gate
 * measures CPU per query, not scaling across cores.
 *
 * "split" hands out whole cores: SMT siblings (two hyperthreads of one core) share its execution
 * units, so a server on one and its client on the other compete as if on one CPU. Linux numbers an
 * x86 core's threads n and n + cores/2 (test/fixtures/cpu/x86_64-epyc_7451), so halving the CPU list
 * gave each server CPU's sibling to the client; arm64 server parts have one thread per core
 * (Graviton, Altra), where whole cores and single CPUs are the same split.
 *
 * Pure except `allowedCpus` and `readCores`, which read what this process may run on and how its CPUs
 * share cores.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { ClientCommand } from "../common/client-command.js";
import { InputError } from "../common/errors.js";

/**
 * A profile's setting: "split" (first half of the allowed CPUs for the server, the rest for the
 * client), explicit lists, or an embedded engine's one process's list.
 */
export type CpuAffinitySetting = "split" | { server: string; client: string } | { process: string };

export interface CpuPlacement {
  server: number[];
  client: number[];
}

/** An embedded engine's single process (the driver's, which opens the data itself). */
export interface ProcessPlacement {
  process: number[];
}

/** `text` as CPUs that this runner allows, or an input error naming `field`. */
function allowedList(text: string, allowed: readonly number[], source: string, field: string): number[] {
  const cpus = parseCpuList(text);
  if (!cpus) throw new InputError(`"${text}" is not a CPU list such as "0" or "0-3,6"`, source, field);
  const missing = cpus.filter((cpu) => !allowed.includes(cpu));
  if (missing.length) throw new InputError(`CPU ${formatCpuList(missing)} is not available on this runner (allowed: ${formatCpuList(allowed)})`, source, field);
  return cpus;
}

/**
 * Where an embedded engine's process runs: "split" gives it the half a server would get (the other
 * half stays for the gate and the OS, as with a server); a server's client/server lists do not apply.
 */
export function placeProcess(setting: CpuAffinitySetting, allowed: readonly number[], source: string, cores: readonly (readonly number[])[] = singleCores(allowed)): ProcessPlacement {
  if (setting === "split") return { process: placeProcesses("split", allowed, source, cores).server };
  if (!("process" in setting)) throw new InputError("an embedded engine runs one process: give cpu_affinity.process, not server and client", source, "$.cpu_affinity");
  return { process: allowedList(setting.process, allowed, source, "$.cpu_affinity.process") };
}

/** A taskset/cpuset list ("0", "0-3", "0,2,4-7") as CPU numbers, ascending; null when it is not one. */
export function parseCpuList(text: string): number[] | null {
  if (!/^\d+(-\d+)?(,\d+(-\d+)?)*$/.test(text)) return null;
  const cpus = new Set<number>();
  for (const part of text.split(",")) {
    const [from, to = from] = part.split("-").map(Number) as [number, number?];
    if (to < from) return null;
    for (let cpu = from; cpu <= to; cpu++) cpus.add(cpu);
  }
  return [...cpus].sort((a, b) => a - b);
}

/** CPU numbers as the shortest list taskset takes: [0, 1, 2, 5] -> "0-2,5". */
export function formatCpuList(cpus: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < cpus.length; ) {
    let j = i;
    while (j + 1 < cpus.length && cpus[j + 1] === cpus[j]! + 1) j++;
    parts.push(i === j ? String(cpus[i]) : `${cpus[i]}-${cpus[j]}`);
    i = j + 1;
  }
  return parts.join(",");
}

/** Every CPU its own core: where nothing is known of the topology. */
const singleCores = (cpus: readonly number[]): number[][] => cpus.map((cpu) => [cpu]);

/**
 * `cpus` grouped by the core they share: `siblings` maps a CPU to its thread_siblings_list (itself
 * included); a CPU without one, and not in an earlier CPU's list, is taken for a core of its own.
 * Each CPU in one core only; cores in the order of their lowest CPU, each core's CPUs ascending, only
 * CPUs of `cpus` in them.
 */
export function coresOf(cpus: readonly number[], siblings: ReadonlyMap<number, readonly number[]>): number[][] {
  const unplaced = new Set(cpus);
  const cores: number[][] = [];
  for (const cpu of [...unplaced].sort((a, b) => a - b)) {
    if (!unplaced.has(cpu)) continue;
    const core = [...new Set([cpu, ...(siblings.get(cpu) ?? [])])].filter((c) => unplaced.has(c)).sort((a, b) => a - b);
    for (const c of core) unplaced.delete(c);
    cores.push(core);
  }
  return cores;
}

/**
 * Where the server and the client run, given the CPUs this process may use and how they share cores
 * (`coresOf`). `source` names the profile in errors: a list naming a CPU the runner lacks is an input
 * error, not a silent unpinned run.
 */
export function placeProcesses(setting: CpuAffinitySetting, allowed: readonly number[], source: string, cores: readonly (readonly number[])[] = singleCores(allowed)): CpuPlacement {
  if (setting === "split") {
    if (allowed.length < 2) throw new InputError(`"split" needs at least 2 CPUs; this runner allows ${formatCpuList(allowed) || "none"}`, source, "$.cpu_affinity");
    // one core's threads (a 2-vCPU cloud VM) cannot be split by core: its two CPUs, as before
    const units = cores.length >= 2 ? cores : singleCores(allowed);
    const half = Math.ceil(units.length / 2);
    const cpusOf = (part: readonly (readonly number[])[]) => part.flat().sort((a, b) => a - b);
    return { server: cpusOf(units.slice(0, half)), client: cpusOf(units.slice(half)) };
  }
  if ("process" in setting) throw new InputError("a server engine has a server and a client: give cpu_affinity.server and .client (or split), not process", source, "$.cpu_affinity");
  const placement = {
    server: allowedList(setting.server, allowed, source, "$.cpu_affinity.server"),
    client: allowedList(setting.client, allowed, source, "$.cpu_affinity.client"),
  };
  const shared = placement.server.filter((cpu) => placement.client.includes(cpu));
  if (shared.length) throw new InputError(`server and client share CPU ${formatCpuList(shared)}: they must not compete for a core`, source, "$.cpu_affinity");
  return placement;
}

/** `command` (a client command, a server's start command) started on `cpus` only (taskset execs it: same process, same rusage). */
export function onCpus(command: ClientCommand, cpus: readonly number[] | undefined): ClientCommand {
  return cpus?.length ? { file: "taskset", args: ["--cpu-list", formatCpuList(cpus), command.file, ...command.args] } : command;
}

/** The CPUs this process may run on (Cpus_allowed_list: honours cgroups' cpusets and an inherited affinity). */
export async function allowedCpus(): Promise<number[]> {
  const status = await readFile("/proc/self/status", "utf8");
  const line = /^Cpus_allowed_list:\s*(\S+)$/m.exec(status)?.[1];
  const cpus = line === undefined ? null : parseCpuList(line);
  if (!cpus) throw new Error(`cannot read Cpus_allowed_list from /proc/self/status:\n${status}`);
  return cpus;
}

/** `cpus` grouped by core (`coresOf`), from each CPU's topology/thread_siblings_list in sysfs (under `root`: a captured tree in tests). */
export async function readCores(cpus: readonly number[], root = "/"): Promise<number[][]> {
  const siblings = new Map<number, number[]>();
  await Promise.all(
    cpus.map(async (cpu) => {
      const text = await readFile(path.join(root, `sys/devices/system/cpu/cpu${cpu}/topology/thread_siblings_list`), "utf8").catch(() => null);
      const list = text === null ? null : parseCpuList(text.trim());
      if (list) siblings.set(cpu, list);
    }),
  );
  return coresOf(cpus, siblings);
}

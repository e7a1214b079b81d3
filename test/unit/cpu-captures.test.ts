/**
 * What the gate reads from a machine (the CPU's name, SMT, how CPUs share cores for the "split"
 * affinity, the caches), on real captures of arm64 and x86-64 machines: test/fixtures/cpu/README.md
 * says where each comes from.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { allowedCpus, coresOf, parseCpuList, placeProcess, placeProcesses, readCores } from "../../src/measure/cpu-affinity.js";
import { cpuModelOf, parseCpuModel, parseSmtActive } from "../../src/measure/fingerprint.js";
import { cacheSimArgs, DEFAULT_SIMULATED_CACHES } from "../../src/measure/simulated-caches.js";

const captures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/cpu");
const capture = (machine: string, file: string) => readFileSync(path.join(captures, machine, file), "utf8");
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Every core's CPUs on one side of a placement, never some on each. */
function splitsCores(cores: readonly (readonly number[])[], placement: { server: number[]; client: number[] }): boolean {
  return cores.every((core) => core.every((cpu) => placement.server.includes(cpu)) || core.every((cpu) => placement.client.includes(cpu)));
}

/** `lscpu -e`'s CPU and CORE columns as thread siblings: the CPUs lscpu gives one core number. */
function siblingsFromLscpuExtended(text: string): Map<number, number[]> {
  const [header, ...rows] = text.trim().split("\n");
  const columns = header!.trim().split(/\s+/);
  const cpuAt = columns.indexOf("CPU");
  const coreAt = columns.indexOf("CORE");
  const byCore = new Map<string, number[]>();
  const coreOf = new Map<number, string>();
  for (const row of rows) {
    const fields = row.trim().split(/\s+/);
    const cpu = Number(fields[cpuAt]);
    byCore.set(fields[coreAt]!, [...(byCore.get(fields[coreAt]!) ?? []), cpu]);
    coreOf.set(cpu, fields[coreAt]!);
  }
  return new Map([...coreOf].map(([cpu, core]) => [cpu, byCore.get(core)!]));
}

describe("an x86-64 server with SMT: AMD EPYC 7451, 96 CPUs, siblings n and n + 48 (util-linux's dump)", () => {
  const machine = path.join(captures, "x86_64-epyc_7451");
  const all = range(0, 95);

  it("reads the thread siblings from sysfs: 48 cores of two CPUs", async () => {
    const cores = await readCores(all, machine);
    expect(cores).toHaveLength(48);
    expect(cores[0]).toEqual([0, 48]);
    expect(cores[47]).toEqual([47, 95]);
    expect(parseSmtActive(capture("x86_64-epyc_7451", "sys/devices/system/cpu/smt/active"))).toBe(true);
  });

  it("split: whole cores each side, no server CPU's sibling a client's (halving the CPU list shared all 48 cores)", async () => {
    const cores = await readCores(all, machine);
    const placement = placeProcesses("split", all, "p.yaml", cores);
    expect(placement).toEqual({ server: [...range(0, 23), ...range(48, 71)], client: [...range(24, 47), ...range(72, 95)] });
    expect(splitsCores(cores, placement)).toBe(true);
    expect(placeProcess("split", all, "p.yaml", cores)).toEqual({ process: placement.server });
  });

  it("a cpuset of two cores' four threads: a core each; one core's two threads: a thread each, the only split there is", async () => {
    const four = [0, 1, 48, 49];
    expect(placeProcesses("split", four, "p.yaml", await readCores(four, machine))).toEqual({ server: [0, 48], client: [1, 49] });
    const two = [0, 48];
    expect(placeProcesses("split", two, "p.yaml", await readCores(two, machine))).toEqual({ server: [0], client: [48] });
  });
});

describe("an arm64 big.LITTLE part: Cortex-A510 x3, A710 x2, A715 x2, X3 x1, one thread per core (util-linux's dump)", () => {
  const machine = path.join(captures, "arm-A510-A710-A715-X3");

  it("names every kind of core with its count, in the order of the processors, not the first processor's alone", () => {
    expect(parseCpuModel(capture("arm-A510-A710-A715-X3", "proc/cpuinfo"))).toBe("Arm Cortex-A510 x3 + Arm Cortex-A715 x2 + Arm Cortex-A710 x2 + Arm Cortex-X3 x1");
  });

  it("an aarch64 machine reading it is that CPU; an x86-64 one is emulating (qemu-user passes the host's /proc/cpuinfo through)", () => {
    const cpuinfo = capture("arm-A510-A710-A715-X3", "proc/cpuinfo");
    expect(cpuModelOf("aarch64", cpuinfo)).toBe(parseCpuModel(cpuinfo));
    expect(cpuModelOf("x86_64", cpuinfo)).toBe(`x86_64 emulated on ${parseCpuModel(cpuinfo)}`);
  });

  it("no SMT: every CPU its own core, the split the CPU list's halves", async () => {
    expect(parseSmtActive(capture("arm-A510-A710-A715-X3", "sys/devices/system/cpu/smt/active"))).toBe(false);
    const cores = await readCores(range(0, 7), machine);
    expect(cores).toEqual(range(0, 7).map((cpu) => [cpu]));
    expect(placeProcesses("split", range(0, 7), "p.yaml", cores)).toEqual({ server: [0, 1, 2, 3], client: [4, 5, 6, 7] });
  });

  it("sysfs gives the caches' levels and types but no sizes: the simulation's caches never come from the runner", () => {
    const cacheDir = path.join(machine, "sys/devices/system/cpu/cpu0/cache");
    const indexes = readdirSync(cacheDir).sort();
    expect(indexes).toEqual(["index0", "index1", "index2", "index3"]);
    for (const index of indexes) {
      expect(existsSync(path.join(cacheDir, index, "level"))).toBe(true);
      expect(existsSync(path.join(cacheDir, index, "size"))).toBe(false);
    }
    // valgrind is told all three caches: its own detection (which on arm64 falls back to defaults of its own) never runs
    expect(cacheSimArgs(DEFAULT_SIMULATED_CACHES)).toEqual(["--cache-sim=yes", "--I1=32768,8,64", "--D1=32768,8,64", "--LL=8388608,16,64"]);
  });
});

describe.each([
  ["graviton2-c6g-metal", "Neoverse-N1", "L3 Unified: 32768K, 16-way"],
  ["graviton4-c8g-16xlarge", "Neoverse-V2", "L3 Unified: 36864K, 12-way"],
])("AWS %s (lscpu and sysfs as published by Arm)", (machine, lscpuModel, lastLevel) => {
  it(`is a ${lscpuModel} with one thread per core: 64 cores, the split 0-31 and 32-63`, () => {
    const lscpu = capture(machine, "lscpu.txt");
    expect(lscpu).toMatch(new RegExp(`Model name: +${lscpuModel}\n`));
    expect(lscpu).toMatch(/Thread\(s\) per core: +1\n/);
    const online = parseCpuList(/On-line CPU\(s\) list: +(\S+)/.exec(lscpu)![1]!)!;
    const cores = coresOf(online, siblingsFromLscpuExtended(capture(machine, "lscpu-e.txt")));
    expect(cores).toEqual(online.map((cpu) => [cpu]));
    const placement = placeProcesses("split", online, "p.yaml", cores);
    expect(placement).toEqual({ server: range(0, 31), client: range(32, 63) });
    expect(splitsCores(cores, placement)).toBe(true);
  });

  it("has caches of its own (64 KiB 4-way first levels), which the simulation does not take", () => {
    const ways = capture(machine, "cache-sysfs-ways.txt");
    expect(ways).toContain("L1 Data: 64K, 4-way, 64B line");
    expect(ways).toContain(lastLevel);
    expect(DEFAULT_SIMULATED_CACHES.d1).toEqual({ size_bytes: 32768, associativity: 8, line_bytes: 64 });
  });
});

describe("this machine", () => {
  it("groups every CPU this process may use into exactly one core", async () => {
    const allowed = await allowedCpus();
    const cores = await readCores(allowed);
    expect(cores.flat().sort((a, b) => a - b)).toEqual(allowed);
  });
});

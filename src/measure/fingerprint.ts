/**
 * The runner fingerprint: what must match before numbers from two different runs may be compared.
 * Pure parsers of /proc and /etc files, plus one thin function that reads them.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import os from "node:os";
import type { Fingerprint, Variant } from "../results/schema.js";

/**
 * Arm CPU parts seen on cloud and self-hosted runners, and the cores of the big.LITTLE parts in
 * test/fixtures/cpu; /proc/cpuinfo on aarch64 has no model name.
 */
const ARM_PARTS: Record<string, string> = {
  "0x41:0xd46": "Arm Cortex-A510",
  "0x41:0xd47": "Arm Cortex-A710",
  "0x41:0xd4d": "Arm Cortex-A715",
  "0x41:0xd4e": "Arm Cortex-X3",
  "0x41:0xd0c": "Arm Neoverse N1",
  "0x41:0xd40": "Arm Neoverse V1",
  "0x41:0xd49": "Arm Neoverse N2",
  "0x41:0xd4f": "Arm Neoverse V2",
  "0x41:0xd8e": "Arm Neoverse N3",
  "0x41:0xd84": "Arm Neoverse V3",
  "0xc0:0xac4": "Ampere-1",
  "0xc0:0xac5": "Ampere-1a",
};

function cpuinfoField(cpuinfo: string, name: string): string | undefined {
  const line = cpuinfo.split("\n").find((l) => l.split(":")[0]?.trim() === name);
  return line?.slice(line.indexOf(":") + 1).trim() || undefined;
}

/**
 * The CPU's name: x86's model name, or on aarch64 the core named by each processor's implementer and
 * part. A big.LITTLE part lists each kind of core with its count ("Arm Cortex-A510 x3 + Arm
 * Cortex-X3 x1"): named by its first processor alone, two machines that differ only in their big
 * cores would pass for one.
 */
export function parseCpuModel(cpuinfo: string): string {
  const model = cpuinfoField(cpuinfo, "model name") ?? cpuinfoField(cpuinfo, "Model Name");
  if (model) return model.replace(/\s+/g, " ");
  const counts = new Map<string, number>();
  for (const processor of cpuinfo.split(/\n\s*\n/)) {
    const implementer = cpuinfoField(processor, "CPU implementer");
    const part = cpuinfoField(processor, "CPU part");
    if (!implementer || !part) continue;
    const name = ARM_PARTS[`${implementer}:${part}`] ?? `Arm implementer ${implementer} part ${part}`;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  if (counts.size === 1) return [...counts.keys()][0]!;
  if (counts.size > 1) return [...counts].map(([name, count]) => `${name} x${count}`).join(" + ");
  throw new Error(`cannot find the CPU model in /proc/cpuinfo:\n${cpuinfo.slice(0, 2000)}`);
}

/** The family of CPU a /proc/cpuinfo or a machine name (uname -m) is of, or null for another. */
function cpuinfoFamily(cpuinfo: string): "arm" | "x86" | null {
  return cpuinfoField(cpuinfo, "CPU implementer") ? "arm" : cpuinfoField(cpuinfo, "vendor_id") ? "x86" : null;
}
const machineFamily = (machine: string): "arm" | "x86" | null => (/^(aarch64|arm)/.test(machine) ? "arm" : /^(x86_64|i[3-6]86)$/.test(machine) ? "x86" : null);

/**
 * The CPU's name for a process of `machine` (uname -m) reading `cpuinfo`. Under qemu-user an aarch64
 * process reads the host's own /proc/cpuinfo (qemu 7.2 emulates it for other targets only): an x86
 * model beside an aarch64 machine is an emulated run, named so ("aarch64 emulated on AMD EPYC"), lest
 * its numbers pass for an arm64 CPU's or for the host's.
 */
export function cpuModelOf(machine: string, cpuinfo: string): string {
  const model = parseCpuModel(cpuinfo);
  const family = cpuinfoFamily(cpuinfo);
  return family && machineFamily(machine) && family !== machineFamily(machine) ? `${machine}${EMULATED_ON}${model}` : model;
}

const EMULATED_ON = " emulated on ";

/** The host CPU a run was emulated on (cpuModelOf's "aarch64 emulated on AMD EPYC"), or null for a run on its own CPU. */
export function emulatedOn(fingerprint: Pick<Fingerprint, "arch" | "cpu_model">): string | null {
  const prefix = `${fingerprint.arch}${EMULATED_ON}`;
  return fingerprint.cpu_model.startsWith(prefix) ? fingerprint.cpu_model.slice(prefix.length) : null;
}

/** A CPU-selecting flag that asks the compiler to look at the CPU it runs on. */
const NATIVE_CPU_FLAG = /(?:^|\s)(-m(?:arch|cpu|tune)=native)(?=\s|$)/;

/**
 * Notes for variants built with -march/-mcpu/-mtune=native under emulation: gcc under qemu-user finds
 * no CPU of the target architecture to read (checked with Debian 13's gcc 14 for arm64: the same code
 * as without the flag), so such a variant is a generic build, not the runner's CPU's.
 */
export function nativeFlagsUnderEmulation(fingerprint: Pick<Fingerprint, "arch" | "cpu_model">, variants: readonly Pick<Variant, "id" | "flags">[]): string[] {
  if (emulatedOn(fingerprint) === null) return [];
  return variants.flatMap((v) => {
    const native = NATIVE_CPU_FLAG.exec(`${v.flags.cflags} ${v.flags.cxxflags}`)?.[1];
    return native ? [`${v.id}: ${native} under emulation builds for a generic ${fingerprint.arch} CPU (the compiler cannot read one): compare named CPUs (-mcpu=neoverse-v1) instead`] : [];
  });
}

export function parseOsPrettyName(osRelease: string): string {
  const match = /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(osRelease);
  return match?.[1] ?? "unknown";
}

/** /sys/devices/system/cpu/smt/active holds 0 or 1; anything else (or absence) means unknown. */
export function parseSmtActive(text: string | null): boolean | null {
  const value = text?.trim();
  return value === "1" ? true : value === "0" ? false : null;
}

export function hostnameHash(hostname: string): string {
  return createHash("sha256").update(hostname).digest("hex").slice(0, 16);
}

async function readOrNull(file: string): Promise<string | null> {
  return readFile(file, "utf8").catch(() => null);
}

export async function collectFingerprint(
  compiler: Fingerprint["compiler"],
  runner: Fingerprint["runner"],
): Promise<Fingerprint> {
  const [cpuinfo, osRelease, smt] = await Promise.all([
    readFile("/proc/cpuinfo", "utf8"),
    readOrNull("/etc/os-release"),
    readOrNull("/sys/devices/system/cpu/smt/active"),
  ]);
  return {
    arch: os.machine(),
    cpu_model: cpuModelOf(os.machine(), cpuinfo),
    cores: os.availableParallelism(),
    smt: parseSmtActive(smt),
    memory_mib: Math.round(os.totalmem() / 2 ** 20),
    kernel: os.release(),
    os: osRelease ? parseOsPrettyName(osRelease) : `${os.type()} ${os.release()}`,
    compiler,
    runner,
    hostname_hash: hostnameHash(os.hostname()),
  };
}

/** The fields that must be equal for an unpaired comparison to mean anything, with what differs. */
export function fingerprintMismatches(a: Fingerprint, b: Fingerprint): string[] {
  const differences: string[] = [];
  const check = (field: string, x: unknown, y: unknown) => {
    if (JSON.stringify(x) !== JSON.stringify(y)) differences.push(`${field}: ${JSON.stringify(x)} vs ${JSON.stringify(y)}`);
  };
  check("arch", a.arch, b.arch);
  check("cpu_model", a.cpu_model, b.cpu_model);
  check("cores", a.cores, b.cores);
  check("smt", a.smt, b.smt);
  check("kernel", a.kernel, b.kernel);
  check("compiler", a.compiler, b.compiler);
  return differences;
}

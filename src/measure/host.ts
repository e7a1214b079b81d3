/**
 * Thin I/O for measure/proc.ts: one snapshot of the host's counters is three reads, no polling. Take
 * one right before the measured client starts and one right after it exits.
 */
import { readdir, readFile } from "node:fs/promises";
import { execa } from "execa";
import { childEnv } from "../child-env.js";
import { hostSnapshot, type HostSnapshot } from "./proc.js";

export async function takeHostSnapshot(): Promise<HostSnapshot> {
  const [procStat, diskstats, sysBlock] = await Promise.all([
    readFile("/proc/stat", "utf8"),
    readFile("/proc/diskstats", "utf8"),
    readdir("/sys/block"),
  ]);
  return hostSnapshot(procStat, diskstats, new Set(sysBlock));
}

let clockTicks: Promise<number> | undefined;

/** CLK_TCK, the unit of /proc/stat's CPU counters (asked once per process). */
export function clockTicksPerSecond(): Promise<number> {
  clockTicks ??= execa("getconf", ["CLK_TCK"], { env: childEnv(process.env), extendEnv: false }).then(({ stdout }) => {
    const ticks = Number(stdout.trim());
    if (!Number.isInteger(ticks) || ticks <= 0) throw new Error(`getconf CLK_TCK printed "${stdout}"`);
    return ticks;
  });
  return clockTicks;
}

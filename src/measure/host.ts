/**
 * Thin I/O for measure/proc.ts: one snapshot of the host's counters is three reads, no polling. Take
 * one right before the measured client starts and one right after it exits. A server's memory is the
 * exception: its connections' processes are gone once the client exits, so it is polled meanwhile.
 */
import { readdir, readFile } from "node:fs/promises";
import { execa } from "execa";
import { childEnv } from "../trust/child-env.js";
import { hostSnapshot, parseSmapsRollupPss, type HostSnapshot } from "./proc.js";

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

/** The summed Pss of `pids` in bytes; a process that exited meanwhile (a closed connection's) adds nothing. */
export async function processesMemoryBytes(pids: readonly number[]): Promise<number> {
  const sizes = await Promise.all(
    pids.map(async (pid) => {
      const text = await readFile(`/proc/${pid}/smaps_rollup`, "utf8").catch((e: NodeJS.ErrnoException) => {
        if (e.code === "ENOENT" || e.code === "ESRCH") return "";
        throw e;
      });
      // empty: the process exited meanwhile (an exiting process has no memory map left to report)
      return text === "" ? 0 : parseSmapsRollupPss(text);
    }),
  );
  return sizes.reduce((sum, bytes) => sum + bytes, 0);
}

export interface PeakSampler {
  /** Stops polling; the highest sum seen (null when no poll finished), or the error a poll met. Every call returns the same promise. */
  stop(): Promise<number | null>;
}

/**
 * Polls the memory of the processes `pids()` lists every `everyMs` (and once right away) until stopped.
 * A poll of a PostgreSQL server's processes costs about 4 ms of CPU (measured: 5 processes, 173 on
 * the host, which processesUnder scans; loaded 2-core machine), so twice a second under 0.5% of the
 * host's CPU: the interval's host counters include it, alike for every variant.
 */
export function samplePeakMemory(pids: () => number[], everyMs: number): PeakSampler {
  let peak: number | null = null;
  let failure: unknown = null;
  let inFlight: Promise<void> = Promise.resolve();
  const poll = () => {
    inFlight = inFlight.then(async () => {
      if (failure !== null) return;
      try {
        const bytes = await processesMemoryBytes(pids());
        peak = Math.max(peak ?? 0, bytes);
      } catch (e) {
        failure = e;
      }
    });
  };
  poll();
  const timer = setInterval(poll, everyMs);
  let stopped: Promise<number | null> | undefined;
  return {
    stop: () => {
      clearInterval(timer);
      stopped ??= inFlight.then(() => {
        if (failure !== null) throw failure;
        return peak;
      });
      return stopped;
    },
  };
}

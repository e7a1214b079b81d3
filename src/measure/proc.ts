/**
 * Host counters from /proc, taken before and after a measured interval, and the field's "explain"
 * metrics per operation from their differences (cpu/o, cs/o, r/o, rKB/o, wKB/o). Pure: the texts
 * come from host.ts. A format these parsers do not know is a ParseError with the text, never a zero.
 */
import { ParseError } from "../common/errors.js";
import type { Metrics } from "../results/schema.js";

export interface CpuCounters {
  /** user+nice+system+irq+softirq of all CPUs, in clock ticks (guest time is already inside user) */
  busy_ticks: number;
  context_switches: number;
}

/** /proc/stat: the aggregate "cpu" line and "ctxt". */
export function parseProcStat(text: string): CpuCounters {
  const cpu = /^cpu((?: +\d+){7,})$/m.exec(text);
  const ctxt = /^ctxt (\d+)$/m.exec(text);
  if (!cpu?.[1] || !ctxt?.[1]) throw new ParseError('/proc/stat has no aggregate "cpu" line with 7 or more counters, or no "ctxt" line', text);
  // user nice system idle iowait irq softirq [steal guest guest_nice]: idle, iowait and steal are not busy
  const [user, nice, system, , , irq, softirq] = cpu[1].trim().split(/ +/).map(Number) as [number, number, number, number, number, number, number];
  return { busy_ticks: user + nice + system + irq + softirq, context_switches: Number(ctxt[1]) };
}

export interface DiskCounters {
  device: string;
  reads_completed: number;
  sectors_read: number;
  sectors_written: number;
}

/**
 * /proc/diskstats: "major minor name" then 11 (kernels before 4.18), 15 (4.18+, discards) or 17
 * (5.5+, flushes) counters. Sectors are always 512 bytes in this file, whatever the device's.
 */
export function parseDiskstats(text: string): DiskCounters[] {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const fields = line.trim().split(/\s+/);
      const [, , device, readsCompleted, , sectorsRead, , , , sectorsWritten] = fields;
      const counters = fields.slice(3);
      if (!device || ![11, 15, 17].includes(counters.length) || !counters.every((f) => /^\d+$/.test(f))) {
        throw new ParseError(`/proc/diskstats line not understood: "${line}"`, text);
      }
      return { device, reads_completed: Number(readsCompleted), sectors_read: Number(sectorsRead), sectors_written: Number(sectorsWritten) };
    });
}

/**
 * Devices counted: the whole devices the kernel lists in /sys/block (partitions are not there, so a
 * partition's I/O is not counted twice with its disk's), minus the devices that are not storage or
 * that sit on top of other devices whose I/O is already counted: loop (files on a filesystem), ram
 * and zram (memory), dm- (LVM, crypt: I/O reaches the disk below), md (software RAID: the member disks
 * are counted), sr and fd (optical, floppy). What is left is the physical (or virtual machine) disks.
 */
const NOT_COUNTED = /^(?:loop|ram|zram|dm-|md|sr|fd)\d+$/;

export function isCountedDisk(device: string, sysBlock: ReadonlySet<string>): boolean {
  return sysBlock.has(device) && !NOT_COUNTED.test(device);
}

export interface HostSnapshot {
  cpu: CpuCounters;
  /** counted disks only, by device name */
  disks: Record<string, DiskCounters>;
}

export function hostSnapshot(procStat: string, diskstats: string, sysBlock: ReadonlySet<string>): HostSnapshot {
  const disks: Record<string, DiskCounters> = {};
  for (const disk of parseDiskstats(diskstats)) if (isCountedDisk(disk.device, sysBlock)) disks[disk.device] = disk;
  return { cpu: parseProcStat(procStat), disks };
}

function increase(before: number, after: number, what: string): number {
  if (after < before) throw new RangeError(`${what} went down from ${before} to ${after}: not two snapshots of one running host in order`);
  return after - before;
}

/**
 * Per-operation metrics over the interval between two snapshots. Disks present in only one snapshot
 * (attached or removed meanwhile) are left out. `clockTicksPerSecond` is CLK_TCK (USER_HZ, 100 on
 * Linux x86_64 and arm64).
 */
export function metricsPerOp(before: HostSnapshot, after: HostSnapshot, ops: number, clockTicksPerSecond: number): Metrics {
  if (!(ops > 0)) throw new RangeError(`metrics per operation need a positive operation count, got ${ops}`);
  const busyTicks = increase(before.cpu.busy_ticks, after.cpu.busy_ticks, "CPU busy ticks");
  const contextSwitches = increase(before.cpu.context_switches, after.cpu.context_switches, "context switches");
  let reads = 0;
  let sectorsRead = 0;
  let sectorsWritten = 0;
  for (const [device, end] of Object.entries(after.disks)) {
    const start = before.disks[device];
    if (!start) continue;
    reads += increase(start.reads_completed, end.reads_completed, `${device} reads`);
    sectorsRead += increase(start.sectors_read, end.sectors_read, `${device} sectors read`);
    sectorsWritten += increase(start.sectors_written, end.sectors_written, `${device} sectors written`);
  }
  const KB_PER_SECTOR = 0.5;
  return {
    cpu_us_per_op: (busyTicks / clockTicksPerSecond) * 1e6 / ops,
    cs_per_op: contextSwitches / ops,
    r_per_op: reads / ops,
    rkb_per_op: (sectorsRead * KB_PER_SECTOR) / ops,
    wkb_per_op: (sectorsWritten * KB_PER_SECTOR) / ops,
  };
}

/**
 * /proc/<pid>/smaps_rollup: the process's proportional set size in bytes, its private resident pages
 * plus its share of those it shares (PostgreSQL's shared buffers are mapped by every backend: summing
 * their Rss would count them once per process, summing Pss counts them once).
 */
export function parseSmapsRollupPss(text: string): number {
  const pss = /^Pss: +(\d+) kB$/m.exec(text);
  if (!pss?.[1]) throw new ParseError('smaps_rollup has no "Pss: <n> kB" line', text);
  return Number(pss[1]) * 1024;
}

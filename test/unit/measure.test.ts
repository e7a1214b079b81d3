import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { execa } from "execa";
import { afterAll, describe, expect, it } from "vitest";
import { childEnv } from "../../src/trust/child-env.js";
import { clientCpuShare, parseClientRusage, readClientRusage, withClientRusage } from "../../src/driver/client-rusage.js";
import { ParseError } from "../../src/common/errors.js";
import { clockTicksPerSecond, processesMemoryBytes, samplePeakMemory, takeHostSnapshot } from "../../src/measure/host.js";
import { hostSnapshot, isCountedDisk, metricsPerOp, parseDiskstats, parseProcStat, parseSmapsRollupPss } from "../../src/measure/proc.js";
import { MetricsSchema } from "../../src/results/schema.js";
import { expectParseError } from "./expect-parse-error.js";

const fixture = (name: string) => readFileSync(new URL(`../fixtures/proc/${name}`, import.meta.url), "utf8");
const sysBlock = new Set(fixture("sys-block.txt").trim().split("\n"));

describe("/proc/stat", () => {
  it("busy = user+nice+system+irq+softirq, and ctxt (real capture)", () => {
    // cpu  50764 0 25356 67051 529 0 377 0 0 0 / ctxt 1148850
    expect(parseProcStat(fixture("stat.before.txt"))).toEqual({ busy_ticks: 50764 + 25356 + 377, context_switches: 1148850 });
  });

  it("counts nice and irq too", () => {
    expect(parseProcStat("cpu  10 2 30 400 5 6 7 8 0 0\ncpu0 10 2 30 400 5 6 7 8 0 0\nctxt 99\n").busy_ticks).toBe(10 + 2 + 30 + 6 + 7);
  });

  it("a text without the cpu or ctxt line is a ParseError with the text", () => {
    const garbage = "cpu0 1 2 3 4 5 6 7\nintr 5\n";
    expectParseError(parseProcStat, garbage, /no aggregate "cpu" line/);
    expect(() => parseProcStat("cpu  1 2 3\nctxt 4\n")).toThrow(ParseError);
  });
});

describe("/proc/diskstats", () => {
  it("reads the 17-counter format of kernels 5.5+ (real capture)", () => {
    const vda = parseDiskstats(fixture("diskstats.before.txt")).find((d) => d.device === "vda");
    // 254 0 vda 43536 10728 2814674 15886 20667 48027 3497280 ...
    expect(vda).toEqual({ device: "vda", reads_completed: 43536, sectors_read: 2814674, sectors_written: 3497280 });
  });

  it("reads the 11-counter (before 4.18) and 15-counter (4.18+) formats", () => {
    expect(parseDiskstats("   8       0 sda 100 2 3000 40 500 6 7000 80 0 90 120\n")[0]?.sectors_written).toBe(7000);
    expect(parseDiskstats(" 259 0 nvme0n1 100 2 3000 40 500 6 7000 80 0 90 120 1 2 3 4\n")[0]?.sectors_read).toBe(3000);
  });

  it("a line of another shape is a ParseError with the text", () => {
    const odd = "   8       0 sda 100 2 3000 40 500 6 7000 80 0 90 120 1 2\n";
    expectParseError(parseDiskstats, odd, /line not understood/);
    expect(() => parseDiskstats("major minor name\n")).toThrow(ParseError);
  });

  it("counts whole physical disks: not partitions, loop, ram, zram, dm or md devices", () => {
    const blocks = new Set(["sda", "nvme0n1", "mmcblk0", "dm-0", "md0", "loop0", "zram0", "ram0", "sr0"]);
    const counted = ["sda", "sda1", "nvme0n1", "nvme0n1p2", "mmcblk0", "mmcblk0p1", "dm-0", "md0", "loop0", "zram0", "ram0", "sr0"].filter((d) =>
      isCountedDisk(d, blocks),
    );
    expect(counted).toEqual(["sda", "nvme0n1", "mmcblk0"]);
    expect(Object.keys(hostSnapshot(fixture("stat.before.txt"), fixture("diskstats.before.txt"), sysBlock).disks)).toEqual(["vda"]);
  });
});

describe("metrics per operation", () => {
  const before = hostSnapshot(fixture("stat.before.txt"), fixture("diskstats.before.txt"), sysBlock);
  const after = hostSnapshot(fixture("stat.after.txt"), fixture("diskstats.after.txt"), sysBlock);

  it("from two real snapshots around 8 MiB written and read with O_DIRECT", () => {
    // busy 76497 -> 76518 ticks, ctxt 1148850 -> 1149262, vda reads 43536 -> 43557,
    // sectors read 2814674 -> 2831330 (8328 KB), sectors written 3497280 -> 3513920 (8320 KB)
    const metrics = metricsPerOp(before, after, 1000, 100);
    expect(metrics.cpu_us_per_op).toBeCloseTo(210, 9);
    expect(metrics.cs_per_op).toBeCloseTo(0.412, 12);
    expect(metrics.r_per_op).toBeCloseTo(0.021, 12);
    expect(metrics.rkb_per_op).toBeCloseTo(8.328, 12);
    expect(metrics.wkb_per_op).toBeCloseTo(8.32, 12);
    expect(MetricsSchema.safeParse(metrics).success).toBe(true);
  });

  it("snapshots in the wrong order, or no operations, are errors", () => {
    expect(() => metricsPerOp(after, before, 1000, 100)).toThrow(/went down/);
    expect(() => metricsPerOp(before, after, 0, 100)).toThrow(/positive operation count/);
  });

  it("leaves out a disk present in only one snapshot", () => {
    const attached = { ...after, disks: { ...after.disks, sdb: { device: "sdb", reads_completed: 5, sectors_read: 80, sectors_written: 8 } } };
    expect(metricsPerOp(before, attached, 1000, 100)).toEqual(metricsPerOp(before, after, 1000, 100));
  });

  it("on this host: two snapshots around some work, CLK_TCK from getconf", async () => {
    const ticks = await clockTicksPerSecond();
    expect(Number.isInteger(ticks) && ticks > 0).toBe(true);
    const start = await takeHostSnapshot();
    await execa("sh", ["-c", "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done"], { env: childEnv(process.env), extendEnv: false });
    const end = await takeHostSnapshot();
    expect(end.cpu.busy_ticks).toBeGreaterThan(start.cpu.busy_ticks);
    expect(end.cpu.context_switches).toBeGreaterThan(start.cpu.context_switches);
    const blocks = new Set(readdirSync("/sys/block"));
    expect(Object.keys(end.disks).every((d) => isCountedDisk(d, blocks))).toBe(true);
    expect(MetricsSchema.safeParse(metricsPerOp(start, end, 300000, ticks)).success).toBe(true);
  });
});

describe("client CPU from the wrapper's rusage report (real processes)", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "client-rusage-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = (args: string[], report: string) => {
    const wrapped = withClientRusage({ file: "sh", args }, report);
    return execa(wrapped.file, wrapped.args, { env: childEnv(process.env), extendEnv: false, reject: false });
  };

  it("a CPU-bound client: its CPU time is what the client itself counted, and at most its wall time", async () => {
    const report = path.join(dir, "burn");
    const start = performance.now();
    // the shell reports its own user and system time last (`times`): a reference that does not depend on the machine's load
    const result = await run(["-c", "i=0; while [ $i -lt 1000000 ]; do i=$((i+1)); done; times"], report);
    const wallSeconds = (performance.now() - start) / 1000;
    expect(result.exitCode).toBe(0);
    const [user, system] = [...result.stdout.split("\n")[0]!.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
    const usage = await readClientRusage(report, null);
    expect(usage.user_s).toBeCloseTo(user!, 1);
    expect(usage.system_s).toBeCloseTo(system!, 1);
    expect(usage.cpu_s).toBeGreaterThan(0.1);
    expect(usage.cpu_s).toBeLessThanOrEqual(wallSeconds + 0.02);
    const share = clientCpuShare(usage.cpu_s, wallSeconds, os.availableParallelism());
    expect(share).toBeGreaterThan(0);
    expect(share).toBeLessThanOrEqual(1);
  });

  it("a sleeping client uses almost no CPU; its exit status passes through", async () => {
    const report = path.join(dir, "sleep");
    const result = await run(["-c", "sleep 0.5; exit 3"], report);
    expect(result.exitCode).toBe(3);
    expect((await readClientRusage(report, null)).cpu_s).toBeLessThan(0.1);
  });

  it("SIGTERM to the wrapper stops the client and still writes the report", async () => {
    const report = path.join(dir, "term");
    // a single-process client, as pgbench and sysbench are
    const wrapped = withClientRusage({ file: "sleep", args: ["31.4159"] }, report);
    const child = execa(wrapped.file, wrapped.args, { env: childEnv(process.env), extendEnv: false, reject: false });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const start = performance.now();
    child.kill("SIGTERM");
    const result = await child;
    expect(performance.now() - start).toBeLessThan(5000);
    expect(result.exitCode).toBe(143);
    expect(parseClientRusage(readFileSync(report, "utf8")).cpu_s).toBeLessThan(0.1);
    const sleepers = readdirSync("/proc")
      .filter((pid) => /^\d+$/.test(pid))
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("31.4159");
        } catch {
          return false;
        }
      });
    expect(sleepers).toEqual([]);
  });

  it("with peakRss, the client's peak resident set: a client that holds 64 MiB reports at least that, and the poller is gone", async () => {
    const report = path.join(dir, "peak");
    // a shell that grows a 64 MiB string and holds it for a second
    const wrapped = withClientRusage({ file: "sh", args: ["-c", 's=$(head -c 67108864 /dev/zero | tr "\\0" x); sleep 1; echo ${#s}'] }, report, { peakRss: true });
    const result = await execa(wrapped.file, wrapped.args, { env: childEnv(process.env), extendEnv: false, reject: false });
    expect([result.exitCode, result.stdout]).toEqual([0, "67108864"]);
    const usage = await readClientRusage(report, null);
    expect(usage.max_rss_kib).toBeGreaterThanOrEqual(65536);
    expect(usage.max_rss_kib).toBeLessThan(1024 * 1024);
    expect(readdirSync(dir).filter((name) => name.endsWith(".peak"))).toEqual([]);
  });

  it("a report of another shape is a ParseError", () => {
    expect(parseClientRusage("61 3 100\n")).toEqual({ user_s: 0.61, system_s: 0.03, cpu_s: 0.64, max_rss_kib: null });
    expect(parseClientRusage("61 3 100 51200\n").max_rss_kib).toBe(51200);
    expect(parseClientRusage("61 3 100 unknown\n").max_rss_kib).toBeNull();
    expectParseError(parseClientRusage, "61 100\n", /not "cutime cstime CLK_TCK \[peak KiB\]"/);
    expect(() => parseClientRusage("")).toThrow(ParseError);
    expect(() => clientCpuShare(1, 0, 2)).toThrow(RangeError);
  });
});

describe("a server's memory from /proc/<pid>/smaps_rollup (real processes)", () => {
  it("reads Pss in bytes from this process's own file; a text without it is a ParseError with the text", async () => {
    const text = readFileSync("/proc/self/smaps_rollup", "utf8");
    const pss = parseSmapsRollupPss(text);
    const rss = Number(/^Rss: +(\d+) kB$/m.exec(text)?.[1]) * 1024;
    // a process's proportional share is at most what it has resident, and this one has some
    expect(pss).toBeGreaterThan(0);
    expect(pss).toBeLessThanOrEqual(rss);
    expectParseError(parseSmapsRollupPss, "Rss: 1752 kB\n", /no "Pss: <n> kB" line/);
  });

  it("sums the processes; one that exited adds nothing", async () => {
    const gone = execa("true", [], { env: childEnv(process.env), extendEnv: false });
    await gone;
    const own = await processesMemoryBytes([process.pid]);
    expect(own).toBeGreaterThan(10 * 2 ** 20);
    expect(await processesMemoryBytes([gone.pid!])).toBe(0);
    const both = await processesMemoryBytes([process.pid, gone.pid!]);
    // this process's memory moves a little between reads
    expect(Math.abs(both - own)).toBeLessThan(8 * 2 ** 20);
  });

  it("the sampler keeps the peak: 128 MiB touched and released while it polls shows in it", async () => {
    const before = await processesMemoryBytes([process.pid]);
    const sampler = samplePeakMemory(() => [process.pid], 10);
    let block: Buffer | null = Buffer.alloc(128 * 2 ** 20, 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(block[block.length - 1]).toBe(1);
    block = null;
    const peak = await sampler.stop();
    expect(peak).toBeGreaterThan(before + 100 * 2 ** 20);
    // stop twice: the same peak, the poll stopped
    expect(await sampler.stop()).toBe(peak);
  });

  it("a poll that fails makes stop() fail with its error", async () => {
    const sampler = samplePeakMemory(() => {
      throw new Error("no process list");
    }, 10);
    await expect(sampler.stop()).rejects.toThrow("no process list");
  });
});

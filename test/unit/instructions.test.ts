import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makePlan } from "../../src/config/plan.js";
import { loadProfile, parseProfile } from "../../src/config/profile.js";
import { dbBenchStep } from "../../src/driver/db-bench.js";
import { ibenchStep } from "../../src/driver/ibench.js";
import { parsePgbenchOutput, pgbenchStep } from "../../src/driver/pgbench.js";
import { parseSysbenchOutput, sysbenchStep } from "../../src/driver/sysbench.js";
import { BuildNotCountableError, CountingUnavailableError, InputError, ParseError, PipelineError } from "../../src/common/errors.js";
import { estimatedCycles, isCompleteCachegrindOut, isCompleteCallgrindOut, parseCachegrindOut } from "../../src/measure/cachegrind.js";
import { callgrindArgs, callgrindPerProcessArgs, cachegrindArgs, countsOf, logReader, readCounts, restartUnderValgrind, unsupportedInstruction } from "../../src/measure/valgrind.js";
import { DEFAULT_SIMULATED_CACHES, describedCaches, SimulatedCachesSchema } from "../../src/measure/simulated-caches.js";
import { backendCounting, COUNTED_WORK, COUNTED_WORK_WHOLE, SOCKET_WAIT_FUNCTIONS } from "../../src/engine/postgres-counting.js";
import { GLIBC_ALLOCATOR_FUNCTIONS, parseFunctionCosts, withoutCloneSuffix, withoutOwnCosts, type FunctionProfile } from "../../src/measure/valgrind-functions.js";
import { COPY_RUN_SETTINGS, freshCopyStatements, parseCopiedTables, prewarmStatements, restoreSettingsStatement } from "../../src/engine/mariadb-counting.js";
import { countingSeconds, instructionChannelGroups } from "../../scripts/lib/instruction-quality.js";
import { InstructionSampleSchema, type InstructionSample, type Results, type Variant } from "../../src/results/schema.js";
import { DEFAULT_THRESHOLDS } from "../../src/compare/types.js";
import { CACHES_SIMULATED, countInstructions, ON_FRESH_COPIES, WITHOUT_ALLOCATOR, differencedCount, relativeSpread, type CountingHooks } from "../../src/schedule/instructions.js";
import { syntheticResults } from "../../scripts/lib/synthetic-results.js";
import { compareRun } from "../../src/compare/compare.js";
import { renderMarkdown } from "../../src/report/markdown.js";
import { expectParseError } from "./expect-parse-error.js";
import { postgresConnection } from "../helpers/connection.js";

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8");
/** A real backend's out file: pgbench -n -S -M prepared -t 2000 on the base build, valgrind 3.19. */
const backend = fixture("cachegrind/backend-pgbench-select-only.cg");
const sample = (name: string) => fixture(`samples/${name}`).split(/^\$ .*\n/m)[1]!;

/** A profile of one pgbench step and `moreSteps`, with this `instructions` field. */
const profile = (instructions: string, moreSteps = "") => `
name: t
version: 1
engine: postgresql
description: test
schedule: { rounds: 4, min_rounds: 2, duration_s: 1, warmup_s: 0, time_budget_s: null }
server_settings: {}
${instructions}
steps:
  - { driver: pgbench, script: select-only, clients: 1 }
${moreSteps}`;

describe("cachegrind out files", () => {
  it("reads the instructions and the command of a real backend's file", () => {
    expect(isCompleteCachegrindOut(backend)).toBe(true);
    const totals = parseCachegrindOut(backend);
    expect(totals.instructions).toBe(92_309_711);
    expect(totals.command).toMatch(/\/bin\/postgres -D \S+\/data -p 54999$/);
  });

  it("takes the Ir column when cache or branch simulation adds others", () => {
    const withCaches = backend.replace("events: Ir\n", "events: Ir I1mr ILmr\n").replace("summary: 92309711", "summary: 92309711 4100 2900");
    expect(parseCachegrindOut(withCaches).instructions).toBe(92_309_711);
  });

  it("a file cut before its summary line is incomplete, and not read as a count", () => {
    const cut = backend.slice(0, backend.indexOf("summary:"));
    expect(isCompleteCachegrindOut(cut)).toBe(false);
    expectParseError(parseCachegrindOut, cut, /no summary line/);
  });

  it("unknown formats are a ParseError keeping the text", () => {
    expectParseError(parseCachegrindOut, "==1== Cachegrind, a cache and branch-prediction profiler\n", /0 "events:" lines/);
    expectParseError(parseCachegrindOut, backend.replace("events: Ir\n", "events: Dr\n"), /counts no instructions/);
    expectParseError(parseCachegrindOut, backend.replace("summary: 92309711", "summary: 92309711 12"), /2 totals for 1 events/);
    expectParseError(parseCachegrindOut, backend.replace("summary: 92309711", "summary: many"), /not a positive count/);
    expectParseError(parseCachegrindOut, `${backend}summary: 1\n`, /more than one summary/);
  });

  it("recognises valgrind's report of an instruction it cannot run (real AVX-512 program)", () => {
    const stderr = fixture("cachegrind/valgrind-sigill.stderr");
    expect(unsupportedInstruction(stderr)).toBe("valgrind: Unrecognised instruction at address 0x109040.");
    expect(unsupportedInstruction(stderr.replace(/^.*(?:Unrecognised|unhandled).*\n/gm, ""))).toBeNull();
    expect(unsupportedInstruction("LOG:  database system is ready to accept connections\n==7== I   refs: 1,234\n")).toBeNull();
  });

  it("runs cachegrind without cache or branch simulation and one file per process", () => {
    expect(cachegrindArgs("/tmp/x/cg", "/opt/pg/bin/postgres")).toEqual([
      "--tool=cachegrind", "--cache-sim=no", "--branch-sim=no", "--vgdb=no", "--cachegrind-out-file=/tmp/x/cg/cg.%p", "/opt/pg/bin/postgres",
    ]);
  });

  it("with the cache simulation, on fixed caches (not the runner's: 480 MiB of L3 here would miss nothing)", () => {
    const caches = ["--cache-sim=yes", "--I1=32768,8,64", "--D1=32768,8,64", "--LL=8388608,16,64"];
    const cacheSim = DEFAULT_SIMULATED_CACHES;
    expect(cachegrindArgs("/tmp/x/cg", "/opt/db_bench", { cacheSim })).toEqual(["--tool=cachegrind", ...caches, "--branch-sim=no", "--vgdb=no", "--cachegrind-out-file=/tmp/x/cg/cg.%p", "/opt/db_bench"]);
    expect(callgrindPerProcessArgs("/tmp/x/cg", "/opt/pg/bin/postgres", ["PostgresMain"], { cacheSim }).slice(0, 5)).toEqual(["--tool=callgrind", ...caches]);
    expect(callgrindArgs("/tmp/x/cg", "dispatch_command*", { cacheSim }).slice(0, 5)).toEqual(["--tool=callgrind", ...caches]);
    expect(callgrindArgs("/tmp/x/cg", "dispatch_command*").join(" ")).not.toContain("cache-sim");
    // a profile's own caches
    const larger = { ...cacheSim, ll: { size_bytes: 12 * 1024 * 1024, associativity: 12, line_bytes: 64 } };
    expect(cachegrindArgs("/tmp/x/cg", "/opt/db_bench", { cacheSim: larger })).toContain("--LL=12582912,12,64");
  });
});

describe("callgrind out files with the cache simulation", () => {
  /**
   * A real file (valgrind 3.19, the fixed caches): pointer-chase.c's walk(), 1000 calls of 32 steps of
   * a pointer chase over 64 MiB, collected inside walk() only. Its summary leaves out the trailing
   * DLmw, which is zero (callgrind drops trailing zeros).
   */
  const walk = fixture("cachegrind/pointer-chase.callgrind");

  it("reads the first-level and last-level misses of a real file: 32 per call, most of them missing the last level too", () => {
    expect(walk).toMatch(/^summary: 100000 33000 0 0 32000 0 0 28366$/m);
    expect(parseCachegrindOut(walk, { cacheSim: true })).toEqual({ command: " ./pointer-chase", instructions: 100_000, cacheMisses: { l1: 32_000, ll: 28_366 }, caches: DEFAULT_SIMULATED_CACHES });
    // without the simulation asked for: the instructions alone, as before
    expect(parseCachegrindOut(walk)).toEqual({ command: " ./pointer-chase", instructions: 100_000 });
  });

  it("estimated cycles: KCachegrind's Ir + 10 x L1 misses + 100 x LL misses", () => {
    expect(estimatedCycles(100_000, { l1: 32_000, ll: 28_366 })).toBe(100_000 + 320_000 + 2_836_600);
    expect(estimatedCycles(40_000, { l1: 0, ll: 0 })).toBe(40_000);
  });

  it("refuses a file without the miss events, or with totals it cannot read, keeping the text: never zero misses", () => {
    expectParseError((raw) => parseCachegrindOut(raw, { cacheSim: true }), backend, /no I1mr count \(events: Ir\): not counted with --cache-sim=yes\?/);
    expectParseError((raw) => parseCachegrindOut(raw, { cacheSim: true }), walk.replace("events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw", "events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr"), /no DLmw count/);
    expectParseError((raw) => parseCachegrindOut(raw, { cacheSim: true }), walk.replace(/^summary: 100000 33000 0 0 32000/m, "summary: 100000 33000 0 0 lots"), /D1mr total is not a count: "lots"/);
    expectParseError((raw) => parseCachegrindOut(raw, { cacheSim: true }), walk.replace(/^summary: 100000 33000 0 0 32000/m, "summary: 100000 33000 0 0 -5"), /D1mr total is not a count: "-5"/);
  });

  it("reads the caches simulated from the desc: lines, cachegrind's padded ones too; a count of other caches than asked is an error naming both", () => {
    expect(describedCaches(walk)).toEqual(DEFAULT_SIMULATED_CACHES);
    const cachegrindHeader = "desc: I1 cache:         32768 B, 64 B, 8-way associative\ndesc: D1 cache:         32768 B, 64 B, 8-way associative\ndesc: LL cache:         8388608 B, 64 B, 16-way associative\n";
    expect(describedCaches(cachegrindHeader)).toEqual(DEFAULT_SIMULATED_CACHES);
    expect(describedCaches(cachegrindHeader.replace(/^desc: LL.*\n/m, ""))).toBeNull();
    // valgrind takes the host's caches for a level it was not given: D1 48 KiB 12-way here
    const hostD1 = walk.replace("desc: D1 cache: 32768 B, 64 B, 8-way associative", "desc: D1 cache: 49152 B, 64 B, 12-way associative");
    expect(() => countsOf(hostD1, { cacheSim: DEFAULT_SIMULATED_CACHES }, "the callgrind count of process 7")).toThrow(
      expect.objectContaining({
        message: "the callgrind count of process 7 simulated I1 32 KiB 8-way 64 B lines, D1 48 KiB 12-way 64 B lines, LL 8 MiB 16-way 64 B lines, not the I1 32 KiB 8-way 64 B lines, D1 32 KiB 8-way 64 B lines, LL 8 MiB 16-way 64 B lines asked for",
        logExcerpt: expect.stringContaining("desc: D1 cache: 49152 B, 64 B, 12-way associative"),
      }),
    );
    expect(countsOf(walk, { cacheSim: DEFAULT_SIMULATED_CACHES }, "x")).toEqual({ instructions: 100_000, cacheMisses: { l1: 32_000, ll: 28_366 }, caches: DEFAULT_SIMULATED_CACHES });
    expect(countsOf(walk, {}, "x")).toEqual({ instructions: 100_000 });
    expectParseError((raw) => parseCachegrindOut(raw, { cacheSim: true }), walk.replace(/^desc: LL.*$/m, ""), /does not describe its I1, D1 and LL caches/);
    expect(SimulatedCachesSchema.safeParse(DEFAULT_SIMULATED_CACHES).success).toBe(true);
  });

  it("sums the misses of every process; a process that counted nothing (totals: 0) adds none", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "dbg-cache-counts-"));
    try {
      writeFileSync(path.join(dir, "cg.201"), walk);
      writeFileSync(path.join(dir, "cg.202"), walk);
      writeFileSync(path.join(dir, "cg.203"), walk.replace(/^summary: .*$/m, "summary: 0").replace(/^totals: .*$/m, "totals: 0"));
      const cacheSim = DEFAULT_SIMULATED_CACHES;
      expect(await readCounts(dir, [201, 202, 203], 1000, "callgrind", null, { cacheSim })).toEqual({
        instructions: 200_000,
        cacheMisses: { l1: 64_000, ll: 56_732 },
        caches: cacheSim,
        functions: expect.objectContaining({ total: [200_000, 64_000, 56_732] }),
        functionsSeconds: expect.any(Number),
      });
      writeFileSync(path.join(dir, "cg.204"), backend);
      await expect(readCounts(dir, [201, 204], 1000, "cachegrind", null, { cacheSim })).rejects.toThrow(ParseError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a server restarted under valgrind", () => {
  /** A server whose start under valgrind writes `logged` to its log and then fails as `error`; what was called, in order. */
  async function restartFailing(logged: string, error: Error) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "dbg-restart-"));
    const file = path.join(dir, "server.log");
    writeFileSync(file, "LOG:  database system is ready to accept connections\n");
    const calls: string[] = [];
    try {
      const server = {
        underValgrind: async () => {
          calls.push("under valgrind");
          writeFileSync(file, readFileSync(file, "utf8") + logged);
          throw error;
        },
        plain: async () => void calls.push("plain"),
        prepare: async () => void calls.push("prepare"),
      };
      const thrown = await restartUnderValgrind("PostgreSQL", server, logReader(file, null)).catch((e: unknown) => e);
      return { thrown, calls };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it("that does not start is the build's error (not n/a), with valgrind's words and the log; the server comes back plain", async () => {
    const sigill = fixture("cachegrind/valgrind-sigill.stderr");
    const { thrown, calls } = await restartFailing(sigill, new PipelineError("the server did not start within 60 s", "FATAL: the postmaster died"));
    expect(thrown).toBeInstanceOf(BuildNotCountableError);
    expect(thrown).not.toBeInstanceOf(CountingUnavailableError);
    expect(thrown).toMatchObject({ message: "PostgreSQL does not run under valgrind: valgrind: Unrecognised instruction at address 0x109040.", logExcerpt: "FATAL: the postmaster died" });
    expect(calls).toEqual(["under valgrind", "plain"]);
  });

  it("that crashes for another reason names it, with the log valgrind wrote when the start gave none", async () => {
    const { thrown } = await restartFailing("==9== Process terminating with default action of signal 11 (SIGSEGV)\n", new Error("the server exited with code 139"));
    expect(thrown).toMatchObject({ name: "BuildNotCountableError", message: "PostgreSQL does not run under valgrind: the server exited with code 139", logExcerpt: "==9== Process terminating with default action of signal 11 (SIGSEGV)" });
  });
});

describe("callgrind out files of every process (PostgreSQL's backends)", () => {
  it("runs callgrind with collection toggled by each of the functions on entry and return, one file per process", () => {
    expect(callgrindPerProcessArgs("/tmp/x/cg", "/opt/pg/bin/postgres", ["PostgresMain", "secure_read"])).toEqual([
      "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=PostgresMain", "--toggle-collect=secure_read", "--vgdb=no", "--callgrind-out-file=/tmp/x/cg/cg.%p", "/opt/pg/bin/postgres",
    ]);
  });

  it("reads a process's count once its file has callgrind's totals line: the summary line comes first there, so it does not mean done", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "dbg-counts-"));
    try {
      const dump = fixture("cachegrind/mariadbd-read-only.callgrind");
      writeFileSync(path.join(dir, "cg.101"), dump);
      writeFileSync(path.join(dir, "cg.102"), dump.slice(0, dump.indexOf("totals:")));
      expect(await readCounts(dir, [101], 1000, "callgrind", null)).toEqual({ instructions: 49_778_682, functions: expect.objectContaining({ total: [49_778_682, 0, 0] }), functionsSeconds: expect.any(Number) });
      // a process that never entered a toggled function (a background process, an autovacuum worker) counted nothing
      writeFileSync(path.join(dir, "cg.103"), dump.slice(0, dump.indexOf("totals:")).replace(/^summary: \d+$/m, "summary: 0") + "totals: 0\n");
      expect(await readCounts(dir, [101, 103], 1000, "callgrind", null)).toEqual({ instructions: 49_778_682, functions: expect.objectContaining({ total: [49_778_682, 0, 0] }), functionsSeconds: expect.any(Number) });
      await expect(readCounts(dir, [101, 102], 300, "callgrind", null)).rejects.toThrow(/^the callgrind count of process 102 is incomplete 0 s after the run$/);
      // cachegrind's summary is its last line: the same cut file would pass as complete there
      expect(isCompleteCachegrindOut(dump.slice(0, dump.indexOf("totals:")))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a whole process counted less the own costs of some functions (PostgreSQL on arm64)", () => {
  const walk = fixture("cachegrind/pointer-chase.callgrind");
  /** the pointer chase with a recv of its own: 500 instructions, 40 first-level misses, 30 of them last-level */
  const withRecv = walk
    .replace(/^summary: .*$/m, "summary: 100500 33100 0 0 32040 0 0 28396")
    .replace(/^totals: .*$/m, "fn=(600) recv\n0 500 100 0 0 40 0 0 30\n\ntotals: 100500 33100 0 0 32040 0 0 28396");

  it("collects from the start without toggles, a child's inherited costs dropped where it names", () => {
    expect(callgrindPerProcessArgs("/tmp/x/cg", "/opt/pg/bin/postgres", [], { zeroBefore: "InitPostmasterChild" })).toEqual([
      "--tool=callgrind", "--collect-atstart=yes", "--zero-before=InitPostmasterChild", "--vgdb=no", "--callgrind-out-file=/tmp/x/cg/cg.%p", "/opt/pg/bin/postgres",
    ]);
  });

  it("takes the functions' own instructions and misses off each process's count and out of its profile", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "dbg-less-counts-"));
    try {
      writeFileSync(path.join(dir, "cg.301"), withRecv);
      writeFileSync(path.join(dir, "cg.302"), withRecv);
      const cacheSim = DEFAULT_SIMULATED_CACHES;
      const counts = await readCounts(dir, [301, 302], 1000, "callgrind", null, { cacheSim, lessOwnCostOf: new Set(["recv", "epoll_pwait"]) });
      expect(counts).toMatchObject({ instructions: 200_000, cacheMisses: { l1: 64_000, ll: 56_732 }, functions: { total: [200_000, 64_000, 56_732] } });
      expect(Object.values((counts.functions as FunctionProfile).functions).map((f) => f.name)).not.toContain("recv");
      // a forked process's summary is its parent's running count (a whole-process PostgreSQL backend's
      // was 10.8M off): what it wrote, its totals line, is the count
      writeFileSync(path.join(dir, "cg.304"), withRecv.replace(/^summary: .*$/m, "summary: 10900500 33100 0 0 32040 0 0 28396"));
      expect(await readCounts(dir, [304], 1000, "callgrind", null, { cacheSim, lessOwnCostOf: new Set(["recv"]) })).toMatchObject({ instructions: 100_000, cacheMisses: { l1: 32_000, ll: 28_366 } });
      // without the subtraction, as counted
      expect(await readCounts(dir, [301], 1000, "callgrind", null, { cacheSim })).toMatchObject({ instructions: 100_500, cacheMisses: { l1: 32_040, ll: 28_396 } });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses a count whose file cannot be read by function: the waits would stay in it", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "dbg-less-counts-"));
    try {
      // a totals line the functions do not add up to: the totals parser reads the summary, the function parser refuses it
      writeFileSync(path.join(dir, "cg.303"), withRecv.replace(/^fn=\(600\) recv\n0 500/m, "fn=(600) recv\n0 400"));
      await expect(readCounts(dir, [303], 1000, "callgrind", null, { lessOwnCostOf: new Set(["recv"]) })).rejects.toThrow(/^the callgrind count of process 303 cannot be read by function to take the own costs of the functions left out off it: .*cg\.303: the functions' own instructions add up to 100400, the totals line says 100500: cut short\?$/);
      // counted as a whole, the same file is a count with a one-line error for where it went
      expect((await readCounts(dir, [303], 1000, "callgrind", null)).instructions).toBe(100_500);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a real arm64 backend counted whole (PostgreSQL 15 under callgrind under qemu, zeroed at InitPostmasterChild): its summary is not what it wrote, its waits come off by name", () => {
    /** the client backend of pgbench -S -M prepared -c 1 -t 200 (verdict-quality/arm64-callgrind-2026-12-05) */
    const raw = gunzipSync(readFileSync(new URL("../fixtures/cachegrind/arm64-pg15-backend-whole.callgrind.gz", import.meta.url))).toString("utf8");
    expect(raw).toMatch(/^summary: 10481407$/m);
    expect(raw).toMatch(/^totals: 10502790$/m);
    const profile = parseFunctionCosts(raw, "arm64 backend", {});
    expect(profile.total[0]).toBe(10_502_790);
    const names = new Set(Object.values(profile.functions).map((f) => f.name));
    // aarch64's names: epoll_pwait under epoll_wait, glibc 2.41's cancellable system calls, gcc's clone of WaitEventAdjustEpoll
    for (const name of ["secure_read", "secure_write", "WaitEventSetWait", "ModifyWaitEvent", "WaitEventAdjustEpoll.isra.0", "recv", "send", "epoll_pwait", "__internal_syscall_cancel"]) expect(names.has(name), name).toBe(true);
    const { profile: less, removed } = withoutOwnCosts(profile, new Set(SOCKET_WAIT_FUNCTIONS));
    expect(removed[0]).toBe(49_148);
    expect(less.total[0]).toBe(10_502_790 - 49_148);
    expect(Object.values(less.functions).filter((f) => SOCKET_WAIT_FUNCTIONS.includes(withoutCloneSuffix(f.name)))).toEqual([]);
    // the call graph, whose inclusive costs still hold the waits and which callgrind tracked wrongly there, goes
    expect(profile.callGraph).toBe(true);
    expect(less.callGraph).toBe(false);
    expect(Object.values(less.functions).filter((f) => Object.keys(f.callers).length > 0 || f.callees[0] !== 0)).toEqual([]);
    expect(names.has("PostgresMain")).toBe(true);
  });

  it("glibc's allocator comes off a real MariaDB dump by name, malloc to its internals; C++'s operator new and MariaDB's own wrappers stay", () => {
    /** mariadbd's connection threads over sysbench read-only (x86_64, glibc 2.36) */
    const profile = parseFunctionCosts(readFileSync(new URL("../fixtures/cachegrind/mariadbd-read-only.callgrind", import.meta.url), "utf8"), "mariadbd", {});
    const { profile: less, removed } = withoutOwnCosts(profile, GLIBC_ALLOCATOR_FUNCTIONS);
    const leftOut = Object.values(profile.functions).filter((f) => GLIBC_ALLOCATOR_FUNCTIONS.has(withoutCloneSuffix(f.name)));
    expect(leftOut.map((f) => f.name).sort()).toEqual(["_int_free", "_int_malloc", "_int_memalign", "_mid_memalign.constprop.0", "alloc_perturb", "free", "malloc", "memalign", "sysmalloc", "unlink_chunk.constprop.0"]);
    // 0.38% of this read step: 187,456 of 49,778,682 instructions
    expect(removed[0]).toBe(187_456);
    expect(less.total[0]).toBe(49_778_682 - 187_456);
    const kept = new Set(Object.values(less.functions).map((f) => f.name));
    for (const name of ["operator new(unsigned long)", "operator delete(void*)", "my_free", "my_realloc", "free_root", "init_alloc_root"]) expect(kept.has(name), name).toBe(true);
  });

  it("PostgreSQL is counted whole less its socket waits on arm64, by its toggles elsewhere", () => {
    expect(backendCounting("arm64")).toEqual({ counted: COUNTED_WORK_WHOLE, toggles: [], zeroBefore: "InitPostmasterChild", lessOwnCostOf: new Set(SOCKET_WAIT_FUNCTIONS) });
    expect(backendCounting("x64")).toStrictEqual({ counted: COUNTED_WORK, toggles: ["PostgresMain", "ParallelWorkerMain", "secure_read", "secure_write"] });
    for (const name of ["secure_read", "secure_write", "WaitEventSetWait", "epoll_pwait", "recv", "send"]) expect(SOCKET_WAIT_FUNCTIONS).toContain(name);
  });
});

describe("callgrind dumps (MariaDB's connection threads)", () => {
  /** A real dump taken by vgdb: sysbench oltp_read_only --events=20 against mariadbd, collected inside do_command only. */
  const dump = fixture("cachegrind/mariadbd-read-only.callgrind");

  it("reads the instructions and the command of a real dump; a dump cut before its totals line is incomplete", () => {
    expect(isCompleteCallgrindOut(dump)).toBe(true);
    expect(parseCachegrindOut(dump)).toEqual({ command: expect.stringMatching(/\/bin\/mariadbd --defaults-file=\S+ .*--log-error=\S+$/), instructions: 49_778_682 });
    expect(isCompleteCallgrindOut(dump.slice(0, dump.indexOf("totals:")))).toBe(false);
  });

  it("runs callgrind collecting only inside the given functions, dumps on request through vgdb's FIFOs in the out dir", () => {
    expect(callgrindArgs("/tmp/x/cg", "dispatch_command*")).toEqual([
      "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=dispatch_command*", "--vgdb=yes", "--vgdb-prefix=/tmp/x/cg/vgdb", "--callgrind-out-file=/tmp/x/cg/cg.%p", "--log-file=/tmp/x/cg/valgrind.log",
    ]);
  });

  it("prewarms every index of the benchmark database, names quoted; an index list it cannot read is an error", () => {
    expect(prewarmStatements("bench", "sbtest1\tPRIMARY\nsbtest1\tk_1\nodd`name\tPRIMARY\n")).toEqual([
      "SELECT COUNT(*) FROM `bench`.`sbtest1` FORCE INDEX (`PRIMARY`)",
      "SELECT COUNT(*) FROM `bench`.`sbtest1` FORCE INDEX (`k_1`)",
      "SELECT COUNT(*) FROM `bench`.`odd``name` FORCE INDEX (`PRIMARY`)",
    ]);
    expect(prewarmStatements("bench", "")).toEqual([]);
    expect(() => prewarmStatements("bench", "sbtest1 PRIMARY\n")).toThrow(PipelineError);
  });

  it("copies the benchmark database for a counted run of a step that writes: each table like the original, filled in primary key order, analysed; names quoted", () => {
    const tables = parseCopiedTables("sbtest1\tid\nodd`name\tNULL\nwide\ta,b\n");
    expect(tables).toEqual([
      { name: "sbtest1", primaryKey: ["id"] },
      { name: "odd`name", primaryKey: [] },
      { name: "wide", primaryKey: ["a", "b"] },
    ]);
    expect(freshCopyStatements("bench", "bench_counted_copy", tables)).toEqual([
      "DROP DATABASE IF EXISTS `bench_counted_copy`",
      "CREATE DATABASE `bench_counted_copy`",
      "CREATE TABLE `bench_counted_copy`.`sbtest1` LIKE `bench`.`sbtest1`",
      "INSERT INTO `bench_counted_copy`.`sbtest1` SELECT * FROM `bench`.`sbtest1` ORDER BY `id`",
      "CREATE TABLE `bench_counted_copy`.`odd``name` LIKE `bench`.`odd``name`",
      // no primary key: InnoDB's clustered order is its hidden row id's, the order a scan reads
      "INSERT INTO `bench_counted_copy`.`odd``name` SELECT * FROM `bench`.`odd``name`",
      "CREATE TABLE `bench_counted_copy`.`wide` LIKE `bench`.`wide`",
      "INSERT INTO `bench_counted_copy`.`wide` SELECT * FROM `bench`.`wide` ORDER BY `a`, `b`",
      "ANALYZE TABLE `bench_counted_copy`.`sbtest1`, `bench_counted_copy`.`odd``name`, `bench_counted_copy`.`wide`",
    ]);
    expect(freshCopyStatements("bench", "bench_counted_copy", parseCopiedTables(""))).toEqual(["DROP DATABASE IF EXISTS `bench_counted_copy`", "CREATE DATABASE `bench_counted_copy`"]);
    for (const unread of ["sbtest1\n", "sbtest1\t\n", "sbtest1\tid\textra\n"]) expect(() => parseCopiedTables(unread)).toThrow(PipelineError);
  });

  it("sets the server's own values back after the runs on copies, from what SHOW GLOBAL VARIABLES showed before", () => {
    // as mariadbd 11.4 shows them (SHOW GLOBAL VARIABLES WHERE Variable_name IN (...)), in its order
    const shown = "innodb_old_blocks_time\t1000\ninnodb_stats_auto_recalc\tON\nthread_cache_size\t151\n";
    expect(restoreSettingsStatement(shown)).toBe("SET GLOBAL innodb_stats_auto_recalc = ON, innodb_old_blocks_time = 1000, thread_cache_size = 151");
    expect(Object.keys(COPY_RUN_SETTINGS).sort()).toEqual(["innodb_old_blocks_time", "innodb_stats_auto_recalc", "thread_cache_size"]);
    // a variable the server did not show would stay at the copies' value: an error, with what was shown
    expect(() => restoreSettingsStatement("innodb_old_blocks_time\t1000\nthread_cache_size\t151\n")).toThrow(/innodb_stats_auto_recalc/);
    // a value that is not a plain word or number is not put into a statement
    for (const unread of ["thread_cache_size\n", "thread_cache_size\t1; DROP DATABASE x\n", "a\tb\tc\n"]) expect(() => restoreSettingsStatement(unread)).toThrow(PipelineError);
  });
});

describe("instructions per operation from runs of N and 2N", () => {
  it("divides the difference of the counts by the difference of the operations", () => {
    // counted on this machine: select-only, 1 client, runs of 2,000 and 4,000 transactions
    expect(differencedCount({ ops: 2000, instructions: 108_779_081 }, { ops: 4000, instructions: 187_803_516 })).toEqual({
      ops: 2000,
      instructions: 79_024_435,
      instructions_per_op: 39_512.2175,
    });
  });

  it("refuses a pair whose operations or instructions did not grow", () => {
    expect(() => differencedCount({ ops: 2000, instructions: 5e7 }, { ops: 2000, instructions: 9e7 })).toThrow(PipelineError);
    // with the cache simulation: misses and estimated cycles per op by the same difference
    const caches = DEFAULT_SIMULATED_CACHES;
    const short = { ops: 1000, instructions: 45_000_000, cacheMisses: { l1: 1_500_000, ll: 30_000 }, caches };
    const long = { ops: 2000, instructions: 85_000_000, cacheMisses: { l1: 2_500_000, ll: 40_000 }, caches };
    expect(differencedCount(short, long)).toEqual({
      ops: 1000,
      instructions: 40_000_000,
      instructions_per_op: 40_000,
      l1_misses_per_op: 1000,
      ll_misses_per_op: 10,
      estimated_cycles_per_op: 40_000 + 10 * 1000 + 100 * 10,
      caches,
    });
    const otherLl = { ...caches, ll: { size_bytes: 4 * 1024 * 1024, associativity: 16, line_bytes: 64 } };
    expect(() => differencedCount(short, { ...long, caches: otherLl })).toThrow(/simulated different caches: .*LL 8 MiB 16-way 64 B lines and .*LL 4 MiB 16-way/);
    expect(() => differencedCount({ ops: 1000, instructions: 45_000_000 }, long)).toThrow(/has cache misses and the other not/);
    expect(() => differencedCount({ ops: 1000, instructions: 9e7 }, { ops: 2000, instructions: 9e7 })).toThrow(/did not grow/);
  });

  it("spread is (max - min) / median", () => {
    expect(relativeSpread([100, 101, 99])).toBeCloseTo(0.02, 12);
    expect(relativeSpread([39_590, 39_586])).toBeCloseTo(4 / 39_588, 12);
  });
});

describe("fixed-count runs", () => {
  const conn = postgresConnection("/tmp/s", 5433, "postgres", "bench");
  const bins = { pgbench: "/opt/pg/bin/pgbench", sysbench: "/usr/bin/sysbench", "lua/sbtest-load.lua": "/run/dir/sbtest-load.lua", "lua/sbtest-micro.lua": "/run/dir/sbtest-micro.lua" };

  it("pgbench: -t transactions per client, no vacuum, no progress, one seed for every run (unset, pgbench seeds from the clock)", () => {
    const step = pgbenchStep({ script: "select-only", protocol: "prepared", clients: 4, threads: 2 });
    expect(step.fixedRun(conn, bins, 500, 0)).toEqual({
      file: "/opt/pg/bin/pgbench",
      args: ["-h", "/tmp/s", "-p", "5433", "-U", "postgres", "-b", "select-only", "-M", "prepared", "-c", "4", "-j", "2", "-t", "500", "-n", "--random-seed=1", "bench"],
    });
    expect(() => step.fixedRun(conn, bins, 0, 0)).toThrow(RangeError);
    expect(step.countedRun).toBeUndefined();
  });

  it("pgbench scripts that write: counted from one client running every client's transactions in turn, one seed", () => {
    const tpcb = pgbenchStep({ script: "tpcb-like", protocol: "prepared", clients: 4, threads: 2 });
    expect(tpcb.fixedRun(conn, bins, 100, 2)).toEqual({
      file: "/opt/pg/bin/pgbench",
      args: ["-h", "/tmp/s", "-p", "5433", "-U", "postgres", "-b", "tpcb-like", "-M", "prepared", "-c", "1", "-j", "1", "-t", "400", "-n", "--random-seed=1", "bench"],
    });
    expect(tpcb.countedRun).toBe("one client running the 4 clients' transactions in turn");
    // the measured rounds keep their 4 clients
    expect(tpcb.run(conn, bins, 2).args).toEqual(expect.arrayContaining(["-c", "4", "-j", "2"]));
    const single = pgbenchStep({ script: "simple-update", clients: 1 });
    expect(single.fixedRun(conn, bins, 100, 0).args).toEqual(expect.arrayContaining(["-c", "1", "-t", "100"]));
    expect(single.countedRun).toBeUndefined();
  });

  it("pgbench -t output parses with transactions as ops (real run, no duration line)", () => {
    const raw = sample("pgbench15_fixed_count_real.txt");
    expect(parsePgbenchOutput(raw)).toMatchObject({ ops: 2000, ops_per_s: 9179.069885, errors: 0 });
    expect(parsePgbenchOutput(raw).duration_s).toBeCloseTo(2000 / 9179.069885, 9);
    expectParseError(parsePgbenchOutput, raw.replace(/^number of transactions per client: .*\n/m, ""), /no pgbench duration \(-T\) or transactions per client \(-t\)/);
  });

  it("sysbench: --events for all threads together, no time limit, the same random draws in every run of a step that reads", () => {
    const step = sysbenchStep({ benchmark: "point-query", threads: 2, table_size: 10000 });
    const args = step.fixedRun(conn, bins, 1000, 0).args;
    expect(args).toEqual(expect.arrayContaining(["--threads=2", "--time=0", "--events=2000", "--rand-seed=1", "oltp_point_select", "run"]));
    expect(step.fixedRun(conn, bins, 1000, 3).args).toEqual(args);
    expect(step.run(conn, bins, 5).args.some((a) => a.startsWith("--rand-seed"))).toBe(false);
    expect(args.some((a) => a.startsWith("--report-interval"))).toBe(false);
  });

  it("sysbench: a step that writes draws other rows in every run, the same ones on every variant", () => {
    const seeds = (benchmark: string) => [0, 1, 2].map((run) => sysbenchStep({ benchmark }).fixedRun(conn, bins, 100, run).args.find((a) => a.startsWith("--rand-seed=")));
    for (const benchmark of ["update-index", "update-nonindex", "insert", "delete", "write-only", "read-write"]) {
      expect(seeds(benchmark)).toEqual(["--rand-seed=1", "--rand-seed=2", "--rand-seed=3"]);
    }
    for (const benchmark of ["random-points", "read-only", "range-covered-si"]) expect(seeds(benchmark)).toEqual(["--rand-seed=1", "--rand-seed=1", "--rand-seed=1"]);
  });

  it("sysbench --events output parses with queries as ops (real run)", () => {
    expect(parseSysbenchOutput(sample("sysbench_1.0.20_fixed_count_real.txt"))).toMatchObject({ ops: 2000, ops_per_s: 20587.34, duration_s: 0.0959 });
  });
});

describe("the counting pass", () => {
  const steps = [pgbenchStep({ script: "select-only", clients: 1 }), sysbenchStep({ benchmark: "read-only" })];
  const variant = (id: string): Variant => ({ id, commit: "abcdef1", ref: id, flags: { cflags: "", cxxflags: "", ldflags: "", configure_args: [] }, build_id: id });
  const [base, head] = [variant("base"), variant("head")];

  const UNRECOGNISED_LOG = "vex amd64->IR: unhandled instruction bytes: 0x62 0xF1 0xFD 0x48\n==7== valgrind: Unrecognised instruction at address 0x5a1f30.";

  /** Runs cost `perOp` instructions per operation plus 5e7 per run (the connection), by variant; a variant without one does not start under valgrind. */
  function hooks(perOp: Record<string, number>, fail: (step: string, variant: string, call: number) => Error | null = () => null, warmUp = true) {
    const calls: string[] = [];
    let clock = 0;
    const counts = new Map<string, number>();
    const cancel = new AbortController();
    const h: CountingHooks = {
      start: async (v) => {
        calls.push(`start ${v.id}`);
        if (perOp[v.id] === undefined) throw new BuildNotCountableError("PostgreSQL does not run under valgrind: valgrind: Unrecognised instruction at address 0x5a1f30.", UNRECOGNISED_LOG);
        return { tool: "cachegrind", counted: "serving backends", warmUp };
      },
      run: async (step, v, perClient, run) => {
        const key = `${step.id} ${v.id}`;
        const call = (counts.get(key) ?? 0) + 1;
        counts.set(key, call);
        // the counted runs of a step and variant are numbered from 0
        expect(run).toBe(call - 1);
        calls.push(`run ${key} ${perClient}`);
        clock += 1;
        const error = fail(step.id, v.id, call);
        if (error) throw error;
        return { ops: perClient, instructions: 5e7 + perClient * perOp[v.id]! };
      },
      stop: async (v) => void calls.push(`stop ${v.id}`),
      signal: cancel.signal,
      log: () => undefined,
      now: () => clock,
    };
    return { h, calls, cancel };
  }

  it("counts with the cache simulation's misses give samples with misses and estimated cycles per op, marked as such", async () => {
    const { h } = hooks({ base: 40_000 });
    const run = h.run;
    // 2 first-level and 0.5 last-level misses per op on top of a fixed cost per run
    h.run = async (...args) => ({ ...(await run(...args)), cacheMisses: { l1: 1e6 + 2 * args[2], ll: 1e4 + 0.5 * args[2] }, caches: DEFAULT_SIMULATED_CACHES });
    const samples = await countInstructions(steps.slice(0, 1), [base], { opsPerClient: 100, repeats: 3 }, h);
    expect(samples).toHaveLength(3);
    for (const sample of samples) {
      expect(InstructionSampleSchema.parse(sample)).toMatchObject({
        status: "ok", counted: `serving backends; ${CACHES_SIMULATED}`, instructions_per_op: 40_000, l1_misses_per_op: 2, ll_misses_per_op: 0.5, estimated_cycles_per_op: 40_000 + 20 + 50,
        caches: { ll: { size_bytes: 8 * 1024 * 1024, associativity: 16, line_bytes: 64 } },
      });
    }
  });

  it("instruction samples written before the cache simulation still parse; a non-positive estimate does not", () => {
    const old = { step: "s", variant: "v", repeat: 0, status: "ok", tool: "callgrind", ops: 1000, instructions: 4e7, instructions_per_op: 4e4, counted: "serving backends" };
    expect(InstructionSampleSchema.parse(old)).toEqual(old);
    expect(InstructionSampleSchema.parse({ ...old, l1_misses_per_op: 900, ll_misses_per_op: 12, estimated_cycles_per_op: 4e4 + 9000 + 1200 })).toMatchObject({ estimated_cycles_per_op: 50_200 });
    expect(InstructionSampleSchema.safeParse({ ...old, estimated_cycles_per_op: 0 }).success).toBe(false);
    expect(InstructionSampleSchema.safeParse({ ...old, l1_misses_per_op: "many" }).success).toBe(false);
  });

  it("per step, variants interleaved: a warm-up of 2N (all the longer run reaches), then N and 2N per repeat; one sample per repeat", async () => {
    const { h, calls } = hooks({ base: 40_000, head: 48_000 });
    const samples = await countInstructions(steps, [base, head], { opsPerClient: 100, repeats: 2, opsPerClientByStep: { "read-only.range100.pk1": 10 } }, h);
    expect(calls).toEqual([
      "start base", "start head",
      ...["base", "head"].flatMap((v) => [200, 100, 200, 100, 200].map((n) => `run pgbench.select-only.simple.c1 ${v} ${n}`)),
      ...["base", "head"].flatMap((v) => [20, 10, 20, 10, 20].map((n) => `run read-only.range100.pk1 ${v} ${n}`)),
      "stop base", "stop head",
    ]);
    for (const s of samples) InstructionSampleSchema.parse(s);
    expect(samples.map((s) => (s.status === "ok" ? `${s.step} ${s.variant} ${s.repeat} ${s.instructions_per_op}` : s.status))).toEqual([
      "pgbench.select-only.simple.c1 base 0 40000", "pgbench.select-only.simple.c1 base 1 40000",
      "pgbench.select-only.simple.c1 head 0 48000", "pgbench.select-only.simple.c1 head 1 48000",
      "read-only.range100.pk1 base 0 40000", "read-only.range100.pk1 base 1 40000",
      "read-only.range100.pk1 head 0 48000", "read-only.range100.pk1 head 1 48000",
    ]);
  });

  it("counts the variants of a step at the same time when asked: the same samples in the same order, never two steps at once", async () => {
    const sequential = await countInstructions(steps, [base, head], { opsPerClient: 100, repeats: 2 }, hooks({ base: 40_000, head: 48_000 }).h);
    const { h, calls } = hooks({ base: 40_000, head: 48_000 });
    let inFlight = 0;
    const overlaps: string[] = [];
    const run = h.run;
    h.run = async (step, v, perClient, number) => {
      inFlight++;
      if (inFlight > 1) overlaps.push(step.id);
      await new Promise((resolve) => setTimeout(resolve, v.id === "base" ? 2 : 1));
      inFlight--;
      return run(step, v, perClient, number);
    };
    const concurrent = await countInstructions(steps, [base, head], { opsPerClient: 100, repeats: 2, concurrency: 2 }, h);
    expect(concurrent).toEqual(sequential);
    // both variants ran at once in each step; the second step started only once the first was done
    expect(new Set(overlaps)).toEqual(new Set(steps.map((s) => s.id)));
    const firstOfSecond = calls.findIndex((c) => c.includes(steps[1]!.id));
    expect(calls.slice(firstOfSecond).some((c) => c.includes(steps[0]!.id))).toBe(false);
  });

  it("a cancelled run while the other variant counts: that count ends too before the pass ends, and no server is brought back", async () => {
    const { h, calls, cancel } = hooks({ base: 40_000, head: 48_000 });
    const run = h.run;
    h.run = async (step, v, perClient, number) => {
      if (v.id === "head") {
        cancel.abort(new PipelineError("interrupted by SIGTERM"));
        throw new PipelineError("pgbench failed: Command was canceled");
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
      calls.push(`base run ended`);
      return run(step, v, perClient, number);
    };
    await expect(countInstructions(steps, [base, head], { opsPerClient: 100, repeats: 2, concurrency: 2 }, h)).rejects.toThrow(/^interrupted by SIGTERM$/);
    calls.push("pass ended");
    expect(calls.indexOf("base run ended")).toBeGreaterThan(-1);
    expect(calls.indexOf("base run ended")).toBeLessThan(calls.indexOf("pass ended"));
    expect(calls.filter((c) => c.startsWith("stop"))).toEqual([]);
  });

  it("a counter whose runs share nothing (a new process on its own data copy each) gets no warm-up run", async () => {
    const { h, calls } = hooks({ base: 40_000, head: 48_000 }, () => null, false);
    const samples = await countInstructions([steps[0]!], [base, head], { opsPerClient: 100, repeats: 2 }, h);
    expect(calls.filter((c) => c.startsWith("run"))).toEqual(["base", "head"].flatMap((v) => [100, 200, 100, 200].map((n) => `run pgbench.select-only.simple.c1 ${v} ${n}`)));
    expect(samples.map((s) => (s.status === "ok" ? s.instructions_per_op : s.status))).toEqual([40_000, 40_000, 48_000, 48_000]);
  });

  it("a step that writes, on a counter that copies the data: every run on a fresh copy with the same operations (run 0), no warm-up; its counts say so", async () => {
    const [update, insert] = [sysbenchStep({ benchmark: "update-index" }), pgbenchStep({ script: "tpcb-like", clients: 4 })];
    expect([update.writes, insert.writes, steps[0]!.writes, steps[1]!.writes]).toEqual([true, true, undefined, undefined]);
    const runs: string[] = [];
    let copies = 0;
    const h: CountingHooks = {
      start: async () => ({ tool: "callgrind", counted: "serving backends", warmUp: true, freshCopy: async () => copies++ }),
      run: async (step, v, perClient, run, freshCopy) => {
        runs.push(`${step.id} ${v.id} ${perClient} run ${run}${freshCopy ? " fresh" : ""}`);
        // what a fresh copy gives: the same instructions for the same operations, every time
        return { ops: perClient, instructions: 5e7 + perClient * 40_000 };
      },
      stop: async () => undefined,
      signal: new AbortController().signal,
      log: () => undefined,
      now: () => 0,
    };
    const samples = await countInstructions([steps[0]!, { ...update, withoutAllocator: "its free lists vary" }, insert], [base], { opsPerClient: 100, repeats: 2 }, h);
    expect(runs).toEqual([
      // a read: a warm-up on the shared data, then runs numbered on from it
      ...[200, 100, 200, 100, 200].map((n, i) => `pgbench.select-only.simple.c1 base ${n} run ${i}`),
      ...[update.id, insert.id].flatMap((id) => [100, 200, 100, 200].map((n) => `${id} base ${n} run 0 fresh`)),
    ]);
    expect(samples.map((s) => (s.status === "ok" ? `${s.step} ${s.counted}` : s.status))).toEqual([
      ...Array(2).fill("pgbench.select-only.simple.c1 serving backends"),
      ...Array(2).fill(`${update.id} serving backends; ${ON_FRESH_COPIES}; ${WITHOUT_ALLOCATOR}`),
      ...Array(2).fill(`${insert.id} serving backends; ${insert.countedRun}; ${ON_FRESH_COPIES}`),
    ]);
  });

  it("a step that writes, on a counter whose server keeps state across copies (MariaDB's): a warm-up run of 2N on a fresh copy first, then every run on a fresh copy", async () => {
    const update = sysbenchStep({ benchmark: "update-index" });
    const runs: string[] = [];
    const h: CountingHooks = {
      start: async () => ({ tool: "callgrind", counted: "connection threads", warmUp: true, warmUpOnCopies: true, freshCopy: async () => undefined }),
      run: async (step, v, perClient, run, freshCopy) => {
        runs.push(`${perClient} run ${run}${freshCopy ? " fresh" : ""}`);
        return { ops: perClient, instructions: 5e7 + perClient * 80_000 };
      },
      stop: async () => undefined,
      signal: new AbortController().signal,
      log: () => undefined,
      now: () => 0,
    };
    const samples = await countInstructions([update], [base], { opsPerClient: 100, repeats: 2 }, h);
    expect(runs).toEqual([200, 100, 200, 100, 200].map((n) => `${n} run 0 fresh`));
    expect(samples.map((s) => s.status === "ok" && s.instructions_per_op)).toEqual([80_000, 80_000]);
  });

  it("a step that writes, on a counter that cannot copy the data: a warm-up and runs numbered on, each drawing its own rows", async () => {
    const update = sysbenchStep({ benchmark: "update-index" });
    const { h, calls } = hooks({ base: 40_000 });
    const samples = await countInstructions([update], [base], { opsPerClient: 100, repeats: 2 }, h);
    expect(calls.filter((c) => c.startsWith("run"))).toEqual([200, 100, 200, 100, 200].map((n) => `run ${update.id} base ${n}`));
    expect(samples.map((s) => s.status === "ok" && s.counted)).toEqual(["serving backends", "serving backends"]);
  });

  it("a cancelled run ends the pass with its reason: no run after it, no error sample, no server brought back (cleanup stops them)", async () => {
    const { h, calls, cancel } = hooks({ base: 40_000, head: 48_000 }, (step, v, call) => {
      if (v !== "head" || call !== 2) return null;
      cancel.abort(new PipelineError("interrupted by SIGTERM"));
      return new PipelineError("pgbench failed: Command was canceled");
    });
    await expect(countInstructions(steps, [base, head], { opsPerClient: 100, repeats: 2 }, h)).rejects.toThrow(/^interrupted by SIGTERM$/);
    // the head's second run (its N, after the warm-up of 2N) is cancelled
    const cancelled = calls.indexOf("run pgbench.select-only.simple.c1 head 100");
    expect(calls.slice(cancelled + 1)).toEqual([]);
  });

  it("steps whose counted runs are the same (ibench's qr at three writer rates) are counted once and share the counts; another N is counted again", async () => {
    const [qr100, qr500, qp100, qr1000] = [ibenchStep({ step: "qr", writer_rate: 100 }), ibenchStep({ step: "qr", writer_rate: 500 }), ibenchStep({ step: "qp", writer_rate: 100 }), ibenchStep({ step: "qr", writer_rate: 1000 })];
    const { h, calls } = hooks({ base: 40_000, head: 48_000 });
    const samples = await countInstructions([qr100, qr500, qp100, qr1000], [base, head], { opsPerClient: 100, repeats: 1, opsPerClientByStep: { [qr1000.id]: 50 } }, h);
    const runs = calls.filter((c) => c.startsWith("run")).map((c) => {
      const [, stepId, , perClient] = c.split(" ");
      return `${stepId} ${perClient}`;
    });
    expect([...new Set(runs)]).toEqual([
      `${qr100.id} 200`, `${qr100.id} 100`, `${qp100.id} 200`, `${qp100.id} 100`, `${qr1000.id} 100`, `${qr1000.id} 50`,
    ]);
    const ok = samples.filter((s) => s.status === "ok");
    expect(ok.map((s) => `${s.step} ${s.variant} ${s.instructions_per_op}`)).toEqual(
      [qr100, qr500, qp100, qr1000].flatMap((step) => [`${step.id} base 40000`, `${step.id} head 48000`]),
    );
    expect(ok.filter((s) => s.step === qr500.id).every((s) => s.counted.endsWith(`; the runs counted for ${qr100.id}`))).toBe(true);
    expect(ok.filter((s) => s.step === qr1000.id).every((s) => !s.counted.includes("the runs counted for"))).toBe(true);
  });

  it("a step its driver says cannot be counted is n/a for every variant, never run; the steps after it are counted", async () => {
    const writing = dbBenchStep({ step: "readwhilewriting" });
    const { h, calls } = hooks({ base: 40_000, head: 48_000 });
    const samples = await countInstructions([writing, steps[0]!], [base, head], { opsPerClient: 100, repeats: 1 }, h);
    expect(samples.slice(0, 2)).toEqual(["base", "head"].map((v) => ({ step: "readwhilewriting.t1", variant: v, status: "unavailable", reason: writing.uncounted })));
    expect(samples.slice(2).map((s) => s.status)).toEqual(["ok", "ok"]);
    expect(calls.some((c) => c.includes("readwhilewriting"))).toBe(false);
  });

  it("a step whose recorded A/A spread would put its failing line past 1.05 is never run, n/a with the reason, and the comment shows it", async () => {
    const text = profile("instructions: { ops_per_client: 100, aa_spread_by_step: { pgbench.select-only.simple.c1: 0.0004, read-only.range100.pk1: 0.03 } }", "  - { driver: sysbench, benchmark: read-only }\n");
    const parsed = parseProfile(text, "p.yaml");
    const reason = "its A/A instruction spread 3.0% would put the failing line at 1.060, past 1.05: not counted";
    expect(parsed.steps.map((step) => step.uncounted)).toEqual([undefined, reason]);
    const { h, calls } = hooks({ base: 40_000, head: 40_000 });
    const samples = await countInstructions(parsed.steps, [base, head], { opsPerClient: 100, repeats: 3 }, h);
    expect(calls.some((c) => c.includes("read-only"))).toBe(false);
    expect(samples.filter((s) => s.step === "read-only.range100.pk1")).toEqual(["base", "head"].map((variant) => ({ step: "read-only.range100.pk1", variant, status: "unavailable", reason })));
    const comparison = compareRun({ ...syntheticResults({ steps: parsed.steps.map((step) => step.id) }), instructions: samples });
    expect(comparison.steps[1]?.variants[0]?.instructions).toMatchObject({ verdict: "n/a", reason });
    const naRow = renderMarkdown([comparison]).split("\n").find((line) => line.includes(reason));
    expect(naRow).toMatch(/\|\s+n\/a\s+\|/);
  });

  it("a build that does not start under valgrind is an error with the log on every step, never n/a; the other variant is counted", async () => {
    const { h, calls } = hooks({ base: 40_000 });
    const samples = await countInstructions(steps, [base, head], { opsPerClient: 100, repeats: 1 }, h);
    const message = "PostgreSQL does not run under valgrind: valgrind: Unrecognised instruction at address 0x5a1f30.";
    expect(samples.filter((s) => s.variant === "head")).toEqual(steps.map((s) => ({ step: s.id, variant: "head", repeat: 0, status: "error", error: { message, log_excerpt: UNRECOGNISED_LOG } })));
    expect(samples.filter((s) => s.variant === "base").map((s) => s.status)).toEqual(["ok", "ok"]);
    expect(calls.filter((c) => c.startsWith("stop"))).toEqual(["stop base"]);
  });

  it("a build valgrind stops running mid-pass is an error on that step and every later one, and is not run again", async () => {
    const { h, calls } = hooks({ base: 40_000, head: 48_000 }, (step, v, call) =>
      step.startsWith("pgbench") && v === "head" && call === 2 ? new BuildNotCountableError("valgrind cannot run this build: valgrind: Unrecognised instruction at address 0x5a1f30.", UNRECOGNISED_LOG) : null,
    );
    const samples = await countInstructions(steps, [base, head], { opsPerClient: 100, repeats: 1 }, h);
    expect(samples.filter((s) => s.variant === "head").map((s) => (s.status === "error" ? `${s.step} ${s.error.log_excerpt}` : s.status))).toEqual(steps.map((s) => `${s.id} ${UNRECOGNISED_LOG}`));
    expect(calls.filter((c) => c.startsWith("run read-only") && c.includes("head"))).toEqual([]);
  });

  it("a machine without valgrind: every step of every variant is n/a with the reason", async () => {
    const { h } = hooks({ base: 40_000, head: 48_000 });
    h.start = async () => {
      throw new CountingUnavailableError("valgrind is not installed (Debian: apt-get install valgrind)");
    };
    const samples = await countInstructions(steps, [base, head], { opsPerClient: 100, repeats: 1 }, h);
    expect(samples).toEqual(steps.flatMap((s) => ["base", "head"].map((variant) => ({ step: s.id, variant, status: "unavailable", reason: "valgrind is not installed (Debian: apt-get install valgrind)" }))));
  });

  it("a run that fails is an error sample with its log, and the other steps go on", async () => {
    const { h } = hooks({ base: 40_000, head: 48_000 }, (step, v, call) =>
      step.startsWith("pgbench") && v === "head" && call === 4 ? new PipelineError("pgbench failed: exit code 2", "pgbench: error: connection lost\n--- server log ---\nFATAL: terminating") : null,
    );
    const samples = await countInstructions(steps, [base, head], { opsPerClient: 100, repeats: 3 }, h);
    const headPgbench = samples.filter((s) => s.variant === "head" && s.step.startsWith("pgbench"));
    expect(headPgbench.map((s) => s.status)).toEqual(["ok", "error"]);
    expect(headPgbench[1]).toEqual({
      step: "pgbench.select-only.simple.c1",
      variant: "head",
      repeat: 1,
      status: "error",
      error: { message: "pgbench failed: exit code 2", log_excerpt: "pgbench: error: connection lost\n--- server log ---\nFATAL: terminating" },
    });
    expect(samples.filter((s) => s.step.startsWith("read-only")).map((s) => s.status)).toEqual(["ok", "ok", "ok", "ok", "ok", "ok"]);
  });

  it("output it cannot parse is an error with the output's tail, never a count", async () => {
    const { h } = hooks({ base: 40_000 }, (_step, _v, call) => (call === 2 ? new ParseError("no pgbench tps line in the output", "line 1\nline 2") : null));
    const samples = await countInstructions(steps.slice(0, 1), [base], { opsPerClient: 100, repeats: 1 }, h);
    expect(samples).toEqual([{ step: steps[0]!.id, variant: "base", repeat: 0, status: "error", error: { message: "no pgbench tps line in the output", log_excerpt: "line 1\nline 2" } }]);
  });
});

describe("the profile's instructions field", () => {

  it("absent: nothing is counted; present: N, repeats (default 3) and per-step N", () => {
    expect(parseProfile(profile(""), "p.yaml").instructions).toBeUndefined();
    expect(parseProfile(profile("instructions: { ops_per_client: 2000 }"), "p.yaml").instructions).toEqual({ ops_per_client: 2000, repeats: 3, judge: "estimated_cycles", caches: DEFAULT_SIMULATED_CACHES });
    const withOverride = "instructions: { ops_per_client: 2000, repeats: 5, ops_per_client_by_step: { pgbench.select-only.simple.c1: 300 } }";
    expect(parseProfile(profile(withOverride), "p.yaml").instructions).toEqual({ ops_per_client: 2000, repeats: 5, ops_per_client_by_step: { "pgbench.select-only.simple.c1": 300 }, judge: "estimated_cycles", caches: DEFAULT_SIMULATED_CACHES });
  });

  it("judge: estimated_cycles by default (memory stalls seen), instructions on request; anything else names the field", () => {
    expect(parseProfile(profile("instructions: { ops_per_client: 10 }"), "p.yaml").instructions?.judge).toBe("estimated_cycles");
    expect(parseProfile(profile("instructions: { ops_per_client: 10, judge: instructions }"), "p.yaml").instructions?.judge).toBe("instructions");
    expect(() => parseProfile(profile("instructions: { ops_per_client: 10, judge: cycles }"), "p.yaml")).toThrow(/^p\.yaml: \$\.instructions\.judge: /);
  });

  it("caches: the fixed default, or the profile's own; a geometry valgrind refuses names the field", () => {
    const own = "caches: { i1: { size_bytes: 32768, associativity: 8, line_bytes: 64 }, d1: { size_bytes: 49152, associativity: 12, line_bytes: 64 }, ll: { size_bytes: 12582912, associativity: 12, line_bytes: 64 } }";
    expect(parseProfile(profile(`instructions: { ops_per_client: 10, ${own} }`), "p.yaml").instructions?.caches).toEqual({
      i1: { size_bytes: 32768, associativity: 8, line_bytes: 64 },
      d1: { size_bytes: 49152, associativity: 12, line_bytes: 64 },
      ll: { size_bytes: 12582912, associativity: 12, line_bytes: 64 },
    });
    // 12 MiB 16-way: 12,288 sets, which valgrind refuses ("not a power of two")
    expect(() => parseProfile(profile(`instructions: { ops_per_client: 10, ${own.replace("12582912, associativity: 12", "12582912, associativity: 16")} }`), "p.yaml")).toThrow(
      /^p\.yaml: \$\.instructions\.caches\.ll\.size_bytes: .*power of two/,
    );
    expect(() => parseProfile(profile(`instructions: { ops_per_client: 10, ${own.replace("line_bytes: 64 }, d1", "line_bytes: 48 }, d1")} }`), "p.yaml")).toThrow(/^p\.yaml: \$\.instructions\.caches\.i1\.line_bytes: /);
    expect(() => parseProfile(profile("instructions: { ops_per_client: 10, caches: { ll: { size_bytes: 8388608, associativity: 16, line_bytes: 64 } } }"), "p.yaml")).toThrow(/^p\.yaml: \$\.instructions\.caches\.i1: /);
  });

  it("every shipped profile that counts judges estimated cycles on the default caches", async () => {
    const names = readdirSync(new URL("../../profiles/", import.meta.url)).filter((f) => f.endsWith(".yaml")).map((f) => f.slice(0, -".yaml".length));
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) {
      const { instructions } = await loadProfile(name);
      if (instructions) expect({ name, judge: instructions.judge, caches: instructions.caches }).toEqual({ name, judge: "estimated_cycles", caches: DEFAULT_SIMULATED_CACHES });
    }
  });

  it("uncounted_steps: those steps are left out with the profile's reason, the others counted", () => {
    const reason = "its count moves 3% between identical runs";
    const parsed = parseProfile(profile(`instructions: { ops_per_client: 10, uncounted_steps: { pgbench.select-only.simple.c1: "${reason}" } }`), "p.yaml");
    expect(parsed.steps.map((step) => step.uncounted)).toEqual([reason]);
    expect(parseProfile(profile("instructions: { ops_per_client: 10 }"), "p.yaml").steps.map((step) => step.uncounted)).toEqual([undefined]);
    expect(() => parseProfile(profile('instructions: { ops_per_client: 10, uncounted_steps: { point-query.range100.pk1: "noisy" } }'), "p.yaml")).toThrow(
      new InputError('no step "point-query.range100.pk1" in this profile', "p.yaml", "$.instructions.uncounted_steps.point-query.range100.pk1"),
    );
    expect(() => parseProfile(profile('instructions: { ops_per_client: 10, uncounted_steps: { pgbench.select-only.simple.c1: "" } }'), "p.yaml")).toThrow(
      /^p\.yaml: \$\.instructions\.uncounted_steps\.pgbench\.select-only\.simple\.c1: /,
    );
  });

  it("counted_without_allocator: those steps carry the profile's reason; an unknown step, or one not counted at all, names the field and the file", () => {
    const why = "its count spreads 1.9% with the allocator's free lists";
    const parsed = parseProfile(profile(`instructions: { ops_per_client: 10, counted_without_allocator: { pgbench.select-only.simple.c1: "${why}" } }`), "p.yaml");
    expect(parsed.steps.map((step) => [step.withoutAllocator, step.uncounted])).toEqual([[why, undefined]]);
    expect(parseProfile(profile("instructions: { ops_per_client: 10 }"), "p.yaml").steps.map((step) => step.withoutAllocator)).toEqual([undefined]);
    expect(() => parseProfile(profile('instructions: { ops_per_client: 10, counted_without_allocator: { point-query.range100.pk1: "noisy" } }'), "p.yaml")).toThrow(
      new InputError('no step "point-query.range100.pk1" in this profile', "p.yaml", "$.instructions.counted_without_allocator.point-query.range100.pk1"),
    );
    const both = "instructions: { ops_per_client: 10, uncounted_steps: { pgbench.select-only.simple.c1: noisy }, counted_without_allocator: { pgbench.select-only.simple.c1: noisy } }";
    expect(() => parseProfile(profile(both), "p.yaml")).toThrow(
      new InputError('step "pgbench.select-only.simple.c1" is not counted: counted_without_allocator names steps that are', "p.yaml", "$.instructions.counted_without_allocator.pgbench.select-only.simple.c1"),
    );
  });

  it("names the file and the field of a bad value", () => {
    expect(() => parseProfile(profile("instructions: { ops_per_client: 0 }"), "p.yaml")).toThrow(/^p\.yaml: \$\.instructions\.ops_per_client: /);
    expect(() => parseProfile(profile("instructions: { ops_per_client: 10, repeats: 1.5 }"), "p.yaml")).toThrow(/^p\.yaml: \$\.instructions\.repeats: /);
    // one or two repeats have no spread for the rule "the two sides' repeats do not overlap" to judge
    for (const repeats of [1, 2]) expect(() => parseProfile(profile(`instructions: { ops_per_client: 10, repeats: ${repeats} }`), "p.yaml")).toThrow(/^p\.yaml: \$\.instructions\.repeats: at least 3/);
    expect(() => parseProfile(profile("instructions: { ops_per_client: 10, tool: perf }"), "p.yaml")).toThrow(/^p\.yaml: \$\.instructions: .*tool/);
    expect(() => parseProfile(profile("instructions: { ops_per_client: 10, ops_per_client_by_step: { point-query.range100.pk1: 5 } }"), "p.yaml")).toThrow(
      new InputError('no step "point-query.range100.pk1" in this profile', "p.yaml", "$.instructions.ops_per_client_by_step.point-query.range100.pk1"),
    );
  });

  it("aa_spread_by_step: a fraction per step of the profile, stored with the step in the results; an unknown step or a bad value names the field and the file", () => {
    const parsed = parseProfile(profile("instructions: { ops_per_client: 10, aa_spread_by_step: { pgbench.select-only.simple.c1: 0.0004 } }"), "p.yaml");
    expect(parsed.instructions?.aa_spread_by_step).toEqual({ "pgbench.select-only.simple.c1": 0.0004 });
    expect(parsed.steps.map((step) => step.uncounted)).toEqual([undefined]);
    expect(() => parseProfile(profile("instructions: { ops_per_client: 10, aa_spread_by_step: { point-query.range100.pk1: 0.01 } }"), "p.yaml")).toThrow(
      new InputError('no step "point-query.range100.pk1" in this profile', "p.yaml", "$.instructions.aa_spread_by_step.point-query.range100.pk1"),
    );
    for (const bad of ["-0.01", "2", '"1%"']) {
      expect(() => parseProfile(profile(`instructions: { ops_per_client: 10, aa_spread_by_step: { pgbench.select-only.simple.c1: ${bad} } }`), "p.yaml")).toThrow(
        /^p\.yaml: \$\.instructions\.aa_spread_by_step\.pgbench\.select-only\.simple\.c1: /,
      );
    }
    // the profile's own measured reason wins over the automatic one
    const both = "instructions: { ops_per_client: 10, uncounted_steps: { pgbench.select-only.simple.c1: measured apart }, aa_spread_by_step: { pgbench.select-only.simple.c1: 0.2 } }";
    expect(parseProfile(profile(both), "p.yaml").steps.map((step) => step.uncounted)).toEqual(["measured apart"]);
  });

  it("judged_on_instructions: a reason per step of the profile; an unknown step, an empty reason or a profile judging instructions anyway names the field and the file", () => {
    const why = "its estimated cycles spread 3.7% between identical runs";
    expect(parseProfile(profile(`instructions: { ops_per_client: 10, judged_on_instructions: { pgbench.select-only.simple.c1: "${why}" } }`), "p.yaml").instructions?.judged_on_instructions).toEqual({
      "pgbench.select-only.simple.c1": why,
    });
    expect(() => parseProfile(profile('instructions: { ops_per_client: 10, judged_on_instructions: { point-query.range100.pk1: "noisy" } }'), "p.yaml")).toThrow(
      new InputError('no step "point-query.range100.pk1" in this profile', "p.yaml", "$.instructions.judged_on_instructions.point-query.range100.pk1"),
    );
    expect(() => parseProfile(profile('instructions: { ops_per_client: 10, judged_on_instructions: { pgbench.select-only.simple.c1: "" } }'), "p.yaml")).toThrow(
      /^p\.yaml: \$\.instructions\.judged_on_instructions\.pgbench\.select-only\.simple\.c1: /,
    );
    expect(() => parseProfile(profile('instructions: { ops_per_client: 10, judge: instructions, judged_on_instructions: { pgbench.select-only.simple.c1: "noisy" } }'), "p.yaml")).toThrow(
      /^p\.yaml: \$\.instructions\.judged_on_instructions: every step is judged on instructions already/,
    );
  });

  it("pg-quick counts every step", async () => {
    expect((await loadProfile("pg-quick")).instructions?.ops_per_client).toBeGreaterThan(0);
  });

  it("--no-instructions and the count-instructions input switch the counting pass off", async () => {
    const flags = { repo: ".", base: "a", head: "b", variants: [], profile: "pg-quick" };
    expect((await makePlan(flags, {}, {})).run.countInstructions).toBeUndefined();
    expect((await makePlan({ ...flags, countInstructions: false }, {}, {})).run.countInstructions).toBe(false);
  });
});

describe("bench:verdict's instruction channel summary", () => {
  /** A session: base, an A/A copy and a build doing `extra` more instructions per op, with the given repeats. */
  function session(perOp: Record<string, number[]>): Results {
    const results = syntheticResults({ variants: Object.keys(perOp), rounds: 2 });
    results.variants = results.variants.map((v) => (v.id === "aa" ? { ...v, commit: results.variants[0]!.commit } : v));
    results.instructions = Object.entries(perOp).flatMap(([variant, values]) =>
      values.map((instructions_per_op, repeat): InstructionSample =>
        Number.isNaN(instructions_per_op)
          ? { step: results.steps[0]!.id, variant, repeat, status: "error", error: { message: "pgbench failed", log_excerpt: "" } }
          : { step: results.steps[0]!.id, variant, repeat, status: "ok", tool: "cachegrind", counted: "serving backends", ops: 1000, instructions: instructions_per_op * 1000, instructions_per_op },
      ),
    );
    return results;
  }

  it("judges each session by the gate's rule, and keeps the spread and the single-repeat extremes", () => {
    const sessions = [
      session({ base: [40_000, 40_100, 40_050], aa: [40_050, 39_950, 40_020], "extra-work-10": [40_500, 40_600, 40_550] }),
      session({ base: [40_000, 40_000, 40_010], aa: [40_000, NaN, 40_005], "extra-work-10": [40_000, 40_800, 40_900] }),
    ];
    const groups = instructionChannelGroups(sessions, DEFAULT_THRESHOLDS);
    const aa = groups.find((g) => g.variant === "aa")!;
    const extra = groups.find((g) => g.variant === "extra-work-10")!;
    // A/A: overlapping repeats, unchanged; a failed count is an error, as the gate says
    expect(aa).toMatchObject({ aa: true, repeats: 5, verdicts: { unchanged: 1, error: 1, regression: 0, warning: 0 } });
    expect(aa.session_ratios.map((r) => r.toFixed(5))).toEqual([(40_020 / 40_050).toFixed(5)]);
    expect(aa.pair_ratios).toEqual({ count: 5 * 3, min: 39_950 / 40_100, max: 40_050 / 40_000 });
    expect(aa.instructions_per_op).toBeCloseTo((40_050 + 39_950 + 40_020 + 40_000 + 40_005) / 5, 9);
    // +1.25% with the repeats apart: a warning; a head whose repeats spread 2.2%, past its 0.5% warning line: an error (issue 35)
    expect(extra.verdicts).toMatchObject({ warning: 1, error: 1, unstable: 0, regression: 0 });
    expect(extra.session_ratios.map((r) => r.toFixed(5))).toEqual([(40_550 / 40_050).toFixed(5), (40_800 / 40_000).toFixed(5)]);
    expect(extra).toMatchObject({ aa: false, repeats: 6, pair_ratios: { count: 18, min: 40_000 / 40_010, max: 40_900 / 40_000 } });
    expect(extra.spread_within).toBeCloseTo(900 / 40_800, 12);
  });

  it("times the counting pass from the last QPS sample to the end of the run", () => {
    const results = session({ base: [40_000], aa: [40_000] });
    const lastEnd = Math.max(...results.samples.map((s) => Date.parse(s.started_at) + s.duration_s * 1000));
    results.run.finished_at = new Date(lastEnd + 95_000).toISOString();
    expect(countingSeconds(results)).toBe(95);
    expect(countingSeconds({ ...results, instructions: undefined })).toBeNull();
  });
});

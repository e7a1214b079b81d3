/**
 * The pipeline's stages with a fake engine, client and clock (test/helpers/fake-engine.ts): a server
 * that dies is replaced and the step goes on, failures become error samples with their logs, an
 * embedded engine's runs each open their own copy of the data, a build without the engine's programs
 * fails right after building.
 */
import { existsSync, mkdirSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CleanupRegistry } from "../../src/common/cleanup.js";
import { PipelineError } from "../../src/common/errors.js";
import type { Log } from "../../src/common/log.js";
import { runBenchmark } from "../../src/run/pipeline.js";
import type { Target } from "../../src/driver/types.js";
import { ResultsSchema, type ErrorSample, type Sample } from "../../src/results/schema.js";
import { WITHOUT_ALLOCATOR } from "../../src/schedule/instructions.js";
import { fakeEmbeddedEngine, fakePlan, fakeStep, fakeServerEngine, fakeWorld, type FakeWorld } from "../helpers/fake-engine.js";

const lines: string[] = [];
const log: Log = { info: (m) => void lines.push(m), group: (_title, work) => work() };
let world: FakeWorld;
let registry: CleanupRegistry;

afterEach(async () => {
  expect(await registry.runAll(new Error("test finished"))).toEqual([]);
  world.remove();
  lines.length = 0;
});

function setUp(): FakeWorld {
  world = fakeWorld();
  registry = new CleanupRegistry();
  return world;
}

const errors = (samples: Sample[]): ErrorSample[] => samples.filter((s): s is ErrorSample => s.status === "error");

describe("the pipeline with a fake server engine", () => {
  it("removes the cache's logs older than two weeks before it starts, and keeps the recent ones", async () => {
    setUp();
    const logs = path.join(world.workDir, "cache", "logs");
    mkdirSync(logs, { recursive: true });
    const started = world.ports.clock.date().getTime();
    for (const [name, daysAgo] of [["postgresql-2026-11-01-base.log", 29], ["postgresql-2026-11-29-base.log", 1]] as const) {
      writeFileSync(path.join(logs, name), "server log\n");
      const at = new Date(started - daysAgo * 24 * 3600 * 1000);
      utimesSync(path.join(logs, name), at, at);
    }
    await runBenchmark(fakePlan(world, fakeServerEngine(world), { rounds: 2 }), registry, log, world.ports);
    expect(existsSync(path.join(logs, "postgresql-2026-11-01-base.log"))).toBe(false);
    expect(existsSync(path.join(logs, "postgresql-2026-11-29-base.log"))).toBe(true);
    expect(lines).toContain("cache-dir: removed 1 logs older than 14 days or beyond 1 GiB of newer ones");
  });

  it("replaces a server that died, reloads its data, and records the sample it died in as an error", async () => {
    setUp();
    const engine = fakeServerEngine(world);
    let headRuns = 0;
    world.answer = (command) => {
      // head's server dies during its first measured run
      if (command.args[0] === "run" && command.args.at(-1) === `port=${world.servers[1]!.port}` && ++headRuns === 1) world.servers[1]!.kill();
      return null;
    };
    const results = ResultsSchema.parse(await runBenchmark(fakePlan(world, engine, { rounds: 4 }), registry, log, world.ports));

    expect(results.engine).toEqual({ name: "fakesql", version: "1.0" });
    const died = errors(results.samples);
    expect(died).toHaveLength(1);
    expect(died[0]).toMatchObject({ variant: "head", round: 0, error: { message: "the fakesql server exited during the step" } });
    expect(died[0]!.error.log_excerpt).toContain("fake server log of port 6001");
    // the other rounds of head ran on the replacement, which got the data loaded and settled again
    expect(results.samples.filter((s) => s.status === "ok")).toHaveLength(7);
    expect(world.servers.map((s) => s.logFile.replace(/.*-(base|head)/, "$1"))).toEqual(["base.log", "head.log", "head-restart1.log"]);
    expect(world.servers[2]!.settled).toEqual([["kv"]]);
    expect(world.events.filter((e) => e.startsWith("client load"))).toEqual(["client load port=6000", "client load port=6001", "client load port=6002"]);
    // the step's line once its rounds are done, judged as the comment will judge it
    expect(lines).toContainEqual(expect.stringMatching(/^kv\.get done after 4 rounds: head \S+/));
    expect(results.run.notes).toContainEqual(expect.stringMatching(/^head: the server had died and was replaced by a new one \(its log: .*head\.log\)$/));
    // every server is stopped at the end, the dead one before its replacement started
    expect(world.events.indexOf("stop port=6001")).toBeLessThan(world.events.indexOf(world.events.find((e) => e.includes("head-restart1"))!));
    expect(world.events.slice(-2)).toEqual(["stop port=6000", "stop port=6002"]);
  });

  it("a failing client, output it cannot parse and a failed load are error samples with their logs; the other samples still run", async () => {
    setUp();
    const engine = fakeServerEngine(world);
    world.answer = (command) => {
      const [verb, step] = command.args;
      if (verb === "load" && command.args[1] === "port=6001") return { failed: true, message: "Command failed with exit code 3", output: "load: disk full" };
      if (verb === "run" && step === "kv.get") return { failed: true, message: "Command failed with exit code 1", output: "kv: connection refused" };
      if (verb === "run" && step === "kv.scan") return { stdout: "what is this", output: "what is this" };
      return null;
    };
    const plan = fakePlan(world, engine, { steps: ["kv.get", "kv.scan", "kv.put"] });
    const results = ResultsSchema.parse(await runBenchmark(plan, registry, log, world.ports));

    const bySample = (step: string, variant: string) => results.samples.filter((s) => s.step === step && s.variant === variant);
    // base: get fails in the client, scan does not parse, put is fine
    expect(bySample("kv.get", "base").map((s) => s.status === "error" && s.error.message)).toEqual(["kv failed: Command failed with exit code 1", "kv failed: Command failed with exit code 1"]);
    expect((bySample("kv.get", "base")[0] as ErrorSample).error.log_excerpt).toBe("kv: connection refused\n--- fakesql log (" + world.servers[0]!.logFile + ") ---\nfake server log of port 6000");
    expect(bySample("kv.scan", "base").map((s) => s.status === "error" && s.error.message)).toEqual(["no ops=N rate=R line", "no ops=N rate=R line"]);
    expect(bySample("kv.put", "base").map((s) => s.status)).toEqual(["ok", "ok"]);
    // head: its load fails, so every one of its samples is that error with the load's output
    for (const sample of results.samples.filter((s) => s.variant === "head")) {
      expect(sample).toMatchObject({ status: "error", error: { message: "loading kv-data failed: Command failed with exit code 3" } });
      expect((sample as ErrorSample).error.log_excerpt).toContain("load: disk full");
      expect((sample as ErrorSample).error.log_excerpt).toContain(`--- fakesql log (${world.servers[1]!.logFile}) ---`);
    }
    expect(results.samples).toHaveLength(12);
  });

  it("records each round's database size and the server's peak memory where the engine tells them", async () => {
    setUp();
    const results = ResultsSchema.parse(await runBenchmark(fakePlan(world, fakeServerEngine(world)), registry, log, world.ports));
    expect(results.samples).toHaveLength(4);
    for (const s of results.samples) expect(s).toMatchObject({ status: "ok", database_bytes: 8 * 2 ** 20, server_rss_bytes: 64 * 2 ** 20 });
  });

  it("records with each variant the compiler its build used (variants of a flags run may each have their own)", async () => {
    setUp();
    const results = ResultsSchema.parse(await runBenchmark(fakePlan(world, fakeServerEngine(world)), registry, log, world.ports));
    expect(results.variants.map((v) => v.compiler)).toEqual([{ name: "gcc", version: "12.2.0" }, { name: "gcc", version: "12.2.0" }]);
  });

  it("runs each variant's clients in a run directory of its own, as its own user; ends the pull request users' processes before the builds, after them and last", async () => {
    setUp();
    const users: string[] = [];
    const cwdByPort = new Map<string, Set<string>>();
    const ports = {
      ...world.ports,
      variantUser: async (trust: string, index: number) => {
        users.push(`${trust} ${index}`);
        return null;
      },
      endPullRequestProcesses: async () => {
        world.events.push("end the pull request users' processes");
        return world.events.length === 1 ? ["4242 (sleep, dbbench-pr)"] : [];
      },
      runClient: async (...args: Parameters<FakeWorld["ports"]["runClient"]>) => {
        const port = args[0].args.at(-1)!;
        cwdByPort.set(port, (cwdByPort.get(port) ?? new Set()).add(args[1].cwd));
        return world.ports.runClient(...args);
      },
    };
    await runBenchmark(fakePlan(world, fakeServerEngine(world)), registry, log, ports);
    expect(users).toEqual(["pr 0", "pr 1"]);
    const runDirs = [...cwdByPort.values()];
    expect(runDirs.map((dirs) => dirs.size)).toEqual([1, 1]);
    expect(new Set(runDirs.flatMap((dirs) => [...dirs])).size).toBe(2);
    expect(lines).toContain("ended 1 processes of the pull request users that an earlier run left running: 4242 (sleep, dbbench-pr)");
    expect(await registry.runAll(new Error("run over"))).toEqual([]);
    const phases = world.events.filter((e) => /^(build|start|stop|end) /.test(e)).map((e) => e.split(" ")[0]);
    expect(phases).toEqual(["end", "build", "build", "end", "start", "start", "stop", "stop", "end"]);
  });

  it("builds a pull request's base from trusted inputs only, after ending what a build before it left running (issue 36 item 3)", async () => {
    setUp();
    const requests: string[] = [];
    const ports = {
      ...world.ports,
      build: async (request: Parameters<FakeWorld["ports"]["build"]>[0]) => {
        requests.push(`${request.commitish} ${request.trust}${request.trustedInputsOnly ? " trusted inputs only" : ""}`);
        return world.ports.build(request);
      },
      endPullRequestProcesses: async () => {
        world.events.push("end the pull request users' processes");
        return [];
      },
    };
    const plan = fakePlan(world, fakeServerEngine(world));
    // head built first: the base's build comes after the PR's code ran
    plan.variants.reverse();
    await runBenchmark(plan, registry, log, ports);
    expect(requests).toEqual(["head pr", "base pr trusted inputs only"]);
    expect(world.events.filter((e) => /^(build|end) /.test(e))).toEqual(["end the pull request users' processes", "build head", "end the pull request users' processes", "build base", "end the pull request users' processes"]);

    // a trusted run's builds are trusted already
    requests.length = 0;
    await runBenchmark({ ...fakePlan(world, fakeServerEngine(world)), trust: "trusted" }, registry, log, ports);
    expect(requests).toEqual(["base trusted", "head trusted"]);
  });

  it("stops every process of the variant not measured while the other's warm-up and rounds run, and resumes all before counting (issue 36 item 6)", async () => {
    setUp();
    const ports = { ...world.ports, variantUser: async (_trust: string, index: number) => ({ name: `v${index}`, uid: process.getuid!(), gid: process.getgid!() }) };
    const plan = fakePlan(world, fakeServerEngine(world), { extra: "instructions: { ops_per_client: 10, repeats: 3 }\n" });
    plan.profile = { ...plan.profile, schedule: { ...plan.profile.schedule, warmup_s: 1 } };
    await runBenchmark(plan, registry, log, ports);
    // replayed: who was stopped when each client ran (the fake servers: base on port 6000, head on 6001)
    const frozen = new Set<string>();
    const seen: string[] = [];
    for (const event of world.events) {
      const [verb, name] = event.split(" ");
      if (verb === "freeze") frozen.add(name!);
      if (verb === "thaw") frozen.delete(name!);
      const client = /^client (warmup|run|fixed) .*port=(\d+)$/.exec(event);
      if (client) seen.push(`${client[1]} ${client[2] === "6000" ? "v0" : "v1"} while stopped: ${[...frozen].join(",") || "none"}`);
    }
    expect(seen).toEqual([
      "warmup v0 while stopped: v1",
      "warmup v1 while stopped: v0",
      // ABBA
      "run v0 while stopped: v1",
      "run v1 while stopped: v0",
      "run v1 while stopped: v0",
      "run v0 while stopped: v1",
      // counted side by side, nothing stopped
      ...seen.slice(6).filter((line) => line.startsWith("fixed")),
    ]);
    expect(seen.length).toBeGreaterThan(6);
    expect(seen.slice(6).every((line) => line.endsWith("stopped: none"))).toBe(true);
  });

  it("runs a server engine's built clients from base's build against both servers (issue 36: head's pgbench would report head's QPS)", async () => {
    setUp();
    const files = new Set<string>();
    const ports = {
      ...world.ports,
      runClient: async (...args: Parameters<FakeWorld["ports"]["runClient"]>) => {
        files.add(`${args[0].file} ${args[0].args.at(-1)}`);
        return world.ports.runClient(...args);
      },
    };
    const plan = fakePlan(world, fakeServerEngine(world));
    plan.profile = { ...plan.profile, steps: plan.profile.steps.map((step) => ({ ...step, programs: { kv: "build" } })) };
    // the builds' bin dirs hold the program (checked once every variant is built)
    for (const ref of ["base", "head"]) {
      mkdirSync(path.join(world.workDir, ref, "install", "bin"), { recursive: true });
      writeFileSync(path.join(world.workDir, ref, "install", "bin", "kv"), "");
    }
    await runBenchmark(plan, registry, log, ports);
    const baseKv = path.join(world.workDir, "base", "install", "bin", "kv");
    expect([...files].sort()).toEqual([`${baseKv} port=6000`, `${baseKv} port=6001`]);
  });

  it("restarts every server on schedule, with the client's CPU share from the client runner", async () => {
    setUp();
    const engine = fakeServerEngine(world);
    const plan = fakePlan(world, engine, { rounds: 4, extra: "cpu_affinity: split\n" });
    plan.profile = { ...plan.profile, schedule: { ...plan.profile.schedule, restart_every: 2 } };
    const results = ResultsSchema.parse(await runBenchmark(plan, registry, log, world.ports));
    expect(world.events.filter((e) => e.startsWith("restart"))).toEqual(["restart port=6000", "restart port=6001"]);
    expect(results.run.notes).toContain("servers restarted every 2 rounds of a step: 2 restarts");
    // each sample names the server process that measured it: the QPS drop test's unit
    expect(results.samples.map((s) => (s.status === "ok" ? `${s.variant} r${s.round} p${s.process}` : "error")).sort()).toEqual(
      ["base r0 p0", "base r1 p0", "base r2 p1", "base r3 p1", "head r0 p0", "head r1 p0", "head r2 p1", "head r3 p1"],
    );
    expect(results.run.cpu_placement).toEqual({ server: "0", client: "1" });
    // 0.25 s of client CPU over 1 s of wall time on 2 cores; the measured client runs on the client's CPU
    expect(results.samples.every((s) => s.status === "ok" && s.client_cpu_share === 0.125)).toBe(true);
    expect(world.events.find((e) => e.startsWith("client --cpu-list"))).toBe("client --cpu-list 1 kv run kv.get 1 port=6000");
  });
});

describe("the counting pass with a fake server engine", () => {
  it("reloads every side's data after the measured rounds, then counts both sides at once on every CPU of the run; the results keep each step's recorded A/A spread", async () => {
    setUp();
    const plan = fakePlan(world, fakeServerEngine(world), { extra: "cpu_affinity: split\ninstructions: { ops_per_client: 10, repeats: 3 }\n" });
    plan.profile = { ...plan.profile, instructions: { ...plan.profile.instructions!, aa_spread_by_step: { "kv.get": 0.0004 }, judged_on_instructions: { "kv.get": "misses vary" } } };
    const results = ResultsSchema.parse(await runBenchmark(plan, registry, log, world.ports));
    expect(results.steps.map((step) => [step.instructions_aa_spread, step.instructions_judged_alone])).toEqual([[0.0004, "misses vary"]]);
    expect(results.instructions?.map((s) => s.status === "ok" && `${s.variant} ${s.instructions_per_op}`)).toEqual(["base 1000", "base 1000", "base 1000", "head 1000", "head 1000", "head 1000"]);
    const events = world.events;
    const lastMeasured = events.findLastIndex((e) => e.includes(" run kv.get "));
    // after the rounds, each side loads its data again before its server goes under the counter
    for (const port of [6000, 6001]) {
      const reload = events.indexOf(`client load port=${port}`, lastMeasured);
      expect(reload, `port ${port}`).toBeGreaterThan(lastMeasured);
      expect(events.indexOf(`settle port=${port} kv`, reload)).toBeGreaterThan(reload);
      expect(events.indexOf(`count on port=${port} cpus=0,1`)).toBeGreaterThan(reload);
    }
    // the counted runs use every CPU, not the client's half; both sides were counted side by side
    expect(events.filter((e) => e.includes(" fixed "))).toEqual(
      expect.arrayContaining(["client --cpu-list 0-1 kv fixed kv.get 10 port=6000", "client --cpu-list 0-1 kv fixed kv.get 20 port=6001"]),
    );
    expect(lines).toContain("counting 2 variants at a time on CPU 0-1");
    expect(events.slice(-4)).toEqual(["counted on port=6000", "counted on port=6001", "stop port=6000", "stop port=6001"]);
  });

  it("counts a step of counted_without_allocator less glibc's allocator, and says so in its counts; the other steps whole", async () => {
    setUp();
    const plan = fakePlan(world, fakeServerEngine(world), { steps: ["kv.get", "kv.scan"], extra: "instructions: { ops_per_client: 10, repeats: 3 }\n" });
    plan.profile = { ...plan.profile, steps: plan.profile.steps.map((step) => (step.id === "kv.scan" ? { ...step, withoutAllocator: "free lists vary" } : step)) };
    const results = ResultsSchema.parse(await runBenchmark(plan, registry, log, world.ports));
    expect(results.instructions?.map((s) => (s.status === "ok" ? `${s.step} ${s.variant} ${s.instructions_per_op} ${s.counted}` : s.status))).toEqual([
      ...["base", "head"].flatMap((v) => Array<string>(3).fill(`kv.get ${v} 1000 serving backends`)),
      ...["base", "head"].flatMap((v) => Array<string>(3).fill(`kv.scan ${v} 900 serving backends; ${WITHOUT_ALLOCATOR}`)),
    ]);
  });

  it("loads a step's counted data set on each plain server before counting it, once per data set, and marks the counts with how its runs differ", async () => {
    setUp();
    const plan = fakePlan(world, fakeServerEngine(world), { steps: ["kv.get", "kv.scan"], extra: "instructions: { ops_per_client: 10, repeats: 3 }\n" });
    plan.profile = {
      ...plan.profile,
      steps: plan.profile.steps.map((step) => ({
        ...step,
        countedDataSet: (target: Target) => ({ key: "kv-counted", commands: [{ file: "kv", args: ["reload", target.kind === "server" ? `port=${target.port}` : ""] }], tables: ["kv"] }),
        countedRun: "no writer",
      })),
    };
    const results = ResultsSchema.parse(await runBenchmark(plan, registry, log, world.ports));
    // each side: its counted data set (once, though both steps name it) loaded and settled natively, then the counter
    for (const port of [6000, 6001]) {
      const reloads = world.events.filter((e) => e === `client reload port=${port}`);
      expect(reloads, `port ${port}`).toHaveLength(1);
      const reload = world.events.indexOf(`client reload port=${port}`);
      expect(world.events.indexOf(`settle port=${port} kv`, reload)).toBeGreaterThan(reload);
      expect(world.events.indexOf(`count on port=${port}`)).toBeGreaterThan(world.events.indexOf(`settle port=${port} kv`, reload));
    }
    expect(results.instructions?.map((s) => (s.status === "ok" ? `${s.step} ${s.variant} ${s.instructions_per_op} ${s.counted}` : s.status))).toEqual([
      ...["kv.get", "kv.scan"].flatMap((step) => ["base", "head"].flatMap((v) => Array<string>(3).fill(`${step} ${v} 1000 serving backends; no writer`))),
    ]);
  });
});

describe("the pipeline with a fake embedded engine", () => {
  it("loads and settles the data dir once per variant, gives every run its own copy and removes it, and places the one process", async () => {
    setUp();
    const engine = fakeEmbeddedEngine(world);
    const plan = fakePlan(world, engine, { rounds: 2, extra: "cpu_affinity: split\n" });
    const results = ResultsSchema.parse(await runBenchmark(plan, registry, log, world.ports));

    expect(world.events.filter((e) => /^(prepare|settle|client load)/.test(e)).map((e) => e.replace(/\/\S+\//g, ""))).toEqual([
      expect.stringMatching(/^prepare embedded-.*-base$/),
      expect.stringMatching(/^prepare embedded-.*-head$/),
      expect.stringMatching(/^client load data=embedded-.*-base-load1$/),
      expect.stringMatching(/^settle embedded-.*-base kv-data$/),
      expect.stringMatching(/^client load data=embedded-.*-head-load1$/),
      expect.stringMatching(/^settle embedded-.*-head kv-data$/),
    ]);
    const runs = world.events.filter((e) => e.includes(" run "));
    expect(runs).toHaveLength(4);
    expect(new Set(runs.map((e) => e.split("data=")[1])).size).toBe(4);
    expect(world.copies).toEqual({ made: 4, removed: 4 });
    // every run a process of its own: each sample its own process number (the QPS drop test's unit is the round)
    expect(results.samples.map((s) => (s.status === "ok" ? `${s.variant} r${s.round} p${s.process}` : "error")).sort()).toEqual(["base r0 p0", "base r1 p1", "head r0 p0", "head r1 p1"]);
    expect(results.run.cpu_placement).toEqual({ process: "0" });
    expect(results.samples.every((s) => s.status === "ok" && s.client_cpu_share === null)).toBe(true);
    // an embedded engine tells neither its database size nor server processes (it has none)
    expect(results.samples.some((s) => "database_bytes" in s || "server_rss_bytes" in s)).toBe(false);
    expect(results.engine).toEqual({ name: "fakekv", version: "7.8.3" });
  });

  it("loads each data set into its own directory and runs every step on a copy of its own, counted runs too", async () => {
    setUp();
    const engine = fakeEmbeddedEngine(world);
    const plan = fakePlan(world, engine, { rounds: 2, extra: "instructions: { ops_per_client: 100, repeats: 3 }\n" });
    // two steps whose data differ (db_bench lists of other keys or options): before, the second load
    // wrote over the first's database and the first step was measured and counted on the second's data
    plan.profile = { ...plan.profile, steps: [fakeStep("kv.small", "kv-1000-keys"), fakeStep("kv.large", "kv-9000-keys")] };
    await runBenchmark(plan, registry, log, world.ports);
    const loads = world.events.filter((e) => e.startsWith("client load ")).map((e) => e.replace(/.*-(?=(base|head)-load)/, ""));
    expect(loads.sort()).toEqual(["base-load1", "base-load2", "head-load1", "head-load2"]);
    for (const [step, load] of [["kv.small", "load1"], ["kv.large", "load2"]]) {
      const runs = world.events.filter((e) => / (run|fixed) /.test(e) && e.includes(` ${step} `));
      expect(runs.length, step).toBeGreaterThanOrEqual(4 + 6);
      expect(runs.filter((e) => !new RegExp(`-(base|head)-${load}-copy\\d+$`).test(e)), step).toEqual([]);
    }
  });

  it.each([
    ["a measured run", " run "],
    ["the first load", " load "],
  ])("a SIGTERM during %s ends the run with its reason: nothing starts after it, no error samples", async (_, words) => {
    setUp();
    const plan = fakePlan(world, fakeEmbeddedEngine(world), { steps: ["kv.get", "kv.scan"], rounds: 2 });
    let cancelledAt = -1;
    world.answer = (command) => {
      if (cancelledAt >= 0 || !` ${command.args.join(" ")} `.includes(words)) return null;
      cancelledAt = world.events.length - 1;
      // what the signal handler does (cleanup.ts withCleanup): abort every subprocess, remove everything registered
      void registry.runAll(new PipelineError("interrupted by SIGTERM"));
      return { failed: true, message: `Command was canceled: kv ${command.args.join(" ")}`, stdout: "", output: "" };
    };
    await expect(runBenchmark(plan, registry, log, world.ports)).rejects.toThrow(/^interrupted by SIGTERM$/);
    expect(cancelledAt).toBeGreaterThanOrEqual(0);
    expect(world.events.slice(cancelledAt + 1).filter((e) => e.startsWith("client"))).toEqual([]);
    expect(lines.filter((l) => /ERROR|failed/.test(l))).toEqual([]);
  });

  it("refuses a server's client/server CPU lists for an embedded engine", async () => {
    setUp();
    const plan = fakePlan(world, fakeEmbeddedEngine(world), { extra: "cpu_affinity: { server: '0', client: '1' }\n" });
    await expect(runBenchmark(plan, registry, log, world.ports)).rejects.toThrow(/\$\.cpu_affinity: an embedded engine runs one process/);
  });
});

describe("building the variants", () => {
  it("fails once every variant is built when a build lacks a program the engine runs, naming it and the recipe, before starting anything", async () => {
    setUp();
    const engine = { ...fakeServerEngine(world), programs: ["fakesqld"] };
    await expect(runBenchmark(fakePlan(world, engine), registry, log, world.ports)).rejects.toThrow(
      new PipelineError(`the build of base (base) has no fakesqld in ${world.workDir}/base/install/bin: the fake recipe must install what the fakesql engine and the profile's drivers run`),
    );
    expect(world.events).toEqual(["build base", "build head"]);
  });
});

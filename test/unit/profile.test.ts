import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/common/errors.js";
import { builtinDir, loadProfile, parseProfile, sweepCounts } from "../../src/config/profile.js";
import { parseConfigText } from "../../src/config/config-file.js";
import { makePlan } from "../../src/config/plan.js";
import { postgresConnection } from "../helpers/connection.js";
import { sysbenchBins } from "../helpers/sysbench-bins.js";
import { SYSBENCH_MICROBENCHMARKS } from "../../src/driver/sysbench.js";

const minimal = (steps: string, extra = "") => `
name: t
version: 1
engine: postgresql
description: test
schedule: { rounds: 4, min_rounds: 2, duration_s: 1, warmup_s: 0, time_budget_s: null }
server_settings: { shared_buffers: 64MB }
${extra}
steps:
${steps}
`;

describe("profiles", () => {
  it.each(readdirSync(builtinDir("profiles")).map((f) => f.replace(/\.yaml$/, "")))("built-in %s loads, with unique field-named step ids", async (name) => {
    const profile = await loadProfile(name);
    expect(profile.name).toBe(name);
    expect(profile.hash).toMatch(/^[0-9a-f]{64}$/);
    for (const step of profile.steps) expect(step.id).toMatch(/^(pgbench\.[a-z-]+\.(simple|extended|prepared)\.c\d+|[a-z-]+\.range\d+\.pk[01](\.t\d+)?|l\.(i0|x|i1|i2)|q[rp]\d+|[a-z]+\.t\d+)$/);
  });

  it("pg-ibench has the insert benchmark's steps in the field's order", async () => {
    const profile = await loadProfile("pg-ibench");
    expect(profile.steps.map((s) => s.id)).toEqual(["l.i0", "l.x", "l.i1", "l.i2", "qr100", "qp100", "qr500", "qp500", "qr1000", "qp1000"]);
  });

  it.each([
    ["pg-ibench", ["l.x"]],
    ["mariadb-ibench", ["l.x", "l.i1", "l.i2"]],
  ])("%s counts the instructions of every step but %j (l.i1 and l.i2 only where each run gets a fresh copy of the data)", async (name, uncounted) => {
    const profile = await loadProfile(name);
    expect(profile.instructions?.repeats).toBe(3);
    expect(profile.steps.filter((s) => s.uncounted).map((s) => s.id)).toEqual(uncounted);
  });

  it.each([
    ["mariadb-ibench", "mariadb", "innodb"],
    ["myrocks-ibench", "myrocks", "rocksdb"],
  ])("%s has pg-ibench's steps and schedule, on the %s engine, every table in %s", async (name, engine, storageEngine) => {
    const [profile, pg] = await Promise.all([loadProfile(name), loadProfile("pg-ibench")]);
    expect(profile.engine).toBe(engine);
    expect(profile.steps.map((s) => s.id)).toEqual(pg.steps.map((s) => s.id));
    expect(new Set(profile.steps.map((s) => s.parameters.storage_engine))).toEqual(new Set([storageEngine]));
    expect(profile.schedule).toEqual(pg.schedule);
  });

  it("rocksdb-quick has the field's db_bench steps, fillseq first, overwrite last, overwrite and the reads counted", async () => {
    const profile = await loadProfile("rocksdb-quick");
    expect(profile.steps.map((s) => s.id)).toEqual([
      "fillseq.t1",
      "readrandom.t1",
      "fwdrange.t1",
      "revrange.t1",
      "readwhilewriting.t1",
      "fwdrangewhilewriting.t1",
      "revrangewhilewriting.t1",
      "overwrite.t1",
    ]);
    // overwrite is counted; fillseq's estimated cycles follow the build's code layout, the writer is paced by wall time
    expect(profile.steps.filter((s) => s.uncounted).map((s) => s.id)).toEqual(["fillseq.t1", "readwhilewriting.t1", "fwdrangewhilewriting.t1", "revrangewhilewriting.t1"]);
    expect(profile.steps.find((s) => s.id === "fillseq.t1")!.uncounted).toMatch(/code layout/);
  });

  it("mariadb-quick has pg-quick's sysbench families on InnoDB, reads first, with adaptive rounds (its writes have no instruction verdict)", async () => {
    const profile = await loadProfile("mariadb-quick");
    expect(profile.engine).toBe("mariadb");
    expect(profile.steps.map((s) => s.id)).toEqual([
      "point-query.range100.pk1",
      "random-points.range100.pk1",
      "read-only.range100.pk1",
      "update-index.range100.pk1",
      "update-nonindex.range100.pk1",
      "insert.range100.pk1",
      "delete.range100.pk1",
    ]);
    expect(new Set(profile.steps.map((s) => s.parameters.storage_engine))).toEqual(new Set(["innodb"]));
    expect(profile.schedule).toMatchObject({ rounds: 24, min_rounds: 12, look_every: 4, spending: "pocock" });
  });

  it("myrocks-quick is mariadb-quick's steps and schedule on the myrocks engine's RocksDB tables", async () => {
    const profile = await loadProfile("myrocks-quick");
    const innodb = await loadProfile("mariadb-quick");
    expect(profile.engine).toBe("myrocks");
    expect(profile.steps.map((s) => s.id)).toEqual(innodb.steps.map((s) => s.id));
    expect(profile.steps.map((s) => ({ ...s.parameters, storage_engine: "innodb" }))).toEqual(innodb.steps.map((s) => s.parameters));
    expect(new Set(profile.steps.map((s) => s.parameters.storage_engine))).toEqual(new Set(["rocksdb"]));
    expect(profile.server_settings.default_storage_engine).toBe("rocksdb");
    expect(profile.schedule).toEqual(innodb.schedule);
  });

  it("mariadb-quick counts every step, its updates and delete (on fresh copies) without glibc's allocator, MyRocks its reads; the steps whose counts do not repeat are n/a with the measured reason", async () => {
    const uncounted = async (name: string) => Object.fromEntries((await loadProfile(name)).steps.map((s) => [s.id, s.uncounted !== undefined]));
    const reads = ["point-query.range100.pk1", "random-points.range100.pk1", "read-only.range100.pk1"];
    const quickWrites = ["update-index.range100.pk1", "update-nonindex.range100.pk1", "insert.range100.pk1", "delete.range100.pk1"];
    expect(await uncounted("mariadb-quick")).toEqual(Object.fromEntries([...reads, ...quickWrites].map((id) => [id, false])));
    const withoutAllocator = (await loadProfile("mariadb-quick")).steps.filter((s) => s.withoutAllocator !== undefined);
    expect(withoutAllocator.map((s) => s.id)).toEqual(quickWrites.filter((id) => id !== "insert.range100.pk1"));
    for (const step of withoutAllocator) expect(step.withoutAllocator).toMatch(/between identical runs/);
    expect((await loadProfile("mariadb-quick")).steps.filter((s) => s.writes).map((s) => s.id)).toEqual(quickWrites);
    expect(await uncounted("myrocks-quick")).toEqual({ ...Object.fromEntries(reads.map((id) => [id, false])), ...Object.fromEntries(quickWrites.map((id) => [id, true])) });
    const sysbench = await loadProfile("mariadb-sysbench");
    const writes = new Set(["update-index", "update-inlist", "update-nonindex", "update-one", "update-zipf", "insert", "delete", "read-write", "write-only"]);
    for (const step of sysbench.steps) expect([step.id, step.uncounted !== undefined]).toEqual([step.id, writes.has(String(step.parameters.benchmark))]);
    for (const name of ["mariadb-quick", "myrocks-quick", "mariadb-sysbench"]) {
      const profile = await loadProfile(name);
      for (const step of profile.steps.filter((s) => s.uncounted)) expect(step.uncounted).toMatch(/between identical runs|from repeat to repeat/);
      // no N is left behind for a step that is not counted
      for (const id of Object.keys(profile.instructions?.ops_per_client_by_step ?? {})) expect(profile.steps.find((s) => s.id === id)?.uncounted).toBeUndefined();
    }
  });

  it("mariadb-sysbench plans pg-sysbench's 32 microbenchmarks and schedule on the mariadb engine, InnoDB, over the mysql driver", async () => {
    const { run } = await makePlan({ repo: ".", base: "a", head: "b", variants: [], profile: "mariadb-sysbench" }, {}, {});
    const pg = await loadProfile("pg-sysbench");
    expect(run.engine.name).toBe("mariadb");
    expect(run.profile.steps.map((s) => s.id)).toEqual(pg.steps.map((s) => s.id));
    expect(run.profile.steps).toHaveLength(32);
    expect(new Set(run.profile.steps.map((s) => s.driver))).toEqual(new Set(["sysbench"]));
    expect(new Set(run.profile.steps.map((s) => s.parameters.storage_engine))).toEqual(new Set(["innodb"]));
    expect(run.profile.schedule).toEqual(pg.schedule);
    expect(run.engineSettings).toMatchObject({ default_storage_engine: "InnoDB", innodb_buffer_pool_size: "512M" });
    // the data set key names the engine and the storage engine: no step reuses PostgreSQL's data
    const data = run.profile.steps[0]!.dataSet({ kind: "server", protocol: "mysql", socket: "/s", port: 3306, user: "root", database: "bench" }, sysbenchBins);
    expect(data.key).toBe("sysbench.mysql.innodb.tables1.rows200000.pk1.seed1");
    expect(data.commands[0]!.args).toContain("--db-driver=mysql");
  });

  it("myrocks-sysbench plans the same 32 microbenchmarks and schedule on MyRocks, with myrocks-quick's settings, judged on QPS", async () => {
    const { run } = await makePlan({ repo: ".", base: "a", head: "b", variants: [], profile: "myrocks-sysbench" }, {}, {});
    const pg = await loadProfile("pg-sysbench");
    expect(run.engine.name).toBe("myrocks");
    expect(run.profile.steps.map((s) => s.id)).toEqual(pg.steps.map((s) => s.id));
    expect(new Set(run.profile.steps.map((s) => s.parameters.storage_engine))).toEqual(new Set(["rocksdb"]));
    expect(run.profile.schedule).toEqual(pg.schedule);
    expect(run.engineSettings).toEqual((await loadProfile("myrocks-quick")).server_settings);
    expect(run.profile.instructions).toBeUndefined();
    const data = run.profile.steps[0]!.dataSet({ kind: "server", protocol: "mysql", socket: "/s", port: 3306, user: "root", database: "bench" }, sysbenchBins);
    expect(data.key).toBe("sysbench.mysql.rocksdb.tables1.rows200000.pk1.seed1");
  });

  it("the sysbench profiles run the field's whole list, point queries first, then range queries, the writes last, at the default 0.95/1.05 cutoffs", async () => {
    const family = (benchmark: string) =>
      /^(point-query|points-|random-points|hot-points)/.test(benchmark) ? 0 : /^(range-|scan|read-only)/.test(benchmark) ? 1 : 2;
    for (const name of ["pg-sysbench", "mariadb-sysbench", "myrocks-sysbench"]) {
      const { run } = await makePlan({ repo: ".", base: "a", head: "b", variants: [], profile: name }, {}, {});
      const benchmarks = run.profile.steps.map((s) => String(s.parameters.benchmark));
      expect(new Set(benchmarks), name).toEqual(new Set(Object.keys(SYSBENCH_MICROBENCHMARKS)));
      const families = benchmarks.map(family);
      expect(families, name).toEqual([...families].sort());
      expect(run.profile.steps.filter((s) => s.parameters.benchmark === "read-only").map((s) => s.parameters.range), name).toEqual([10, 100, 10000]);
      expect(run.profile.steps.filter((s) => s.parameters.benchmark === "random-points").map((s) => s.parameters.range), name).toEqual([10, 100, 1000]);
      expect(run.profile.steps.filter((s) => s.parameters.benchmark === "read-write").map((s) => s.parameters.range), name).toEqual([10, 100]);
      expect(run.judging?.thresholds, name).toMatchObject({ fail_below: 0.95, improve_above: 1.05 });
      expect(run.judging?.overrides, name).toEqual([]);
    }
  });

  it("pg-quick has the steps the PR gate promises", async () => {
    const profile = await loadProfile("pg-quick");
    expect(profile.steps.map((s) => s.id)).toEqual([
      "pgbench.select-only.prepared.c1",
      "pgbench.select-only.prepared.c4",
      "pgbench.select-only.simple.c4",
      "point-query.range100.pk1",
      "read-only.range100.pk1",
      "pgbench.tpcb-like.prepared.c4",
      "update-index.range100.pk1",
      "insert.range100.pk1",
    ]);
  });

  it("names the file and the field of a bad step parameter", () => {
    const bad = minimal("  - { driver: pgbench, script: select-only, clients: 0 }");
    expect(() => parseProfile(bad, "p.yaml")).toThrow(new InputError("Too small: expected number to be >0", "p.yaml", "$.steps[0].clients"));
  });

  it("refuses an unknown driver, duplicate steps and bad schedules", () => {
    expect(() => parseProfile(minimal("  - { driver: hammerdb }"), "p.yaml")).toThrow(/^p\.yaml: \$\.steps\[0\]\.driver: unknown driver "hammerdb"/);
    const twice = "  - { driver: pgbench, script: select-only, clients: 1 }\n  - { driver: pgbench, script: select-only, clients: 1 }";
    expect(() => parseProfile(minimal(twice), "p.yaml")).toThrow(/^p\.yaml: \$\.steps\[1\]: two steps are both "pgbench.select-only.simple.c1"/);
    const schedule = minimal("  - { driver: pgbench, script: select-only, clients: 1 }").replace("min_rounds: 2", "min_rounds: 9");
    expect(() => parseProfile(schedule, "p.yaml")).toThrow(/^p\.yaml: \$\.schedule\.min_rounds: /);
  });

  it("refuses adaptive rounds whose first look cannot reject at alpha shared by the profile's steps (issue 35)", () => {
    const adaptive = (minRounds: number, steps: number) =>
      minimal(Array.from({ length: steps }, (_, i) => `  - { driver: pgbench, script: select-only, clients: ${i + 1} }`).join("\n")).replace(
        "schedule: { rounds: 4, min_rounds: 2, duration_s: 1, warmup_s: 0, time_budget_s: null }",
        `schedule: { rounds: 24, min_rounds: ${minRounds}, look_every: 4, spending: pocock, duration_s: 1, warmup_s: 0, time_budget_s: 600 }`,
      );
    // one step: alpha 0.01 whole, 10 pairs can reach the first look's level
    expect(parseProfile(adaptive(10, 1), "p.yaml").schedule.min_rounds).toBe(10);
    // 7 steps share it: 0.01 / 7 at the first look is below 10 pairs' smallest p (2 / 1024); 12 can
    expect(() => parseProfile(adaptive(10, 7), "p.yaml")).toThrow(/^p\.yaml: schedule\.min_rounds: .* 10 rounds cannot be significant at alpha 0\.0014.*min_rounds 12 or more can/);
    expect(parseProfile(adaptive(12, 7), "p.yaml").schedule.min_rounds).toBe(12);
  });

  it("names the step whose driver cannot measure the profile's engine, in one line", () => {
    // a driver of an embedded engine only
    const mixed = minimal("  - { driver: pgbench, script: select-only, clients: 1 }\n  - { driver: db_bench, step: readrandom }");
    expect(() => parseProfile(mixed, "p.yaml")).toThrow(
      new InputError("the db_bench driver cannot measure the postgresql engine (it measures rocksdb)", "p.yaml", "$.steps[1].driver"),
    );
    expect(() => parseProfile(minimal("  - { driver: pgbench, script: select-only, clients: 1 }").replace("engine: postgresql", "engine: oracle"), "p.yaml")).toThrow(/^p\.yaml: \$\.engine: /);
  });

  it("refuses server_settings and restart_every for an embedded engine, in the profile or the config file, naming the file and the field", async () => {
    const rocksdb = minimal("  - { driver: db_bench, step: readrandom }").replace("engine: postgresql", "engine: rocksdb");
    expect(() => parseProfile(rocksdb, "p.yaml")).toThrow(
      new InputError("the rocksdb engine is embedded and takes no server_settings: give its options in the steps' parameters", "p.yaml", "$.server_settings"),
    );
    const noSettings = rocksdb.replace("server_settings: { shared_buffers: 64MB }", "server_settings: {}");
    expect(parseProfile(noSettings, "p.yaml").engine).toBe("rocksdb");
    expect(() => parseProfile(noSettings.replace("time_budget_s: null", "time_budget_s: null, restart_every: 2"), "p.yaml")).toThrow(
      new InputError("the rocksdb engine is embedded: it has no server to restart (every run is a process of its own)", "p.yaml", "$.schedule.restart_every"),
    );
    const config = parseConfigText("server_settings: { cache_size: 1 }\n", "gate.yml");
    await expect(makePlan({ repo: ".", base: "a", head: "b", variants: [], profile: "rocksdb-quick" }, config, {})).rejects.toThrow(
      new InputError("the rocksdb engine is embedded and takes no server_settings: give its options in the steps' parameters", "gate.yml", "$.server_settings"),
    );
  });

  it("refuses an unknown profile name on the command line", async () => {
    await expect(loadProfile("pg-nope")).rejects.toThrow('--profile: no built-in profile "pg-nope"');
  });
});

describe("client-count sweeps", () => {
  it("run a step once per count, each id naming its count, grouped under the id without it", () => {
    const profile = parseProfile(
      minimal(`  - { driver: pgbench, script: select-only, protocol: prepared, sweep: { clients: [1, 2, 4, 8] } }
  - { driver: sysbench, benchmark: point-query, sweep: { clients: [1, 4] } }
  - { driver: pgbench, script: tpcb-like, clients: 2 }`),
      "p.yaml",
    );
    expect(profile.steps.map((s) => [s.id, s.sweep?.group, s.sweep?.clients])).toEqual([
      ["pgbench.select-only.prepared.c1", "pgbench.select-only.prepared", 1],
      ["pgbench.select-only.prepared.c2", "pgbench.select-only.prepared", 2],
      ["pgbench.select-only.prepared.c4", "pgbench.select-only.prepared", 4],
      ["pgbench.select-only.prepared.c8", "pgbench.select-only.prepared", 8],
      ["point-query.range100.pk1", "point-query.range100.pk1", 1],
      ["point-query.range100.pk1.t4", "point-query.range100.pk1", 4],
      ["pgbench.tpcb-like.simple.c2", undefined, undefined],
    ]);
    // the count reaches the benchmark's command line
    const conn = postgresConnection("/tmp", 5432, "u", "bench");
    const bins = { pgbench: "pgbench", psql: "psql", sysbench: "sysbench" };
    expect(profile.steps[3]!.run(conn, bins, 3).args.join(" ")).toMatch(/-c 8 -j 8 /);
    expect(profile.steps[5]!.run(conn, bins, 3).args).toContain("--threads=4");
  });

  it("refuses counts that do not rise, a client count set beside the sweep, a step named twice, and an unknown driver, naming the field", () => {
    const step = (extra: string) => parseProfile(minimal(`  - { driver: pgbench, script: select-only, ${extra} }`), "p.yaml");
    expect(() => step("sweep: { clients: [1, 4, 2] }")).toThrow(/^p\.yaml: \$\.steps\[0\]\.sweep\.clients: client counts must rise, each once/);
    expect(() => step("sweep: { clients: [4] }")).toThrow(/^p\.yaml: \$\.steps\[0\]\.sweep\.clients: /);
    expect(() => step("clients: 4, sweep: { clients: [1, 2] }")).toThrow(/^p\.yaml: \$\.steps\[0\]\.clients: clients is set by sweep\.clients: remove it$/);
    expect(() => step("threads: 2, sweep: { clients: [1, 2] }")).toThrow(/^p\.yaml: \$\.steps\[0\]\.threads: threads must not exceed clients$/);
    expect(() =>
      parseProfile(minimal(`  - { driver: pgbench, script: select-only, sweep: { clients: [1, 2] } }\n  - { driver: pgbench, script: select-only, clients: 2 }`), "p.yaml"),
    ).toThrow(/^p\.yaml: \$\.steps\[1\]: two steps are both "pgbench\.select-only\.simple\.c2"$/);
    expect(() => parseProfile(minimal(`  - { driver: hammerdb, sweep: { clients: [1, 2] } }`), "p.yaml")).toThrow(/^p\.yaml: \$\.steps\[0\]\.driver: unknown driver "hammerdb"/);
    // a driver without a client count (ibench's clients are its table's writers and readers) cannot be swept
    expect(() => parseProfile(minimal(`  - { driver: ibench, step: l.i0, sweep: { clients: [1, 2] } }`), "p.yaml")).toThrow(/^p\.yaml: \$\.steps\[0\]\.sweep: the ibench driver has no client count to sweep$/);
    expect(() => step("sweep: { clients: [1, 2], max_clients: 8 }")).toThrow(/^p\.yaml: \$\.steps\[0\]\.sweep\.max_clients: max_clients limits clients: auto/);
    expect(() => step("sweep: { clients: auto, max_clients: 1 }")).toThrow(/^p\.yaml: \$\.steps\[0\]\.sweep\.max_clients: /);
  });

  it("auto: powers of two from 1 below twice the CPUs, then twice the CPUs, at most max_clients", () => {
    expect(sweepCounts({ clients: "auto" }, 1)).toEqual([1, 2]);
    expect(sweepCounts({ clients: "auto" }, 2)).toEqual([1, 2, 4]);
    expect(sweepCounts({ clients: "auto" }, 3)).toEqual([1, 2, 4, 6]);
    expect(sweepCounts({ clients: "auto" }, 6)).toEqual([1, 2, 4, 8, 12]);
    expect(sweepCounts({ clients: "auto" }, 64)).toEqual([1, 2, 4, 8, 16, 32, 64, 128]);
    // the field stops at 128 threads, whatever the runner
    expect(sweepCounts({ clients: "auto" }, 96)).toEqual([1, 2, 4, 8, 16, 32, 64, 128]);
    expect(sweepCounts({ clients: "auto", max_clients: 16 }, 64)).toEqual([1, 2, 4, 8, 16]);
    expect(sweepCounts({ clients: "auto", max_clients: 12 }, 64)).toEqual([1, 2, 4, 8, 12]);
    expect(sweepCounts({ clients: [1, 3, 9] }, 64)).toEqual([1, 3, 9]);
  });

  it("expands an auto sweep (the default) for the CPUs the run may use, the docs' 2 when none are given", () => {
    const text = minimal(`  - { driver: sysbench, benchmark: point-query, sweep: {} }`);
    expect(parseProfile(text, "p.yaml").steps.map((s) => s.id)).toEqual(["point-query.range100.pk1", "point-query.range100.pk1.t2", "point-query.range100.pk1.t4"]);
    expect(parseProfile(text, "p.yaml", 8).steps.map((s) => s.sweep?.clients)).toEqual([1, 2, 4, 8, 16]);
  });

  it("every engine has a sweep profile: pgbench, sysbench point-query and read-write on PostgreSQL and MariaDB, db_bench readrandom", async () => {
    const groups = async (name: string) => {
      const profile = await loadProfile(name, null, 4);
      const named = [...new Set(profile.steps.map((s) => s.sweep?.group))];
      return named.map((group) => [group, profile.steps.filter((s) => s.sweep?.group === group).map((s) => s.sweep?.clients)]);
    };
    expect(await groups("pg-scaling")).toEqual([
      ["pgbench.select-only.prepared", [1, 2, 4, 8]],
      ["pgbench.tpcb-like.prepared", [1, 2, 4, 8]],
    ]);
    for (const name of ["pg-sysbench-scaling", "mariadb-sysbench-scaling"]) {
      expect(await groups(name), name).toEqual([
        ["point-query.range100.pk1", [1, 2, 4, 8]],
        ["read-write.range100.pk1", [1, 2, 4, 8]],
      ]);
    }
    expect(await groups("rocksdb-scaling")).toEqual([["readrandom", [1, 2, 4, 8]]]);
    // db_bench's threads reach its command line
    const rocksdb = await loadProfile("rocksdb-scaling", null, 4);
    expect(rocksdb.steps[3]!.run({ kind: "embedded", dataDir: "/d" }, { db_bench: "db_bench" }, 3).args).toContain("--threads=8");
  });
});

describe("the cache namespace of a pull request run", () => {
  it("is kept in the plan, one path component, and not for a trusted run", async () => {
    const plan = (prNamespace: string, trust: "pr" | "trusted" = "pr") => makePlan({ repo: ".", base: "a", head: "b", variants: [], profile: "pg-quick", trust, prNamespace }, {}, {});
    expect((await plan("pr-57")).run.prNamespace).toBe("pr-57");
    expect((await plan("pr-57", "trusted")).run.prNamespace).toBeUndefined();
    for (const bad of ["../pr-1", "a/b", "", ".hidden"]) {
      await expect(plan(bad), bad).rejects.toThrow(InputError);
      await expect(plan(bad), bad).rejects.toThrow(/--cache-namespace/);
    }
  });
});

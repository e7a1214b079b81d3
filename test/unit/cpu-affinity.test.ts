import { describe, expect, it } from "vitest";
import { parseProfile } from "../../src/config/profile.js";
import { InputError } from "../../src/common/errors.js";
import { allowedCpus, coresOf, formatCpuList, onCpus, parseCpuList, placeProcesses } from "../../src/measure/cpu-affinity.js";

describe("CPU lists", () => {
  it("reads taskset's list syntax, merging overlaps", () => {
    expect(parseCpuList("0")).toEqual([0]);
    expect(parseCpuList("0-3,6")).toEqual([0, 1, 2, 3, 6]);
    expect(parseCpuList("4-5,0,5")).toEqual([0, 4, 5]);
  });

  it("refuses what is not one", () => {
    for (const bad of ["", "a", "1-", "3-1", "0,,1", " 0", "0x3", "-1"]) expect(parseCpuList(bad), bad).toBeNull();
  });

  it("writes the shortest list back", () => {
    expect(formatCpuList([0, 1, 2, 5, 7, 8])).toBe("0-2,5,7-8");
    expect(formatCpuList([1])).toBe("1");
    expect(formatCpuList([])).toBe("");
  });
});

describe("placing server and client", () => {
  it("split: the first half of the allowed CPUs for the server, the rest for the client", () => {
    expect(placeProcesses("split", [0, 1], "p.yaml")).toEqual({ server: [0], client: [1] });
    expect(placeProcesses("split", [2, 3, 4, 5, 6], "p.yaml")).toEqual({ server: [2, 3, 4], client: [5, 6] });
  });

  it("groups CPUs by core once each, even where a sibling's own list is missing or names CPUs not allowed", () => {
    expect(coresOf([0, 1, 2, 3], new Map([[0, [0, 2]]]))).toEqual([[0, 2], [1], [3]]);
    expect(coresOf([3, 1, 0, 2], new Map([[1, [1, 3]], [3, [1, 3]], [0, [0, 4]]]))).toEqual([[0], [1, 3], [2]]);
  });

  it("split on one CPU is an input error naming the profile", () => {
    expect(() => placeProcesses("split", [0], "p.yaml")).toThrow(new InputError('"split" needs at least 2 CPUs; this runner allows 0', "p.yaml", "$.cpu_affinity"));
  });

  it("explicit lists must exist on the runner and must not overlap", () => {
    expect(placeProcesses({ server: "0-1", client: "3" }, [0, 1, 2, 3], "p.yaml")).toEqual({ server: [0, 1], client: [3] });
    expect(() => placeProcesses({ server: "0", client: "2-3" }, [0, 1], "p.yaml")).toThrow(/^p\.yaml: \$\.cpu_affinity\.client: CPU 2-3 is not available on this runner \(allowed: 0-1\)$/);
    expect(() => placeProcesses({ server: "0-1", client: "1" }, [0, 1], "p.yaml")).toThrow(/^p\.yaml: \$\.cpu_affinity: server and client share CPU 1/);
    expect(() => placeProcesses({ server: "x", client: "1" }, [0, 1], "p.yaml")).toThrow(/\$\.cpu_affinity\.server: "x" is not a CPU list/);
  });

  it("wraps a command in taskset, or leaves it alone without CPUs", () => {
    const command = { file: "/usr/bin/pgbench", args: ["-c", "1"] };
    expect(onCpus(command, [1, 2])).toEqual({ file: "taskset", args: ["--cpu-list", "1-2", "/usr/bin/pgbench", "-c", "1"] });
    expect(onCpus(command, undefined)).toBe(command);
    expect(onCpus(command, [])).toBe(command);
  });

  it("reads the CPUs this process may use", async () => {
    const cpus = await allowedCpus();
    expect(cpus.length).toBeGreaterThan(0);
    expect(cpus).toEqual([...cpus].sort((a, b) => a - b));
  });
});

describe("profile field cpu_affinity", () => {
  const profile = (affinity: string) =>
    [
      "name: p",
      "version: 1",
      "engine: postgresql",
      "description: d",
      "schedule: { rounds: 2, min_rounds: 2, duration_s: 1, warmup_s: 0, time_budget_s: null }",
      affinity,
      "server_settings: {}",
      "steps:",
      "  - { driver: pgbench, script: select-only, protocol: prepared, clients: 1, scale: 1 }",
    ].join("\n");

  it("takes split or explicit lists", () => {
    expect(parseProfile(profile("cpu_affinity: split"), "p.yaml").cpu_affinity).toBe("split");
    expect(parseProfile(profile('cpu_affinity: { server: "0-1", client: "2" }'), "p.yaml").cpu_affinity).toEqual({ server: "0-1", client: "2" });
    expect(parseProfile(profile(""), "p.yaml").cpu_affinity).toBeUndefined();
  });

  it("a malformed list is an input error naming the field", () => {
    expect(() => parseProfile(profile('cpu_affinity: { server: "0-", client: "1" }'), "p.yaml")).toThrow(/^p\.yaml: \$\.cpu_affinity\.server: not a CPU list/);
  });
});

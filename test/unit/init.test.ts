import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { cliInProcess } from "../helpers/cli-in-process.js";
import { parseConfigText } from "../../src/config/config-file.js";
import { configJsonSchema, profileJsonSchema } from "../../src/config/json-schemas.js";
import { builtinProfileNames } from "../../src/config/profile-list.js";

const scratch = mkdtempSync(join(tmpdir(), "dbg-init-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const cli = cliInProcess;

const WRITTEN = [".github/workflows/perf.yml", ".github/workflows/perf-baseline.yml", ".db-bench-gate.yml"];

describe("db-bench-gate init", () => {
  it.each([
    ["postgresql", "pg-quick"],
    ["mariadb", "mariadb-quick"],
    ["myrocks", "myrocks-quick"],
    ["rocksdb", "rocksdb-quick"],
  ])("writes both workflows and a config file for %s that name %s, and each is what the gate accepts", async (engine, profile) => {
    const repo = mkdtempSync(join(scratch, `${engine}-`));
    const { code, stdout } = await cli("init", "--engine", engine, "--dir", repo);
    expect(code).toBe(0);
    for (const file of WRITTEN) expect(stdout).toContain(`wrote ${file}`);
    for (const workflow of WRITTEN.slice(0, 2)) {
      const parsed = parse(readFileSync(join(repo, workflow), "utf8")) as { jobs: Record<string, { steps?: { uses?: string; with?: { profile?: string } }[] }> };
      const gateSteps = Object.values(parsed.jobs).flatMap((job) => job.steps ?? []).filter((step) => step.uses?.startsWith("db-bench-gate/"));
      expect(gateSteps.length, workflow).toBeGreaterThan(0);
      for (const step of gateSteps) expect(step.with?.profile, workflow).toBe(profile);
    }
    const configText = readFileSync(join(repo, ".db-bench-gate.yml"), "utf8");
    expect(configText.split("\n")[0]).toMatch(/^# yaml-language-server: \$schema=\S+\/schema\/config\.v1\.json$/);
    expect(parseConfigText(configText, ".db-bench-gate.yml").profile).toBe(profile);
    // every fork is shown how to run its own workload, with its engine's client
    expect(configText).toContain("docs/own-workload.md");
    expect(configText).toMatch({ postgresql: /pgbench scripts/, mariadb: /sysbench Lua script/, myrocks: /sysbench Lua script/, rocksdb: /db_bench benchmarks list/ }[engine]!);
    // the commented thresholds, uncommented, are a valid config too
    const uncommented = configText.replace(/^# (thresholds:)$/m, "$1").replace(/^#( {3}\w+: [\d.]+)$/gm, "$1");
    expect(parseConfigText(uncommented, "uncommented").thresholds?.fail_below).toBe(0.97);
  });

  it("refuses, in one line with exit 2, when any of its files exists, and then writes none", async () => {
    const repo = mkdtempSync(join(scratch, "existing-"));
    writeFileSync(join(repo, ".db-bench-gate.yml"), "profile: mine\n");
    const { code, stderr } = await cli("init", "--dir", repo);
    expect(code).toBe(2);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toContain(join(repo, ".db-bench-gate.yml"));
    expect(stderr).toContain("never overwrites");
    expect(readFileSync(join(repo, ".db-bench-gate.yml"), "utf8")).toBe("profile: mine\n");
    expect(existsSync(join(repo, ".github"))).toBe(false);
  });

  it("names the engines it knows when given another", async () => {
    const repo = mkdtempSync(join(scratch, "unknown-"));
    const { code, stderr } = await cli("init", "--engine", "oracle", "--dir", repo);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--engine: no engine "oracle" .*known: mariadb, myrocks, postgresql, rocksdb/);
    expect(readdirSync(repo)).toEqual([]);
  });

  it("writes into a repository whose .github/workflows exists already", async () => {
    const repo = mkdtempSync(join(scratch, "workflows-"));
    mkdirSync(join(repo, ".github", "workflows"), { recursive: true });
    writeFileSync(join(repo, ".github", "workflows", "ci.yml"), "on: push\n");
    expect((await cli("init", "--dir", repo)).code).toBe(0);
    expect(readdirSync(join(repo, ".github", "workflows")).sort()).toEqual(["ci.yml", "perf-baseline.yml", "perf.yml"]);
  });
});

describe("the JSON Schemas of the files people write", () => {
  it("keeps schema/config.v1.json and schema/profile.v1.json equal to what the zod schemas generate", () => {
    for (const [file, generated] of [["config.v1.json", configJsonSchema()], ["profile.v1.json", profileJsonSchema()]] as const) {
      const committed = JSON.parse(readFileSync(new URL(`../../schema/${file}`, import.meta.url), "utf8"));
      expect(committed, file).toEqual(JSON.parse(JSON.stringify(generated)));
    }
  });

  it("points every built-in profile at the profile schema, for editors", () => {
    for (const name of builtinProfileNames()) {
      const first = readFileSync(new URL(`../../profiles/${name}.yaml`, import.meta.url), "utf8").split("\n")[0];
      expect(first, name).toBe("# yaml-language-server: $schema=../schema/profile.v1.json");
    }
  });

  it("describes what a person writes: the profile schema does not require fields that have defaults", () => {
    const schema = profileJsonSchema() as { properties: { instructions: { properties: Record<string, unknown>; required?: string[] } } };
    expect(schema.properties.instructions.required ?? []).not.toContain("repeats");
  });
});

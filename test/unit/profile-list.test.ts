import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { cliInProcess } from "../helpers/cli-in-process.js";
import { ConfigFileSchema } from "../../src/config/config-file.js";
import { parseProfile } from "../../src/config/profile.js";
import { actionWithProfiles, readmeWithProfiles } from "../../scripts/lib/profile-docs.js";

const root = new URL("../../", import.meta.url);
/** What profiles/ holds, read here on its own: every list below must equal it. */
const onDisk = readdirSync(new URL("profiles/", root))
  .filter((f) => f.endsWith(".yaml"))
  .map((f) => f.replace(/\.yaml$/, ""))
  .sort();

const cli = cliInProcess;

/** The names listed in "built-in profile (a, b, c)" or "profile name (a, b, c)", help's line breaks undone. */
function listedIn(text: string, before: string): string[] {
  const match = new RegExp(`${before} \\(([^)]*)\\)`).exec(text.replace(/\s+/g, " "));
  expect(match, `"${before} (...)" in ${text}`).not.toBeNull();
  return match![1]!.split(";")[0]!.split(/,\s*/).sort();
}

describe("the list of built-in profiles comes from profiles/", () => {
  it("has the ten profiles", () => {
    expect(onDisk).toContain("pg-scaling");
    expect(onDisk).toContain("mariadb-sysbench");
    expect(onDisk).toContain("rocksdb-quick");
    expect(onDisk.length).toBeGreaterThanOrEqual(10);
  });

  it.each(["run", "bisect", "demo"])("%s --help names every profile", async (command) => {
    const { code, stdout } = await cli(command, "--help");
    expect(code).toBe(0);
    expect(listedIn(stdout, "built-in profile")).toEqual(onDisk);
  });

  it("the config file's schema names every profile", () => {
    expect(listedIn(ConfigFileSchema.shape.profile.description ?? "", "profile name")).toEqual(onDisk);
  });

  it("action.yml's profile input names every profile, as npm run docs writes it", () => {
    const text = readFileSync(new URL("action.yml", root), "utf8");
    const action = parseYaml(text) as { inputs: { profile: { description: string } } };
    expect(listedIn(action.inputs.profile.description, "a built-in one")).toEqual(onDisk);
    expect(actionWithProfiles(text)).toBe(text);
  });

  it("README.md's table has a row per profile, as npm run docs writes it", async () => {
    const text = readFileSync(new URL("README.md", root), "utf8");
    const rows = [...text.matchAll(/^\| \[`([a-z0-9-]+)`\]\(profiles\/\1\.yaml\) *\|/gm)].map((m) => m[1]).sort();
    expect(rows).toEqual(onDisk);
    expect(await readmeWithProfiles(text)).toBe(text);
  });
});

describe("db-bench-gate profiles", () => {
  it("prints a line per profile: name, engine, steps, counted steps, measured time or 'not measured'", async () => {
    const { code, stdout, stderr } = await cli("profiles");
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^profile\s+engine\s+steps\s+counted\s+time on 2 cores$/);
    expect(lines.slice(2).map((line) => line.split(/\s+/)[0])).toEqual(onDisk);
    // pg-quick counts every step (those that write on fresh copies); pg-sysbench none; rocksdb-quick leaves the paced writer's steps out
    expect(stdout).toMatch(/^pg-quick\s+postgresql\s+8\s+8\s+about 9 min$/m);
    expect(stdout).toMatch(/^pg-sysbench\s+postgresql\s+32\s+0\s+about 28.5 min$/m);
    // sweeps expanded for 2 cores, as the times: 1, 2 and 4 clients
    expect(stdout).toMatch(/^pg-scaling\s+postgresql\s+6\s+0\s+not measured$/m);
    expect(stdout).toMatch(/^rocksdb-quick\s+rocksdb\s+8\s+4\s+about 12 min$/m);
  });

  it("--format json gives the same figures to scripts", async () => {
    const { code, stdout } = await cli("profiles", "--format", "json");
    expect(code).toBe(0);
    const summaries = JSON.parse(stdout) as { name: string; steps: number; counted: number; expectedMinutes: number | null }[];
    expect(summaries.map((s) => s.name)).toEqual(onDisk);
    expect(summaries.find((s) => s.name === "mariadb-quick")).toEqual({ name: "mariadb-quick", engine: "mariadb", steps: 7, counted: 7, expectedMinutes: 27 });
  });

  it("an unknown format is bad input, exit 2", async () => {
    expect((await cli("profiles", "--format", "tsv")).code).toBe(2);
  });
});

describe("a profile's expected_minutes", () => {
  const profile = (minutes: string) => `name: p\nversion: 1\nengine: postgresql\ndescription: d\nexpected_minutes: ${minutes}\nschedule: { rounds: 8, min_rounds: 8, duration_s: 1, warmup_s: 0, time_budget_s: null }\nserver_settings: {}\nsteps:\n  - { driver: pgbench, script: select-only, clients: 1, scale: 1 }\n`;

  it("is a positive number of minutes, the error naming the field", () => {
    expect(parseProfile(profile("8.5"), "p.yaml").expected_minutes).toBe(8.5);
    expect(() => parseProfile(profile("0"), "p.yaml")).toThrow(/expected_minutes/);
  });
});

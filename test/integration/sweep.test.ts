/**
 * A client-count sweep end to end on PostgreSQL (the CLI in this process, real builds of the test fork,
 * real servers and pgbench): an `auto` sweep capped at 2 clients becomes a step per count, and the
 * run writes the swept step's SVG chart where --charts-dir says, named in the report.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, describe, expect, inject, it } from "vitest";
import { readResults } from "../../src/results/io.js";
import { cliInProcess } from "../helpers/cli-in-process.js";

const cacheDir = inject("cacheDir");
const fork = inject("pgFork");
const work = mkdtempSync(path.join(os.tmpdir(), "dbg-sweep-test-"));
// the unprivileged server user must reach the data dirs below it
chmodSync(work, 0o755);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const PROFILE = `
name: sweep-test
version: 1
engine: postgresql
description: pgbench select-only swept over 1 and 2 clients, two short rounds
schedule: { rounds: 2, min_rounds: 2, duration_s: 1, warmup_s: 1, time_budget_s: null }
server_settings: { shared_buffers: 32MB, max_connections: 20, fsync: "off", autovacuum: "off" }
steps:
  - { driver: pgbench, script: select-only, protocol: prepared, scale: 1, sweep: { clients: auto, max_clients: 2 } }
`;

describe("a client-count sweep", () => {
  it("measures a step per count and writes the step's chart, named in the report", async () => {
    const profile = path.join(work, "sweep-test.yaml");
    writeFileSync(profile, PROFILE);
    const results = path.join(work, "sweep-results.json");
    const charts = path.join(work, "charts");
    const run = await cliInProcess("run", "--repo", fork.path, "--base", "base", "--head", "head", "--profile", profile, "--cache-dir", cacheDir, "--results", results, "--charts-dir", charts);
    expect(run.code, run.stderr).not.toBe(2);

    const measured = await readResults(results);
    expect(measured.steps.map((s) => [s.id, s.sweep])).toEqual([
      ["pgbench.select-only.prepared.c1", { group: "pgbench.select-only.prepared", clients: 1 }],
      ["pgbench.select-only.prepared.c2", { group: "pgbench.select-only.prepared", clients: 2 }],
    ]);
    expect(measured.samples.filter((s) => s.status === "ok")).toHaveLength(2 * 2 * 2);

    const file = "sweep-results.pgbench.select-only.prepared.svg";
    const svg = readFileSync(path.join(charts, file), "utf8");
    expect(XMLValidator.validate(svg)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(svg) as { svg: { g: { class: string; g: { class: string; "data-variant"?: string; circle?: unknown[] }[] }[] } };
    const [relative, absolute] = parsed.svg.g.filter((g) => g.class === "panel");
    const series = (panel: typeof relative) => panel!.g.filter((g) => g.class === "series").map((g) => [g["data-variant"], g.circle?.length]);
    expect(series(relative)).toEqual([["head", 2]]);
    expect(series(absolute)).toEqual([
      ["base", 2],
      ["head", 2],
    ]);
    expect(run.stdout).toContain(`\`${file}\` in \`${charts}\``);
  });
});

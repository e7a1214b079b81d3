/**
 * The files that judge a run (config, profile path, noise floor) are read at the trusted commit, never
 * from the checkout: a real git repository whose checkout holds a PR's versions of them.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, describe, expect, it } from "vitest";
import { childEnv } from "../../src/trust/child-env.js";
import { loadConfigAt } from "../../src/config/config-file.js";
import { changedJudgingFiles, judgingCommit, MAX_JUDGING_FILE_BYTES, pathInRepo, readJudgingFile } from "../../src/config/judging-files.js";
import { makePlan } from "../../src/config/plan.js";
import { loadProfile } from "../../src/config/profile.js";
import { InputError } from "../../src/common/errors.js";
import { judgingFilesNote } from "../../src/report/judging-note.js";
import { parseNoiseFloor } from "../../src/results/io.js";

const dir = mkdtempSync(join(tmpdir(), "dbg-judging-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const repo = join(dir, "repo");
mkdirSync(join(repo, "perf"), { recursive: true });

const git = async (...args: string[]) => (await execa("git", ["-C", repo, ...args], { env: { ...childEnv(process.env), GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@example.com", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@example.com" }, extendEnv: false })).stdout.trim();
const write = (file: string, text: string) => writeFileSync(join(repo, file), text);

const profile = (name: string, failBelow: number) => `
name: ${name}
version: 1
engine: postgresql
description: judging test
schedule: { rounds: 4, min_rounds: 2, duration_s: 1, warmup_s: 0, time_budget_s: null }
server_settings: { shared_buffers: 64MB }
thresholds: { fail_below: ${failBelow} }
steps:
  - { driver: pgbench, script: select-only, clients: 1 }
`;
/** The noise floor at `at`, as the action reads its noise-floor input. */
async function readNoiseFloor(file: string, at: ReturnType<typeof judgingCommit>) {
  const { text, source } = await readJudgingFile(file, at, "noise floor");
  return parseNoiseFloor(text, source);
}
const floor = (spread: number) =>
  JSON.stringify([
    { step: "pgbench.select-only.simple.c1", relative_spread: spread, log_ratio_sd: spread / 3, rounds: 8, windows: 12, disjoint: true, hostname_hash: "0123456789abcdef", source: "test" },
  ]);

/** Writes `files` into the checkout and commits them; returns the commit. */
async function commit(message: string, files: Record<string, string>): Promise<string> {
  for (const [file, text] of Object.entries(files)) write(file, text);
  await git("add", "-A");
  await git("commit", "-qm", message);
  return git("rev-parse", "HEAD");
}

// base: the maintainers' files; head (checked out): a PR that loosens all of them and adds a config at the default name
await execa("git", ["init", "-q", "-b", "main", repo], { env: childEnv(process.env), extendEnv: false });
const base = await commit("base", {
  "perf/gate.yml": "profile: perf/profile.yaml\nthresholds: { fail_below: 0.95 }\n",
  "perf/profile.yaml": profile("base-profile", 0.95),
  "perf/noise-floor.json": floor(0.02),
  "unchanged.txt": "same\n",
});
const head = await commit("a PR that loosens its gate", {
  "perf/gate.yml": "profile: perf/profile.yaml\nthresholds: { fail_below: 0.5 }\n",
  "perf/profile.yaml": profile("pr-profile", 0.5),
  "perf/noise-floor.json": floor(0.4),
  ".db-bench-gate.yml": "thresholds: { fail_below: 0.5 }\n",
});

describe("judging files are read at the trusted commit", () => {
  it("reads a config path, the profile it names and the noise floor as committed at the base, not the PR's checkout", async () => {
    const at = judgingCommit(repo, base);
    const config = await loadConfigAt(at, join(repo, "perf/gate.yml"));
    expect(config).toEqual({ profile: "perf/profile.yaml", thresholds: { fail_below: 0.95 }, source: `${base}:perf/gate.yml` });
    const plan = await makePlan({ repo, base, head, variants: [], judgedAt: at, profile: join(repo, "perf/profile.yaml") }, config, {});
    expect(plan.run.profile).toMatchObject({ name: "base-profile", source: `${base}:perf/profile.yaml` });
    expect(plan.run.judging?.thresholds).toMatchObject({ fail_below: 0.95 });
    expect((await readNoiseFloor(join(repo, "perf/noise-floor.json"), at))[0]!.relative_spread).toBe(0.02);
    // the default name: absent at the base, so no config, whatever the PR adds
    expect(await loadConfigAt(at)).toEqual({});
    expect([...at.read].sort()).toEqual([".db-bench-gate.yml", "perf/gate.yml", "perf/noise-floor.json", "perf/profile.yaml"]);
    // the checkout really holds the PR's versions
    expect(readFileSync(join(repo, "perf/gate.yml"), "utf8")).toContain("0.5");
  });

  it("at the head (a trusted push in baseline mode) the pushed versions count", async () => {
    const at = judgingCommit(repo, head);
    expect((await loadProfile(join(repo, "perf/profile.yaml"), at)).name).toBe("pr-profile");
    expect(await loadConfigAt(at)).toEqual({ thresholds: { fail_below: 0.5 }, source: `${head}:.db-bench-gate.yml` });
  });

  it("refuses a path the base commit lacks, naming it, instead of reading the PR's file", async () => {
    writeFileSync(join(repo, "perf/new-profile.yaml"), profile("new", 0.5));
    await expect(loadProfile(join(repo, "perf/new-profile.yaml"), judgingCommit(repo, base))).rejects.toThrow(
      new InputError(`not in commit ${base}: the profile is read as committed there, never from the pull request's tree`, "perf/new-profile.yaml"),
    );
    rmSync(join(repo, "perf/new-profile.yaml"));
  });

  it("reads a file outside the repository (the runner's own) from disk", async () => {
    const outside = join(dir, "runner-noise-floor.json");
    writeFileSync(outside, floor(0.03));
    expect((await readNoiseFloor(outside, judgingCommit(repo, base)))[0]!.relative_spread).toBe(0.03);
    expect(pathInRepo(repo, outside)).toBeNull();
    expect(pathInRepo(repo, join(repo, "perf", "..", "perf/gate.yml"))).toBe("perf/gate.yml");
    // a link to the repository from outside still lands in it
    symlinkSync(repo, join(dir, "link"));
    expect(pathInRepo(join(dir, "link"), join(repo, "perf/gate.yml"))).toBe("perf/gate.yml");
    expect(pathInRepo(repo, repo)).toBeNull();
  });

  it("caps every judging file's size, at a commit and on disk", async () => {
    const big = `# ${"x".repeat(MAX_JUDGING_FILE_BYTES)}\n`;
    const bigCommit = await commit("big", { "perf/big.yml": big });
    await expect(loadConfigAt(judgingCommit(repo, bigCommit), join(repo, "perf/big.yml"))).rejects.toThrow(
      `${bigCommit}:perf/big.yml: $: ${big.length.toLocaleString("en-US")} bytes is larger than the ${MAX_JUDGING_FILE_BYTES.toLocaleString("en-US")} bytes a file of this kind may have`,
    );
    await expect(readJudgingFile(join(repo, "perf/big.yml"), null, "config file")).rejects.toThrow(/perf\/big\.yml: \$: [\d,]+ bytes is larger than/);
    await git("reset", "-q", "--hard", head);
  });

  it("finds what the PR adds, changes or removes among the files read, and says its changes apply after merge", async () => {
    const changed = await changedJudgingFiles(repo, base, head, [".db-bench-gate.yml", "perf/profile.yaml", "unchanged.txt", "perf/noise-floor.json"]);
    expect(changed).toEqual([
      { path: ".db-bench-gate.yml", change: "adds" },
      { path: "perf/noise-floor.json", change: "changes" },
      { path: "perf/profile.yaml", change: "changes" },
    ]);
    expect(await changedJudgingFiles(repo, head, base, [".db-bench-gate.yml"])).toEqual([{ path: ".db-bench-gate.yml", change: "removes" }]);
    expect(judgingFilesNote(changed, base)).toBe(
      `\n> [!NOTE]\n> This pull request adds \`.db-bench-gate.yml\`, changes \`perf/noise-floor.json\`, changes \`perf/profile.yaml\`: it was judged by the base's versions (\`${base.slice(0, 12)}\`); its changes apply after merge.\n`,
    );
    expect(judgingFilesNote([], base)).toBe("");
  });
});

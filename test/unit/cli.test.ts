import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cliInProcess } from "../helpers/cli-in-process.js";
import { parseVariantFlag, variantSpecs } from "../../src/config/plan.js";
import type { BuildRecipe } from "../../src/build/recipe.js";
import { VERSION } from "../../src/common/version.js";
import { syntheticResults } from "../../scripts/lib/synthetic-results.js";
import { pairsResults } from "../../scripts/lib/verdict-quality.js";

const dir = mkdtempSync(join(tmpdir(), "dbg-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = cliInProcess;

function writeJson(name: string, data: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(data));
  return file;
}

const steps = ["pgbench.select-only.prepared.c1", "point-query.range100.pk1"];
const unchanged = writeJson("aa.json", syntheticResults({ steps, rounds: 10, noise: 0.01, seed: 1 }));
const regressed = writeJson("regressed.json", syntheticResults({ steps, rounds: 10, noise: 0.01, seed: 2, effects: { head: { "point-query.range100.pk1": 0.85 } } }));

describe("db-bench-gate compare", () => {
  it("exits 0 and prints the comment when nothing regressed", async () => {
    const { code, stdout } = await cli("compare", unchanged);
    expect(code).toBe(0);
    expect(stdout).toContain("<!-- db-bench-gate:profile=");
    expect(stdout).toMatch(/^## ✅ No regression$/m);
  });

  it("prints thresholds as the table does, in the reasons too: 0.90, not 0.9 (the values there with 3 decimals), no [a, b] that a terminal shows as \\[", async () => {
    const { stdout } = await cli("compare", regressed, "--fail-below", "0.9", "--warn-below", "0.97");
    expect(stdout).toMatch(/ — regression: relative QPS 0\.\d{3} \(0\.\d{3}–0\.\d{3}\) is below 0\.90, one-sided t-test p = [\d.e-]+ < 0\.005 \(α 0\.01 over 2 tests\)$/m);
    expect(stdout).toContain("Thresholds: **regression** below 0.90 (a drop significant at α = 0.01 shared by 2 steps: one-sided t-test) · warning below 0.97");
    expect(stdout).not.toContain("\\[");
  });

  it("exits 1 on a regression, and the threshold flags change the verdict", async () => {
    expect((await cli("compare", regressed)).code).toBe(1);
    const lenient = await cli("compare", regressed, "--fail-below", "0.8", "--warn-below", "0.9");
    expect(lenient.code).toBe(0);
    expect(lenient.stdout).toMatch(/warning/);
  });

  it("exits 1 when the head errors in every step (--fail-on error by default), 0 when --fail-on leaves errors out", async () => {
    const errors = steps.flatMap((step) => Array.from({ length: 10 }, (_, round) => ({ step, variant: "head", round })));
    const broken = writeJson("broken.json", syntheticResults({ steps, rounds: 10, noise: 0.01, seed: 3, errors }));
    const failed = await cli("compare", broken);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toMatch(/^## ❌ 2 errors · first `[^`]+`$/m);
    expect((await cli("compare", broken, "--fail-on", "regression")).code).toBe(0);
    expect((await cli("compare", unchanged, "--fail-on", "regression,unstable,warning")).code).toBe(0);
    const bad = await cli("compare", unchanged, "--fail-on", "slow");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--fail-on: unknown value "slow"');
  });

  // issue 35: the head 41.0k / 45.1k / 45.1k against the base's 41.0k read "instr/op inconclusive on 1 of 2 steps", exit 0
  it("a head whose instruction counts vary (41.0k / 45.1k / 45.1k against 41.0k) fails: its median is judged, not its spread", async () => {
    const results = syntheticResults({ steps, rounds: 10, noise: 0.01, seed: 4, instructions: {} });
    const [noisy] = steps;
    const perOp = (variant: string, values: number[]) =>
      values.map((v, repeat) => ({ step: noisy!, variant, repeat, status: "ok" as const, tool: "cachegrind" as const, ops: 1000, instructions: v * 1000, instructions_per_op: v, counted: "serving backends" }));
    results.instructions = [...results.instructions!.filter((s) => s.step !== noisy), ...perOp("base", [41_000, 41_002, 40_998]), ...perOp("head", [41_000, 45_100, 45_100])];
    const file = writeJson("noisy-head.json", results);
    const { code, stdout } = await cli("compare", file);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^## ❌ 1 regression · worst `pgbench\.select-only\.prepared\.c1` instr\/op 1\.100 \(\+10%\)$/m);
    expect(stdout).toContain("head's repeats 41,000 / 45,100 / 45,100");
  });

  // issue 35: under --fail-on error a run with QPS 0.80 and instr/op 1.10 said "✅ No regression", in the JSON too
  it("--fail-on error: regressions exit 0 as before, but the headline and the JSON say they were found and not gated", async () => {
    const [slower, costlier] = steps;
    const found = writeJson("found.json", syntheticResults({ steps, rounds: 10, noise: 0.005, seed: 5, effects: { head: { [slower!]: 0.8 } }, instructions: { effects: { head: { [costlier!]: 1.1 } } } }));
    const markdown = await cli("compare", found, "--fail-on", "error");
    expect(markdown.code).toBe(0);
    expect(markdown.stdout).toMatch(/^## ⚠️ 2 regressions, not gated \(fail-on: error\) · worst /m);
    const json = await cli("compare", found, "--fail-on", "error", "--format", "json");
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ verdict: "pass", verdict_summary: "2 regressions, not gated (fail-on: error)", fail_on: ["error"] });
  });

  it("takes per-step overrides from a config file", async () => {
    const config = join(dir, "config.yml");
    writeFileSync(config, "overrides:\n  - step: 'point-query.*'\n    fail_below: 0.8\n    warn_below: 0.9\n");
    expect((await cli("compare", regressed, "--config", config)).code).toBe(0);
  });

  it("gates on instructions per op too: flags and the config file's thresholds and overrides set their thresholds", async () => {
    const counted = writeJson("counted.json", syntheticResults({ steps, rounds: 10, noise: 0.01, seed: 1, instructions: { effects: { head: { "point-query.range100.pk1": 1.03 } } } }));
    const strict = await cli("compare", counted);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toMatch(/instr\/op/);
    expect((await cli("compare", counted, "--instructions-fail-above", "1.05")).code).toBe(0);
    const config = join(dir, "instructions.yml");
    writeFileSync(config, "thresholds:\n  instructions_fail_above: 1.02\noverrides:\n  - step: 'point-query.*'\n    instructions_fail_above: 1.04\n");
    expect((await cli("compare", counted, "--config", config)).code).toBe(0);
    writeFileSync(config, "thresholds:\n  instructions_improve_below: 1.5\n");
    expect((await cli("compare", counted, "--config", config)).stderr).toMatch(/\$\.thresholds\.instructions_improve_below: /);
    expect((await cli("compare", counted, "--instructions-warn-above", "0.5")).stderr).toBe("db-bench-gate: thresholds.instructions_warn_above: must be at least 1, got 0.5\n");
  });

  it("prints plain text for a terminal with --format text, exit code as with markdown", async () => {
    const { code, stdout } = await cli("compare", regressed, "--format", "text");
    expect(code).toBe(1);
    expect(stdout.split("\n")[0]).toMatch(/^❌ 1 regression · worst point-query\.range100\.pk1 QPS 0\.\d\d \(−\d+%\)$/);
    expect(stdout).toMatch(/^point-query\.range100\.pk1 +0\.\d\d \(0\.\d\d–0\.\d\d\) +❌ regression$/m);
    expect(stdout).not.toMatch(/[`\\]|\*\*|<!--/);
  });

  it("writes json and tsv to --out", async () => {
    const out = join(dir, "out.json");
    expect((await cli("compare", regressed, "--format", "json", "--out", out)).code).toBe(1);
    const doc = JSON.parse(readFileSync(out, "utf8"));
    expect(doc.schema).toBe("db-bench-gate/comparison");
    expect(doc.steps.find((s: { step: string }) => s.step === "point-query.range100.pk1").variants[0].verdict).toBe("regression");
    const tsv = await cli("compare", regressed, "--format", "tsv");
    const [header, ...rows] = tsv.stdout.trim().split("\n");
    expect(header).toBe("head/base\tstep");
    const pointQuery = rows.find((r) => r.endsWith("\tpoint-query.range100.pk1"));
    expect(Number(pointQuery?.split("\t")[0])).toBeCloseTo(0.85, 1);
  });

  it("the JSON's verdict is the one the exit code gives, under --fail-on either way", async () => {
    const unstable = writeJson("unstable.json", syntheticResults({ steps, rounds: 4, noise: 0.01, seed: 4 }));
    const cases: [string, string[], number][] = [
      [regressed, [], 1],
      [regressed, ["--fail-on", "error"], 0],
      // 4 rounds judge no step: that fails by default (unjudged), not under a list without it
      [unstable, [], 1],
      [unstable, ["--fail-on", "regression,error"], 0],
      [unstable, ["--fail-on", "regression,unstable"], 1],
    ];
    for (const [file, flags, code] of cases) {
      const run = await cli("compare", file, "--format", "json", ...flags);
      expect(run.code, `${file} ${flags.join(" ")}`).toBe(code);
      const doc = JSON.parse(run.stdout) as { verdict: string; fail_on: string[] };
      expect(doc.verdict, `${file} ${flags.join(" ")}`).toBe(code === 1 ? "fail" : "pass");
    }
    const both = await cli("report", regressed, unstable, "--format", "json", "--fail-on", "unstable");
    expect(both.code).toBe(1);
    expect((JSON.parse(both.stdout) as { verdict: string; fail_on: string[] }[]).map((c) => [c.verdict, c.fail_on])).toEqual([
      ["pass", ["unstable"]],
      ["fail", ["unstable"]],
    ]);
  });

  it("exits 2 with one line naming the file and field on bad input", async () => {
    const bad = writeJson("bad.json", { ...syntheticResults({ steps, rounds: 2 }), base_variant: "nope" });
    const result = await cli("compare", bad);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`db-bench-gate: ${bad}: $.base_variant: "nope" is not a variants[].id\n`);
    const config = join(dir, "bad-config.yml");
    writeFileSync(config, "thresholds:\n  fail_below: 2\n");
    const badConfig = await cli("compare", unchanged, "--config", config);
    expect(badConfig.code).toBe(2);
    expect(badConfig.stderr).toMatch(new RegExp(`^db-bench-gate: ${config}: \\$\\.thresholds\\.fail_below: .*\\n$`));
    expect((await cli("compare", unchanged, "--alpha", "abc")).code).toBe(2);
    expect((await cli("compare", join(dir, "missing.json"))).stderr).toMatch(/missing\.json: cannot read: ENOENT/);
  });

  it("refuses a baseline from another machine unless told otherwise", async () => {
    const other = syntheticResults({ steps, rounds: 10, seed: 3 });
    other.fingerprint = { ...other.fingerprint, cpu_model: "Ampere Altra", arch: "aarch64" };
    const baseline = writeJson("baseline-arm.json", other);
    const refused = await cli("compare", unchanged, "--baseline", baseline);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/measured on a different machine \(arch: "aarch64" vs "x86_64"; cpu_model/);
    const forced = await cli("compare", unchanged, "--baseline", baseline, "--ignore-fingerprint");
    // compared, unpaired against another machine's QPS: no step judged, which fails by default
    expect(forced.code).toBe(1);
    expect(forced.stdout).toMatch(/^## ❔ Nothing could be judged: the check fails · QPS inconclusive on 2 of 2 steps$/m);
    expect(forced.stdout).toMatch(/baseline/i);
  });

  it("adds price/performance with --runner-cost, and names the option of a bad price", async () => {
    const priced = await cli("report", unchanged, "--runner-cost", "{ x86_64: 0.768 }");
    expect(priced.stdout).toContain("### Price/performance");
    expect(priced.stdout).toContain("x86_64 0.768 per hour (`x86_64`)");
    const bad = await cli("report", unchanged, "--runner-cost", "{ x86_64: free }");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^db-bench-gate: --runner-cost: \$\.x86_64: [^\n]+\n$/);
  });
});

describe("db-bench-gate report", () => {
  it("shares alpha over the columns: two architectures, each alone just a regression at alpha (one-sided p 0.0075), are none at alpha / 2", async () => {
    // 8 log ratios with t = -3.2 at 7 degrees of freedom: mean -3.4%, estimate 0.967 < 0.97
    const z = [-1.5, -1, -0.5, -0.2, 0.2, 0.5, 1, 1.5];
    const zsd = Math.sqrt(z.reduce((sum, x) => sum + x * x, 0) / 7);
    const logRatios = z.map((x) => (-3.2 * 0.03) / Math.sqrt(8) + (0.03 * x) / zsd);
    const x86 = pairsResults(syntheticResults(), logRatios);
    const arm = { ...x86, fingerprint: { ...x86.fingerprint, arch: "aarch64", cpu_model: "Arm Neoverse N1" } };
    const files = [writeJson("x86-just.json", x86), writeJson("arm-just.json", arm)];
    for (const file of files) expect((await cli("compare", file)).code).toBe(1);
    // both unstable: nothing judged, which fails by default (fail-on unjudged); this test is about the regressions
    const both = await cli("report", ...files, "--format", "json", "--fail-on", "regression,error");
    expect(both.code).toBe(0);
    const heads = (JSON.parse(both.stdout) as { steps: { variants: { verdict: string; qps_drop_test: { p_value: number; level: number; tests: number } }[] }[] }[]).map((c) => c.steps[0]!.variants[0]!);
    expect(heads.map((v) => v.verdict)).toEqual(["unstable", "unstable"]);
    for (const { qps_drop_test: drop } of heads) {
      expect(drop).toMatchObject({ level: 0.005, tests: 2 });
      expect(drop.p_value).toBeGreaterThan(0.005);
      expect(drop.p_value).toBeLessThan(0.01);
    }
  });

  it("merges runs of two architectures into one comment with a column each", async () => {
    const arm = syntheticResults({ steps, rounds: 10, noise: 0.01, seed: 4, effects: { head: { "pgbench.select-only.prepared.c1": 0.8 } } });
    arm.fingerprint = { ...arm.fingerprint, arch: "aarch64", cpu_model: "Arm Neoverse N1" };
    const result = await cli("report", unchanged, writeJson("arm.json", arm));
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/x86_64/);
    expect(result.stdout).toMatch(/aarch64/);
  });

  it("merges the shards of one architecture into one column, and refuses shards of different machines in one line, exit 2", async () => {
    const whole = syntheticResults({ steps, rounds: 10, noise: 0.01, seed: 2, effects: { head: { "point-query.range100.pk1": 0.85 } } });
    const shardFile = (index: number, cpu_model = whole.fingerprint.cpu_model) =>
      writeJson(`shard${index}.json`, {
        ...whole,
        run: { ...whole.run, shard: { index, count: 2 } },
        fingerprint: { ...whole.fingerprint, cpu_model },
        steps: [whole.steps[index - 1]],
        samples: whole.samples.filter((s) => s.step === steps[index - 1]),
      });
    const merged = await cli("report", shardFile(2), shardFile(1), "--format", "json");
    expect(merged.code).toBe(1);
    // one comparison is written as the document itself, several as an array
    const comparison = JSON.parse(merged.stdout) as { label: string | null; steps: { step: string }[] };
    expect([comparison.label, comparison.steps.map((s) => s.step)]).toEqual([null, steps]);
    const refused = await cli("report", shardFile(1), shardFile(2, "Other CPU"));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^db-bench-gate: [^\n]*shard2\.json: \$\.fingerprint: shard 2\/2 was measured on another machine than shard 1\/2 [^\n]*cpu_model: [^\n]*"Other CPU"[^\n]*\n$/);
  });
});

describe("the command line itself", () => {
  it("answers --version and --help with 0, unknown options with 2", async () => {
    expect(await cli("--version")).toMatchObject({ code: 0, stdout: `${VERSION}\n` });
    expect((await cli("compare", "--help")).code).toBe(0);
    expect((await cli("run", "--help")).stdout).toMatch(/--variant <name=ref\[:settings\]>.*CC=clang/s);
    expect((await cli("compare", unchanged, "--frobnicate")).code).toBe(2);
  });

  it("says the exit codes in every command's --help", async () => {
    for (const command of ["compare", "report", "run", "bisect", "demo"]) {
      const { stdout } = await cli(command, "--help");
      expect(stdout, command).toMatch(/Exit codes:\n {2}0 .*\n {2}1 .*\n {2}2 /);
    }
  });

  it("takes --json for --format json, and refuses both at once", async () => {
    const json = await cli("compare", unchanged, "--json");
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(JSON.parse((await cli("compare", unchanged, "--format", "json")).stdout));
    const both = await cli("compare", unchanged, "--json", "--format", "tsv");
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--json contradicts --format tsv/);
  });

  it("run --judge-at reads the config file as committed at that commit, as the action does at a PR's base tip (issue 36 item 2)", async () => {
    const repo = join(dir, "judge-at-repo");
    const git = (...args: string[]) => execFileSync("git", ["-C", repo, "-c", "user.name=t", "-c", "user.email=t@t", ...args], { encoding: "utf8" }).trim();
    execFileSync("git", ["init", "-q", repo]);
    // neither config is valid, so that no run goes past reading it: each error names the commit it was read at
    writeFileSync(join(repo, ".db-bench-gate.yml"), "rounds: 1\n");
    git("add", "-A");
    git("commit", "-qm", "the tip's config");
    const tip = git("rev-parse", "HEAD");
    writeFileSync(join(repo, ".db-bench-gate.yml"), "not_a_field: 1\n");
    git("commit", "-qam", "the base measured has another");
    const measured = git("rev-parse", "HEAD");
    const judged = await cli("run", "--repo", repo, "--base", measured, "--head", measured, "--judge-at", tip);
    expect(judged.code).toBe(2);
    expect(judged.stderr.trim()).toMatch(new RegExp(`^db-bench-gate: ${tip}:\\.db-bench-gate\\.yml: \\$\\.rounds: `));
    const atBase = await cli("run", "--repo", repo, "--base", measured, "--head", measured);
    expect(atBase.code).toBe(2);
    expect(atBase.stderr.trim()).toMatch(new RegExp(`^db-bench-gate: ${measured}:\\.db-bench-gate\\.yml: `));
  });

  it("names the path, in one line with exit 2, of every file argument it cannot read or write, and a run fails on its output paths before measuring", async () => {
    const missingDir = join(dir, "no-such-dir");
    const repo = join(dir, "repo");
    execFileSync("git", ["init", "-q", repo]);
    execFileSync("git", ["-C", repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "one"]);
    const cases: [string[], RegExp][] = [
      [["compare", join(missingDir, "r.json")], /r\.json/],
      [["compare", unchanged, "--baseline", join(missingDir, "b.json")], /b\.json/],
      [["compare", unchanged, "--config", join(missingDir, "c.yml")], /c\.yml/],
      [["compare", unchanged, "--out", join(missingDir, "x.md")], /x\.md: --out: cannot write the report: ENOENT/],
      [["report", unchanged, join(missingDir, "r2.json")], /r2\.json/],
      [["report", unchanged, "--out", join(missingDir, "y.md")], /y\.md: --out: cannot write the report: ENOENT/],
      [["run", "--repo", repo, "--base", "HEAD", "--head", "HEAD", "--results", join(missingDir, "r.json")], /r\.json: --results: its directory .* cannot be written: ENOENT/],
      [["run", "--repo", repo, "--base", "HEAD", "--head", "HEAD", "--out", join(missingDir, "z.md")], /z\.md: --out: its directory .* cannot be written: ENOENT/],
      [["run", "--repo", repo, "--base", "HEAD", "--head", "HEAD", "--noise-floor", join(missingDir, "n.json")], /n\.json/],
      [["bisect", "--repo", repo, "--good", "HEAD", "--bad", "HEAD", "--out", join(missingDir, "w.md")], /w\.md: --out: its directory .* cannot be written: ENOENT/],
    ];
    for (const [argv, named] of cases) {
      const { code, stderr, stdout } = await cli(...argv);
      expect({ argv, code }).toEqual({ argv, code: 2 });
      expect(stderr, argv.join(" ")).toMatch(named);
      expect(stderr.trim().split("\n"), argv.join(" ")).toHaveLength(1);
      expect(stdout).toBe("");
    }
  });

  it("keeps the version in step with package.json", () => {
    expect(JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")).version).toBe(VERSION);
  });

  it("parses --variant NAME=REF[:CFLAGS] and builds variant specs", () => {
    expect(parseVariantFlag("native=main:-O2 -march=native")).toEqual({ id: "native", ref: "main", settings: { cflags: "-O2 -march=native", cxxflags: "-O2 -march=native" } });
    expect(parseVariantFlag("O2=v1.2")).toEqual({ id: "O2", ref: "v1.2", settings: {} });
    expect(() => parseVariantFlag("=main")).toThrow(/--variant: expected NAME=REF/);
    const recipe = { cflags: "-O2", cxxflags: "-O2" } as BuildRecipe;
    const specs = variantSpecs({ repo: ".", variants: [parseVariantFlag("O2=main"), parseVariantFlag("native=main:-O2 -march=native")] }, recipe);
    expect(specs.map((s) => [s.id, s.ref, s.recipe.cflags])).toEqual([["O2", "main", "-O2"], ["native", "main", "-O2 -march=native"]]);
    expect(() => variantSpecs({ repo: ".", variants: [], base: "main" }, recipe)).toThrow(/--head: missing the head commit/);
  });

  it("parses --variant NAME=REF:CC=... CFLAGS=... LDFLAGS=...: each variant's compilers and flags over the recipe and --cflags", () => {
    const recipe = { cflags: "-O2", cxxflags: "-O2", ldflags: "" } as BuildRecipe;
    const variants = ["gcc=main:CFLAGS=-O2", "clang=main:CC=clang CXX=clang++", "lto=main:CC=/usr/bin/gcc-12 CFLAGS=-O3 -flto LDFLAGS=-flto"].map(parseVariantFlag);
    const specs = variantSpecs({ repo: ".", variants, cflags: "-O1" }, recipe);
    expect(specs.map((s) => [s.id, s.recipe.cc, s.recipe.cxx, s.recipe.cflags, s.recipe.cxxflags, s.recipe.ldflags])).toEqual([
      ["gcc", undefined, undefined, "-O2", "-O2", ""],
      ["clang", "clang", "clang++", "-O1", "-O1", ""],
      ["lto", "/usr/bin/gcc-12", undefined, "-O3 -flto", "-O3 -flto", "-flto"],
    ]);
  });

  it("refuses a --variant compiler that is not a PATH name or under /usr/bin, naming the flag and the setting, with exit code 2", async () => {
    expect(() => parseVariantFlag("evil=main:CC=/tmp/x/cc CFLAGS=-O2")).toThrow(/^--variant: CC "\/tmp\/x\/cc": expected a compiler's plain name on the runner's PATH or a program under \/usr\/bin/);
    const result = await cliInProcess("run", "--repo", dir, "--variant", "a=main", "--variant", "b=main:CXX=../c++");
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain('--variant: CXX "../c++": expected');
  });
});

describe("db-bench-gate bisect", () => {
  it("refuses a range that is not one, in one line with exit 2, before building anything", async () => {
    const repo = join(dir, "bisect-repo");
    const git = (...args: string[]) =>
      execFileSync("git", ["-C", repo, "-c", "user.name=t", "-c", "user.email=t@t.invalid", "-c", "commit.gpgsign=false", ...args], { encoding: "utf8" }).trim();
    execFileSync("git", ["init", "-q", repo]);
    for (const i of [1, 2, 3]) {
      writeFileSync(join(repo, "file"), String(i));
      git("add", "file");
      git("commit", "-q", "-m", `commit ${i}`);
    }
    const [third, , first] = git("rev-list", "HEAD").split("\n") as [string, string, string];
    expect((await cli("bisect", "--help")).stdout).toMatch(/--good <ref>[\s\S]*--bad <ref>[\s\S]*--steps <glob>/);
    const reversed = await cli("bisect", "--repo", repo, "--good", third, "--bad", first, "--config", writeJson("empty-config.json", {}));
    expect(reversed.code).toBe(2);
    expect(reversed.stderr).toBe(`db-bench-gate: ${repo}: the good commit ${third} is not an ancestor of the bad one ${first}\n`);
    const empty = await cli("bisect", "--repo", repo, "--good", first, "--bad", first, "--config", writeJson("empty-config2.json", {}));
    expect(empty.stderr).toMatch(/no commit between/);
    const unknown = await cli("bisect", "--repo", repo, "--good", "nope", "--bad", first, "--config", writeJson("empty-config3.json", {}));
    expect(unknown.stderr).toMatch(/nope is not a commit/);
    expect(unknown.stderr).toContain(`${repo}: --good: nope is not a commit`);
    expect(empty.stderr).toContain(`${repo}: --bad: no commit between`);
  });
});

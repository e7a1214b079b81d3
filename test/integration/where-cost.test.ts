/**
 * Where the cost went, on the demo fork, real all the way: PostgreSQL base and head (head serialises
 * and hashes the plan of every executed query in standard_ExecutorRun) built by the shipped recipe,
 * -O2 -g (debug information for files and lines; the same code as -O2), counted under callgrind by the pipeline's
 * counting pass (N and 2N transactions, differenced), the per-function costs kept beside the results.
 * The comment's "where the cost went" names the serialisation and hashing functions and the call
 * standard_ExecutorRun makes to them at a line of the patch, linked at the head commit; an A/A pair
 * (base counted twice) lists no function. On MariaDB (C++): the demo head's printing of every SELECT,
 * by demangled names, and the call execute_sqlcom_select makes to it.
 */
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { execa } from "execa";
import { afterAll, describe, expect, inject, it } from "vitest";
import { loadBuiltinRecipe } from "../../src/build/recipe.js";
import { childEnv } from "../../src/trust/child-env.js";
import { withCleanup } from "../../src/common/cleanup.js";
import { compareRun } from "../../src/compare/compare.js";
import { compareFunctions, type StepProfile } from "../../src/compare/functions.js";
import { parseProfile } from "../../src/config/profile.js";
import { runBenchmark } from "../../src/run/pipeline.js";
import { realPorts } from "../../src/run/pipeline-ports.js";
import { renderMarkdown } from "../../src/report/markdown.js";
import { aaSpreadsOf, functionsDirOf, keepFunctionComparisons, readStepProfile, whereCostItems } from "../../src/results/function-profiles.js";
import { writeResults } from "../../src/results/io.js";
import { ResultsSchema } from "../../src/results/schema.js";
import { runCli } from "../../src/cli/program.js";
import { consoleLog } from "../../src/common/log.js";
import { relativeSpread } from "../../src/schedule/instructions.js";
import { mariadbEngine } from "../../src/engine/mariadb.js";
import { engineForkBuilds } from "../helpers/engine-fork-builds.js";
import { postgresPlan, serverPlan } from "../helpers/postgres-plan.js";

const cacheDir = inject("cacheDir");
const fork = inject("pgFork");
const work = mkdtempSync(path.join(os.tmpdir(), "dbg-where-cost-test-"));
chmodSync(work, 0o755);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const STEP = "pgbench.select-only.prepared.c1";
const PROFILE = `
name: where-cost-test
version: 1
engine: postgresql
description: select-only, the counting pass alone
schedule: { rounds: 2, min_rounds: 2, duration_s: 1, warmup_s: 0, time_budget_s: null }
server_settings: { shared_buffers: 32MB, max_connections: 20, fsync: "off", synchronous_commit: "off", autovacuum: "off" }
# instructions judged (estimated cycles are the default): the expectations below are in instructions, the cheaper pass
instructions: { ops_per_client: 300, repeats: 3, judge: instructions }
steps:
  - { driver: pgbench, script: select-only, protocol: prepared, clients: 1, scale: 1 }
`;

/** head's lines the patch added to `file` of the fork in `repo` (git diff base head). */
async function addedLines(file: string, repo = fork.path): Promise<Set<number>> {
  const diff = await execa("git", ["-C", repo, "diff", "-U0", "base", "head", "--", file], { env: childEnv(process.env), extendEnv: false });
  const lines = new Set<number>();
  for (const [, start, count] of diff.stdout.matchAll(/^@@ -\S+ \+(\d+)(?:,(\d+))? @@/gm)) {
    for (let i = 0; i < Number(count ?? "1"); i++) lines.add(Number(start) + i);
  }
  return lines;
}

describe("where the cost went, by function", () => {
  it("names the plan serialisation and hashing head added, and the line of standard_ExecutorRun that calls them; an A/A pair lists nothing", async () => {
    const recipe = await loadBuiltinRecipe("postgresql");
    const profile = parseProfile(PROFILE, "where-cost-test.yaml");
    const resultsFile = path.join(work, "results.json");
    const plan = { ...postgresPlan(fork.path, { base: "base", head: "head", aa: "base" }, recipe, profile, cacheDir, work), measureQps: false, functionsDir: functionsDirOf(resultsFile) };
    const results = ResultsSchema.parse(await withCleanup((r) => runBenchmark(plan, r, consoleLog(), realPorts)));
    await writeResults(resultsFile, results);
    const dir = functionsDirOf(resultsFile);
    const side = async (variant: string) => (await readStepProfile(dir, STEP, variant)) as StepProfile;
    const [base, head, aa] = [await side("base"), await side("head"), await side("aa")];
    for (const p of [base, head, aa]) expect(p).toMatchObject({ ops: 900, cacheSim: false, profile: { callGraph: true } });

    // the profiles' totals per op are the counts the verdict judged
    const counted = (variant: string) => results.instructions!.filter((s) => s.variant === variant && s.status === "ok").map((s) => ("instructions" in s ? s.instructions : 0));
    expect(base.profile.total[0]).toBe(counted("base").reduce((a, b) => a + b, 0));
    expect(head.profile.total[0]).toBe(counted("head").reduce((a, b) => a + b, 0));

    const comparison = compareFunctions(base, head, 0.005);
    const shown = comparison.listed.map((f) => `${f.name} ${f.file} ${f.status} ${f.change.toFixed(0)}/op${f.caller ? ` from ${f.caller.name}:${f.caller.line}` : ""}`);
    console.log(`head +${comparison.change.toFixed(0)} instr/op (${comparison.base.toFixed(0)} -> ${comparison.head.toFixed(0)}); listed explain ${(comparison.explained * 100).toFixed(1)}%:\n  ${shown.join("\n  ")}`);
    console.log(`calls added:\n  ${comparison.calls.slice(0, 5).map((c) => `${c.caller.name} ${c.caller.file}:${c.caller.line} -> ${c.callee.name} ${c.change.toFixed(0)}/op`).join("\n  ")}`);
    // by their own cost: the serialisation (nodeToString's outfuncs.c formats numbers through
    // snprintf.c into a StringInfo, stringinfo.c) and the hashing (hashfn.c); measured 2026-12-04:
    // dopr, fmtint, hash_bytes_extended, dostr, appendStringInfo, 56.8% of the change
    const files = new Set(comparison.listed.map((f) => f.file));
    expect([...files].sort()).toEqual(expect.arrayContaining(["src/common/hashfn.c", "src/common/stringinfo.c", "src/port/snprintf.c"]));
    expect(comparison.listed.map((f) => f.name)).toEqual(expect.arrayContaining(["hash_bytes_extended", "appendStringInfo"]));
    expect(comparison.listed.find((f) => f.name === "hash_bytes_extended")).toMatchObject({ status: "new", caller: { name: "standard_ExecutorRun", file: "src/backend/executor/execMain.c" } });
    expect(comparison.listed.every((f) => f.change > 0)).toBe(true);
    expect(comparison.explained).toBeGreaterThan(0.5);
    // the calls head added, from standard_ExecutorRun at a line of the patch: nodeToString and hash_bytes_extended
    const patched = await addedLines("src/backend/executor/execMain.c");
    const fromExecutorRun = comparison.calls.filter((c) => c.caller.name === "standard_ExecutorRun");
    expect(fromExecutorRun.map((c) => c.callee.name)).toEqual(expect.arrayContaining(["nodeToString", "hash_bytes_extended"]));
    for (const call of fromExecutorRun) {
      expect(call.caller.file).toBe("src/backend/executor/execMain.c");
      expect(patched.has(call.caller.line), `line ${call.caller.line} in the patch`).toBe(true);
    }
    // those calls are the whole of the change
    const addedByCalls = fromExecutorRun.reduce((sum, c) => sum + c.change, 0) / comparison.change;
    console.log(`calls from standard_ExecutorRun explain ${(addedByCalls * 100).toFixed(1)}% of the change`);
    expect(addedByCalls).toBeGreaterThan(0.9);

    // A/A: nothing past the step's noise
    const perOp = (variant: string) => results.instructions!.flatMap((s) => (s.variant === variant && "instructions_per_op" in s ? [s.instructions_per_op] : []));
    const aaComparison = compareFunctions(base, aa, Math.max(relativeSpread(perOp("base")), relativeSpread(perOp("aa"))));
    console.log(`A/A: ${aaComparison.change.toFixed(1)} instr/op; largest function change ${aaComparison.functions[0]?.name} ${aaComparison.functions[0]?.change.toFixed(1)}/op; threshold ${aaComparison.threshold.toFixed(0)}`);
    expect(aaComparison.listed).toEqual([]);
    expect(aaComparison.calls).toEqual([]);

    // the comment: the regression's section names them, linked at the head commit
    const compared = compareRun(results);
    expect(compared.steps[0]!.variants.find((v) => v.variant === "head")!.instructions!.verdict).toBe("regression");
    const items = await whereCostItems(functionsDirOf(resultsFile), compared, aaSpreadsOf(results));
    expect(items.map((i) => `${i.step} ${i.column}`)).toEqual([`${STEP} head`]);
    const markdown = renderMarkdown([compared], { whereCost: { items, links: { repo: "example/postgres", sha: fork.head } } });
    const section = markdown.slice(markdown.indexOf("**Where the cost went**"));
    console.log(section.slice(0, 4000));
    expect(section).toMatch(new RegExp(`\\[\`execMain\\.c:(\\d+)\`\\]\\(https://github\\.com/example/postgres/blob/${fork.head}/src/backend/executor/execMain\\.c#L\\1\\)`));
    expect(section).toContain("calls `nodeToString`");
    expect(section).toContain("`hash_bytes_extended`");
    // without links (a CLI run) no URL at all
    expect(renderMarkdown([compared], { whereCost: { items, links: null } })).not.toMatch(/blob\//);

    // the files beside the results: TSV per step and variant, and cachegrind out files cg_annotate reads
    const kept = await keepFunctionComparisons(resultsFile, results);
    expect(kept.map((f) => path.relative(dir, f))).toEqual(
      [`${STEP}/aa.cgout`, `${STEP}/aa.json`, `${STEP}/aa.tsv`, `${STEP}/base.cgout`, `${STEP}/base.json`, `${STEP}/head.cgout`, `${STEP}/head.json`, `${STEP}/head.tsv`].sort(),
    );
    const annotated = await execa("cg_annotate", [path.join(dir, STEP, "head.cgout")], { env: childEnv(process.env), extendEnv: false, reject: false });
    expect(annotated.exitCode, annotated.stderr).toBe(0);
    expect(annotated.stdout).toMatch(/src\/backend\/nodes\/outfuncs\.c:outNode/);
    const sizes = readdirSync(path.join(dir, STEP)).map((f) => `${f} ${readFileSync(path.join(dir, STEP, f)).length}`);
    console.log(`files: ${sizes.join(", ")}`);

    // the CLI prints the comparison
    let out = "";
    const code = await runCli(["functions", resultsFile, "--step", STEP], { stdout: (t: string) => void (out += t), stderr: (t: string) => void (out += t) } as never);
    expect(code).toBe(0);
    expect(out.split("\n")[0]).toMatch(/^function\tobject\tfile\tstatus/);
    expect(out).toMatch(/\nnodeToString|_outNode/);
  });
});

const MARIADB_PROFILE = `
name: where-cost-mariadb
version: 1
engine: mariadb
description: point-query, the counting pass alone
schedule: { rounds: 8, min_rounds: 8, duration_s: 1, warmup_s: 0, time_budget_s: null }
server_settings: { innodb_buffer_pool_size: 128M, innodb_flush_log_at_trx_commit: 2, innodb_adaptive_hash_index: false, max_connections: 20 }
instructions: { ops_per_client: 200, repeats: 3, judge: instructions }
steps:
  - { driver: sysbench, benchmark: point-query, range: 100, table_size: 10000 }
`;

describe("where the cost went, in C++ (MariaDB)", () => {
  it("names the statement printing the demo head added, demangled and without clone suffixes, and the call execute_sqlcom_select makes to it", { timeout: 45 * 60_000 }, async () => {
    // the builds are the suite's prebuild's (cached); a cold one waits for its lock
    const { fork: mariadbFork } = await engineForkBuilds("mariadb", cacheDir);
    const resultsFile = path.join(work, "mariadb-results.json");
    const plan = {
      ...serverPlan(mariadbEngine, mariadbFork.path, { base: "base", head: "head" }, await loadBuiltinRecipe("mariadb"), parseProfile(MARIADB_PROFILE, "where-cost-mariadb.yaml"), cacheDir, work),
      measureQps: false,
      functionsDir: functionsDirOf(resultsFile),
    };
    const results = ResultsSchema.parse(await withCleanup((r) => runBenchmark(plan, r, consoleLog(), realPorts)));
    await writeResults(resultsFile, results);
    const compared = compareRun(results);
    const step = compared.steps[0]!;
    expect(step.variants[0]!.instructions!.verdict).toBe("regression");

    const items = await whereCostItems(functionsDirOf(resultsFile), compared, aaSpreadsOf(results));
    // one variant: no column name
    expect(items.map((i) => `${i.step} ${i.column}`)).toEqual([`${step.step} null`]);
    const comparison = items[0]!.comparison;
    if ("error" in comparison) throw new Error(comparison.error);
    const shown = comparison.listed.map((f) => `${f.name} ${f.status} ${f.change.toFixed(0)}/op${f.caller ? ` from ${f.caller.name}` : ""}`);
    console.log(`mariadb head +${comparison.change.toFixed(0)} instr/op; listed explain ${(comparison.explained * 100).toFixed(1)}%:\n  ${shown.join("\n  ")}`);
    // demangled C++: a class, a parameter list, no mangled symbol; measured 2026-12-05: String::append,
    // append_identifier, get_quote_char_for_identifier new in head, called from TABLE_LIST::print
    for (const f of comparison.listed) expect(f.name).not.toMatch(/^_Z/);
    expect(comparison.listed.some((f) => f.status === "new" && /^[A-Za-z_]\w*::\w+\(.*\)$/.test(f.name))).toBe(true);
    // the call head added: execute_sqlcom_select to st_select_lex_unit::print, by its inclusive cost most of the change
    const print = comparison.calls.find((c) => c.caller.name === "execute_sqlcom_select(THD*, TABLE_LIST*)" && c.callee.name === "st_select_lex_unit::print(String*, enum_query_type)");
    expect(print, comparison.calls.slice(0, 5).map((c) => `${c.caller.name} -> ${c.callee.name}`).join("; ")).toBeDefined();
    expect(print!.change / comparison.change).toBeGreaterThan(0.8);
    // the recipe's line tables (-g1): the call is placed in the source tree, at a line the patch added
    // (select_fingerprint's, inlined into execute_sqlcom_select, or its call)
    expect(print!.caller.file).toBe("sql/sql_parse.cc");
    const patched = await addedLines("sql/sql_parse.cc", mariadbFork.path);
    expect(patched.has(print!.caller.line), `line ${print!.caller.line} in the patch`).toBe(true);

    const markdown = renderMarkdown([compared], { whereCost: { items, links: null } });
    const section = markdown.slice(markdown.indexOf("**Where the cost went**"));
    console.log(section.slice(0, 3000));
    // the caller with the line of the call (the recipe's line tables), as the comment shows it
    expect(section).toMatch(/`execute_sqlcom_select\(THD\*, TABLE_LIST\*\)` \(`sql_parse\.cc:\d+`\) calls `st_select_lex_unit::print\(String\*, enum_query_type\)`/);
    expect(section).not.toContain("[clone");
  });
});

/**
 * Where the cost went: valgrind's per-function costs parsed (real out files: a PostgreSQL backend
 * under cachegrind, MariaDB under callgrind, a C++ program of templates built here with g++ -O2 -g),
 * differenced and compared, and shown in the comment as hostile text.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import type { Nodes } from "mdast";
import { afterAll, describe, expect, it } from "vitest";
import { compareRun } from "../../src/compare/compare.js";
import { compareFunctions, type StepProfile } from "../../src/compare/functions.js";
import { ParseError } from "../../src/common/errors.js";
import { readCounts } from "../../src/measure/valgrind.js";
import { callerKey, functionKey, lineKey, parseFunctionCosts, relativeToTree, treePathOf, type Cost, type FunctionCost } from "../../src/measure/valgrind-functions.js";
import { COMMENT_LIMIT, renderMarkdown } from "../../src/report/markdown.js";
import { trimTemplates, whereCostSection, type WhereCostItem } from "../../src/report/why-functions.js";
import { capLines, cachegrindText, readStepProfile, writeStepProfile } from "../../src/results/function-profiles.js";
import { functionsTsv } from "../../src/report/functions-tsv.js";
import { countInstructions } from "../../src/schedule/instructions.js";
import { syntheticResults } from "../../scripts/lib/synthetic-results.js";
import { bisectMarkdown } from "../../src/report/bisect.js";

const fixture = (name: string) => readFileSync(new URL(`../fixtures/cachegrind/${name}`, import.meta.url), "utf8");
const tmp = mkdtempSync(path.join(os.tmpdir(), "dbg-where-cost-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("parseFunctionCosts", () => {
  it("reads cachegrind's per-function costs of a PostgreSQL backend: they add up to the summary", () => {
    const profile = parseFunctionCosts(fixture("backend-pgbench-select-only.cg"), "cg.1");
    expect(profile.callGraph).toBe(false);
    expect(profile.total[0]).toBe(92_309_711);
    const byName = Object.values(profile.functions).sort((a, b) => b.self[0] - a.self[0]);
    expect(byName.slice(0, 3).map((f) => [f.name, f.self[0]])).toEqual([
      ["__memset_avx2_unaligned_erms", 5_962_652],
      ["AllocSetAlloc", 5_175_542],
      ["_bt_compare", 3_113_441],
    ]);
    // a build without -g: the file is unknown, every line 0
    expect(byName[1]).toMatchObject({ file: "???", lines: { [lineKey("???", 0)]: [5_175_542, 0, 0] } });
  });

  it("reads callgrind's compressed names and call graph (MariaDB, C++ names demangled by valgrind)", () => {
    const profile = parseFunctionCosts(fixture("mariadbd-read-only.callgrind"), "cg.2");
    expect(profile.callGraph).toBe(true);
    expect(profile.total[0]).toBe(49_778_682);
    const search = Object.values(profile.functions).find((f) => f.name.startsWith("row_search_mvcc("))!;
    expect(search).toMatchObject({ object: "mariadbd", self: [3_134_240, 0, 0] });
    expect(Object.keys(search.callers).length).toBeGreaterThan(0);
    // recursion depths are one function
    expect(Object.values(profile.functions).some((f) => /'\d+$/.test(f.name))).toBe(false);
  });

  it("with the cache simulation, misses per function; a call's inclusive cost goes to the callee's callers, not the caller's own", () => {
    const profile = parseFunctionCosts(fixture("pointer-chase.callgrind"), "cg.3", { cacheSim: true });
    const walk = profile.functions[functionKey({ object: "pointer-chase", file: "???", name: "walk" })]!;
    expect(walk.self).toEqual([100_000, 32_000, 28_366]);
    const main = functionKey({ object: "pointer-chase", file: "???", name: "main" });
    expect(walk.callers[callerKey(main, 0)]).toEqual([100_000, 32_000, 28_366]);
    expect(profile.functions[main]!.self).toEqual([0, 0, 0]);
    expect(profile.functions[main]!.callees).toEqual([100_000, 32_000, 28_366]);
  });

  it("a C++ program of templates (g++ -O2 -g here, cachegrind): names demangled, a function one across the files inlined into it, templates trimmed", () => {
    const profile = parseFunctionCosts(fixture("templates-cxx.cg"), "cg.4");
    const put = Object.values(profile.functions).filter((f) => f.name.includes("::Put("));
    expect(put).toHaveLength(1);
    expect(put[0]!.name).toBe(
      "storage::Index<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >, std::vector<int, std::allocator<int> > >::Put(std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > const&, std::vector<int, std::allocator<int> > const&)",
    );
    expect(trimTemplates(put[0]!.name)).toBe("storage::Index<std::string, std::vector<…> >::Put(std::string const&, std::vector<int> const&)");
    const count = Object.values(profile.functions).find((f) => f.name.includes("::Count("))!;
    expect(trimTemplates(count.name)).toBe("storage::Index<std::string, std::vector<…> >::Count(std::string const&) const");
    expect(Object.keys(put[0]!.lines).some((key) => key.startsWith("templ.cc\t") || key.includes("/templ.cc\t"))).toBe(true);
  });

  it("trims what is long and leaves operators and C names alone", () => {
    expect(trimTemplates("hash_bytes_extended")).toBe("hash_bytes_extended");
    expect(trimTemplates("dopr.constprop.0")).toBe("dopr");
    expect(trimTemplates("ExecInterpExpr.part.0.cold")).toBe("ExecInterpExpr");
    // a C++ clone as the demangler prints it (MariaDB's demo head, 2026-12-05)
    expect(trimTemplates("TABLE_LIST::print(THD*, unsigned long long, String*, enum_query_type) [clone .part.0]")).toBe("TABLE_LIST::print(THD*, unsigned long long, String*, enum_query_type)");
    expect(trimTemplates("Item::val_int() [clone .isra.0] [clone .cold]")).toBe("Item::val_int()");
    expect(trimTemplates("std::operator<<(std::ostream&, int)")).toBe("std::operator<<(std::ostream&, int)");
    expect(trimTemplates("rocksdb::Foo::operator()(int) const")).toBe("rocksdb::Foo::operator()(int) const");
    expect(trimTemplates(`f(${"a".repeat(80)})`)).toBe("f(…)");
    expect(trimTemplates(`x<${"b".repeat(50)}>::g()`)).toBe("x<…>::g()");
  });

  const broken: [string, string, RegExp][] = [
    ["without fn= sections", "events: Ir\nsummary: 100\n", /no "fn=" sections for a summary of 100 instructions/],
    ["cut short (own costs short of the summary)", fixture("backend-pgbench-select-only.cg").split("\n").slice(0, 2000).join("\n") + "\nsummary: 92309711\n", /add up to \d+, the summary says 92309711: cut short/],
    ["without its summary", "events: Ir\nfl=a.c\nfn=f\n1 5\n", /no "summary:" line/],
    ["with a line of another format", "events: Ir\nfl=a.c\nfn=f\nbogus line\nsummary: 0\n", /line 4: unknown line "bogus line"/],
    ["with an id never named", "events: Ir\nfl=(1)\nfn=(2) f\n1 5\nsummary: 5\n", /file id \(1\) used before it was named/],
    ["after calls= without its cost", "events: Ir\nfl=a.c\nfn=f\ncfn=g\ncalls=1 0\n", /ends after "calls="/],
    ["a negative cost", "events: Ir\nfl=a.c\nfn=f\n1 -5\nsummary: 0\n", /cost "-5" is not a count/],
  ];
  for (const [what, raw, message] of broken) {
    it(`an out file ${what} is a one-line error naming the file, keeping the text`, () => {
      let error: unknown;
      try {
        parseFunctionCosts(raw, "/tmp/x/cg.77");
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ParseError);
      expect((error as ParseError).message).toMatch(/^\/tmp\/x\/cg\.77: /);
      expect((error as ParseError).message).toMatch(message);
      expect((error as ParseError).message).not.toContain("\n");
      expect((error as ParseError).raw).toBe(raw);
    });
  }

  it("names are text: control characters dropped, length capped", () => {
    const raw = `events: Ir\nfl=a.c\nfn=evil\u001b[31m\u0007${"x".repeat(5000)}\n1 5\nsummary: 5\n`;
    const [fn] = Object.values(parseFunctionCosts(raw, "cg").functions);
    expect([...fn!.name].some((c) => c.charCodeAt(0) < 32)).toBe(false);
    expect(fn!.name.length).toBeLessThanOrEqual(1001);
  });

  it("refuses a file of more functions than any server has", () => {
    const body = Array.from({ length: 100_001 }, (_, i) => `fn=f${i}\n1 1`).join("\n");
    expect(() => parseFunctionCosts(`events: Ir\nfl=a.c\n${body}\nsummary: 100001\n`, "big")).toThrow(/^big: more than 100000 functions$/);
  });

  it("allows callgrind's summary a few instructions over the functions' own with the cache simulation (a real backend: 2), none without", () => {
    const file = (events: string, costs: string, summary: string) => `events: ${events}\nfl=a.c\nfn=f\n1 ${costs}\nsummary: ${summary}\n`;
    const simulated = "Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw";
    expect(parseFunctionCosts(file(simulated, "13030764 0 0 9 9 9 4 4 4", "13030766 0 0 27 0 0 12 0 0"), "t", { cacheSim: true }).total).toEqual([13_030_764, 27, 12]);
    expect(() => parseFunctionCosts(file(simulated, "13030764 0 0 9 9 9 4 4 4", "13030776 0 0 27 0 0 12 0 0"), "t", { cacheSim: true })).toThrow(/add up to 13030764, the summary says 13030776: cut short\?/);
    expect(() => parseFunctionCosts(file("Ir", "13030764", "13030766"), "t")).toThrow(/add up to 13030764, the summary says 13030766: cut short\?/);
  });

  it("takes time in proportion to the file (four times the functions: not sixteen times the time)", () => {
    const file = (n: number) => `events: Ir\nfl=a.c\n${Array.from({ length: n }, (_, i) => `fn=f${i}\n1 1\n+1 2`).join("\n")}\nsummary: ${3 * n}\n`;
    const once = (text: string) => {
      const started = performance.now();
      parseFunctionCosts(text, "t");
      return performance.now() - started;
    };
    const [small, large] = [file(5000), file(20_000)];
    // the fastest of 9 interleaved tries each: a loaded machine's pauses fall on some tries, not on all
    const tries = Array.from({ length: 9 }, () => [once(small), once(large)] as const);
    expect(Math.min(...tries.map(([, l]) => l)) / Math.min(...tries.map(([s]) => s))).toBeLessThan(10);
  });
});

describe("readCounts: an out file whose functions cannot be read leaves the count as it was", () => {
  it("counts the totals and keeps the one-line error of the functions", async () => {
    const dir = path.join(tmp, "counts");
    rmSync(dir, { recursive: true, force: true });
    await import("node:fs/promises").then((fs) => fs.mkdir(dir));
    // a summary that the sections do not add up to: the totals parser reads it, the function parser refuses it
    writeFileSync(path.join(dir, "cg.11"), "events: Ir\ncmd: postgres\nfl=a.c\nfn=f\n1 5\nsummary: 9\n");
    writeFileSync(path.join(dir, "cg.12"), "events: Ir\ncmd: postgres\nfl=a.c\nfn=f\n1 7\nsummary: 7\n");
    const counts = await readCounts(dir, [11, 12], 5000, "cachegrind", null);
    expect(counts.instructions).toBe(16);
    expect(counts.functions).toEqual({ error: `${path.join(dir, "cg.11")}: the functions' own instructions add up to 5, the summary says 9: cut short?` });
    const good = await readCounts(dir, [12, 12], 5000, "cachegrind", null);
    expect(good.functions).toMatchObject({ total: [14, 0, 0] });
  });
});

describe("relativeToTree", () => {
  const tree = new Set(["src/backend/executor/execMain.c", "src/common/hashfn.c"]);
  it("names the tree's files from its root, wherever the build compiled them; others stay as they are", () => {
    expect(treePathOf("/tmp/dbg-wt-Ab12/src/backend/executor/execMain.c", tree)).toBe("src/backend/executor/execMain.c");
    expect(treePathOf("./string/../sysdeps/x86_64/strlen.S", tree)).toBeNull();
    expect(treePathOf("/etc/passwd", tree)).toBeNull();
    expect(treePathOf("/tmp/../../etc/passwd", tree)).toBeNull();
    // however a path is spelled, what it can name is a file of the tree
    expect(treePathOf("src/backend/../../../x/src/common/hashfn.c", tree)).toBe("src/common/hashfn.c");
    expect(treePathOf("???", tree)).toBeNull();
  });
  it("two builds compiled in different directories name a function alike", () => {
    const side = (dir: string) => `events: Ir\nfl=${dir}/src/common/hashfn.c\nfn=hash_bytes_extended\n10 5\nfl=./libc/x.c\nfn=memcpy\n1 2\nsummary: 7\n`;
    const a = relativeToTree(parseFunctionCosts(side("/tmp/dbg-wt-a"), "a"), tree);
    const b = relativeToTree(parseFunctionCosts(side("/tmp/dbg-wt-b"), "b"), tree);
    expect(Object.keys(a.profile.functions)).toEqual(Object.keys(b.profile.functions));
    expect(a.inTree).toEqual(["src/common/hashfn.c"]);
    expect(Object.values(a.profile.functions).map((f) => f.file).sort()).toEqual(["./libc/x.c", "src/common/hashfn.c"]);
  });
});

/** A differenced profile: functions with own instructions (total over `ops`), lines, callers. */
function stepProfile(ops: number, fns: { name: string; file?: string; self: number; line?: number; callers?: [string, number, number][] }[], inTree: string[] = []): StepProfile {
  const functions: Record<string, FunctionCost> = {};
  let total = 0;
  for (const fn of fns) {
    const file = fn.file ?? "src/a.c";
    const callers: Record<string, Cost> = {};
    for (const [caller, line, cost] of fn.callers ?? []) callers[callerKey(functionKey({ object: "postgres", file: "src/backend/executor/execMain.c", name: caller }), line)] = [cost, 0, 0];
    functions[functionKey({ object: "postgres", file, name: fn.name })] = {
      object: "postgres",
      file,
      name: fn.name,
      self: [fn.self, 0, 0],
      lines: { [lineKey(file, fn.line ?? 10)]: [fn.self, 0, 0] },
      callers,
      callees: [0, 0, 0],
    };
    total += fn.self;
  }
  return { ops, cacheSim: false, profile: { callGraph: true, total: [total, 0, 0], functions }, inTree };
}

const EXEC = "src/backend/executor/execMain.c";
const base = stepProfile(1000, [
  { name: "standard_ExecutorRun", file: EXEC, self: 1_000_000 },
  { name: "ExecScan", self: 20_000_000 },
  { name: "AllocSetAlloc", self: 5_000_000 },
  { name: "old_path", self: 300_000 },
]);
const head = stepProfile(
  1000,
  [
    { name: "standard_ExecutorRun", file: EXEC, self: 1_010_000 },
    { name: "ExecScan", self: 20_010_000 },
    { name: "AllocSetAlloc", self: 6_000_000 },
    { name: "nodeToString", file: "src/backend/nodes/outfuncs.c", self: 9_000_000, line: 812, callers: [["standard_ExecutorRun", 321, 15_000_000]] },
    { name: "hash_bytes_extended", file: "src/common/hashfn.c", self: 3_000_000, line: 99, callers: [["standard_ExecutorRun", 322, 3_000_000]] },
  ],
  [EXEC, "src/backend/nodes/outfuncs.c", "src/common/hashfn.c"],
);

describe("compareFunctions", () => {
  it("lists the functions that moved the step, with new and gone, the share they explain, the caller and the calls head added", () => {
    const c = compareFunctions(base, head, 0.003);
    expect(c.change).toBe(head.profile.total[0] / 1000 - base.profile.total[0] / 1000);
    expect(c.listed.map((f) => [f.name, f.status, f.change])).toEqual([
      ["nodeToString", "new", 9000],
      ["hash_bytes_extended", "new", 3000],
      ["AllocSetAlloc", "changed", 1000],
    ]);
    expect(c.functions.find((f) => f.name === "old_path")).toMatchObject({ status: "gone", change: -300 });
    expect(c.explained).toBeCloseTo(13_000 / c.change, 6);
    expect(c.spreadThinly).toBe(false);
    expect(c.listed[0]!.caller).toMatchObject({ name: "standard_ExecutorRun", file: EXEC, line: 321 });
    expect(c.listed[0]!.line).toEqual({ file: "src/backend/nodes/outfuncs.c", line: 812, change: 9000 });
    expect(c.calls.map((call) => [call.caller.name, call.caller.line, call.callee.name, call.change])).toEqual([
      ["standard_ExecutorRun", 321, "nodeToString", 15_000],
      ["standard_ExecutorRun", 322, "hash_bytes_extended", 3000],
    ]);
  });

  it("an A/A pair lists nothing: every change within the step's spread", () => {
    const again = stepProfile(1000, [
      { name: "standard_ExecutorRun", file: EXEC, self: 1_000_900 },
      { name: "ExecScan", self: 20_030_000 },
      { name: "AllocSetAlloc", self: 4_990_000 },
      { name: "old_path", self: 300_000 },
    ]);
    const c = compareFunctions(base, again, 0.002);
    expect(c.listed).toEqual([]);
    expect(c.calls).toEqual([]);
    expect(c.spreadThinly).toBe(false);
  });

  it("a change spread thinly over many functions says so", () => {
    const many = (extra: number) => stepProfile(1000, Array.from({ length: 200 }, (_, i) => ({ name: `f${i}`, self: 1_000_000 + extra })));
    const c = compareFunctions(many(0), many(3000), 0.001);
    expect(c.change).toBeCloseTo(600, 6);
    expect(c.listed).toEqual([]);
    expect(c.spreadThinly).toBe(true);
    expect(whereCostSection([{ step: "s", column: null, verdict: "regression", comparison: c }], null, 5)).toMatch(/spread thinly over 200 functions, none of them changed by more than 400 instr\/op/);
  });

  it("the TSV has every function, tabs and line breaks in names made spaces", () => {
    const tsv = functionsTsv(compareFunctions(base, head, 0.003));
    const rows = tsv.trimEnd().split("\n");
    expect(rows[0]!.split("\t")[0]).toBe("function");
    expect(rows).toHaveLength(1 + 6);
    expect(rows[1]!.split("\t").slice(0, 7)).toEqual(["nodeToString", "postgres", "src/backend/nodes/outfuncs.c", "new", "0", "9000", "9000"]);
  });
});

describe("the comment's \"where the cost went\"", () => {
  const links = { repo: "example/postgres", sha: "c0ffee".padEnd(40, "0") };
  const item = (comparison: WhereCostItem["comparison"], step = "pgbench.select-only.prepared.c1"): WhereCostItem => ({ step, column: null, verdict: "regression", comparison });

  it("names each function with its line linked at the head commit, the change per op and in %, and the caller", () => {
    const text = whereCostSection([item(compareFunctions(base, head, 0.003))], links, 5);
    expect(text).toContain(`| \`nodeToString\` (new) | [\`outfuncs.c:812\`](https://github.com/example/postgres/blob/${links.sha}/src/backend/nodes/outfuncs.c#L812) | +9,000 | new | \`standard_ExecutorRun\` [\`execMain.c:321\`](https://github.com/example/postgres/blob/${links.sha}/src/backend/executor/execMain.c#L321) |`);
    expect(text).toMatch(/`AllocSetAlloc` \| `a\.c:10` \| \+1,000 \| \+20% \|/);
    // 13,000 of +12,720: the function gone in head (−300) and small changes elsewhere offset the rest
    expect(text).toMatch(/these 3 functions explain 102% of it/);
    expect(text).toContain(`\`standard_ExecutorRun\` ([\`execMain.c:321\`](https://github.com/example/postgres/blob/${links.sha}/src/backend/executor/execMain.c#L321)) calls \`nodeToString\`: +15,000 instr/op with what it calls, 118% of the change`);
    // a CLI run: the same without links
    expect(whereCostSection([item(compareFunctions(base, head, 0.003))], null, 5)).not.toContain("https://");
  });

  it("names and paths are hostile: shown as code, no mention, no link outside the repository's tree", () => {
    const evil = "x](https://evil.example) @team `` <img src=x> \n# heading";
    const hostile = stepProfile(
      1000,
      [
        { name: evil, file: "src/backend/executor/execMain.c", self: 9_000_000, callers: [[evil, 7, 9_000_000]] },
        { name: "g", file: "../../etc/passwd", self: 5_000_000 },
        { name: "h", file: "https://evil.example/x.c", self: 5_000_000 },
      ],
      [EXEC],
    );
    const text = whereCostSection([item(compareFunctions(stepProfile(1000, [{ name: "z", self: 1_000_000 }]), hostile, 0.003), `step ${evil}`)], { repo: "example/postgres", sha: links.sha }, 5);
    const tree = fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
    const urls: string[] = [];
    const texts: string[] = [];
    let headings = 0;
    const visit = (node: Nodes) => {
      if (node.type === "link") urls.push(node.url);
      if (node.type === "text") texts.push(node.value);
      if (node.type === "heading" || node.type === "html") headings++;
      if ("children" in node) for (const child of node.children) visit(child as Nodes);
    };
    visit(tree);
    expect(headings).toBe(0);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url.startsWith(`https://github.com/example/postgres/blob/${links.sha}/src/backend/executor/execMain.c#L`)).toBe(true);
    // in code GitHub links no mention; outside it none is left
    expect(texts.join(" ")).not.toMatch(/@team/);
    expect(text).toContain("x](https://evil.example) @team");
    // a repository or sha that is not one: no link at all
    expect(whereCostSection([item(compareFunctions(base, head, 0.003))], { repo: "evil.example/x/../y", sha: links.sha }, 5)).not.toContain("https://");
  });

  it("an out file that could not be read says so in one line; the step's verdict is as it was", () => {
    const results = syntheticResults({ steps: ["s1"], rounds: 4, seed: 3, effects: {} });
    const comparison = compareRun(results);
    const text = renderMarkdown([comparison], { whereCost: { items: [item({ error: "/x/cg.5: no \"summary:\" line: the process had not finished writing it" }, "s1")], links: null } });
    expect(text).toContain('`s1`: per-function costs not available: /x/cg.5: no "summary:" line: the process had not finished writing it');
    expect(renderMarkdown([comparison]).split("\n")[2]).toBe(text.split("\n")[2]);
  });

  it("stays within GitHub's comment limit with every step regressed, naming the steps it left out", () => {
    const steps = Array.from({ length: 120 }, (_, i) => `sysbench.step-${i}.range100.pk1`);
    const results = syntheticResults({ steps, rounds: 6, seed: 9, effects: { head: Object.fromEntries(steps.map((s) => [s, 0.7])) } });
    const comparison = compareRun(results);
    const longNames = stepProfile(
      1000,
      Array.from({ length: 5 }, (_, i) => ({ name: `rocksdb::BlockBasedTable::Get${i}(${"rocksdb::ReadOptions const&, ".repeat(20)})`, file: EXEC, self: 9_000_000 })),
      [EXEC],
    );
    const items = steps.map((s) => item(compareFunctions(base, longNames, 0.003), s));
    const text = renderMarkdown([comparison], { whereCost: { items, links } });
    expect(text.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(text).toContain("**Where the cost went**");
    expect(text).toMatch(/\d+ more steps left out for the comment's size: `db-bench-gate functions RESULTS --step STEP` shows them/);
  });
});

describe("the profiles kept beside the results", () => {
  it("round-trip, capped in lines, and as a cachegrind out file cg_annotate reads back", async () => {
    const dir = path.join(tmp, "kept");
    await writeStepProfile(dir, "step/../x", "head", head);
    const back = await readStepProfile(dir, "step/../x", "head");
    expect(back).toEqual(head);
    // a line or call of less than 0.01 instructions per op is not kept; a function's own cost is
    const tiny = stepProfile(1000, [{ name: "f", self: 5, callers: [["g", 3, 7]] }, { name: "big", self: 50_000 }]);
    const kept = capLines(tiny.profile, tiny.ops);
    expect(Object.values(kept.functions).map((f) => [f.name, f.self[0], Object.keys(f.lines).length, Object.keys(f.callers).length])).toEqual([
      ["f", 5, 0, 0],
      ["big", 50_000, 1, 0],
    ]);
    const text = cachegrindText(head, "head");
    const reparsed = parseFunctionCosts(text, "head.cgout");
    expect(reparsed.total).toEqual(head.profile.total);
    expect(Object.values(reparsed.functions).map((f) => f.name).sort()).toEqual(Object.values(head.profile.functions).map((f) => f.name).sort());
    const many = stepProfile(1, Array.from({ length: 300 }, (_, i) => ({ name: `f${i}`, self: i + 1 })));
    const capped = capLines(many.profile, many.ops, 100);
    expect(Object.values(capped.functions).reduce((n, f) => n + Object.keys(f.lines).length, 0)).toBe(100);
    expect(Object.keys(capped.functions.f299 ?? Object.values(capped.functions).find((f) => f.name === "f299")!.lines)).toHaveLength(1);
    await writeStepProfile(dir, "s2", "base", { error: "cg.1: cut short\nsecond line" });
    expect(await readStepProfile(dir, "s2", "base")).toEqual({ error: "cg.1: cut short" });
    writeFileSync(path.join(dir, "s2", "head.json"), '{"ops": -1}');
    expect(await readStepProfile(dir, "s2", "head")).toMatchObject({ error: expect.stringMatching(/head\.json/) });
    expect(await readStepProfile(dir, "nothing", "head")).toBeNull();
  });
});

describe("countInstructions: per-function costs differenced as the totals", () => {
  it("sums (2N - N) over the repeats and hands them over once per step and variant", async () => {
    const fn = (name: string, self: number): FunctionCost => ({ object: "p", file: "a.c", name, self: [self, 0, 0], lines: { [lineKey("a.c", 1)]: [self, 0, 0] }, callers: {}, callees: [0, 0, 0] });
    const profileOf = (ops: number) => ({ callGraph: false, total: [50_000_000 + 100 * ops, 0, 0] as Cost, functions: { [functionKey(fn("startup", 0))]: fn("startup", 50_000_000), [functionKey(fn("work", 0))]: fn("work", 100 * ops) } });
    const handed: [string, string, unknown][] = [];
    await countInstructions([{ id: "s" } as never], [{ id: "base" } as never], { opsPerClient: 10, repeats: 2 }, {
      start: async () => ({ tool: "callgrind", counted: "x", warmUp: false }),
      run: async (_step, _variant, perClient) => ({ ops: perClient, instructions: 50_000_000 + 100 * perClient, functions: profileOf(perClient) }),
      stop: async () => {},
      signal: new AbortController().signal,
      log: () => {},
      now: () => 0,
      profiled: async (step, variant, profile) => void handed.push([step.id, variant.id, profile]),
    });
    expect(handed).toHaveLength(1);
    const [, , profile] = handed[0]! as [string, string, StepProfile];
    expect(profile.ops).toBe(20);
    expect(profile.profile.total).toEqual([2000, 0, 0]);
    expect(Object.values(profile.profile.functions).map((f) => [f.name, f.self[0]])).toEqual([
      ["startup", 0],
      ["work", 2000],
    ]);
  });

  it("logs what keeping them took: the counters' reading, the differencing and the writing, per step and for the pass", async () => {
    const lines: string[] = [];
    // a clock that moves 0.5 s whenever the pass looks at it, so the differencing and the writing take time too
    let clock = 0;
    const fn: FunctionCost = { object: "p", file: "a.c", name: "work", self: [100, 0, 0], lines: {}, callers: {}, callees: [0, 0, 0] };
    const hooks = (profiled: boolean) => ({
      start: async () => ({ tool: "callgrind" as const, counted: "x", warmUp: false }),
      run: async (_step: unknown, _variant: unknown, perClient: number) => ({
        ops: perClient,
        instructions: 1000 * perClient,
        functions: { callGraph: false, total: [100, 0, 0] as Cost, functions: { [functionKey(fn)]: fn } },
        functionsSeconds: 0.25,
      }),
      stop: async () => {},
      signal: new AbortController().signal,
      log: (line: string) => void lines.push(line),
      now: () => (clock += 0.5),
      ...(profiled && { profiled: async () => {} }),
    });
    await countInstructions([{ id: "s" } as never], [{ id: "base" } as never], { opsPerClient: 10, repeats: 2 }, hooks(true));
    // 2 repeats x (2 runs x 0.25 s read + 0.5 s differencing) + 0.5 s writing
    expect(lines.find((line) => line.startsWith("instructions s base:"))).toMatch(/, 2\.5 s of it keeping where the cost went$/);
    expect(lines.at(-1)).toMatch(/^instructions: keeping where the cost went took 2\.5 s \(summed over the variants\) of a pass of \d+ s$/);
    lines.length = 0;
    await countInstructions([{ id: "s" } as never], [{ id: "base" } as never], { opsPerClient: 10, repeats: 2 }, hooks(false));
    expect(lines.join("\n")).not.toContain("where the cost went");
  });
});

describe("bisect names the function as well as the commit", () => {
  it("the first bad commit's report has where the cost went, linked at that commit on GitHub", () => {
    const results = syntheticResults({ steps: ["s1"], rounds: 4, seed: 5, effects: {} });
    const comparison = compareRun(results);
    const bad = "b".repeat(40);
    const probe = { commit: bad, against: "a".repeat(40), bad: true, regressed: ["s1"], seconds: 60, comparison, results, whereCost: [{ step: "s1", column: null, verdict: "regression" as const, comparison: compareFunctions(base, head, 0.003) }] };
    const report = { good: "a".repeat(40), bad, commits: [bad], steps: ["s1"], firstBad: bad, parent: "a".repeat(40), probes: [probe], verdict: probe };
    const text = bisectMarkdown(report, "https://github.com/example/postgres");
    expect(text).toContain("## 🔎 db-bench-gate bisect: the first bad commit is");
    expect(text).toContain(`| \`nodeToString\` (new) | [\`outfuncs.c:812\`](https://github.com/example/postgres/blob/${bad}/src/backend/nodes/outfuncs.c#L812)`);
    // another server: names, no links
    expect(bisectMarkdown(report, "https://ghe.example.com/example/postgres")).not.toContain("/blob/");
  });
});

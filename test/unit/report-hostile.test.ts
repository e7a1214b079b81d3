/**
 * Strings from a results file are hostile: a fork's run or a hand-written file can put markdown in its
 * profile name, CPU model, notes, step ids, runner, refs, error messages and logs. The comment is parsed
 * the way GitHub parses it (CommonMark + GFM, mdast-util-from-markdown) and must show every such string
 * as text: no extra heading, no HTML comment, no @-mention, no cell or code block broken out of.
 */
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import type { Nodes, Root } from "mdast";
import { describe, expect, it } from "vitest";
import { compareRun } from "../../src/compare/compare.js";
import type { Results } from "../../src/results/schema.js";
import { baselineStoredMarkdown } from "../../src/report/baseline.js";
import { renderMarkdown } from "../../src/report/markdown.js";
import { syntheticResults } from "../../scripts/lib/synthetic-results.js";

const HOSTILE = "x\n# fake heading <!-- hide the rest @team | cell `code` ``` end";
/** What the text must read once rendered: one line, and the zero-width joiner that unlinks the mention. */
const SHOWN = "x # fake heading <!-- hide the rest @\u200dteam | cell `code` ``` end";
const LOG = "line 1\n```\n</details>\n# fake\n<!-- hidden\n@team\n````\nlast line";

function hostileResults(seed: number): Results {
  const steps = [`step ${HOSTILE}`, "point-query.range100.pk1"];
  const results = syntheticResults({
    steps,
    rounds: 6,
    seed,
    effects: { head: { [steps[0]!]: 0.8 } },
    errors: [{ step: steps[1]!, variant: "head", round: 2, message: `server crashed ${HOSTILE}`, log_excerpt: LOG }],
  });
  return {
    ...results,
    run: { ...results.run, notes: [HOSTILE, `second note ${HOSTILE}`] },
    fingerprint: { ...results.fingerprint, cpu_model: `CPU ${HOSTILE}`, arch: `x86_64 ${HOSTILE}`, runner: { name: `runner ${HOSTILE}`, labels: [`label ${HOSTILE}`] } },
    engine: { name: `postgres ${HOSTILE}`, version: `15 ${HOSTILE}` },
    profile: { ...results.profile, name: `profile ${HOSTILE}` },
    variants: results.variants.map((v) => ({ ...v, ref: `ref ${HOSTILE}`, build_id: `build ${HOSTILE}` })),
  };
}

const parse = (markdown: string): Root => fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });

function* walk(node: Nodes): Generator<Nodes> {
  yield node;
  if ("children" in node) for (const child of node.children) yield* walk(child);
}

/** The text a reader sees in a node: text, inline code and code blocks, as GitHub shows them. */
function textOf(node: Nodes): string {
  if (node.type === "text" || node.type === "inlineCode" || node.type === "code") return node.value;
  return "children" in node ? node.children.map((child) => textOf(child as Nodes)).join("") : "";
}

/** What a hostile string could do, checked on the parsed comment. */
function expectNothingEffective(markdown: string, headings: number) {
  const tree = parse(markdown);
  const nodes = [...walk(tree)];
  // headings: only the report's own (a failing one ends with "How to proceed")
  const proceed = markdown.includes("\n### How to proceed\n") ? 1 : 0;
  expect(nodes.filter((n) => n.type === "heading")).toHaveLength(headings + proceed);
  // raw HTML: only the marker and the report's own <details>/<summary> tags, and none with a comment or a mention in it
  const html = nodes.flatMap((n) => (n.type === "html" ? [n.value] : []));
  expect(html.filter((h) => h.includes("<!--"))).toEqual(html.filter((h) => h.startsWith("<!-- db-bench-gate:")));
  expect(html.every((h) => !/@team/.test(h))).toBe(true);
  // mentions: GitHub links @name in text and HTML, never in code
  const texts = nodes.flatMap((n) => (n.type === "text" ? [n.value] : []));
  expect(texts.filter((t) => /@team/.test(t))).toEqual([]);
  // no link or image made of the string
  expect(nodes.filter((n) => n.type === "link" || n.type === "image")).toEqual([]);
  return { tree, nodes };
}

describe("hostile strings from a results file", () => {
  it("render as text in the comment: no fake heading, no hidden rest, no ping, no cell or fence broken out of", () => {
    const results = hostileResults(1);
    const markdown = renderMarkdown([compareRun(results)]);
    const { nodes } = expectNothingEffective(markdown, 1);
    // the headline is the verdict (the failed sample fails it or not, depending on the gate's rules); the
    // paragraph under it starts with the title (profile and architecture), as text
    const heading = nodes.find((n) => n.type === "heading")!;
    expect(textOf(heading)).toMatch(/^(✅|❌) /);
    const title = parse(markdown).children.find((n, i, all) => i > 0 && all[i - 1]?.type === "heading")!;
    expect(textOf(title).startsWith(`db-bench-gate · profile ${SHOWN} · x86_64 ${SHOWN} · `)).toBe(true);

    // tables: every row has the header's cells, and the hostile cells hold the whole string
    const tables = nodes.filter((n) => n.type === "table");
    expect(tables.length).toBeGreaterThanOrEqual(3);
    for (const table of tables) {
      const widths = table.children.map((row) => row.children.length);
      expect(new Set(widths).size, textOf(table)).toBe(1);
    }
    const cells = tables.flatMap((t) => t.children.flatMap((row) => row.children.map((cell) => textOf(cell))));
    // in code spans the mention needs no joiner: GitHub links none there
    expect(cells).toContain(`step ${SHOWN.replace("\u200d", "")}`);
    for (const field of ["CPU", "runner", "postgres"]) expect(cells.some((c) => c.includes(`${field} ${SHOWN}`)), field).toBe(true);
    expect(cells).toContain(`ref ${SHOWN.replace("\u200d", "")}`);

    // the log excerpt is one code block holding the log, whatever fences and tags it contains
    const codes = nodes.filter((n) => n.type === "code");
    expect(codes.map((c) => c.value)).toContain(LOG);

    // the rest of the comment is still there after every `<!--` of the strings
    expect(textOf(parse(markdown))).toContain("Notes:");
    const notes = nodes.filter((n) => n.type === "listItem").map((n) => textOf(n));
    expect(notes).toEqual(expect.arrayContaining([SHOWN, `second note ${SHOWN}`]));
  });

  it("stay text in a report of two runs with hostile labels", () => {
    const runs = [hostileResults(2), hostileResults(3)];
    const markdown = renderMarkdown(runs.map((r, i) => compareRun(r, { label: `runner ${i} ${HOSTILE}` })));
    const { nodes } = expectNothingEffective(markdown, 1);
    const header = nodes.find((n) => n.type === "table")!.children[0]!;
    expect(header.children.map((c) => textOf(c))).toEqual(["step", `runner 0 ${SHOWN} QPS ratio`, `runner 1 ${SHOWN} QPS ratio`, "verdict"]);
  });

  it("stay text in the baseline mode summary", () => {
    const results = hostileResults(4);
    const markdown = baselineStoredMarkdown(results, { commit: "0123456789abcdef0123", artifact: "db-bench-gate-x", storedAt: "/cache/baselines/x.json" });
    const { nodes } = expectNothingEffective(markdown, 1);
    expect(textOf(nodes.find((n) => n.type === "heading")!)).toBe(`db-bench-gate baseline · profile ${SHOWN} · x86_64 ${SHOWN}`);
    const table = nodes.find((n) => n.type === "table")!;
    expect(table.children.map((row) => row.children.length)).toEqual([4, 4, 4]);
    expect(textOf(table.children[1]!.children[0]!)).toBe(`step ${SHOWN.replace("\u200d", "")}`);
  });
});

/**
 * Characters with no visible form: bidi overrides and isolates make a name read in another order than
 * it is shown (Trojan Source), zero-width ones make two names look alike. None may reach the comment.
 */
const INVISIBLE = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u200e", "\u200f"];
const DISGUISED = `fast\u202egnp.exe${INVISIBLE.join("")} path`;

describe("invisible characters from a results file", () => {
  it("are stripped from step names, error messages, log excerpts, labels and the rest; only the mention joiner is the report's own", () => {
    const steps = [`step ${DISGUISED}`, "point-query.range100.pk1"];
    const results = syntheticResults({
      steps,
      rounds: 6,
      seed: 5,
      effects: { head: { [steps[0]!]: 0.8 } },
      errors: [{ step: steps[1]!, variant: "head", round: 2, message: `crashed ${DISGUISED}`, log_excerpt: `log ${DISGUISED}\n\u001b]0;title\u0007\u009b31m @team` }],
    });
    const hostile: Results = { ...results, run: { ...results.run, notes: [DISGUISED] }, fingerprint: { ...results.fingerprint, runner: { name: DISGUISED, labels: [DISGUISED] } } };
    const markdown = renderMarkdown([compareRun(hostile, { label: `label ${DISGUISED}` }), compareRun(hostile, { label: "other" })]);
    const found = INVISIBLE.filter((c) => markdown.replace(/@\u200d/g, "@").includes(c)).map((c) => `U+${c.codePointAt(0)!.toString(16)}`);
    expect(found).toEqual([]);
    // eslint-disable-next-line no-control-regex -- looking for control characters is the point
    expect(markdown).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(markdown).toContain("fastgnp.exe path");
  });
});


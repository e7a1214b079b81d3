/**
 * docs/demo-comment.md and README.md's excerpt of it, rendered from a real results file kept in
 * test/fixtures (DEMO_RESULTS) with the renderer the action uses, so the comment shown is the one the
 * current code writes. `npm run docs` writes them; .ci/run fails when the committed ones differ.
 */
import { compareRun } from "../../src/compare/compare.js";
import { readResults } from "../../src/results/io.js";
import { renderMarkdown } from "../../src/report/markdown.js";
import { DEFAULT_ACCEPT_LABEL } from "../../src/action/inputs.js";
import { aaSpreadsOf, functionsDirOf, whereCostItems } from "../../src/results/function-profiles.js";

/** A real pg-quick run (2026-12-02, 2-core x86_64), narrowed to its base and one slowed-down variant. */
export const DEMO_RESULTS = "test/fixtures/results/pg-quick-extra-work.json";

export const README_EXCERPT_START = "<!-- comment excerpt";
export const README_EXCERPT_END = "<!-- end of comment excerpt -->";

/** The demo's comment, as GitHub would receive it. */
export async function demoComment(root: URL): Promise<string> {
  const results = await readResults(new URL(DEMO_RESULTS, root).pathname);
  return renderMarkdown([compareRun(results)], { proceed: { kind: "action", acceptLabel: DEFAULT_ACCEPT_LABEL } });
}

const INTRO = `# A real comment, whole

What the action comments for a real pg-quick run, rendered by \`npm run docs\` from
[${DEMO_RESULTS}](../${DEMO_RESULTS}) with the current code, not edited. The run: PostgreSQL 15 on a
2-core x86_64 VM on 2026-12-02, counted under callgrind, with 2 interleaved rounds per step (a
verdict-quality session, so QPS is too noisy to judge at that length: *unstable*). Of its five
variants the file keeps \`base\` and \`extra-work-25\`, a build whose executor does extra work for
every plan, named as the session named it; the pull request's head in a real comment is called
\`head\`. No figure below was written by hand. README.md shows its headline and table; how to read
it: [reading-the-comment.md](reading-the-comment.md).

`;

/**
 * A counted run of the demo fork's own base and head (test/integration/where-cost.test.ts, builds
 * with -O2 -g), its per-function costs kept beside it, narrowed to base and head.
 */
export const WHERE_COST_RESULTS = "test/fixtures/results/where-cost-demo.json";

/** The comment of the run that kept its per-function costs: "where the cost went" in it. */
export async function whereCostComment(root: URL): Promise<string> {
  const file = new URL(WHERE_COST_RESULTS, root).pathname;
  const results = await readResults(file);
  const comparison = compareRun(results);
  // the demo fork is not on GitHub: no link would lead anywhere
  const whereCost = { items: await whereCostItems(functionsDirOf(file), comparison, aaSpreadsOf(results)), links: null };
  return renderMarkdown([comparison], { whereCost, proceed: { kind: "action", acceptLabel: DEFAULT_ACCEPT_LABEL } });
}

const WHERE_COST_INTRO = `

---

# A second real comment: where the cost went

The run above kept no per-function costs (it predates them). This one did: the demo fork's own
\`base\` and \`head\` (head serialises and hashes the plan of every executed query in
\`standard_ExecutorRun\`), built with \`-O2 -g\` (the shipped recipe's flags since 2026-12-05) so that files and lines are known, counted only
(\`--instructions-only\`, select-only, N = 300 transactions, 3 repeats) on 2026-12-04 by
test/integration/where-cost.test.ts on the same 2-core VM, rendered from
[${WHERE_COST_RESULTS}](../${WHERE_COST_RESULTS}) and the per-function costs beside it. The demo
fork is not on GitHub, so its lines are not linked; in a pull request's comment each \`file:line\` links
to the line at the head commit.

`;

export function demoCommentPage(comment: string, whereCost: string): string {
  return INTRO + comment + WHERE_COST_INTRO + whereCost;
}

/** The headline and the steps table: what a reader sees first. */
export function commentExcerpt(comment: string): string {
  const lines = comment.split("\n");
  const headline = lines.find((l) => l.startsWith("## ")) ?? "";
  const tableStart = lines.findIndex((l) => l.startsWith("| step "));
  const tableEnd = lines.findIndex((l, i) => i > tableStart && !l.startsWith("|"));
  const table = tableStart < 0 ? [] : lines.slice(tableStart, tableEnd < 0 ? undefined : tableEnd);
  return [headline.replace(/^## /, "**") + "**", "", ...table].map((l) => (l === "" ? ">" : `> ${l}`)).join("\n");
}

const README_EXCERPT_LINE = `${README_EXCERPT_START}: the headline and table of docs/demo-comment.md, written by \`npm run docs\` -->`;

/** README.md with the excerpt between its markers (the start marker's whole line included) replaced. */
export function readmeWithExcerpt(readme: string, comment: string): string {
  const start = readme.indexOf(README_EXCERPT_START);
  const end = readme.indexOf(README_EXCERPT_END);
  if (start < 0 || end < start) throw new Error(`README.md lacks the markers ${README_EXCERPT_START} ... ${README_EXCERPT_END}`);
  return `${readme.slice(0, start)}${README_EXCERPT_LINE}\n${commentExcerpt(comment)}\n${readme.slice(end)}`;
}

/**
 * One pull request measured on two architectures: the PostgreSQL demo fork's base and head on this
 * development VM (x86_64) and inside the emulated arm64 tree (scripts/arm64-tree.sh), the same cut
 * profile (test/fixtures/arm64/README.md).
 */
export const TWO_ARCHITECTURES_RESULTS = ["test/fixtures/arm64/x86_64-pg-arm64-emulated.json", "test/fixtures/arm64/aarch64-emulated-pg-arm64-emulated.json"] as const;

/** `--runner-cost` for the page: example hourly prices of an 8-vCPU x86_64 and arm64 runner, not quotes. */
const EXAMPLE_RUNNER_COST = { x86_64: 0.34, aarch64: 0.289 };

/** docs/two-architectures-comment.md: the merged comment of TWO_ARCHITECTURES_RESULTS, as `report A B --runner-cost` prints it. */
export async function twoArchitecturesPage(root: URL): Promise<string> {
  const comparisons = await Promise.all(TWO_ARCHITECTURES_RESULTS.map(async (file) => compareRun(await readResults(new URL(file, root).pathname))));
  const comment = renderMarkdown(comparisons, { runnerCost: EXAMPLE_RUNNER_COST, proceed: { kind: "action", acceptLabel: DEFAULT_ACCEPT_LABEL } });
  return `# One pull request on x86_64 and arm64

The comment for one pull request measured on two architectures, rendered by \`npm run docs\` with the
current code from two real results files, not edited: the PostgreSQL demo fork's \`base\` and \`head\`
with the cut profile [pg-arm64-emulated](../test/fixtures/arm64/pg-arm64-emulated.yaml), once on the
2-core x86_64 development VM ([${TWO_ARCHITECTURES_RESULTS[0]}](../${TWO_ARCHITECTURES_RESULTS[0]})) and
once built and run as arm64 programs under qemu-user in the tree of scripts/arm64-tree.sh
([${TWO_ARCHITECTURES_RESULTS[1]}](../${TWO_ARCHITECTURES_RESULTS[1]})); both runs are told in
[measurements.md](measurements.md#arm64-under-emulation). What the same command prints:
\`db-bench-gate report ${TWO_ARCHITECTURES_RESULTS.join(" ")} --runner-cost '{ x86_64: ${EXAMPLE_RUNNER_COST.x86_64}, aarch64: ${EXAMPLE_RUNNER_COST.aarch64} }'\`
(example hourly prices, not quotes). The emulated column's QPS is qemu's speed, so it is named
\`aarch64 emulated\` and left out of price/performance; its instruction counts are the arm64 build's own.

---

${comment}`;
}

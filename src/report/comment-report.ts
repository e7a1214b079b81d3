/** What every section of the PR comment reads: the comparisons, their rows and columns, the gate's decision and the caller's options. Pure. */
import type { Acceptance, Comparison, FailOn } from "../compare/types.js";
import type { GateDecision } from "../compare/gate.js";
import type { Column, Row } from "./columns.js";
import { escapeHtml } from "./escape.js";
import type { RunnerCost } from "../config/runner-cost.js";
import type { SweepChartsWhere } from "./sweep.js";
import type { ProceedWhere } from "./how-to-proceed.js";
import type { SourceLinks, WhereCostItem } from "./why-functions.js";

export interface MarkdownOptions {
  /** characters; default GitHub's comment limit */
  maxLength?: number;
  /** heading text; default "db-bench-gate · PROFILE" */
  title?: string;
  /** the verdicts that fail the check (the headline says which did); default regression, error */
  failOn?: readonly FailOn[];
  /** the workflow run and its results artifact, linked under the headline */
  links?: { run?: string; artifact?: string };
  /** the branch's stored baseline compared (unpaired) with this run: a column of the main table, informational */
  storedBaseline?: StoredBaselineColumn | null;
  /** the regressions were accepted (the accept label): the check passes, the headline says by whom */
  acceptance?: Acceptance | null;
  /** people or teams mentioned under the headline when the check fails on a regression, each as `@name` (parseCc) */
  cc?: readonly string[];
  /** the workflow run that uploaded these results as an artifact: named in a hidden line for a later rerun */
  resultsRun?: number | null;
  /** runner prices per hour: a price/performance section (price-performance.ts) */
  runnerCost?: RunnerCost;
  /** the sweep charts written (sweep-chart.ts) and where they are: named under the sweep table */
  charts?: SweepChartsWhere;
  /** where the cost of the steps whose CPU verdict moved went, by function (why-functions.ts), and where its links go */
  whereCost?: { items: WhereCostItem[]; links: SourceLinks | null };
  /** what "How to proceed" offers when the check fails on regressions: the action's accept label, or (default) the CLI's flags; null: no such block */
  proceed?: ProceedWhere | null;
}

/** The stored baseline of the PR's base branch, compared unpaired with the head of this run. */
export interface StoredBaselineColumn {
  comparison: Comparison;
  branch: string;
  /** markdown: which stored baseline (an artifact's run, or the history's copy once it expired) and how old */
  from: string;
}

export interface Report {
  comparisons: Comparison[];
  labels: string[];
  columns: Column[];
  /** worst verdict first */
  rows: Row[];
  title: string;
  maxLength: number;
  failOn: readonly FailOn[];
  gate: GateDecision;
  options: MarkdownOptions;
}

export function details(summary: string, body: string): string {
  return `<details><summary>${escapeHtml(summary)}</summary>\n\n${body}\n\n</details>`;
}

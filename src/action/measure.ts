/** Measuring in the action: the shared measure-and-write, then the results artifact and the build cache's cap. */
import os from "node:os";
import path from "node:path";
import { capBuildCache, touchPrNamespace } from "../build/cache-cap.js";
import { readJudgingFile, type JudgingCommit } from "../config/judging-files.js";
import type { Plan } from "../config/plan.js";
import { compareRun } from "../compare/compare.js";
import { measureAndWrite } from "../run/measure-and-write.js";
import { writeSweepCharts } from "../publish/charts.js";
import type { SweepChartsWhere } from "../report/sweep.js";
import { resultsArtifactName, uploadResultsArtifact } from "../publish/artifacts.js";
import { parseNoiseFloor } from "../results/io.js";
import { keepFunctionComparisons } from "../results/function-profiles.js";
import type { NoiseFloor, Results } from "../results/schema.js";
import { actionLog, runUrl, type ModeContext } from "./context.js";

/** The noise-floor input: as committed at the trusted commit when in the repository, else the runner's file. */
async function noiseFloorAt(file: string, at: JudgingCommit): Promise<NoiseFloor[]> {
  const { text, source } = await readJudgingFile(file, at, "noise floor");
  return parseNoiseFloor(text, source);
}

/** The results artifact's name: of results measured, or of a plan this machine is about to measure (whose fingerprint's arch is os.machine()). */
export function artifactNameOf(ctx: ModeContext, of: Results | Plan): string {
  return "fingerprint" in of
    ? resultsArtifactName(ctx.inputs.artifactName, of.profile.name, of.fingerprint.arch, of.run.shard)
    : resultsArtifactName(ctx.inputs.artifactName, of.run.profile.name, os.machine(), of.run.shard);
}

/** Whether `results` measured exactly these base and head commits. */
export function measuredCommits(results: Results, commits: { base: string; head: string }): boolean {
  const measured = Object.fromEntries(results.variants.map((v) => [v.id, v.commit]));
  return measured.base === commits.base && measured.head === commits.head;
}

export interface Measured {
  results: Results;
  /** the uploaded results artifact's page; null when there is no artifact service */
  artifactUrl: string | null;
  /** the sweep charts beside the results, and where they went; null without a swept step */
  charts: SweepChartsWhere | null;
}

/** Measures the plan; the results are written (and uploaded) before anything may fail on them. */
export async function measureInAction(ctx: ModeContext, plan: Plan, at: JudgingCommit, amend?: (measured: Results) => Results): Promise<Measured> {
  // A bad noise floor must fail now, not after minutes of measuring (bad thresholds failed in makePlan).
  const noiseFloor = ctx.inputs.noiseFloor ? await noiseFloorAt(path.resolve(ctx.inputs.noiseFloor), at) : null;
  const resultsFile = path.resolve(ctx.inputs.resultsPath);
  if (plan.run.prNamespace) await touchPrNamespace(ctx.cacheDir, plan.run.prNamespace);
  const results = await measureAndWrite(plan, { registry: ctx.registry, log: actionLog(ctx.core), noiseFloor, resultsFile, amend });
  const chartFiles = await drawSweepCharts(plan, results, resultsFile).catch((e: Error) => {
    // the charts must not cost the results their upload
    ctx.core.warning(`sweep charts: ${e.message}`);
    return [];
  });
  // where each step's cost went, by function: beside the results in the artifact (`db-bench-gate functions` reads them)
  const functionFiles = await keepFunctionComparisons(resultsFile, results).catch((e: Error) => {
    ctx.core.warning(`per-function costs: ${e.message}`);
    return [];
  });
  const artifactId = await uploadResults(ctx, results, resultsFile, [...chartFiles, ...functionFiles]);
  await capBuilds(ctx, plan, results).catch((e: Error) => ctx.core.warning(`cache-dir cleanup: ${e.message}`));
  const run = runUrl(ctx.env);
  const artifactUrl = artifactId !== null && run ? `${run}/artifacts/${artifactId}` : null;
  const files = chartFiles.map((file) => path.basename(file));
  const charts = files.length === 0 ? null : { files, in: artifactId !== null ? { artifact: artifactNameOf(ctx, results), url: artifactUrl } : { dir: path.dirname(resultsFile) } };
  return { results, artifactUrl, charts };
}

/**
 * The swept steps' charts beside the results file, drawn from the run's own comparison (its noise floor)
 * before the upload, since they go in the results artifact. A run of one variant (baseline mode) has
 * nothing to compare.
 */
async function drawSweepCharts(plan: Plan, results: Results, resultsFile: string): Promise<string[]> {
  if (results.variants.length < 2 || !results.steps.some((s) => s.sweep)) return [];
  return writeSweepCharts(path.dirname(resultsFile), resultsFile, [compareRun(results, plan.compare)]);
}

/** The build cache under cache-size-cap, this run's builds kept. */
async function capBuilds(ctx: ModeContext, plan: Plan, results: Results): Promise<void> {
  for (const { part, evict, overCap } of await capBuildCache(ctx.cacheDir, ctx.inputs.cacheSizeCapGiB, new Set(results.variants.map((v) => v.build_id)), plan.run.prNamespace)) {
    if (evict.length > 0) ctx.core.info(`cache-dir: removed ${evict.length} least recently used of the ${part} (${evict.map((e) => e.name).join(", ")})`);
    if (overCap) ctx.core.warning(`cache-dir: what this run uses of the ${part} alone exceeds cache-size-cap (${ctx.inputs.cacheSizeCapGiB} GiB)`);
  }
}

/** The artifact's id; null when there is no artifact service to upload to. `beside`: the sweep charts and the per-function costs. */
async function uploadResults(ctx: ModeContext, results: Results, file: string, beside: readonly string[]): Promise<number | null> {
  if (!ctx.env.ACTIONS_RUNTIME_TOKEN || !ctx.env.ACTIONS_RESULTS_URL) {
    ctx.core.info("no artifact service in this environment: results not uploaded");
    return null;
  }
  const uploaded = await uploadResultsArtifact(artifactNameOf(ctx, results), file, { beside });
  ctx.core.info(`uploaded the results${beside.length > 0 ? ` and ${beside.length} file${beside.length === 1 ? "" : "s"} beside them (sweep charts, per-function costs)` : ""} as artifact ${artifactNameOf(ctx, results)} (${uploaded.size} bytes)`);
  return uploaded.id;
}

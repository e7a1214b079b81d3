/** The sweep charts as SVG files beside the results file, for the artifact (the action) or the reader (the CLI). */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Comparison } from "../compare/types.js";
import { sweepChartFileName, sweepCharts } from "../report/sweep-chart.js";

/** Writes a chart per swept step into `dir`, named after the results file (`<stem>.<step>.svg`); the paths written, none without a swept step. */
export async function writeSweepCharts(dir: string, resultsFile: string, comparisons: readonly Comparison[]): Promise<string[]> {
  const charts = sweepCharts(comparisons);
  if (charts.length === 0) return [];
  await mkdir(dir, { recursive: true });
  const stem = path.basename(resultsFile, path.extname(resultsFile));
  const files: string[] = [];
  for (const chart of charts) {
    const file = path.join(dir, sweepChartFileName(stem, chart));
    await writeFile(file, chart.svg);
    files.push(file);
  }
  return files;
}

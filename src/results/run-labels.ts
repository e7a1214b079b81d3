import type { Results } from "./schema.js";

/** Column labels for several runs: the architecture, made unique with the runner name or a counter. */
export function runLabels(runs: Results[]): (string | null)[] {
  if (runs.length === 1) return [null];
  const labels = runs.map((r) => r.fingerprint.arch);
  return labels.map((label, i) => {
    if (labels.filter((l) => l === label).length === 1) return label;
    const runner = runs[i]?.fingerprint.runner.name;
    return runner ? `${label} ${runner}` : `${label} #${labels.slice(0, i + 1).filter((l) => l === label).length}`;
  });
}

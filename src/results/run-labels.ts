import type { Results } from "./schema.js";
import { emulatedOn } from "../measure/fingerprint.js";

/** Column labels for several runs: the architecture ("aarch64 emulated" for an emulated run), made unique with the runner name or a counter. */
export function runLabels(runs: readonly Results[]): (string | null)[] {
  if (runs.length === 1) return [null];
  // an emulated run's column says so: its QPS is the emulator's, not that architecture's
  const labels = runs.map((r) => (emulatedOn(r.fingerprint) ? `${r.fingerprint.arch} emulated` : r.fingerprint.arch));
  return labels.map((label, i) => {
    if (labels.filter((l) => l === label).length === 1) return label;
    const runner = runs[i]?.fingerprint.runner.name;
    return runner ? `${label} ${runner}` : `${label} #${labels.slice(0, i + 1).filter((l) => l === label).length}`;
  });
}

/** Where a run held its processes, in words. */
export function cpuPlacementText(placement: Results["run"]["cpu_placement"] | null): string {
  if (!placement) return "not pinned";
  return "process" in placement ? `engine process on CPU ${placement.process} (embedded)` : `server on CPU ${placement.server}, client on CPU ${placement.client}`;
}

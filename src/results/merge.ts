/**
 * A rerun's results: the earlier run's document with the re-measured steps' samples and instruction
 * counts replaced by the new ones. Only runs of the same commits on the same machine merge. Pure.
 */
import { fingerprintMismatches } from "../measure/fingerprint.js";
import type { Results } from "./schema.js";

/** Why the two runs cannot be merged; empty when they can. */
export function mergeObstacles(earlier: Results, fresh: Results): string[] {
  const commits = (r: Results) => r.variants.map((v) => `${v.id}=${v.commit}`).sort().join(" ");
  return [
    ...(commits(earlier) === commits(fresh) ? [] : [`the earlier run measured ${commits(earlier)}, this one ${commits(fresh)}`]),
    ...(earlier.profile.hash === fresh.profile.hash ? [] : ["the profile changed"]),
    ...fingerprintMismatches(earlier.fingerprint, fresh.fingerprint),
  ];
}

/** `earlier` with every step of `fresh` (a subset of its steps) measured again; the note says which and where. */
export function replaceSteps(earlier: Results, fresh: Results): Results {
  const remeasured = new Set(fresh.steps.map((s) => s.id));
  const kept = <T extends { step: string }>(entries: readonly T[] | undefined) => (entries ?? []).filter((e) => !remeasured.has(e.step));
  const instructions = earlier.instructions || fresh.instructions ? { instructions: [...kept(earlier.instructions), ...(fresh.instructions ?? [])] } : {};
  return {
    ...earlier,
    run: {
      ...earlier.run,
      finished_at: fresh.run.finished_at,
      budget_exhausted: earlier.run.budget_exhausted || fresh.run.budget_exhausted,
      notes: [...earlier.run.notes, `re-measured in run ${fresh.run.id}: ${[...remeasured].join(", ")}`, ...fresh.run.notes],
    },
    steps: earlier.steps.map((s) => fresh.steps.find((f) => f.id === s.id) ?? s),
    samples: [...kept(earlier.samples), ...fresh.samples],
    ...instructions,
  };
}

/** The run plan of the integration tests that call runBenchmark on a real server engine: trusted; callers add what differs. */
import type { BuildRecipe } from "../../src/build/recipe.js";
import type { RunPlan } from "../../src/config/plan.js";
import type { Profile } from "../../src/config/profile.js";
import { DEFAULT_TIMEOUTS } from "../../src/config/timeouts.js";
import { postgresEngine } from "../../src/engine/postgres.js";
import type { ServerEngine } from "../../src/engine/types.js";

/** `refs`: the ref each variant builds, by variant id, "base" among them. */
export function serverPlan(engine: ServerEngine, repo: string, refs: Record<string, string>, recipe: BuildRecipe, profile: Profile, cacheDir: string, workDir: string): RunPlan {
  return {
    repo,
    variants: Object.entries(refs).map(([id, ref]) => ({ id, ref, recipe })),
    baseVariant: "base",
    profile,
    engine,
    engineSettings: profile.server_settings,
    timeBudgetS: null,
    cacheDir,
    workDir,
    trust: "trusted",
    timeouts: DEFAULT_TIMEOUTS,
    runner: { name: null, labels: [] },
  };
}

/** serverPlan on PostgreSQL. */
export const postgresPlan = (repo: string, refs: Record<string, string>, recipe: BuildRecipe, profile: Profile, cacheDir: string, workDir: string): RunPlan =>
  serverPlan(postgresEngine, repo, refs, recipe, profile, cacheDir, workDir);

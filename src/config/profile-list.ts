/**
 * The built-in profiles, listed from the files in profiles/: the one source of `run --help`, the config
 * file's schema, `db-bench-gate profiles`, README.md's table and action.yml's input description.
 */
import { readdirSync } from "node:fs";
import { builtinDir, loadProfile, type Profile } from "./profile.js";

/** The names of profiles/*.yaml, sorted. */
export function builtinProfileNames(): string[] {
  return readdirSync(builtinDir("profiles"))
    .filter((file) => file.endsWith(".yaml"))
    .map((file) => file.slice(0, -".yaml".length))
    .sort();
}

export interface ProfileSummary {
  name: string;
  engine: string;
  /** steps after client-count sweeps are expanded */
  steps: number;
  /** steps the instruction channel counts (0 when the profile counts none) */
  counted: number;
  /** the profile's measured `expected_minutes`; null: not measured */
  expectedMinutes: number | null;
}

export function profileSummary(profile: Profile): ProfileSummary {
  return {
    name: profile.name,
    engine: profile.engine,
    steps: profile.steps.length,
    counted: profile.instructions ? profile.steps.filter((step) => step.uncounted === undefined).length : 0,
    expectedMinutes: profile.expected_minutes ?? null,
  };
}

export async function builtinProfileSummaries(): Promise<ProfileSummary[]> {
  return Promise.all(builtinProfileNames().map(async (name) => profileSummary(await loadProfile(name))));
}

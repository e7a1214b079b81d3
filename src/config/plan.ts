/**
 * From command-line flags (or action inputs) and the fork's config file to one typed RunPlan:
 * which commits with which flags, which profile, which thresholds. Later sources win: built-in
 * defaults < profile < config file < flags.
 */
import os from "node:os";
import path from "node:path";
import { PR_NAMESPACE_PATTERN } from "../build/build.js";
import { loadBuiltinRecipe, mergeRecipe, parseBuildSettings, withSettings, type BuildRecipe, type BuildSettings } from "../build/recipe.js";
import type { CompareOptions, ThresholdOverride, Thresholds } from "../compare/types.js";
import { thresholdResolver } from "../compare/thresholds.js";
import { engineByName } from "../engine/index.js";
import type { Engine, SettingValue } from "../engine/types.js";
import { InputError } from "../common/errors.js";
import type { ConfigFile } from "./config-file.js";
import { allowedCpus } from "../measure/cpu-affinity.js";
import { alphasOf, embeddedSettingsMessage, loadProfile, scheduleDeafness, type Profile } from "./profile.js";
import { deafLookMessage } from "../schedule/sequential.js";
import type { JudgingCommit } from "./judging-files.js";
import { resolveTimeouts, type Timeouts, type TimeoutsInput } from "./timeouts.js";
import { shardSteps, type Shard } from "../schedule/shard.js";
import type { TrustLevel } from "../trust/unprivileged.js";

export interface VariantSpec {
  id: string;
  /** commit-ish in the fork */
  ref: string;
  /** the recipe with this variant's flags applied */
  recipe: BuildRecipe;
}

export interface RunPlan {
  repo: string;
  variants: VariantSpec[];
  baseVariant: string;
  profile: Profile;
  engine: Engine;
  /** the profile's engine settings, then the config file's */
  engineSettings: Record<string, SettingValue>;
  cacheDir: string;
  /** where the run's temp dirs go (source trees, instances' data, the clients' run dir); default os.tmpdir() */
  workDir?: string;
  /** whose user builds and runs the fork's code, and which cache namespace its builds go to */
  trust: TrustLevel;
  /** with trust "pr": the run's own builds and ccache (build.ts cacheNamespace), apart from every other PR's */
  prNamespace?: string;
  timeouts: Timeouts;
  /** overrides the profile's schedule where set */
  rounds?: number;
  /** seconds of measuring for all the plan's steps, resolved (flags < config file < profile, cut to a shard's share); null: none */
  timeBudgetS: number | null;
  runner: { name: string | null; labels: string[] };
  /** what the run is judged by (config/plan.ts resolveJudging): stored with the results, and adaptive rounds stop on it (default DEFAULT_THRESHOLDS) */
  judging?: { thresholds: Thresholds; overrides: ThresholdOverride[] };
  /**
   * QPS tests that can fail the run together: the whole profile's steps (every shard's) times the
   * compared variants. Adaptive rounds stop at alpha shared over them, as compare judges them
   * (default: the plan's steps times the compared variants)
   */
  qpsTests?: number;
  /** false: skip the counting pass even when the profile asks for it */
  countInstructions?: boolean;
  /** where the counting pass writes every step's per-function costs (results/function-profiles.ts); none where absent */
  functionsDir?: string;
  /** false: skip the QPS rounds; the run is the counting pass alone (the profile counts, checked here) */
  measureQps?: boolean;
  /** this runner's share of the profile (the profile here has only its steps), recorded with the results */
  shard?: Shard;
}

/**
 * One `--variant NAME=REF[:SETTINGS]` (git refs cannot contain ':', so the first ':' ends the ref);
 * SETTINGS are CFLAGS alone or `CC=clang CFLAGS=-O2 LDFLAGS=-flto` (recipe.ts parseBuildSettings).
 */
export interface VariantFlag {
  id: string;
  ref: string;
  /** over the recipe's (and --cflags); empty: none */
  settings: BuildSettings;
}

export function parseVariantFlag(text: string): VariantFlag {
  const match = /^([A-Za-z0-9][A-Za-z0-9._-]*)=([^:]+)(?::(.*))?$/.exec(text);
  if (!match) throw new InputError(`expected NAME=REF[:CFLAGS] or NAME=REF:CC=... CFLAGS=... LDFLAGS=... (e.g. native=main:-O2 -march=native), got "${text}"`, undefined, "--variant");
  return { id: match[1]!, ref: match[2]!, settings: match[3] === undefined ? {} : parseBuildSettings(match[3], "--variant") };
}

export interface RunFlags {
  repo: string;
  base?: string;
  head?: string;
  variants: VariantFlag[];
  baseVariant?: string;
  profile?: string;
  cflags?: string;
  cacheDir?: string;
  rounds?: number;
  timeBudgetS?: number;
  /** false: skip the profile's instruction counting */
  countInstructions?: boolean;
  /** false: no QPS rounds, only the counting pass (--instructions-only) */
  measureQps?: boolean;
  runner?: { name: string | null; labels: string[] };
  /** the trusted commit a profile path inside the repository is read at (the action's); absent: from disk */
  judgedAt?: JudgingCommit;
  /** default "pr": only the default branch's own runs build into the trusted namespace */
  trust?: TrustLevel;
  /** with trust "pr": the pull request's own cache namespace (one path component) */
  prNamespace?: string;
  /** over the config file's */
  timeouts?: TimeoutsInput;
  /** where the run's temp dirs go (the action's job root); default os.tmpdir() */
  workDir?: string;
  /** measure only this runner's share of the profile's steps (schedule/shard.ts) */
  shard?: Shard;
}

/** Root's home is not reachable by the unprivileged user that runs the server: use /var/cache then. */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.DBG_CACHE_DIR) return env.DBG_CACHE_DIR;
  if (process.getuid?.() === 0) return "/var/cache/db-bench-gate";
  return path.join(env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"), "db-bench-gate");
}

function withCflags(recipe: BuildRecipe, cflags: string | undefined): BuildRecipe {
  return cflags === undefined ? recipe : withSettings(recipe, { cflags, cxxflags: cflags });
}

export function variantSpecs(flags: RunFlags, recipe: BuildRecipe): VariantSpec[] {
  if (flags.variants.length > 0) {
    if (flags.base || flags.head) throw new InputError("give either --base/--head or --variant, not both", undefined, "--variant");
    const ids = new Set<string>();
    for (const v of flags.variants) {
      if (ids.has(v.id)) throw new InputError(`two variants are named "${v.id}"`, undefined, "--variant");
      ids.add(v.id);
    }
    return flags.variants.map((v) => ({ id: v.id, ref: v.ref, recipe: withSettings(withCflags(recipe, flags.cflags), v.settings) }));
  }
  if (!flags.base) throw new InputError("missing the base commit", undefined, "--base");
  if (!flags.head) throw new InputError("missing the head commit", undefined, "--head");
  const r = withCflags(recipe, flags.cflags);
  return [
    { id: "base", ref: flags.base, recipe: r },
    { id: "head", ref: flags.head, recipe: r },
  ];
}

export interface Plan {
  run: RunPlan;
  compare: Pick<CompareOptions, "baseVariant">;
}

/** What a run is judged by, resolved once and stored with its results (Results.thresholds). */
export interface Judging {
  thresholds: Thresholds;
  overrides: ThresholdOverride[];
}

/** Defaults < profile < config file < flags (or action inputs); every value validated, overrides too. */
export function resolveJudging(profile: Pick<Profile, "thresholds" | "overrides">, config: ConfigFile, flags: Partial<Thresholds>): Judging {
  const overrides: ThresholdOverride[] = [...(profile.overrides ?? []), ...(config.overrides ?? [])];
  const resolver = thresholdResolver({ ...profile.thresholds, ...config.thresholds, ...flags }, overrides);
  return { thresholds: resolver.run, overrides };
}

/**
 * The profile with only the shard's steps, and the time budget cut to their share: each step gets the
 * budget it would get in one run of the whole profile.
 */
export function shardPlan(profile: Profile, timeBudgetS: number | null, shard: Shard): { profile: Profile; timeBudgetS: number | null } {
  const steps = shardSteps(profile.steps, shard);
  if ("error" in steps) throw new InputError(steps.error, profile.source, "shard");
  return { profile: { ...profile, steps }, timeBudgetS: timeBudgetS === null ? null : (timeBudgetS * steps.length) / profile.steps.length };
}

/** The profile of a run whose flags and config file name none. */
export const DEFAULT_PROFILE = "pg-quick";

export async function makePlan(flags: RunFlags, config: ConfigFile, thresholdFlags: Partial<Thresholds>): Promise<Plan> {
  // auto sweeps go up to twice the CPUs this job may use (the runner's cores: a cpuset may hold fewer)
  const whole = await loadProfile(flags.profile ?? config.profile ?? DEFAULT_PROFILE, flags.judgedAt ?? null, (await allowedCpus()).length);
  const engine = engineByName(whole.engine);
  // the profile's own settings were checked when it was parsed
  if (engine.kind === "embedded" && Object.keys(config.server_settings ?? {}).length > 0) {
    throw new InputError(embeddedSettingsMessage(engine.name), config.source ?? "config file", "$.server_settings");
  }
  const recipe = mergeRecipe(await loadBuiltinRecipe(engine.recipe), config.recipe ?? {});
  const variants = variantSpecs(flags, recipe);
  const baseVariant = flags.baseVariant ?? variants[0]!.id;
  if (!variants.some((v) => v.id === baseVariant)) throw new InputError(`"${baseVariant}" is not one of the variants`, undefined, "--base-variant");
  if (flags.prNamespace !== undefined && !PR_NAMESPACE_PATTERN.test(flags.prNamespace)) {
    throw new InputError(`"${flags.prNamespace}" is not a namespace name: letters, digits, ".", "_" and "-", starting with a letter or digit, at most 128`, undefined, "--cache-namespace");
  }
  const judging = resolveJudging(whole, config, thresholdFlags);
  const rounds = flags.rounds ?? config.rounds;
  const budgetInForce = flags.timeBudgetS ?? config.time_budget_s ?? whole.schedule.time_budget_s;
  const { profile, timeBudgetS } = flags.shard ? shardPlan(whole, budgetInForce, flags.shard) : { profile: whole, timeBudgetS: budgetInForce };
  if (flags.measureQps === false) {
    if (flags.countInstructions === false) throw new InputError("--instructions-only and --no-instructions leave nothing to measure", undefined, "--instructions-only");
    if (!profile.instructions) throw new InputError(`profile ${profile.name} does not count instructions: --instructions-only would measure nothing`, profile.source, "instructions");
  }
  const qpsTests = whole.steps.length * Math.max(1, variants.length - 1);
  // The profile was checked with its own budget, rounds and alpha over its steps; these may differ (and do not matter without QPS rounds).
  if (timeBudgetS !== null && flags.measureQps !== false) {
    const deafness = scheduleDeafness(profile.schedule, rounds ?? profile.schedule.rounds, alphasOf(judging.thresholds, judging.overrides), qpsTests);
    if (deafness) throw new InputError(deafLookMessage(deafness.deaf, deafness.alpha), profile.source, "schedule.min_rounds");
  }
  return {
    run: {
      repo: path.resolve(flags.repo),
      variants,
      baseVariant,
      profile,
      engine,
      engineSettings: { ...profile.server_settings, ...config.server_settings },
      cacheDir: path.resolve(flags.cacheDir ?? defaultCacheDir()),
      rounds,
      timeBudgetS,
      trust: flags.trust ?? "pr",
      ...(flags.trust !== "trusted" && flags.prNamespace !== undefined && { prNamespace: flags.prNamespace }),
      timeouts: resolveTimeouts(config.timeouts, flags.timeouts),
      runner: flags.runner ?? { name: null, labels: [] },
      ...(flags.workDir && { workDir: flags.workDir }),
      ...(flags.countInstructions === false && { countInstructions: false }),
      ...(flags.measureQps === false && { measureQps: false }),
      ...(flags.shard && { shard: flags.shard }),
      judging,
      qpsTests,
    },
    compare: { baseVariant },
  };
}

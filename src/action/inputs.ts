/**
 * The action's inputs (action.yml), read from INPUT_* variables the way @actions/core does and validated
 * into one typed record. A bad input is an InputError naming it: `input fail-below: expected a number, got "abc"`.
 *
 * Settings the fork's config file can also set (profile, thresholds, time budget, cflags) are null or
 * absent when the input is empty, so that the config file decides; the others get action.yml's default.
 */
import { z } from "zod";
import { DEFAULT_FAIL_ON, parseFailOn } from "../compare/gate.js";
import { FAIL_ON, type FailOn, type Thresholds } from "../compare/types.js";
import { ThresholdsInputSchema } from "../config/thresholds.js";
import { parseTimeouts, type TimeoutsInput } from "../config/timeouts.js";
import { parseRunnerCost, type RunnerCost } from "../config/runner-cost.js";
import { parseShard, type Shard } from "../schedule/shard.js";
import { VariantSchema } from "../results/schema.js";
import { parseBuildSettings, type BuildSettings } from "../build/recipe.js";
import { InputError } from "../common/errors.js";
import { COMPARE_WITH, type CompareWith } from "./compare-point.js";
import { TWO_WORKFLOW_DOC } from "./fork-policy.js";

export const MODES = ["pr", "baseline", "report", "flags", "bisect"] as const;
export type Mode = (typeof MODES)[number];

/** Every input of action.yml, in its order (a unit test keeps the two in sync). */
export const INPUT_NAMES = [
  "mode", "profile", "config", "repo-path", "base-ref", "head-ref", "compare-with", "cflags", "flag-sets",
  "fail-below", "warn-below", "improve-above", "alpha",
  "instructions-fail-above", "instructions-warn-above", "instructions-improve-below", "noise-floor", "fail-on", "fail-on-regression", "time-budget",
  "count-instructions", "shard", "runner-cost",
  "timeouts", "cache-dir", "cache-size-cap", "allow-fork-prs", "trusted-label", "comment", "cc", "accept-label",
  "skip-label", "skip", "results-path", "artifact-name", "history", "history-branch", "alert-cc", "bisect-on-alert", "bisect-steps", "baseline-workflow", "token",
] as const;
export type InputName = (typeof INPUT_NAMES)[number];

/** When the sticky PR comment is written; an existing comment is always kept current. */
export const COMMENT_POLICIES = ["always", "on-change", "on-regression", "never"] as const;
export type CommentPolicy = (typeof COMMENT_POLICIES)[number];

/** At most this many people or teams in cc: a comment that pings a crowd is not what the input is for. */
export const MAX_CC = 10;

/** The accept label when the input does not name one (action.yml's default). */
export const DEFAULT_ACCEPT_LABEL = "accept-regression";
/** The skip label when the input does not name one (action.yml's default). */
export const DEFAULT_SKIP_LABEL = "skip-benchmark";
/** A GitHub login, or an org/team slug, with or without the @. */
const MENTION = /^@?[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\/[A-Za-z0-9_.-]{1,100})?$/;

export interface FlagSet {
  /** variant id: a column header of the flags report */
  name: string;
  /** CFLAGS alone, or CC, CXX, CFLAGS, CXXFLAGS and LDFLAGS (recipe.ts parseBuildSettings) */
  settings: BuildSettings;
}

export interface ActionInputs {
  mode: Mode;
  /** "event": the mode input was empty and the event implied it */
  modeSource: "input" | "event";
  /** GITHUB_EVENT_NAME */
  eventName: string;
  profile: string | null;
  config: string;
  repoPath: string;
  baseRef: string | null;
  headRef: string | null;
  /** what a PR's head is compared with when base-ref is not given (src/action/compare-point.ts) */
  compareWith: CompareWith;
  cflags: string | null;
  /** flags mode: at least two, compared relative to the first */
  flagSets: FlagSet[];
  /** only the thresholds given as inputs */
  thresholds: Partial<Thresholds>;
  /** a noise-floor.json of this runner (npm run bench:verdict), kept with the results */
  noiseFloor: string | null;
  /** the verdicts that fail the check (fail-on, with the deprecated fail-on-regression applied) */
  failOn: FailOn[];
  /** deprecated inputs that were set, one line each for the log */
  deprecations: string[];
  timeBudgetS: number | null;
  /** false: skip the profile's instruction counting (the deterministic channel) */
  countInstructions: boolean;
  /** this runner's share of the profile's steps; null: all of them */
  shard: Shard | null;
  /** price per hour by architecture, runner name or label: operations per unit of money in the reports */
  runnerCost: RunnerCost | null;
  /** seconds per external step; over the config file's */
  timeouts: TimeoutsInput;
  cacheDir: string | null;
  cacheSizeCapGiB: number;
  allowForkPrs: boolean;
  trustedLabel: string | null;
  comment: CommentPolicy;
  /** people or teams mentioned in the comment when the check fails on a regression, as @name */
  cc: string[];
  /** the label with which someone with triage rights accepts the PR's regressions (set after the last push) */
  acceptLabel: string;
  /** the label with which someone with triage rights skips measuring a PR */
  skipLabel: string;
  /** true: measure nothing, pass neutral */
  skip: boolean;
  resultsPath: string;
  artifactName: string;
  /** where baseline mode keeps the branch's history */
  history: HistoryStoreKind;
  historyBranch: string;
  /** people or teams the alert issue mentions, as @name */
  alertCc: string[];
  /** baseline mode: a new alert is bisected on this runner (timeouts.alert_bisect_s) and the result commented on it */
  bisectOnAlert: boolean;
  /** bisect mode: glob of step ids */
  bisectSteps: string;
  /** the workflow file whose push runs store baselines; null: this run's workflow */
  baselineWorkflow: string | null;
  /** never logged, never passed to a subprocess */
  token: string | null;
}

export const HISTORY_STORES = ["branch", "cache-dir", "off"] as const;
export type HistoryStoreKind = (typeof HISTORY_STORES)[number];

/** The variable the runner sets for an input (the rule of @actions/core's getInput). */
export function inputVariable(name: string): string {
  return `INPUT_${name.replace(/ /g, "_").toUpperCase()}`;
}

const quoted = (input: unknown): string => JSON.stringify(input);

const decimal = z
  .string()
  .regex(/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/, { error: (issue) => `expected a number, got ${quoted(issue.input)}` })
  .transform(Number);
const positiveDecimal = decimal.pipe(z.number().positive());

/** The YAML 1.2 core-schema booleans, as @actions/core's getBooleanInput accepts them. */
const boolean = z
  .enum(["true", "True", "TRUE", "false", "False", "FALSE"], { error: (issue) => `expected true or false, got ${quoted(issue.input)}` })
  .transform((value) => value.toLowerCase() === "true");

const InputsSchema = z.object({
  mode: z.enum(MODES, { error: (issue) => `expected one of ${MODES.join(", ")}, got ${quoted(issue.input)}` }).optional(),
  profile: z.string().optional(),
  config: z.string().default(".db-bench-gate.yml"),
  "repo-path": z.string().default("."),
  "base-ref": z.string().optional(),
  "head-ref": z.string().optional(),
  "compare-with": z.enum(COMPARE_WITH, { error: (issue) => `expected one of ${COMPARE_WITH.join(", ")}, got ${quoted(issue.input)}` }).default("merge-base"),
  cflags: z.string().optional(),
  "flag-sets": z.string().optional(),
  "fail-below": decimal.pipe(ThresholdsInputSchema.shape.fail_below.unwrap()).optional(),
  "warn-below": decimal.pipe(ThresholdsInputSchema.shape.warn_below.unwrap()).optional(),
  "improve-above": decimal.pipe(ThresholdsInputSchema.shape.improve_above.unwrap()).optional(),
  alpha: decimal.pipe(ThresholdsInputSchema.shape.alpha.unwrap()).optional(),
  "instructions-fail-above": decimal.pipe(ThresholdsInputSchema.shape.instructions_fail_above.unwrap()).optional(),
  "instructions-warn-above": decimal.pipe(ThresholdsInputSchema.shape.instructions_warn_above.unwrap()).optional(),
  "instructions-improve-below": decimal.pipe(ThresholdsInputSchema.shape.instructions_improve_below.unwrap()).optional(),
  "noise-floor": z.string().optional(),
  "fail-on": z.string().default(DEFAULT_FAIL_ON.join(",")),
  "fail-on-regression": boolean.optional(),
  "time-budget": positiveDecimal.optional(),
  "count-instructions": boolean.default(true),
  shard: z.string().optional(),
  "runner-cost": z.string().optional(),
  timeouts: z.string().optional(),
  "cache-dir": z.string().optional(),
  "cache-size-cap": positiveDecimal.default(20),
  "allow-fork-prs": boolean.default(false),
  "trusted-label": z.string().optional(),
  comment: z
    .enum([...COMMENT_POLICIES, "true", "True", "TRUE", "false", "False", "FALSE"], { error: (issue) => `expected one of ${COMMENT_POLICIES.join(", ")}, got ${quoted(issue.input)}` })
    .default("always"),
  cc: z.string().optional(),
  "accept-label": z.string().default(DEFAULT_ACCEPT_LABEL),
  "skip-label": z.string().default(DEFAULT_SKIP_LABEL),
  skip: boolean.default(false),
  "results-path": z.string().default("db-bench-gate-results.json"),
  "artifact-name": z.string().default("db-bench-gate"),
  history: z.enum(HISTORY_STORES, { error: (issue) => `expected one of ${HISTORY_STORES.join(", ")}, got ${quoted(issue.input)}` }).default("branch"),
  "history-branch": z
    .string()
    .regex(/^(?!-)(?!.*\.\.)[A-Za-z0-9._/-]+$/, { error: (issue) => `expected a branch name, got ${quoted(issue.input)}` })
    .default("db-bench-gate-data"),
  "alert-cc": z.string().optional(),
  "bisect-on-alert": boolean.default(false),
  "bisect-steps": z.string().default("*"),
  "baseline-workflow": z.string().optional(),
  token: z.string().optional(),
});

/**
 * pull_request_target runs with the base repository's write token and secrets whatever the PR is: building
 * or measuring its code there hands both to the PR's author, and nothing it could report is trusted.
 */
export const PULL_REQUEST_TARGET_REFUSAL =
  "pull_request_target is refused: it runs with the repository's write token and secrets, which a PR's code (its build, server and benchmark) could read; " +
  `trigger on pull_request, and comment on fork PRs with the two-workflow pattern (${TWO_WORKFLOW_DOC})`;

/** The mode an event implies when the input is empty; null: the event implies none (set it explicitly). */
export function modeForEvent(eventName: string): Mode | null {
  switch (eventName) {
    // issue_comment: a /db-bench-gate rerun comment on a PR measures it again
    case "pull_request":
    case "issue_comment":
      return "pr";
    case "push":
      return "baseline";
    case "schedule":
      return "flags";
    default:
      // workflow_dispatch, workflow_run, ...: which commits to measure is not in the event
      return null;
  }
}

/**
 * Parses the flag-sets input: one `name=CFLAGS` or `name=CC=clang CFLAGS=-O2 LDFLAGS=-flto` per line
 * (split at the first `=`, so `-march=native` stays whole); blank lines and `#` comments are skipped.
 * Names become variant ids.
 */
export function parseFlagSets(text: string): FlagSet[] {
  const sets: FlagSet[] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const where = `line ${index + 1}`;
    const eq = line.indexOf("=");
    if (eq < 0) throw new InputError(`${where}: expected name=CFLAGS, got ${quoted(line)}`, undefined, "input flag-sets");
    const name = line.slice(0, eq).trim();
    if (!VariantSchema.shape.id.safeParse(name).success) {
      throw new InputError(`${where}: name ${quoted(name)} must be letters, digits, '.', '_' and '-'`, undefined, "input flag-sets");
    }
    if (sets.some((s) => s.name === name)) throw new InputError(`${where}: duplicate name ${quoted(name)}`, undefined, "input flag-sets");
    sets.push({ name, settings: parseBuildSettings(line.slice(eq + 1).trim(), `input flag-sets: ${where}`) });
  }
  return sets;
}

/** `@alice, org/perf-team bob`: logins and org/team slugs, separated by commas, spaces or lines; each as @name. `input`: cc or alert-cc. */
export function parseCc(text: string, input: "cc" | "alert-cc" = "cc"): string[] {
  const names = text.split(/[\s,]+/).filter(Boolean);
  const bad = names.find((n) => !MENTION.test(n));
  if (bad !== undefined) throw new InputError(`${quoted(bad)} is not a GitHub login or org/team`, undefined, `input ${input}`);
  if (names.length > MAX_CC) throw new InputError(`at most ${MAX_CC} people or teams, got ${names.length}`, undefined, `input ${input}`);
  return [...new Set(names.map((n) => (n.startsWith("@") ? n : `@${n}`)))];
}

/** Reads and validates every input from `env` (process.env in the action; a plain record in tests). */
export function readInputs(env: Record<string, string | undefined>): ActionInputs {
  const raw: Partial<Record<InputName, string>> = {};
  for (const name of INPUT_NAMES) {
    const value = env[inputVariable(name)]?.trim();
    if (value) raw[name] = value;
  }
  const parsed = InputsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = issue.path[0] as InputName;
    // zod's range messages do not show the value
    const got = issue.code === "too_big" || issue.code === "too_small" ? `, got ${raw[name]}` : "";
    throw new InputError(issue.message + got, undefined, `input ${name}`);
  }
  const inputs = parsed.data;

  const eventName = env.GITHUB_EVENT_NAME ?? "";
  if (eventName === "pull_request_target") throw new InputError(PULL_REQUEST_TARGET_REFUSAL, undefined, "GITHUB_EVENT_NAME");
  let mode = inputs.mode ?? null;
  const modeSource = mode ? "input" : "event";
  mode ??= modeForEvent(eventName);
  if (!mode) {
    const event = eventName ? `a ${eventName} event` : "no event (GITHUB_EVENT_NAME is not set)";
    throw new InputError(`empty, and ${event} does not imply one: set it to ${MODES.join(", ")}`, undefined, "input mode");
  }

  const thresholds: Partial<Thresholds> = {};
  if (inputs["fail-below"] !== undefined) thresholds.fail_below = inputs["fail-below"];
  if (inputs["warn-below"] !== undefined) thresholds.warn_below = inputs["warn-below"];
  if (inputs["improve-above"] !== undefined) thresholds.improve_above = inputs["improve-above"];
  if (inputs.alpha !== undefined) thresholds.alpha = inputs.alpha;
  if (inputs["instructions-fail-above"] !== undefined) thresholds.instructions_fail_above = inputs["instructions-fail-above"];
  if (inputs["instructions-warn-above"] !== undefined) thresholds.instructions_warn_above = inputs["instructions-warn-above"];
  if (inputs["instructions-improve-below"] !== undefined) thresholds.instructions_improve_below = inputs["instructions-improve-below"];
  if (thresholds.fail_below !== undefined && thresholds.warn_below !== undefined && thresholds.warn_below < thresholds.fail_below) {
    throw new InputError(`must be at least fail-below (${thresholds.fail_below}), got ${thresholds.warn_below}`, undefined, "input warn-below");
  }
  const { instructions_fail_above: failAbove, instructions_warn_above: warnAbove } = thresholds;
  if (failAbove !== undefined && warnAbove !== undefined && warnAbove > failAbove) {
    throw new InputError(`must be at most instructions-fail-above (${failAbove}), got ${warnAbove}`, undefined, "input instructions-warn-above");
  }

  const failOnParsed = parseFailOn(inputs["fail-on"]);
  if ("error" in failOnParsed) throw new InputError(failOnParsed.error, undefined, "input fail-on");
  let failOn = failOnParsed.failOn;
  const deprecations: string[] = [];
  const failOnRegression = inputs["fail-on-regression"];
  if (failOnRegression !== undefined) {
    // the deprecated switch of the regression verdict alone: it edits fail-on rather than conflicting with it
    failOn = FAIL_ON.filter((v) => (v === "regression" ? failOnRegression : failOn.includes(v)));
    deprecations.push(`input fail-on-regression is deprecated: use fail-on (now ${failOn.join(",") || "empty"})`);
  }

  // the boolean this input was before it took a policy
  const legacyComment = inputs.comment.toLowerCase();
  const comment: CommentPolicy = legacyComment === "true" ? "always" : legacyComment === "false" ? "never" : (inputs.comment as CommentPolicy);
  if (comment !== inputs.comment) deprecations.push(`input comment: ${quoted(inputs.comment)} is deprecated: use ${comment}`);

  const shard = inputs.shard === undefined ? null : parseShard(inputs.shard);
  if (shard && "error" in shard) throw new InputError(shard.error, undefined, "input shard");
  if (shard && mode !== "pr" && mode !== "baseline") throw new InputError(`shards split what pr and baseline mode measure; ${mode} mode measures nothing to split`, undefined, "input shard");

  const flagSets = parseFlagSets(inputs["flag-sets"] ?? "");
  if (mode === "flags" && flagSets.length < 2) {
    throw new InputError(
      `flags mode compares at least two name=CFLAGS lines (e.g. "O2=-O2" and "native=-O2 -march=native"), got ${flagSets.length}`,
      undefined,
      "input flag-sets",
    );
  }

  return {
    mode,
    modeSource,
    eventName,
    profile: inputs.profile ?? null,
    config: inputs.config,
    repoPath: inputs["repo-path"],
    baseRef: inputs["base-ref"] ?? null,
    headRef: inputs["head-ref"] ?? null,
    compareWith: inputs["compare-with"],
    cflags: inputs.cflags ?? null,
    flagSets,
    thresholds,
    noiseFloor: inputs["noise-floor"] ?? null,
    failOn,
    deprecations,
    timeBudgetS: inputs["time-budget"] ?? null,
    countInstructions: inputs["count-instructions"],
    shard,
    runnerCost: inputs["runner-cost"] === undefined ? null : parseRunnerCost(inputs["runner-cost"], "input runner-cost"),
    timeouts: parseTimeouts(inputs.timeouts ?? "", "input timeouts"),
    cacheDir: inputs["cache-dir"] ?? null,
    cacheSizeCapGiB: inputs["cache-size-cap"],
    allowForkPrs: inputs["allow-fork-prs"],
    trustedLabel: inputs["trusted-label"] ?? null,
    comment,
    cc: parseCc(inputs.cc ?? ""),
    acceptLabel: inputs["accept-label"],
    skipLabel: inputs["skip-label"],
    skip: inputs.skip,
    resultsPath: inputs["results-path"],
    artifactName: inputs["artifact-name"],
    history: inputs.history,
    historyBranch: inputs["history-branch"],
    alertCc: parseCc(inputs["alert-cc"] ?? "", "alert-cc"),
    bisectOnAlert: inputs["bisect-on-alert"],
    bisectSteps: inputs["bisect-steps"],
    baselineWorkflow: inputs["baseline-workflow"] ?? null,
    token: inputs.token ?? null,
  };
}

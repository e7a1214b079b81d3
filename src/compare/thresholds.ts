/** The thresholds in force for a step: defaults, then the run's, then per-step overrides (glob on the step id, later ones win). */
import picomatch from "picomatch";
import { InputError } from "../common/errors.js";
import { DEFAULT_THRESHOLDS, type ThresholdOverride, type Thresholds } from "./types.js";

/** Every key of Thresholds (each has a default): a key added to Thresholds is validated and carried without a change here. */
const KEYS = Object.keys(DEFAULT_THRESHOLDS) as (keyof Thresholds)[];

/**
 * Throws an InputError naming `${where}${field}` unless 0 < fail_below <= warn_below <= 1 <= improve_above,
 * 0 < alpha < 0.5 and 0 < instructions_improve_below <= 1 <= instructions_warn_above <= instructions_fail_above.
 */
function validate(t: Thresholds, where: string): Thresholds {
  const fail = (field: keyof Thresholds, message: string): never => {
    throw new InputError(message, undefined, `${where}${field}`);
  };
  for (const key of KEYS) if (!Number.isFinite(t[key])) fail(key, `must be a number, got ${String(t[key])}`);
  if (!(t.alpha > 0 && t.alpha < 0.5)) fail("alpha", `must be between 0 and 0.5 (exclusive), got ${t.alpha}`);
  if (!(t.fail_below > 0)) fail("fail_below", `must be above 0, got ${t.fail_below}`);
  if (t.fail_below > t.warn_below) fail("fail_below", `${t.fail_below} must not exceed warn_below ${t.warn_below}`);
  if (t.warn_below > 1) fail("warn_below", `must be at most 1, got ${t.warn_below}`);
  if (t.improve_above < 1) fail("improve_above", `must be at least 1, got ${t.improve_above}`);
  if (t.instructions_warn_above < 1) fail("instructions_warn_above", `must be at least 1, got ${t.instructions_warn_above}`);
  if (t.instructions_warn_above > t.instructions_fail_above) {
    fail("instructions_fail_above", `${t.instructions_fail_above} must be at least instructions_warn_above ${t.instructions_warn_above}`);
  }
  if (!(t.instructions_improve_below > 0 && t.instructions_improve_below <= 1)) fail("instructions_improve_below", `must be above 0 and at most 1, got ${t.instructions_improve_below}`);
  return t;
}

/** Only the keys an override actually sets: `{ alpha: undefined }` must not erase the run's alpha. */
function definedOnly(partial: Partial<Thresholds>): Partial<Thresholds> {
  return Object.fromEntries(Object.entries(partial).filter(([k, v]) => (KEYS as string[]).includes(k) && v !== undefined));
}

export interface ThresholdResolver {
  /** the run's thresholds: defaults overridden by the run's options */
  run: Thresholds;
  forStep(stepId: string): Thresholds;
}

/** Validates everything up front, so a bad override fails even when no step matches it. */
export function thresholdResolver(options: Partial<Thresholds> = {}, overrides: readonly ThresholdOverride[] = []): ThresholdResolver {
  const run = validate({ ...DEFAULT_THRESHOLDS, ...definedOnly(options) }, "thresholds.");
  const compiled = overrides.map((override, i) => {
    if (typeof override.step !== "string" || override.step === "") {
      throw new InputError("needs a step glob", undefined, `overrides[${i}].step`);
    }
    const { step, ...values } = override;
    validate({ ...run, ...definedOnly(values) }, `overrides[${i}] (step ${step}).`);
    return { matches: picomatch(step, { dot: true }), values: definedOnly(values) };
  });
  return {
    run,
    forStep(stepId) {
      const merged = compiled.filter((o) => o.matches(stepId)).reduce<Thresholds>((t, o) => ({ ...t, ...o.values }), run);
      return validate(merged, `overrides for step ${stepId}: `);
    },
  };
}

/** What a run is judged by, as its results store it (Results.thresholds): the run's thresholds resolved, and the overrides. */
export function storedJudging(judging: { thresholds: Partial<Thresholds>; overrides: ThresholdOverride[] } | undefined): { run: Thresholds; overrides: ThresholdOverride[] } {
  return { run: thresholdResolver(judging?.thresholds, judging?.overrides).run, overrides: judging?.overrides ?? [] };
}

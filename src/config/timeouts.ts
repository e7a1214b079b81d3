/**
 * How long each external step may take before it is stopped: a build phase, a server's initdb, start
 * and createdb, a data load, the wait for another process's build of the same commit, and the whole
 * run. A step past its timeout is a failed build or an error sample with its log's tail, never a hang.
 * Set in the config file (`timeouts:`), the action's `timeouts` input or the CLI's --timeouts, as YAML
 * (`{ build_s: 1800, load_s: 600 }`); later sources win per field.
 */
import { z } from "zod";
import { validateYaml } from "../common/validate.js";

const seconds = z.number().positive().max(7 * 24 * 3600);

export const TimeoutsSchema = z
  .object({
    build_s: seconds.describe("each build phase (configure, make, install)"),
    start_s: seconds.describe("each server step: initdb, start until ready, createdb"),
    load_s: seconds.describe("each command that loads a data set"),
    lock_s: seconds.describe("waiting for another process building the same commit"),
    run_s: seconds.describe("the whole run, cleanup included"),
    alert_bisect_s: seconds.describe("baseline mode's bisect after a new alert (bisect-on-alert), all its probes"),
  })
  .partial()
  .strict();

export type TimeoutsInput = z.infer<typeof TimeoutsSchema>;
export type Timeouts = Required<TimeoutsInput>;

/**
 * Fit for the profiles on a 2-core runner: a cold PostgreSQL make is ~5 min, MariaDB's 12-20 (phases
 * get an hour); a build lock waits for up to two such builds; a run of the longest profile fits in 6 h;
 * a bisect after an alert gets an hour of the baseline runner (a handful of cached builds and short runs).
 */
export const DEFAULT_TIMEOUTS: Timeouts = { build_s: 3600, start_s: 300, load_s: 3600, lock_s: 7200, run_s: 6 * 3600, alert_bisect_s: 3600 };

/** `text` (YAML or JSON) -> the fields it sets; `source` (e.g. "input timeouts") is named in errors. */
export function parseTimeouts(text: string, source: string): TimeoutsInput {
  return validateYaml(TimeoutsSchema, text, source);
}

/** Defaults, then each source in order. */
export function resolveTimeouts(...sources: (TimeoutsInput | undefined)[]): Timeouts {
  const defined = sources.flatMap((s) => Object.entries(s ?? {}).filter(([, v]) => v !== undefined));
  return { ...DEFAULT_TIMEOUTS, ...Object.fromEntries(defined) };
}

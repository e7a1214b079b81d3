/** Threshold settings as the config file and the action inputs spell them. */
import { z } from "zod";

export const ThresholdsInputSchema = z
  .object({
    fail_below: z.number().positive().max(1),
    warn_below: z.number().positive().max(1),
    improve_above: z.number().min(1),
    alpha: z.number().positive().max(0.5),
    instructions_fail_above: z.number().min(1),
    instructions_warn_above: z.number().min(1),
    instructions_improve_below: z.number().positive().max(1),
  })
  .partial()
  .strict();

export const ThresholdOverrideSchema = ThresholdsInputSchema.extend({
  step: z.string().min(1).describe("glob on the step id, e.g. scan* or pgbench.*.c1"),
}).strict();

/** `db-bench-gate functions`: where a step's cost went, by function (or line), from a run's results and the profiles kept beside them. */
import type { Command } from "commander";
import { compareRun } from "../compare/compare.js";
import { InputError } from "../common/errors.js";
import { compareStepProfiles, functionsDirOf, profiledSteps, readStepProfile } from "../results/function-profiles.js";
import { readResults } from "../results/io.js";
import { functionsTsv, linesTsv } from "../report/functions-tsv.js";
import type { Io } from "./common.js";

export function addFunctionsCommand(program: Command, io: Io): void {
  program
    .command("functions")
    .description("where a step's counted cost went: every function's own cost per op in base and a variant, largest change first (TSV), from a results file and the <results>.functions directory the counting pass wrote beside it")
    .argument("<results>", "results JSON written by `db-bench-gate run` (or found in the action's results artifact)")
    .requiredOption("--step <id>", "the step")
    .option("--variant <id>", "the variant compared with the base (default: the first that is not the base)")
    .option("--lines", "per source line instead of per function")
    .action(async (file: string, flags: { step: string; variant?: string; lines?: boolean }) => {
      const results = await readResults(file);
      const dir = functionsDirOf(file);
      const base = results.base_variant;
      const variant = flags.variant ?? results.variants.find((v) => v.id !== base)?.id;
      if (!variant || !results.variants.some((v) => v.id === variant)) throw new InputError(`no variant ${flags.variant ?? "besides the base"} in the results`, file, "--variant");
      const steps = await profiledSteps(dir);
      if (!results.steps.some((s) => s.id === flags.step)) throw new InputError(`no step ${flags.step} in the results (steps with per-function costs: ${steps.join(", ") || "none"})`, file, "--step");
      if (flags.lines) {
        const [b, v] = await Promise.all([readStepProfile(dir, flags.step, base), readStepProfile(dir, flags.step, variant)]);
        for (const [side, profile] of [[base, b], [variant, v]] as const) {
          if (profile === null) throw new InputError(`no per-function costs of step ${flags.step} for ${side} in ${dir}`, file, "--step");
          if ("error" in profile) throw new InputError(profile.error, file, "--step");
        }
        if (b && v && !("error" in b) && !("error" in v)) io.stdout(linesTsv(b, v));
        return;
      }
      const step = compareRun(results, {}).steps.find((s) => s.step === flags.step);
      const instructions = step?.variants.find((v) => v.variant === variant)?.instructions;
      const aa = results.steps.find((s) => s.id === flags.step)?.instructions_aa_spread ?? 0;
      const noise = Math.max(aa, instructions?.base?.spread ?? 0, instructions?.variant?.spread ?? 0);
      const compared = await compareStepProfiles(dir, flags.step, base, variant, noise);
      if (compared === null) throw new InputError(`no per-function costs of step ${flags.step} for ${base} and ${variant} in ${dir}`, file, "--step");
      if ("error" in compared) throw new InputError(compared.error, file, "--step");
      io.stdout(functionsTsv(compared));
    });
}

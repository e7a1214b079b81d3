/** The drivers by the name a profile gives them. Adding a driver is one line here, nothing elsewhere. */
import { InputError } from "../errors.js";
import { pgbenchStep } from "./pgbench.js";
import { sysbenchStep } from "./sysbench.js";
import type { BenchmarkStep, StepDefinition } from "./types.js";

const DRIVERS: Record<string, (parameters: unknown) => BenchmarkStep> = {
  pgbench: pgbenchStep,
  sysbench: sysbenchStep,
};

/** Throws InputError for an unknown driver, ZodError for bad parameters (the caller names the file). */
export function stepFromDefinition(definition: StepDefinition): BenchmarkStep {
  const build = DRIVERS[definition.driver];
  if (!build) throw new InputError(`unknown driver "${definition.driver}" (known: ${Object.keys(DRIVERS).join(", ")})`);
  return build(definition.parameters);
}

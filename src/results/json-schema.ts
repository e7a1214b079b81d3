import { z } from "zod";
import { RESULTS_VERSION, ResultsSchema } from "./schema.js";

/**
 * A committed JSON Schema (schema/ID.json) generated from a zod schema, so none is written by hand.
 * `io`: "output" for documents the tool writes (defaults applied), "input" for files people write.
 */
export function jsonSchemaOf(id: string, title: string, schema: z.ZodType, io: "input" | "output" = "output"): Record<string, unknown> {
  return { $id: `https://db-bench-gate.dev/schema/${id}.json`, title, ...z.toJSONSchema(schema, { target: "draft-2020-12", io }) };
}

/** The JSON Schema of results format v1, generated from the zod schema (cross-references such as "samples[].step names a step" are checked by zod only). */
export function resultsJsonSchema(): Record<string, unknown> {
  return jsonSchemaOf(`results.v${RESULTS_VERSION}`, "db-bench-gate results", ResultsSchema);
}

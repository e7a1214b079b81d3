import { z } from "zod";
import { RESULTS_VERSION, ResultsSchema } from "./schema.js";

/** The JSON Schema of results format v1, generated from the zod schema (cross-references such as "samples[].step names a step" are checked by zod only). */
export function resultsJsonSchema(): Record<string, unknown> {
  return {
    $id: `https://db-bench-gate.dev/schema/results.v${RESULTS_VERSION}.json`,
    title: "db-bench-gate results",
    ...z.toJSONSchema(ResultsSchema, { target: "draft-2020-12" }),
  };
}

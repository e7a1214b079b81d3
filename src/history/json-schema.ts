import { jsonSchemaOf } from "../results/json-schema.js";
import { HISTORY_VERSION, HistoryFileSchema } from "./record.js";

/** The JSON Schema of the history file, generated from the zod schema. */
export function historyJsonSchema(): Record<string, unknown> {
  return jsonSchemaOf(`history.v${HISTORY_VERSION}`, "db-bench-gate history of a branch (one profile and architecture)", HistoryFileSchema);
}

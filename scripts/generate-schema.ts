/** Writes schema/results.v1.json and schema/history.v1.json from the zod schemas, so no JSON Schema is written by hand. */
import { writeFileSync } from "node:fs";
import { z } from "zod";
import { HISTORY_VERSION, HistoryFileSchema } from "../src/history/record.js";
import { resultsJsonSchema } from "../src/results/json-schema.js";

const write = (name: string, schema: Record<string, unknown>) => {
  const out = new URL(`../schema/${name}`, import.meta.url);
  writeFileSync(out, JSON.stringify(schema, null, 2) + "\n");
  console.log(`wrote ${out.pathname}`);
};
write("results.v1.json", resultsJsonSchema());
write(`history.v${HISTORY_VERSION}.json`, {
  $id: `https://db-bench-gate.dev/schema/history.v${HISTORY_VERSION}.json`,
  title: "db-bench-gate history of a branch (one profile and architecture)",
  ...z.toJSONSchema(HistoryFileSchema, { target: "draft-2020-12" }),
});

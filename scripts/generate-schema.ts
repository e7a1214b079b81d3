/** Writes schema/*.json (results, history, config file, profile) from the zod schemas, so no JSON Schema is written by hand. */
import { writeFileSync } from "node:fs";
import { CONFIG_SCHEMA_ID, configJsonSchema, PROFILE_SCHEMA_ID, profileJsonSchema } from "../src/config/json-schemas.js";
import { HISTORY_VERSION } from "../src/history/record.js";
import { historyJsonSchema } from "../src/history/json-schema.js";
import { RESULTS_VERSION } from "../src/results/schema.js";
import { resultsJsonSchema } from "../src/results/json-schema.js";

const write = (name: string, schema: Record<string, unknown>) => {
  const out = new URL(`../schema/${name}`, import.meta.url);
  writeFileSync(out, JSON.stringify(schema, null, 2) + "\n");
  console.log(`wrote ${out.pathname}`);
};
write(`results.v${RESULTS_VERSION}.json`, resultsJsonSchema());
write(`history.v${HISTORY_VERSION}.json`, historyJsonSchema());
write(`${CONFIG_SCHEMA_ID}.json`, configJsonSchema());
write(`${PROFILE_SCHEMA_ID}.json`, profileJsonSchema());

/** Writes schema/results.v1.json from the zod schema, so the JSON Schema is never written by hand. */
import { writeFileSync } from "node:fs";
import { resultsJsonSchema } from "../src/results/json-schema.js";

const out = new URL("../schema/results.v1.json", import.meta.url);
writeFileSync(out, JSON.stringify(resultsJsonSchema(), null, 2) + "\n");
console.log(`wrote ${out.pathname}`);

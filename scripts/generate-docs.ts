/**
 * Writes README.md's profiles table and action.yml's profile description from profiles/
 * (scripts/lib/profile-docs.ts). .ci/run fails when the committed files differ from what this writes.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { actionWithProfiles, readmeWithProfiles } from "./lib/profile-docs.js";

const readme = new URL("../README.md", import.meta.url);
writeFileSync(readme, await readmeWithProfiles(readFileSync(readme, "utf8")));
const action = new URL("../action.yml", import.meta.url);
writeFileSync(action, actionWithProfiles(readFileSync(action, "utf8")));
console.log(`wrote ${readme.pathname} and ${action.pathname}`);

/**
 * Writes README.md's profiles table and action.yml's profile description from profiles/
 * (scripts/lib/profile-docs.ts), and docs/demo-comment.md with README.md's excerpt of it from a real
 * results file and docs/two-architectures-comment.md from two (scripts/lib/demo-comment.ts). .ci/run fails when the committed files differ from what this writes.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { actionWithProfiles, readmeWithProfiles } from "./lib/profile-docs.js";
import { demoComment, demoCommentPage, readmeWithExcerpt, twoArchitecturesPage, whereCostComment } from "./lib/demo-comment.js";

const root = new URL("../", import.meta.url);
const comment = await demoComment(root);
const readme = new URL("README.md", root);
writeFileSync(readme, readmeWithExcerpt(await readmeWithProfiles(readFileSync(readme, "utf8")), comment));
const action = new URL("action.yml", root);
writeFileSync(action, actionWithProfiles(readFileSync(action, "utf8")));
const demo = new URL("docs/demo-comment.md", root);
writeFileSync(demo, demoCommentPage(comment, await whereCostComment(root)));
const twoArchitectures = new URL("docs/two-architectures-comment.md", root);
writeFileSync(twoArchitectures, await twoArchitecturesPage(root));
console.log(`wrote ${readme.pathname}, ${action.pathname}, ${demo.pathname} and ${twoArchitectures.pathname}`);

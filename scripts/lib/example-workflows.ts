/**
 * The example workflows of docs/examples as texts to check: each file, plus the measuring workflow of
 * the two-workflow pattern, which comment-from-fork.yml shows in its header comment (indented by six
 * spaces between its "# 1." and "# 2." paragraphs).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface ExampleWorkflow {
  /** the file's name, or "<file> (measuring workflow)" for the embedded one */
  name: string;
  text: string;
}

/** The measuring workflow of the two-workflow pattern, shown in comment-from-fork.yml's header comment. */
export function embeddedMeasuringWorkflow(text: string): string {
  const lines = text.split("\n");
  const start = lines.findIndex((l) => l.startsWith("# 1."));
  const end = lines.findIndex((l) => l.startsWith("# 2."));
  return lines
    .slice(start + 1, end)
    .filter((l) => l.startsWith("#      "))
    .map((l) => l.slice("#      ".length))
    .join("\n");
}

export function exampleWorkflows(examplesDir: string): ExampleWorkflow[] {
  const files = readdirSync(examplesDir).filter((f) => f.endsWith(".yml")).sort();
  const workflows = files.map((name) => ({ name, text: readFileSync(path.join(examplesDir, name), "utf8") }));
  const fork = workflows.find((w) => w.name === "comment-from-fork.yml");
  if (fork) workflows.push({ name: `${fork.name} (measuring workflow)`, text: embeddedMeasuringWorkflow(fork.text) });
  return workflows;
}

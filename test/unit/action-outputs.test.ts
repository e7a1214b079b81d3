/**
 * Every output the action sets is declared in action.yml (a workflow reading an undeclared one gets an
 * empty string and actionlint cannot tell), and the verdict's description names every value it takes.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const action = parseYaml(readFileSync(path.join(root, "action.yml"), "utf8")) as { outputs: Record<string, { description: string }> };
const sources = (readdirSync(path.join(root, "src"), { recursive: true, encoding: "utf8" }) as string[])
  .filter((f) => f.endsWith(".ts"))
  .map((f) => ({ file: `src/${f}`, text: readFileSync(path.join(root, "src", f), "utf8") }));
/** setOutput("name", value) calls, with the value's text */
const calls = sources.flatMap(({ file, text }) => [...text.matchAll(/\.setOutput\(\s*([^,]+?)\s*,\s*([^)]*)\)/g)].map((m) => ({ file, name: m[1]!, value: m[2]! })));

describe("action.yml's outputs", () => {
  it("declare every output src/ sets, by a literal name", () => {
    expect(calls.length).toBeGreaterThanOrEqual(5);
    for (const { file, name } of calls) {
      expect(name, `${file}: setOutput's name is a string literal`).toMatch(/^"[\w-]+"$/);
      expect(Object.keys(action.outputs), `${file} sets ${name}`).toContain(JSON.parse(name) as string);
    }
  });

  it("the verdict's description names each value it is set to", () => {
    const literals = calls.filter((c) => c.name === '"verdict"' && /^"[\w-]+"$/.test(c.value)).map((c) => JSON.parse(c.value) as string);
    // the rest come from ActionOutputs["verdict"]
    const summary = readFileSync(path.join(root, "src/publish/summary.ts"), "utf8");
    const typed = [.../verdict: ((?:"[\w-]+"\s*\|?\s*)+);/.exec(summary)![1]!.matchAll(/"([\w-]+)"/g)].map((m) => m[1]!);
    const values = [...new Set([...literals, ...typed])];
    expect(values).toEqual(expect.arrayContaining(["pass", "fail", "neutral", "error"]));
    for (const value of values) expect(action.outputs.verdict!.description, value).toMatch(new RegExp(`\\b${value}\\b`));
  });
});

/**
 * What `db-bench-gate init` writes into a fork: the pull-request workflow and the baseline workflow
 * (docs/examples/pr.yml and main-baseline.yml, the examples the docs explain, with the engine's quick
 * profile), and a commented .db-bench-gate.yml. Pure: templates in, files out.
 */
import { CONFIG_FILE_NAME, parseConfigText } from "../config/config-file.js";
import { CONFIG_SCHEMA_ID, editorSchemaLine } from "../config/json-schemas.js";
import { DEFAULT_THRESHOLDS } from "../compare/types.js";
import { InputError } from "../common/errors.js";

export interface InitFile {
  /** relative to the repository's root */
  path: string;
  text: string;
}

/** The examples init copies; the first line of each names where it goes ("# .github/workflows/perf.yml: ..."). */
export const WORKFLOW_TEMPLATES = ["pr.yml", "main-baseline.yml"] as const;

/** The workflow path a template's first line names. */
export function workflowPath(template: string, name: string): string {
  const named = /^# (\.github\/workflows\/[\w.-]+\.ya?ml):/.exec(template)?.[1];
  if (!named) throw new Error(`docs/examples/${name} does not start with "# .github/workflows/<file>.yml: ..."`);
  return named;
}

/** The workflow with every `profile:` input set to `profile`. */
export function withProfile(template: string, profile: string): string {
  return template.replace(/^(\s+profile:) [\w.-]+$/gm, `$1 ${profile}`);
}

/** Where a fork of an engine is told how to run its own workload; engines without a custom step have none yet. */
const OWN_WORKLOAD: Readonly<Record<string, readonly string[]>> = {
  postgresql: [
    "# Your own workload: a profile file of yours (profile: perf/profile.yaml) with steps that run your",
    "# pgbench scripts and init SQL, read as committed at the base like this file: docs/own-workload.md.",
  ],
};

/** A .db-bench-gate.yml that names `profile` and shows every threshold at its default, commented out; for `engine`, how to run its own workload. */
export function configFileText(profile: string, engine: string): string {
  const thresholds = Object.entries(DEFAULT_THRESHOLDS).map(([name, value]) => `#   ${name}: ${value}`);
  const text = [
    editorSchemaLine(CONFIG_SCHEMA_ID),
    "# db-bench-gate's settings for this repository. A pull request is judged by this file as it is on",
    "# its BASE commit, never by the PR's copy: a PR cannot loosen its own gate. Fields: docs/config.md.",
    `profile: ${profile}`,
    ...(OWN_WORKLOAD[engine] ?? []),
    "",
    "# The thresholds, at their defaults (relative QPS = QPS_head / QPS_base; instructions per operation,",
    "# head / base). Uncomment a line to change it.",
    "# thresholds:",
    ...thresholds,
    "",
    "# Per-step overrides, by a glob on the step id; the first that matches a step wins.",
    "# overrides:",
    '#   - step: "pgbench.*.c1"',
    "#     fail_below: 0.9",
    "",
  ].join("\n");
  // what init writes must be a config file the gate accepts
  parseConfigText(text, CONFIG_FILE_NAME);
  return text;
}

/**
 * The files for a fork of `engine`: its quick profile (`<prefix>-quick` among `profiles`, the built-in
 * profiles' names and engines) in both workflows and the config file.
 */
export function initFiles(engine: string, profiles: readonly { name: string; engine: string }[], templates: Record<(typeof WORKFLOW_TEMPLATES)[number], string>): InitFile[] {
  const quick = profiles.find((p) => p.engine === engine && p.name.endsWith("-quick"));
  if (!quick) {
    const engines = [...new Set(profiles.map((p) => p.engine))].sort().join(", ");
    throw new InputError(`no engine "${engine}" with a quick profile (known: ${engines})`, undefined, "--engine");
  }
  return [
    ...WORKFLOW_TEMPLATES.map((name) => ({ path: workflowPath(templates[name], name), text: withProfile(templates[name], quick.name) })),
    { path: CONFIG_FILE_NAME, text: configFileText(quick.name, engine) },
  ];
}

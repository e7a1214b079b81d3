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

/** What a fork of each engine can run as its own workload's steps (docs/own-workload.md has a section for each). */
const OWN_WORKLOAD_STEPS: Readonly<Record<string, string>> = {
  postgresql: "your pgbench scripts and init SQL, or a sysbench Lua script or SQL files (pgsql driver)",
  mariadb: "a sysbench Lua script of yours, or SQL files alone (an init SQL and weighted statement files)",
  myrocks: "a sysbench Lua script of yours, or SQL files alone (an init SQL and weighted statement files)",
  rocksdb: "a db_bench benchmarks list of yours, with its options (keys, sizes, cache, compression)",
};

/** How a fork of `engine` runs its own workload, as comment lines; none for an engine without a custom step. */
function ownWorkloadLines(engine: string): string[] {
  const steps = OWN_WORKLOAD_STEPS[engine];
  if (steps === undefined) return [];
  return [
    "# Your own workload: a profile file of yours (profile: perf/profile.yaml) with steps that run",
    `# ${steps},`,
    "# read as committed at the base like this file: docs/own-workload.md.",
  ];
}

/** A .db-bench-gate.yml that names `profile` and shows every threshold at its default, commented out; for `engine`, how to run its own workload. */
export function configFileText(profile: string, engine: string): string {
  const thresholds = Object.entries(DEFAULT_THRESHOLDS).map(([name, value]) => `#   ${name}: ${value}`);
  const text = [
    editorSchemaLine(CONFIG_SCHEMA_ID),
    "# db-bench-gate's settings for this repository. A pull request is judged by this file as it is on",
    "# its BASE commit, never by the PR's copy: a PR cannot loosen its own gate. Fields: docs/config.md.",
    `profile: ${profile}`,
    ...ownWorkloadLines(engine),
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

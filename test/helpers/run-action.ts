/**
 * Runs the bundled action (dist/index.js, dist/post.js) as a subprocess with the environment a GitHub
 * runner gives a step, and collects what the runner would: exit code or signal, stdout (workflow
 * commands included), the step's outputs, job summary and saved state.
 *
 *   const runner = makeRunnerDirs();
 *   const step = startStep("index", { runner, event: { name: "pull_request", payload }, inputs: { profile: "pg-smoke" }, env: fake.env(runId) });
 *   await step.waitForLine(/round 1\/8/);
 *   const result = await step.finished;
 */
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseYaml } from "yaml";
import { inputVariable } from "../../src/action/inputs.js";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** One job's directories: RUNNER_TEMP, the workspace (the step's cwd) and the runner's file commands. */
export interface RunnerDirs {
  root: string;
  temp: string;
  workspace: string;
  files: string;
}

/**
 * A fresh job root under the system temp dir. World-traversable, like a runner's work directory: as
 * root the action runs PostgreSQL as an unprivileged user, whose data dir lives under RUNNER_TEMP.
 */
export function makeRunnerDirs(): RunnerDirs {
  const root = mkdtempSync(path.join(os.tmpdir(), "dbg-runner-"));
  chmodSync(root, 0o755);
  const dirs = { root, temp: path.join(root, "_temp"), workspace: path.join(root, "workspace"), files: path.join(root, "_runner_file_commands") };
  for (const dir of [dirs.temp, dirs.workspace, dirs.files]) mkdirSync(dir, { mode: 0o755 });
  return dirs;
}

/** The inputs action.yml declares with their defaults, as the runner sets them (expressions are the caller's to give). */
export function declaredInputs(): Record<string, { default?: string }> {
  const action = parseYaml(readFileSync(path.join(REPO_ROOT, "action.yml"), "utf8")) as { inputs: Record<string, { default?: string }> };
  return action.inputs;
}

export interface StepOptions {
  runner: RunnerDirs;
  event: { name: string; payload: unknown };
  /** by input name, as in `with:`; the others get action.yml's defaults */
  inputs?: Record<string, string>;
  /** more variables of the job: GITHUB_* of the API, ACTIONS_* of the artifact service, secrets */
  env?: Record<string, string>;
}

export interface StepResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** stdout lines with the time (Date.now()) the test read them */
  lines: { at: number; text: string }[];
  /** `::error::` messages, decoded */
  errors: string[];
  /** `::warning::` messages, decoded */
  warnings: string[];
  outputs: Record<string, string>;
  summary: string;
  /** core.saveState values, which the runner passes to the post step as STATE_<name> */
  state: Record<string, string>;
  seconds: number;
}

export interface RunningStep {
  child: ChildProcess;
  lines: { at: number; text: string }[];
  /** the first stdout line matching `pattern` (waits for it) */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  finished: Promise<StepResult>;
}

let stepCount = 0;

/** Parses a runner file command (GITHUB_OUTPUT, GITHUB_STATE): `name<<delimiter`, value lines, `delimiter`. */
export function parseFileCommands(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === "") continue;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (!heredoc) {
      const eq = line.indexOf("=");
      if (eq < 0) throw new Error(`not a file command line: ${JSON.stringify(line)}`);
      values[line.slice(0, eq)] = line.slice(eq + 1);
      continue;
    }
    const end = lines.indexOf(heredoc[2]!, i + 1);
    if (end < 0) throw new Error(`file command ${heredoc[1]}: no closing delimiter`);
    values[heredoc[1]!] = lines.slice(i + 1, end).join("\n");
    i = end;
  }
  return values;
}

/** The lines the runner reads commands from: not those between `::stop-commands::TOKEN` and `::TOKEN::`. */
function commandLines(lines: readonly { text: string }[]): string[] {
  const read: string[] = [];
  let resumeWith: string | null = null;
  for (const { text } of lines) {
    if (resumeWith !== null) {
      if (text === `::${resumeWith}::`) resumeWith = null;
    } else if (text.startsWith("::stop-commands::")) resumeWith = text.slice("::stop-commands::".length);
    else read.push(text);
  }
  return read;
}

/** The message of a `::error::` workflow command, with the runner's escapes undone. */
function decodeCommandData(data: string): string {
  return data.replace(/%0D/g, "\r").replace(/%0A/g, "\n").replace(/%25/g, "%");
}

/** Starts dist/<entry>.js with the step environment of `options` (`state`: a main step's, for the post step). */
export function startStep(entry: "index" | "post", options: StepOptions, state: Record<string, string> = {}): RunningStep {
  const { runner } = options;
  const n = ++stepCount;
  const file = (name: string) => path.join(runner.files, `${name}_${n}`);
  const eventPath = path.join(runner.temp, "_github_workflow", "event.json");
  mkdirSync(path.dirname(eventPath), { recursive: true });
  writeFileSync(eventPath, JSON.stringify(options.event.payload, null, 2));
  for (const name of ["output", "step_summary", "state", "env", "path"]) writeFileSync(file(name), "");

  const inputs: Record<string, string> = {};
  for (const [name, spec] of Object.entries(declaredInputs())) {
    if (spec.default !== undefined && !spec.default.includes("${{")) inputs[inputVariable(name)] = spec.default;
  }
  for (const [name, value] of Object.entries(options.inputs ?? {})) inputs[inputVariable(name)] = value;
  const stateEnv = Object.fromEntries(Object.entries(state).map(([name, value]) => [`STATE_${name}`, value]));

  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin",
    HOME: process.env.HOME ?? "/root",
    LANG: "C.UTF-8",
    CI: "true",
    GITHUB_ACTIONS: "true",
    RUNNER_OS: "Linux",
    RUNNER_ARCH: process.arch === "arm64" ? "ARM64" : "X64",
    RUNNER_NAME: "perf-runner-1",
    RUNNER_ENVIRONMENT: "self-hosted",
    RUNNER_TEMP: runner.temp,
    GITHUB_WORKSPACE: runner.workspace,
    GITHUB_ACTION_PATH: REPO_ROOT,
    GITHUB_SERVER_URL: "https://github.com",
    GITHUB_EVENT_NAME: options.event.name,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_OUTPUT: file("output"),
    GITHUB_STEP_SUMMARY: file("step_summary"),
    GITHUB_STATE: file("state"),
    GITHUB_ENV: file("env"),
    GITHUB_PATH: file("path"),
    // the test's own unprivileged users, whose processes the action ends (src/trust/user-processes.ts)
    ...(process.env.DBG_USER_PREFIX && { DBG_USER_PREFIX: process.env.DBG_USER_PREFIX }),
    ...options.env,
    ...inputs,
    ...stateEnv,
  };

  const started = performance.now();
  const child = spawn(process.execPath, [path.join(REPO_ROOT, "dist", `${entry}.js`)], { cwd: runner.workspace, env, stdio: ["ignore", "pipe", "pipe"] });
  const lines: { at: number; text: string }[] = [];
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  let stdout = "";
  let stderr = "";
  let partial = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    const parts = (partial + chunk).split("\n");
    partial = parts.pop()!;
    for (const text of parts) {
      lines.push({ at: Date.now(), text });
      for (const w of waiters.filter((w) => w.pattern.test(text))) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(text);
      }
    }
  });
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));

  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on("close", (code, signal) => resolve({ code, signal })));
  const finished = exited.then(({ code, signal }): StepResult => {
    if (partial) lines.push({ at: Date.now(), text: partial });
    const read = (name: string) => (existsSync(file(name)) ? readFileSync(file(name), "utf8") : "");
    return {
      exitCode: code,
      signal,
      stdout,
      stderr,
      lines,
      errors: commandLines(lines).filter((l) => l.startsWith("::error::")).map((l) => decodeCommandData(l.slice("::error::".length))),
      warnings: commandLines(lines).filter((l) => l.startsWith("::warning::")).map((l) => decodeCommandData(l.slice("::warning::".length))),
      outputs: parseFileCommands(read("output")),
      summary: read("step_summary"),
      state: parseFileCommands(read("state")),
      seconds: (performance.now() - started) / 1000,
    };
  });

  const waitForLine = (pattern: RegExp, timeoutMs = 300_000): Promise<string> => {
    const seen = lines.find((l) => pattern.test(l.text));
    if (seen) return Promise.resolve(seen.text);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no stdout line matched ${pattern} within ${timeoutMs} ms:\n${stdout.slice(-3000)}`)), timeoutMs);
      const waiter = { pattern, resolve: (line: string) => (clearTimeout(timer), resolve(line)) };
      waiters.push(waiter);
      void exited.then(() => {
        if (!waiters.includes(waiter)) return;
        clearTimeout(timer);
        reject(new Error(`the step exited before a stdout line matched ${pattern}:\n${stdout.slice(-3000)}\n${stderr.slice(-2000)}`));
      });
    });
  };

  return { child, lines, waitForLine, finished };
}

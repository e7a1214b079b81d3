/**
 * The workflow examples of docs/examples are complete workflows a fork can copy: they parse, every use
 * of the action passes only inputs action.yml declares and reads only outputs it declares, checkouts
 * keep the history and no token, and each job has the permissions its mode needs.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const examplesDir = path.join(root, "docs/examples");
const ACTION = "db-bench-gate/db-bench-gate@v0";

interface Step {
  uses?: string;
  run?: string;
  id?: string;
  with?: Record<string, unknown>;
}
interface Job {
  "runs-on": string | string[];
  permissions?: Record<string, string>;
  strategy?: { matrix?: Record<string, unknown> };
  needs?: string | string[];
  if?: string;
  steps: Step[];
}
interface Workflow {
  name: string;
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}

const action = parseYaml(readFileSync(path.join(root, "action.yml"), "utf8")) as { inputs: Record<string, unknown>; outputs: Record<string, unknown> };
const files = readdirSync(examplesDir).filter((f) => f.endsWith(".yml")).sort();
const read = (file: string) => readFileSync(path.join(examplesDir, file), "utf8");

/** The measuring workflow of the two-workflow pattern, shown in comment-from-fork.yml's header comment. */
function embeddedMeasuringWorkflow(text: string): string {
  const lines = text.split("\n");
  const start = lines.findIndex((l) => l.startsWith("# 1."));
  const end = lines.findIndex((l) => l.startsWith("# 2."));
  return lines
    .slice(start + 1, end)
    .filter((l) => l.startsWith("#      "))
    .map((l) => l.slice("#      ".length))
    .join("\n");
}

const workflows: [string, Workflow][] = files.map((f) => [f, parseYaml(read(f)) as Workflow]);
workflows.push(["comment-from-fork.yml (measuring workflow)", parseYaml(embeddedMeasuringWorkflow(read("comment-from-fork.yml"))) as Workflow]);

/** The mode a use of the action runs in: the input, else what the workflow's events imply. */
function modeOf(step: Step, workflow: Workflow): string {
  const mode = step.with?.mode;
  if (typeof mode === "string" && mode !== "") return mode;
  const events = Object.keys(workflow.on);
  if (events.includes("pull_request") || events.includes("issue_comment")) return "pr";
  if (events.includes("push")) return "baseline";
  if (events.includes("schedule")) return "flags";
  throw new Error(`no mode for events ${events.join(", ")}`);
}

describe("docs/examples", () => {
  it("has the six examples the docs point to", () => {
    expect(files).toEqual(["comment-from-fork.yml", "flags-weekly.yml", "main-baseline.yml", "multi-arch.yml", "pr.yml", "rerun-by-comment.yml"]);
  });

  describe.each(workflows)("%s", (_file, workflow) => {
    const jobs = Object.entries(workflow.jobs);
    const uses = jobs.flatMap(([, job]) => job.steps.filter((s) => s.uses === ACTION).map((step) => ({ job, step })));

    it("is a workflow: a name, events, jobs with a runner and steps", () => {
      expect(workflow.name).toMatch(/\S/);
      expect(Object.keys(workflow.on).length).toBeGreaterThan(0);
      expect(jobs.length).toBeGreaterThan(0);
      for (const [, job] of jobs) {
        expect(job["runs-on"]).toBeTruthy();
        expect(job.steps.length).toBeGreaterThan(0);
        for (const step of job.steps) expect(Boolean(step.uses) !== Boolean(step.run)).toBe(true);
      }
      for (const [, job] of jobs) for (const need of [job.needs ?? []].flat()) expect(workflow.jobs).toHaveProperty(need);
    });

    it("uses the published action (not a local path) with declared inputs only, and reads declared outputs only", () => {
      expect(uses.length).toBeGreaterThan(0);
      expect(JSON.stringify(workflow)).not.toMatch(/"uses":"\.\//);
      for (const { step } of uses) {
        for (const input of Object.keys(step.with ?? {})) expect(Object.keys(action.inputs), `input ${input}`).toContain(input);
        for (const value of Object.values(step.with ?? {})) expect(typeof value, "inputs are strings (quote true/false and numbers)").toBe("string");
      }
      const outputs = [...JSON.stringify(workflow).matchAll(/steps\.[\w-]+\.outputs\.([\w-]+)/g)].map((m) => m[1]!);
      for (const output of outputs) expect(Object.keys(action.outputs)).toContain(output);
    });

    it("checks out the whole history where it runs the action", () => {
      for (const [, job] of jobs.filter(([, j]) => j.steps.some((s) => s.uses === ACTION))) {
        const checkout = job.steps.find((s) => s.uses?.startsWith("actions/checkout@"));
        expect(checkout?.with?.["fetch-depth"]).toBe(0);
        expect(job.steps.indexOf(checkout!)).toBeLessThan(job.steps.findIndex((s) => s.uses === ACTION));
      }
    });

    it("leaves no token in the checkout for the code it builds (persist-credentials: false)", () => {
      for (const [, job] of jobs) {
        for (const checkout of job.steps.filter((s) => s.uses?.startsWith("actions/checkout@"))) expect(checkout.with?.["persist-credentials"]).toBe(false);
      }
    });

    it("grants what each mode needs, and measures on self-hosted runners", () => {
      for (const { job, step } of uses) {
        const permissions = { ...workflow.permissions, ...job.permissions };
        const mode = modeOf(step, workflow);
        const comments = step.with?.comment !== "never" && Object.keys(workflow.on).some((e) => e === "pull_request" || e === "workflow_run" || e === "issue_comment");
        if (comments && (mode === "pr" || mode === "report")) expect(permissions["pull-requests"]).toBe("write");
        if (mode === "pr" || mode === "report") expect(permissions.actions).toMatch(/^(read|write)$/);
        if (mode === "flags") expect(permissions.issues).toBe("write");
        // the history's data branch (history: branch, the default) and its alert issue
        const historyBranch = mode === "baseline" && (step.with?.history ?? "branch") === "branch";
        if (historyBranch) expect(permissions.contents).toBe("write");
        if (mode === "baseline") expect(permissions.issues).toBe("write");
        if (mode !== "report") expect([job["runs-on"]].flat()).toContain("self-hosted");
        // nothing more than reading the code, except what the mode writes; never contents on pull requests
        for (const [scope, level] of Object.entries(permissions)) {
          if (level === "write") expect(["pull-requests", "issues", ...(historyBranch ? ["contents"] : [])], `${scope}: write`).toContain(scope);
        }
        if (Object.keys(workflow.on).includes("pull_request")) expect(permissions.contents).not.toBe("write");
      }
    });
  });

  it("multi-arch: a matrix over x64 and arm64 runners, then one report job that needs it", () => {
    const workflow = parseYaml(read("multi-arch.yml")) as Workflow;
    expect(workflow.jobs.measure!.strategy?.matrix?.arch).toEqual(["x64", "arm64"]);
    expect(workflow.jobs.measure!.strategy?.matrix?.shard).toEqual(["1/2", "2/2"]);
    expect(workflow.jobs.measure!.steps.find((s) => s.uses === ACTION)?.with?.shard).toBe("${{ matrix.shard }}");
    expect(workflow.jobs.measure!["runs-on"]).toEqual(["self-hosted", "linux", "${{ matrix.arch }}"]);
    expect(workflow.jobs.report!.needs).toBe("measure");
    expect(workflow.jobs.report!.steps.find((s) => s.uses === ACTION)?.with?.mode).toBe("report");
  });

  it("flags-weekly: a weekly cron, -march=native on x64 and -mcpu=native on arm64", () => {
    const workflow = parseYaml(read("flags-weekly.yml")) as Workflow;
    const [schedule] = workflow.on.schedule as { cron: string }[];
    expect(schedule!.cron.split(" ")).toHaveLength(5);
    expect(schedule!.cron.split(" ")[4]).toMatch(/^[0-6]$/);
    const include = (workflow.jobs.flags!.strategy!.matrix!.include as { arch: string; "flag-sets": string }[]).map((m) => [m.arch, m["flag-sets"]]);
    expect(include).toEqual([
      ["x64", expect.stringContaining("native=-O2 -march=native")],
      ["arm64", expect.stringContaining("native=-O2 -mcpu=native")],
    ]);
  });

  it("rerun-by-comment: issue_comment, only on a PR comment that starts the command", () => {
    const workflow = parseYaml(read("rerun-by-comment.yml")) as Workflow;
    expect(Object.keys(workflow.on)).toEqual(["issue_comment"]);
    expect(String((workflow.jobs.rerun as unknown as { if: string }).if)).toContain("startsWith(github.event.comment.body, '/db-bench-gate rerun')");
  });

  it("comment-from-fork: a read-only pull_request workflow measures, a workflow_run of it comments", () => {
    const text = read("comment-from-fork.yml");
    const measuring = parseYaml(embeddedMeasuringWorkflow(text)) as Workflow;
    const commenting = parseYaml(text) as Workflow;
    expect(Object.keys(measuring.on)).toEqual(["pull_request"]);
    expect(Object.values(measuring.permissions ?? {})).not.toContain("write");
    const measure = measuring.jobs.perf!.steps.find((s) => s.uses === ACTION)!;
    expect(measure.with).toMatchObject({ comment: "never", "trusted-label": "perf-safe-to-run" });
    expect(commenting.on).toEqual({ workflow_run: { workflows: [measuring.name], types: ["completed"] } });
    // it never checks out the PR's code: only the default branch
    const checkout = commenting.jobs.comment!.steps.find((s) => s.uses?.startsWith("actions/checkout@"));
    expect(checkout?.with).not.toHaveProperty("ref");
    expect(commenting.jobs.comment!.steps.find((s) => s.uses === ACTION)?.with?.mode).toBe("report");
  });
});

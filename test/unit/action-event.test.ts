import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { prNamespaceOf } from "../../src/action/context.js";
import { parseEvent, readEvent, type GitHubEvent } from "../../src/action/event.js";
import { modeForEvent } from "../../src/action/inputs.js";
import { InputError } from "../../src/common/errors.js";

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/events/${name}`, import.meta.url));
/** The fields the tests change; the rest of a payload is carried along untouched. */
interface Payload {
  ref: string;
  repository: { fork: boolean };
  pull_request: { head: { sha: string; repo: object | null } };
}
const load = (name: string) => JSON.parse(readFileSync(fixture(name), "utf8")) as Payload;
const dir = mkdtempSync(join(tmpdir(), "dbg-event-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function read(eventName: string, file: string): Promise<GitHubEvent> {
  return readEvent({ GITHUB_EVENT_NAME: eventName, GITHUB_EVENT_PATH: fixture(file) });
}

describe("event payloads", () => {
  it("a pull request from a branch of the same repository is not a fork's, though the repository is itself a fork", async () => {
    expect(load("pull_request.opened.json").repository.fork).toBe(true);
    expect(await read("pull_request", "pull_request.opened.json")).toEqual({
      kind: "pull_request",
      name: "pull_request",
      action: "opened",
      number: 42,
      url: "https://github.com/pgfork/postgres/pull/42",
      repository: "pgfork/postgres",
      base: { ref: "main", sha: "3f1c2a9b8e7d6c5b4a39281706f5e4d3c2b1a098", repo: "pgfork/postgres" },
      defaultBranch: "main",
      head: { ref: "vm-batch", sha: "9a8b7c6d5e4f30211203f4e5d6c7b8a99a8b7c6d", repo: "pgfork/postgres" },
      isFork: false,
      labels: [],
      label: null,
      author: "bob-maint",
      authorAssociation: "MEMBER",
    });
  });

  it("a pull request from another repository is a fork's, even when its branch has the base's name", async () => {
    const event = await read("pull_request", "pull_request.fork.json");
    expect(event).toMatchObject({ kind: "pull_request", action: "synchronize", number: 57, isFork: true, authorAssociation: "FIRST_TIME_CONTRIBUTOR" });
    if (event.kind !== "pull_request") throw new Error("kind");
    expect(event.head).toEqual({ ref: "main", sha: "c0ffee1234567890abcdef1234567890abcdef12", repo: "alice-dev/postgres" });
    expect(event.base.ref).toBe("main");
  });

  it("a fork deleted after the PR was opened (head.repo null) counts as a fork", () => {
    const payload = load("pull_request.fork.json");
    payload.pull_request.head.repo = null;
    expect(parseEvent("pull_request_target", payload, "event.json")).toMatchObject({ name: "pull_request_target", isFork: true, head: { repo: null } });
  });

  it("reads the labels of a labeled event, and the label that set it: the run it starts knows the head the label was set on", async () => {
    expect(await read("pull_request", "pull_request.labeled.json")).toMatchObject({
      action: "labeled",
      isFork: true,
      labels: ["performance", "perf-safe-to-run"],
      label: "perf-safe-to-run",
    });
  });

  it("a push to the default branch", async () => {
    expect(await read("push", "push.main.json")).toEqual({
      kind: "push",
      repository: "pgfork/postgres",
      ref: "refs/heads/main",
      branch: "main",
      sha: "5e4d3c2b1a0998877665544332211ffeeddccbba",
      before: "3f1c2a9b8e7d6c5b4a39281706f5e4d3c2b1a098",
      deleted: false,
      defaultBranch: "main",
      isDefaultBranch: true,
    });
    const tag = load("push.main.json");
    tag.ref = "refs/tags/v15.4-pgfork1";
    expect(parseEvent("push", tag, "event.json")).toMatchObject({ branch: null, isDefaultBranch: false });
  });

  it("a scheduled run, with and without the repository (older payloads carry only the cron line)", async () => {
    expect(await read("schedule", "schedule.json")).toEqual({ kind: "schedule", cron: "17 3 * * 1", repository: "pgfork/postgres" });
    expect(parseEvent("schedule", { schedule: "0 4 * * 0" }, "event.json")).toEqual({ kind: "schedule", cron: "0 4 * * 0", repository: null });
  });

  it("a workflow_run of a fork's PR: no pull_requests, the head repository tells", async () => {
    expect(await read("workflow_run", "workflow_run.completed.json")).toEqual({
      kind: "workflow_run",
      repository: "pgfork/postgres",
      action: "completed",
      run: {
        id: 15463829104,
        name: "perf",
        event: "pull_request",
        conclusion: "success",
        headSha: "c0ffee1234567890abcdef1234567890abcdef12",
        headBranch: "main",
        headRepository: "alice-dev/postgres",
        pullRequests: [],
      },
      isFork: true,
    });
  });

  it("a comment on a pull request (the rerun command), which implies pr mode", async () => {
    expect(await read("issue_comment", "issue_comment.created.json")).toEqual({
      kind: "issue_comment",
      repository: "pgfork/postgres",
      action: "created",
      number: 42,
      isPullRequest: true,
      commentId: 2150000001,
      body: "The select-only step looked noisy.\r\n/db-bench-gate rerun --rounds 12 --steps pgbench.*\r\n",
      commenter: "bob-maint",
    });
    expect(modeForEvent("issue_comment")).toBe("pr");
  });

  it("other events pass through by name", () => {
    expect(parseEvent("discussion", { anything: 1 }, "event.json")).toEqual({ kind: "other", name: "discussion" });
  });

  it("names the file and the JSON path of a bad field", async () => {
    const payload = load("pull_request.opened.json");
    payload.pull_request.head.sha = "HEAD";
    const file = join(dir, "bad.json");
    writeFileSync(file, JSON.stringify(payload));
    const error = await readEvent({ GITHUB_EVENT_NAME: "pull_request", GITHUB_EVENT_PATH: file }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toBe(`${file}: $.pull_request.head.sha: a 40 or 64 hex digit commit sha`);
  });

  it("says what is missing outside a job or with an unreadable payload", async () => {
    await expect(readEvent({ GITHUB_EVENT_PATH: fixture("push.main.json") })).rejects.toThrow("GITHUB_EVENT_NAME: not set");
    await expect(readEvent({ GITHUB_EVENT_NAME: "push" })).rejects.toThrow("GITHUB_EVENT_PATH: not set");
    const missing = join(dir, "missing.json");
    await expect(readEvent({ GITHUB_EVENT_NAME: "push", GITHUB_EVENT_PATH: missing })).rejects.toThrow(`${missing}: cannot read the event payload: ENOENT`);
  });

  it("implies a mode for the fixtures' events that start measuring", () => {
    expect(["pull_request", "push", "schedule", "workflow_run"].map(modeForEvent)).toEqual(["pr", "baseline", "flags", null]);
  });
});

describe("the cache namespace a run builds a pull request's code in", () => {
  it("is the PR's number for its events and reruns, else the head ref given (one path component)", async () => {
    expect(prNamespaceOf(await read("pull_request", "pull_request.fork.json"), { headRef: null }, {})).toBe("pr-57");
    expect(prNamespaceOf(await read("issue_comment", "issue_comment.created.json"), { headRef: null }, {})).toMatch(/^pr-\d+$/);
    const push = await read("push", "push.main.json");
    expect(prNamespaceOf(push, { headRef: "feature/../x y" }, {})).toBe("ref-feature-..-x-y");
    expect(prNamespaceOf(push, { headRef: null }, { GITHUB_SHA: "c0ffee" })).toBe("ref-c0ffee");
  });
});

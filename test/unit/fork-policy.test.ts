import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseEvent, type PullRequestEvent } from "../../src/action/event.js";
import { decideForkPolicy, TWO_WORKFLOW_DOC } from "../../src/action/fork-policy.js";

function pullRequest(name: string): PullRequestEvent {
  const payload: unknown = JSON.parse(readFileSync(new URL(`../fixtures/events/${name}`, import.meta.url), "utf8"));
  const event = parseEvent("pull_request", payload, name);
  if (event.kind !== "pull_request") throw new Error(`${name} is not a pull_request payload`);
  return event;
}

const sameRepo = pullRequest("pull_request.opened.json");
const fork = pullRequest("pull_request.fork.json");
const labeled = pullRequest("pull_request.labeled.json");

describe("fork policy", () => {
  it("builds PRs from the repository's own branches", () => {
    expect(decideForkPolicy(sameRepo, { allowForkPrs: false, trustedLabel: null })).toEqual({ allowed: true, why: "same-repository" });
  });

  it("refuses a fork's PR by default and says both ways to allow it and where the two-workflow pattern is", () => {
    const decision = decideForkPolicy(fork, { allowForkPrs: false, trustedLabel: null });
    if (decision.allowed) throw new Error("allowed");
    expect(decision.message).toContain("Refusing to build pull request #57 from the fork alice-dev/postgres");
    expect(decision.message).toContain("`allow-fork-prs: true`");
    expect(decision.message).toContain("`trusted-label: <label>`");
    expect(decision.message).toContain(TWO_WORKFLOW_DOC);
  });

  it("with a trusted label configured, names that label in the refusal until a maintainer sets it", () => {
    const options = { allowForkPrs: false, trustedLabel: "perf-safe-to-run" };
    const refused = decideForkPolicy(fork, options);
    expect(refused.allowed).toBe(false);
    expect(!refused.allowed && refused.message).toContain('add the label "perf-safe-to-run"');
    expect(decideForkPolicy(labeled, options)).toEqual({ allowed: true, why: "trusted-label" });
    expect(decideForkPolicy(labeled, { allowForkPrs: false, trustedLabel: "Perf-Safe-To-Run" })).toEqual({ allowed: true, why: "trusted-label" });
  });

  it("another label does not allow it", () => {
    expect(decideForkPolicy(labeled, { allowForkPrs: false, trustedLabel: "performance-reviewed" }).allowed).toBe(false);
  });

  it("allow-fork-prs allows every fork PR", () => {
    expect(decideForkPolicy(fork, { allowForkPrs: true, trustedLabel: null })).toEqual({ allowed: true, why: "allow-fork-prs" });
  });

  it("a deleted fork is refused too", () => {
    const decision = decideForkPolicy({ ...fork, head: { ...fork.head, repo: null } }, { allowForkPrs: false, trustedLabel: null });
    expect(!decision.allowed && decision.message).toContain("from a deleted fork");
  });
});

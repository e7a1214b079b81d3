import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseEvent, type PullRequestEvent } from "../../src/action/event.js";
import { decideForkPolicy, labelSetter, setByMaintainer, trustedLabelStanding, TWO_WORKFLOW_DOC, type TimelineItem } from "../../src/action/fork-policy.js";
import { timelineItem } from "../../src/action/trusted-label.js";

function pullRequest(name: string): PullRequestEvent {
  const payload: unknown = JSON.parse(readFileSync(new URL(`../fixtures/events/${name}`, import.meta.url), "utf8"));
  const event = parseEvent("pull_request", payload, name);
  if (event.kind !== "pull_request") throw new Error(`${name} is not a pull_request payload`);
  return event;
}

const sameRepo = pullRequest("pull_request.opened.json");
const fork = pullRequest("pull_request.fork.json");
const labeled = pullRequest("pull_request.labeled.json");

const maintainer = { login: "bob-maint" };
/** Two commits pushed, then the label set by a maintainer: as GitHub's timeline API lists them. */
const reviewedThenLabeled: TimelineItem[] = [
  { event: "committed", sha: "1".repeat(40), author: { date: "2025-05-30T10:00:00Z" } },
  { event: "committed", sha: labeled.head.sha, author: { date: "2025-05-30T11:00:00Z" } },
  { event: "commented", actor: { login: "alice-dev" }, created_at: "2025-05-31T09:00:00Z" },
  { event: "labeled", actor: maintainer, created_at: "2025-06-01T12:00:00Z", label: { name: "perf-safe-to-run", color: "0e8a16" } },
].map(timelineItem);

describe("the trusted label counts only for the head commit it was set on", () => {
  const label = "perf-safe-to-run";
  const options = { allowForkPrs: false, trustedLabel: label };
  const push = timelineItem({ event: "committed", sha: "2".repeat(40) });

  it("counts when set after the last push, by someone who can label", () => {
    expect(trustedLabelStanding(labeled, label, reviewedThenLabeled, null)).toEqual({ counts: true, labeler: "bob-maint" });
    for (const role of ["triage", "write", "maintain", "admin"]) {
      expect(decideForkPolicy(labeled, options, { standing: { counts: true, labeler: "bob-maint" }, role }).allowed).toBe(true);
    }
  });

  it("does not count after a push (synchronize), whatever the timeline's order says: a commit's date is its author's to choose", () => {
    const synchronize = { ...labeled, action: "synchronize" };
    const standing = trustedLabelStanding(synchronize, label, reviewedThenLabeled, null);
    expect(standing.counts).toBe(false);
    const decision = decideForkPolicy(synchronize, options, { standing, role: "write" });
    expect(!decision.allowed && decision.message).toContain(`The trusted label does not count for head ${labeled.head.sha.slice(0, 12)}: this run was started by a push`);
    expect(!decision.allowed && decision.message).toContain(`(re)add the label "${label}"`);
  });

  it("does not count when the head moved after it was set: a commit, a force push, a restored branch, a reopen", () => {
    expect(trustedLabelStanding(labeled, label, [...reviewedThenLabeled, push], null)).toEqual({ counts: false, why: `commit ${"2".repeat(12)} was pushed after the label "${label}" was set` });
    for (const event of ["head_ref_force_pushed", "head_ref_restored", "reopened"]) {
      const moved = trustedLabelStanding(labeled, label, [...reviewedThenLabeled, timelineItem({ event, created_at: "2025-06-02T00:00:00Z", actor: { login: "alice-dev" } })], null);
      expect(moved.counts, event).toBe(false);
    }
    // set again after the push: counts again
    const again = timelineItem({ event: "labeled", actor: { login: "carol-maint" }, created_at: "2025-06-03T00:00:00Z", label: { name: "PERF-SAFE-TO-RUN" } });
    expect(trustedLabelStanding(labeled, label, [...reviewedThenLabeled, push, again], null)).toEqual({ counts: true, labeler: "carol-maint" });
  });

  it("does not count when removed, when the timeline has no labeled event, or when set by someone without triage rights", () => {
    const removed = timelineItem({ event: "unlabeled", actor: maintainer, created_at: "2025-06-02T00:00:00Z", label: { name: label } });
    expect(trustedLabelStanding(labeled, label, [...reviewedThenLabeled, removed], null).counts).toBe(false);
    expect(trustedLabelStanding(labeled, label, reviewedThenLabeled.slice(0, 2), null)).toEqual({ counts: false, why: `the PR's timeline has no "labeled" event for "${label}"` });
    const byReader = decideForkPolicy(labeled, options, { standing: { counts: true, labeler: "eve" }, role: "read" });
    expect(!byReader.allowed && byReader.message).toContain("eve, who set it, has the role read on this repository, not triage or above");
    const byApp = decideForkPolicy(labeled, options, { standing: { counts: true, labeler: "some-app[bot]" }, role: null });
    expect(byApp.allowed).toBe(false);
    const unchecked = decideForkPolicy(labeled, options);
    expect(!unchecked.allowed && unchecked.message).toContain("could not be checked");
  });
});

describe("a label vouches for the head the PR had when it was set, by GitHub's clock, not the timeline's order", () => {
  const label = "perf-safe-to-run";
  const reviewed = "1".repeat(40);
  const unreviewed = labeled.head.sha;
  // pushed after the label with dates from before it: GitHub's timeline lists its commit before the label
  const backdated: TimelineItem[] = [
    { event: "committed", sha: reviewed, author: { date: "2025-05-30T10:00:00Z" }, committer: { date: "2025-05-30T10:00:00Z" } },
    { event: "committed", sha: unreviewed, author: { date: "2025-05-30T11:00:00Z" }, committer: { date: "2025-05-30T11:00:00Z" } },
    { event: "labeled", actor: maintainer, created_at: "2025-06-01T12:00:00Z", label: { name: label } },
  ].map(timelineItem);
  /** The head branch's activity: the reviewed commit pushed before the label, the backdated one a day after it. */
  const pushes = [
    { after: unreviewed, at: "2025-06-02T12:00:00Z" },
    { after: reviewed, at: "2025-05-30T10:05:00Z" },
  ];
  // a run the label's own event did not start: another label set later, a reopen, a rerun, report mode
  const otherLabel = { ...labeled, label: "docs" };

  it("does not count for a head pushed after it, however the timeline lists that head's commit", () => {
    for (const event of [otherLabel, { ...labeled, action: "reopened", label: null }, { ...labeled, action: "created", label: null }]) {
      expect(trustedLabelStanding(event, label, backdated, pushes), event.action).toEqual({
        counts: false,
        why: `the label "${label}" may have been set on another head: it was set when the head was ${reviewed.slice(0, 12)}`,
      });
    }
  });

  it("counts for the head the branch pointed to when it was set, whatever was pushed and undone since", () => {
    const headWhenSet = [{ after: unreviewed, at: "2025-06-01T11:59:00Z" }, { after: reviewed, at: "2025-06-01T13:00:00Z" }, { after: unreviewed, at: "2025-06-01T14:00:00Z" }];
    expect(trustedLabelStanding(otherLabel, label, backdated, headWhenSet)).toEqual({ counts: true, labeler: "bob-maint" });
  });

  it("counts in the run its own labeled event starts: that event's payload holds the head the PR had then", () => {
    expect(trustedLabelStanding(labeled, label, backdated, null)).toEqual({ counts: true, labeler: "bob-maint" });
    expect(trustedLabelStanding({ ...labeled, label: "PERF-SAFE-TO-RUN" }, label, backdated, null).counts).toBe(true);
  });

  it("does not count elsewhere when the branch's pushes cannot be read or none came before it", () => {
    expect(trustedLabelStanding(otherLabel, label, backdated, null)).toEqual({
      counts: false,
      why: `the label "${label}" may have been set on another head: this run was not started by setting it, and the head branch's pushes could not be read to tell which head it was set on`,
    });
    expect(trustedLabelStanding(otherLabel, label, backdated, [{ after: unreviewed, at: "2025-06-01T12:00:00Z" }]).counts).toBe(false);
  });
});

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
    const check = { standing: trustedLabelStanding(labeled, "perf-safe-to-run", reviewedThenLabeled, null), role: "write" };
    expect(decideForkPolicy(labeled, options, check)).toEqual({ allowed: true, why: "trusted-label" });
    expect(decideForkPolicy(labeled, { allowForkPrs: false, trustedLabel: "Perf-Safe-To-Run" }, check)).toEqual({ allowed: true, why: "trusted-label" });
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

describe("the skip and accept labels: who set them, and whether they may", () => {
  const skip = (actor: string, at: string) => timelineItem({ event: "labeled", actor: { login: actor }, created_at: at, label: { name: "skip-benchmark" } });

  it("names who set the skip label last, whatever was pushed after it, unless it was removed", () => {
    const pushedAfter = [skip("bob-maint", "2025-06-01T12:00:00Z"), timelineItem({ event: "committed", sha: "2".repeat(40) })];
    expect(labelSetter("Skip-Benchmark", pushedAfter)).toEqual({ counts: true, labeler: "bob-maint" });
    const removed = [...pushedAfter, timelineItem({ event: "unlabeled", actor: maintainer, created_at: "2025-06-02T12:00:00Z", label: { name: "skip-benchmark" } })];
    expect(labelSetter("skip-benchmark", removed)).toEqual({ counts: false, why: 'the label "skip-benchmark" was removed after it was set' });
    expect(labelSetter("skip-benchmark", reviewedThenLabeled)).toMatchObject({ counts: false });
  });

  it("counts a label only from someone with triage rights or above", () => {
    const standing = { counts: true as const, labeler: "carol" };
    expect(setByMaintainer("accept-regression", { standing, role: "triage" })).toEqual({ by: "carol" });
    expect(setByMaintainer("accept-regression", { standing, role: "read" })).toEqual({
      why: 'carol, who set the label "accept-regression", has the role read on this repository, not triage or above',
    });
    expect(setByMaintainer("accept-regression", { standing: { counts: false, why: "pushed after" }, role: null })).toEqual({ why: "pushed after" });
  });
});

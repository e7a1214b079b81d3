/** Which runs are trusted (issue 10 item 11) and how timeouts are set (item 8): pure rules. */
import { describe, expect, it } from "vitest";
import type { GitHubEvent } from "../../src/action/event.js";
import { readInputs } from "../../src/action/inputs.js";
import { trustLevelOf } from "../../src/action/trust-level.js";
import { parseConfigText } from "../../src/config/config-file.js";
import { DEFAULT_TIMEOUTS, resolveTimeouts } from "../../src/config/timeouts.js";

const SHA = "a".repeat(40);
const push = (isDefaultBranch: boolean): GitHubEvent => ({
  kind: "push",
  repository: "o/r",
  ref: isDefaultBranch ? "refs/heads/main" : "refs/heads/topic",
  branch: isDefaultBranch ? "main" : "topic",
  sha: SHA,
  before: "b".repeat(40),
  deleted: false,
  defaultBranch: "main",
  isDefaultBranch,
});

describe("trust level", () => {
  it("only the default branch's own baseline and scheduled flags runs are trusted", () => {
    expect(trustLevelOf("baseline", push(true), SHA, {})).toBe("trusted");
    expect(trustLevelOf("baseline", push(false), SHA, {})).toBe("pr");
    // a head-ref input measures another commit than the pushed one
    expect(trustLevelOf("baseline", push(true), "c".repeat(40), {})).toBe("pr");
    const schedule: GitHubEvent = { kind: "schedule", cron: "0 3 * * 1", repository: "o/r" };
    expect(trustLevelOf("flags", schedule, SHA, { GITHUB_SHA: SHA })).toBe("trusted");
    expect(trustLevelOf("flags", { kind: "workflow_dispatch", repository: "o/r", ref: "refs/heads/main", inputs: {} }, SHA, { GITHUB_SHA: SHA })).toBe("pr");
    expect(trustLevelOf("pr", push(true), SHA, {})).toBe("pr");
  });
});

describe("timeouts", () => {
  it("defaults, then the config file, then the input, field by field", () => {
    const config = parseConfigText("timeouts:\n  build_s: 1800\n  load_s: 600\n", "cfg.yml");
    const inputs = readInputs({ GITHUB_EVENT_NAME: "pull_request", INPUT_TIMEOUTS: "{ load_s: 60, run_s: 7200 }" });
    expect(resolveTimeouts(config.timeouts, inputs.timeouts)).toEqual({ ...DEFAULT_TIMEOUTS, build_s: 1800, load_s: 60, run_s: 7200 });
  });

  it("a bad timeout is an input error naming the field", () => {
    expect(() => readInputs({ GITHUB_EVENT_NAME: "pull_request", INPUT_TIMEOUTS: "{ build_s: -1 }" })).toThrow(/input timeouts: \$\.build_s/);
    expect(() => readInputs({ GITHUB_EVENT_NAME: "pull_request", INPUT_TIMEOUTS: "{ make_s: 10 }" })).toThrow(/input timeouts/);
    // the whole run's cap is the runner's business, not the fork's
    expect(() => parseConfigText("timeouts: { run_s: 10 }", "cfg.yml")).toThrow(/cfg\.yml: \$\.timeouts/);
  });
});

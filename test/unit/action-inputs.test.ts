import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { INPUT_NAMES, inputVariable, parseFlagSets, PULL_REQUEST_TARGET_REFUSAL, readInputs, type InputName } from "../../src/action/inputs.js";
import { inputError } from "./expect-input-error.js";

const actionYml = parseYaml(readFileSync(new URL("../../action.yml", import.meta.url), "utf8")) as {
  inputs: Record<string, { default?: string }>;
};

function env(inputs: Partial<Record<InputName, string>>, eventName = "pull_request"): Record<string, string> {
  const vars: Record<string, string> = { GITHUB_EVENT_NAME: eventName };
  for (const [name, value] of Object.entries(inputs)) vars[inputVariable(name)] = value;
  return vars;
}

describe("action inputs", () => {
  it("declares exactly the inputs of action.yml", () => {
    expect([...INPUT_NAMES].sort()).toEqual(Object.keys(actionYml.inputs).sort());
  });

  it("uses action.yml's default for every input it defaults when the runner leaves it empty", () => {
    const defaulted: InputName[] = ["config", "repo-path", "cache-size-cap", "allow-fork-prs", "fail-on", "comment", "accept-label", "skip-label", "skip", "results-path", "artifact-name"];
    for (const name of defaulted) {
      const declared = actionYml.inputs[name]?.default;
      expect(declared, name).toBeTruthy();
      expect(readInputs(env({})), name).toEqual(readInputs(env({ [name]: declared })));
    }
  });

  it("leaves the settings the config file can make unset when their inputs are empty", () => {
    const inputs = readInputs(env({}));
    expect(inputs.profile).toBeNull();
    expect(inputs.thresholds).toEqual({});
    expect(inputs.timeBudgetS).toBeNull();
    expect(inputs.cflags).toBeNull();
    expect(inputs.token).toBeNull();
  });

  it("reads a full set of inputs the way the runner passes them (INPUT_ + upper case, trimmed)", () => {
    const inputs = readInputs(
      env({
        mode: "pr",
        profile: " pg-sysbench ",
        "base-ref": "main",
        "head-ref": "feature",
        cflags: "-O2 -g",
        "fail-below": "0.9",
        "warn-below": "0.97",
        "improve-above": "1.1",
        alpha: "0.05",
        "fail-on-regression": "False",
        "time-budget": "900",
        "count-instructions": "false",
        "cache-dir": "/srv/dbg-cache",
        "cache-size-cap": "7.5",
        "allow-fork-prs": "TRUE",
        "trusted-label": "perf-safe-to-run",
        comment: "on-regression",
        cc: "@alice, org/perf-team\nbob",
        "accept-label": "perf-accepted",
        "skip-label": "no-bench",
        skip: "true",
        "results-path": "out/r.json",
        "artifact-name": "perf",
        token: "ghs_x",
      }),
    );
    expect(inputs).toMatchObject({
      mode: "pr",
      modeSource: "input",
      profile: "pg-sysbench",
      baseRef: "main",
      headRef: "feature",
      cflags: "-O2 -g",
      thresholds: { fail_below: 0.9, warn_below: 0.97, improve_above: 1.1, alpha: 0.05 },
      failOn: ["error", "unjudged"],
      deprecations: ["input fail-on-regression is deprecated: use fail-on (now error,unjudged)"],
      timeBudgetS: 900,
      countInstructions: false,
      cacheDir: "/srv/dbg-cache",
      cacheSizeCapGiB: 7.5,
      allowForkPrs: true,
      trustedLabel: "perf-safe-to-run",
      comment: "on-regression",
      cc: ["@alice", "@org/perf-team", "@bob"],
      acceptLabel: "perf-accepted",
      skipLabel: "no-bench",
      skip: true,
      resultsPath: "out/r.json",
      artifactName: "perf",
      token: "ghs_x",
    });
  });

  it("takes the comment input's former booleans as always and never, saying so", () => {
    expect(readInputs(env({ comment: "false" }))).toMatchObject({ comment: "never", deprecations: ['input comment: "false" is deprecated: use never'] });
    expect(readInputs(env({ comment: "True" })).comment).toBe("always");
    expect(readInputs(env({})).comment).toBe("always");
  });

  it("resolves an empty mode from the event", () => {
    expect(readInputs(env({}, "pull_request")).mode).toBe("pr");
    expect(readInputs(env({}, "push")).mode).toBe("baseline");
    expect(readInputs(env({ "flag-sets": "O2=-O2\nnative=-O2 -march=native" }, "schedule"))).toMatchObject({ mode: "flags", modeSource: "event" });
    expect(readInputs(env({ mode: "report" }, "pull_request")).mode).toBe("report");
  });

  it("requires the mode on events that do not imply one", () => {
    expect(inputError(() => readInputs(env({}, "workflow_dispatch")))).toBe(
      "input mode: empty, and a workflow_dispatch event does not imply one: set it to pr, baseline, report, flags, bisect",
    );
    expect(inputError(() => readInputs({}))).toMatch(/^input mode: empty, and no event \(GITHUB_EVENT_NAME is not set\)/);
  });

  it("names the input and the bad value", () => {
    expect(inputError(() => readInputs(env({ "fail-below": "abc" })))).toBe('input fail-below: expected a number, got "abc"');
    expect(inputError(() => readInputs(env({ alpha: "1e-2x" })))).toBe('input alpha: expected a number, got "1e-2x"');
    expect(inputError(() => readInputs(env({ "fail-below": "1.5" })))).toBe("input fail-below: Too big: expected number to be <=1, got 1.5");
    expect(inputError(() => readInputs(env({ "improve-above": "0.9" })))).toBe("input improve-above: Too small: expected number to be >=1, got 0.9");
    expect(inputError(() => readInputs(env({ "allow-fork-prs": "yes" })))).toBe('input allow-fork-prs: expected true or false, got "yes"');
    expect(inputError(() => readInputs(env({ "count-instructions": "no" })))).toBe('input count-instructions: expected true or false, got "no"');
    expect(inputError(() => readInputs(env({ comment: "1" })))).toBe('input comment: expected one of always, on-change, on-regression, never, got "1"');
    expect(inputError(() => readInputs(env({ cc: "@alice @bob;rm" })))).toBe('input cc: "@bob;rm" is not a GitHub login or org/team');
    expect(inputError(() => readInputs(env({ cc: Array.from({ length: 11 }, (_, i) => `u${i}`).join(" ") })))).toBe("input cc: at most 10 people or teams, got 11");
    expect(inputError(() => readInputs(env({ skip: "maybe" })))).toBe('input skip: expected true or false, got "maybe"');
    expect(inputError(() => readInputs(env({ mode: "nightly" })))).toBe('input mode: expected one of pr, baseline, report, flags, bisect, got "nightly"');
    expect(inputError(() => readInputs(env({ "cache-size-cap": "0" })))).toBe("input cache-size-cap: Too small: expected number to be >0, got 0");
    expect(inputError(() => readInputs(env({ "time-budget": "-60" })))).toBe("input time-budget: Too small: expected number to be >0, got -60");
    expect(inputError(() => readInputs(env({ "fail-below": "0.97", "warn-below": "0.9" })))).toBe(
      "input warn-below: must be at least fail-below (0.97), got 0.9",
    );
  });

  it("reads the history inputs: the store, its branch, the alert's cc list; and names a bad one", () => {
    const defaults = readInputs(env({}));
    expect([defaults.history, defaults.historyBranch, defaults.alertCc, defaults.bisectSteps]).toEqual(["branch", "db-bench-gate-data", [], "*"]);
    const set = readInputs(env({ history: "cache-dir", "history-branch": "perf/data", "alert-cc": "@alice, bob  pgfork/perf-team" }));
    expect([set.history, set.historyBranch, set.alertCc]).toEqual(["cache-dir", "perf/data", ["@alice", "@bob", "@pgfork/perf-team"]]);
    expect(inputError(() => readInputs(env({ history: "s3" })))).toBe('input history: expected one of branch, cache-dir, off, got "s3"');
    expect(inputError(() => readInputs(env({ "history-branch": "a..b" })))).toBe('input history-branch: expected a branch name, got "a..b"');
    expect(inputError(() => readInputs(env({ "alert-cc": "alice <script>" })))).toBe('input alert-cc: "<script>" is not a GitHub login or org/team');
  });

  it("reads the instruction thresholds, and names a bad one", () => {
    const inputs = readInputs(env({ "instructions-fail-above": "1.03", "instructions-warn-above": "1.01", "instructions-improve-below": "0.98" }));
    expect(inputs.thresholds).toEqual({ instructions_fail_above: 1.03, instructions_warn_above: 1.01, instructions_improve_below: 0.98 });
    expect(inputError(() => readInputs(env({ "instructions-fail-above": "0.9" })))).toBe("input instructions-fail-above: Too small: expected number to be >=1, got 0.9");
    expect(inputError(() => readInputs(env({ "instructions-improve-below": "1.2" })))).toBe("input instructions-improve-below: Too big: expected number to be <=1, got 1.2");
    expect(inputError(() => readInputs(env({ "instructions-fail-above": "1.01", "instructions-warn-above": "1.02" })))).toBe(
      "input instructions-warn-above: must be at most instructions-fail-above (1.01), got 1.02",
    );
  });

  it("needs at least two flag sets in flags mode", () => {
    expect(inputError(() => readInputs(env({}, "schedule")))).toMatch(/^input flag-sets: flags mode compares at least two .* got 0$/);
    expect(inputError(() => readInputs(env({ mode: "flags", "flag-sets": "O2=-O2" }, "workflow_dispatch")))).toMatch(/got 1$/);
  });
});

describe("flag-sets", () => {
  it("splits each line at its first '=' and skips blank lines and comments", () => {
    expect(parseFlagSets("# compared to O2\r\nO2=-O2\n\n  native = -O2 -march=native \nO3.lto=-O3 -flto=auto\n")).toEqual([
      { name: "O2", settings: { cflags: "-O2", cxxflags: "-O2" } },
      { name: "native", settings: { cflags: "-O2 -march=native", cxxflags: "-O2 -march=native" } },
      { name: "O3.lto", settings: { cflags: "-O3 -flto=auto", cxxflags: "-O3 -flto=auto" } },
    ]);
  });

  it("takes a compiler and LDFLAGS per line, each value running to the next NAME=", () => {
    expect(parseFlagSets("gcc-O2=CFLAGS=-O2\nclang-O2=CC=clang CXX=clang++ CFLAGS=-O2\ngcc-lto=CC=/usr/bin/gcc-12 CFLAGS=-O3 -flto LDFLAGS=-flto -Wl,-O1")).toEqual([
      { name: "gcc-O2", settings: { cflags: "-O2", cxxflags: "-O2" } },
      { name: "clang-O2", settings: { cc: "clang", cxx: "clang++", cflags: "-O2", cxxflags: "-O2" } },
      { name: "gcc-lto", settings: { cc: "/usr/bin/gcc-12", cflags: "-O3 -flto", cxxflags: "-O3 -flto", ldflags: "-flto -Wl,-O1" } },
    ]);
  });

  it("refuses a compiler outside PATH names and /usr/bin, in one line naming the line and the setting", () => {
    expect(inputError(() => parseFlagSets("O2=-O2\nmine=CC=./cc CFLAGS=-O2"))).toBe(
      'input flag-sets: line 2: CC "./cc": expected a compiler\'s plain name on the runner\'s PATH or a program under /usr/bin (e.g. clang, /usr/bin/gcc-12)',
    );
    expect(inputError(() => parseFlagSets("O2=-O2\ntmp=CXX=/tmp/c++"))).toMatch(/^input flag-sets: line 2: CXX "\/tmp\/c\+\+": expected/);
    expect(inputError(() => parseFlagSets("O2=-O2\nlib=CC=/usr/lib/gcc"))).toMatch(/^input flag-sets: line 2: CC "\/usr\/lib\/gcc": expected/);
    expect(inputError(() => parseFlagSets("O2=-O2\nup=CC=/usr/bin/../../tmp/cc"))).toMatch(/^input flag-sets: line 2: CC /);
    expect(inputError(() => parseFlagSets("O2=-O2\nwrapped=CC=ccache gcc"))).toMatch(/^input flag-sets: line 2: CC "ccache gcc": expected/);
    expect(inputError(() => parseFlagSets("O2=-O2\nx=CC=gcc CPPFLAGS=-DX"))).toBe("input flag-sets: line 2: unknown setting CPPFLAGS: expected CC, CXX, CFLAGS, CXXFLAGS, LDFLAGS");
    expect(inputError(() => parseFlagSets("O2=-O2\nx=CFLAGS=-O2 CFLAGS=-O3"))).toBe("input flag-sets: line 2: CFLAGS is set twice");
  });

  it("refuses lines without '=', names that cannot be column ids, and duplicates", () => {
    expect(inputError(() => parseFlagSets("O2=-O2\n-O3"))).toBe('input flag-sets: line 2: expected name=CFLAGS, got "-O3"');
    expect(inputError(() => parseFlagSets("march native=-march=native"))).toBe(
      "input flag-sets: line 1: name \"march native\" must be letters, digits, '.', '_' and '-'",
    );
    expect(inputError(() => parseFlagSets("=-O2"))).toMatch(/^input flag-sets: line 1: name "" must be/);
    expect(inputError(() => parseFlagSets("O2=-O2\nO2=-O2 -g"))).toBe('input flag-sets: line 2: duplicate name "O2"');
  });

  it("refuses pull_request_target in every mode, in one line saying why and what to use instead", () => {
    for (const mode of [undefined, "pr", "report", "baseline"]) {
      const message = inputError(() => readInputs(env(mode ? { mode } : {}, "pull_request_target")));
      expect(message).toBe(`GITHUB_EVENT_NAME: ${PULL_REQUEST_TARGET_REFUSAL}`);
    }
    expect(PULL_REQUEST_TARGET_REFUSAL).not.toContain("\n");
    expect(PULL_REQUEST_TARGET_REFUSAL).toContain("pull_request,");
  });

  it("fails on regressions, errors and a run that judged nothing by default; fail-on takes any list of the gate's verdicts", () => {
    expect(readInputs(env({})).failOn).toEqual(["regression", "error", "unjudged"]);
    expect(readInputs(env({ "fail-on": "warning, unstable ,missing" })).failOn).toEqual(["missing", "unstable", "warning"]);
    expect(readInputs(env({ "fail-on": "regression" })).failOn).toEqual(["regression"]);
    expect(inputError(() => readInputs(env({ "fail-on": "regression,improvement" })))).toBe(
      'input fail-on: unknown value "improvement": expected a comma-separated list of regression, error, missing, unstable, warning, unjudged',
    );
  });

  it("keeps the deprecated fail-on-regression as a switch of the regression verdict within fail-on, and says it is deprecated", () => {
    expect(readInputs(env({ "fail-on-regression": "false" }))).toMatchObject({ failOn: ["error", "unjudged"], deprecations: [expect.stringContaining("deprecated: use fail-on")] });
    expect(readInputs(env({ "fail-on-regression": "true", "fail-on": "error" })).failOn).toEqual(["regression", "error"]);
    expect(readInputs(env({})).deprecations).toEqual([]);
  });

  it("reads shard as i/n in pr and baseline mode, and names the input of a bad one", () => {
    expect(readInputs(env({})).shard).toBeNull();
    expect(readInputs(env({ shard: "2/3" })).shard).toEqual({ index: 2, count: 3 });
    expect(readInputs(env({ shard: "1/2" }, "push")).shard).toEqual({ index: 1, count: 2 });
    expect(inputError(() => readInputs(env({ shard: "3/2" })))).toBe("input shard: i must be 1 to 2, got 3");
    expect(inputError(() => readInputs(env({ shard: "half" })))).toBe('input shard: expected i/n such as 1/3 (this runner\'s share of n), got "half"');
    expect(inputError(() => readInputs(env({ shard: "1/2", mode: "report" })))).toMatch(/^input shard: shards split what pr and baseline mode measure; report mode/);
  });

  it("reads runner-cost as prices per hour by architecture or runner label, and names the input and key of a bad one", () => {
    expect(readInputs(env({})).runnerCost).toBeNull();
    expect(readInputs(env({ "runner-cost": "{ x86_64: 0.768, aarch64: 0.538 }" })).runnerCost).toEqual({ x86_64: 0.768, aarch64: 0.538 });
    expect(readInputs(env({ "runner-cost": "x86_64: 0.768\nARM64: 0.5\n" })).runnerCost).toEqual({ x86_64: 0.768, ARM64: 0.5 });
    expect(inputError(() => readInputs(env({ "runner-cost": "{ x86_64: -1 }" })))).toMatch(/^input runner-cost: \$\.x86_64: /);
    expect(inputError(() => readInputs(env({ "runner-cost": "{ x86_64: cheap }" })))).toMatch(/^input runner-cost: \$\.x86_64: /);
    expect(inputError(() => readInputs(env({ "runner-cost": "0.768" })))).toMatch(/^input runner-cost: /);
    expect(inputError(() => readInputs(env({ "runner-cost": "{}" })))).toMatch(/^input runner-cost: \$: expected at least one key/);
  });
});

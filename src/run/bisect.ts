/**
 * Bisect: the first bad commit between a good and a bad one on the first-parent line, with every probe
 * measured by the paired interleaved method against the good commit (a build and a run of the chosen
 * steps, base = good, head = the probe), then the first bad commit measured against its parent, which
 * is the change the report names. Builds go through the same cache and ccache as every run, so a probe
 * of a commit next to one already built recompiles only what changed.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { execa } from "execa";
import picomatch from "picomatch";
import { childEnv } from "../trust/child-env.js";
import { withTimeLimit, type CleanupRegistry } from "../common/cleanup.js";
import { compareRun } from "../compare/compare.js";
import { stepsWithVerdict } from "../compare/gate.js";
import type { Comparison } from "../compare/types.js";
import type { Plan } from "../config/plan.js";
import { InputError, PipelineError } from "../common/errors.js";
import type { Log } from "../common/log.js";
import { runBenchmark } from "./pipeline.js";
import { realPorts } from "./pipeline-ports.js";
import { aaSpreadsOf, whereCostItems } from "../results/function-profiles.js";
import type { WhereCostItem } from "../report/why-functions.js";
import { formatDuration, plural } from "../report/format.js";
import type { Results } from "../results/schema.js";

/** More commits than this between good and bad is a range to narrow with the history first. */
export const MAX_BISECT_COMMITS = 4096;

export interface Probe {
  commit: string;
  /** the commit it was measured against: the good one, or the first bad one's parent */
  against: string;
  bad: boolean;
  /** the steps that regressed, in either channel */
  regressed: string[];
  seconds: number;
  comparison: Comparison;
  results: Results;
  /** where the cost of its steps whose CPU verdict moved went, by function (counted probes) */
  whereCost: WhereCostItem[];
}

export interface BisectReport {
  good: string;
  bad: string;
  /** the commits after good up to bad, oldest first */
  commits: string[];
  steps: string[];
  firstBad: string;
  parent: string;
  probes: Probe[];
  /** the first bad commit against its parent (one of the probes when the parent is the good commit) */
  verdict: Probe;
}

/** What the caller calls the good and bad commits and the steps glob, for errors: the CLI's flags or the action's inputs. */
export interface BisectFields {
  good: string;
  bad: string;
  steps: string;
}

export const CLI_BISECT_FIELDS: BisectFields = { good: "--good", bad: "--bad", steps: "--steps" };

/** The commits after `good` up to `bad` on bad's first-parent line, oldest first (full shas). */
export async function commitsBetween(repo: string, good: string, bad: string, fields: BisectFields): Promise<{ good: string; bad: string; commits: string[] }> {
  const git = async (args: string[], what: string, field?: string) => {
    const r = await execa("git", ["-C", repo, ...args], { env: childEnv(process.env), extendEnv: false, reject: false });
    const said = r.stderr.trim().split("\n")[0];
    if (r.failed) throw new InputError(said ? `${what}: ${said}` : what, repo, field);
    return r.stdout.trim();
  };
  const commitOf = (ref: string, field: string) => git(["rev-parse", "--verify", "--end-of-options", `${ref}^{commit}`], `${ref} is not a commit`, field);
  const goodSha = await commitOf(good, fields.good);
  const badSha = await commitOf(bad, fields.bad);
  await git(["merge-base", "--is-ancestor", goodSha, badSha], `the good commit ${good} is not an ancestor of the bad one ${bad}`);
  const listed = await git(["rev-list", "--first-parent", "--reverse", `${goodSha}..${badSha}`], "rev-list");
  const commits = listed ? listed.split("\n") : [];
  if (commits.length === 0) throw new InputError(`no commit between ${good} and ${bad}`, repo, fields.bad);
  if (commits.length > MAX_BISECT_COMMITS) throw new InputError(`${commits.length} commits between ${good} and ${bad}: at most ${MAX_BISECT_COMMITS}`, repo, fields.good);
  return { good: goodSha, bad: badSha, commits };
}

/** The steps built and measured: a glob of step ids (picomatch; the CLI's and bisect mode's), or the ids themselves (an alert's). */
export type BisectSteps = { glob: string } | { ids: readonly string[] };

export interface BisectOptions {
  repo: string;
  good: string;
  bad: string;
  steps: BisectSteps;
  /** the plan measuring `probe` (head) against `against` (base) */
  planFor: (against: string, probe: string) => Promise<Plan>;
  registry: CleanupRegistry;
  log: Log;
  fields: BisectFields;
  /** stop (every probe's processes and files removed) after this many seconds, saying how far it got; none: the run's own timeout */
  timeLimitS?: number;
}

export async function bisect(options: BisectOptions): Promise<BisectReport> {
  const { log } = options;
  const { good, bad, commits } = await commitsBetween(options.repo, options.good, options.bad, options.fields);
  const chosenSteps = options.steps;
  const matches = "glob" in chosenSteps ? picomatch(chosenSteps.glob, { dot: true }) : (id: string) => chosenSteps.ids.includes(id);
  let steps: string[] = [];
  const probes: Probe[] = [];

  const measure = async (against: string, commit: string, registry: CleanupRegistry): Promise<Probe> => {
    const started = performance.now();
    const plan = await options.planFor(against, commit);
    const chosen = plan.run.profile.steps.filter((s) => matches(s.id));
    if (chosen.length === 0) throw new InputError(`matches none of the profile's steps (${plan.run.profile.steps.map((s) => s.id).join(", ")})`, undefined, options.fields.steps);
    steps = chosen.map((s) => s.id);
    // the probe's per-function costs, for naming the function as well as the commit
    const functionsDir = await mkdtemp(path.join(plan.run.workDir ?? os.tmpdir(), "dbg-bisect-functions-"));
    await registry.register(`remove ${functionsDir}`, () => rm(functionsDir, { recursive: true, force: true }));
    const results = await runBenchmark({ ...plan.run, profile: { ...plan.run.profile, steps: chosen }, functionsDir }, registry, log, realPorts);
    registry.signal.throwIfAborted();
    const comparison = compareRun(results, plan.compare);
    const whereCost = await whereCostItems(functionsDir, comparison, aaSpreadsOf(results));
    await rm(functionsDir, { recursive: true, force: true });
    const errors = stepsWithVerdict(comparison, "error");
    if (errors.length > 0) throw new PipelineError(`the probe of ${commit.slice(0, 12)} against ${against.slice(0, 12)} failed in ${errors.join(", ")}: it cannot be judged good or bad`);
    const regressed = stepsWithVerdict(comparison, "regression");
    const probe = { commit, against, bad: regressed.length > 0, regressed, seconds: (performance.now() - started) / 1000, comparison, results, whereCost };
    log.info(`probe ${probes.length + 1}: ${commit.slice(0, 12)} against ${against.slice(0, 12)} is ${probe.bad ? `bad (${regressed.join(", ")})` : "good"} (${probe.seconds.toFixed(0)} s)`);
    probes.push(probe);
    return probe;
  };

  // commits[hi] is bad (given); lo is the newest known good index, -1 standing for `good` itself
  let lo = -1;
  let hi = commits.length - 1;
  const search = async (registry: CleanupRegistry): Promise<BisectReport> => {
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if ((await measure(good, commits[mid]!, registry)).bad) hi = mid;
      else lo = mid;
    }
    const firstBad = commits[hi]!;
    const parent = hi === 0 ? good : commits[hi - 1]!;
    const earlier = probes.find((p) => p.commit === firstBad && p.against === parent);
    const verdict = earlier ?? (await measure(parent, firstBad, registry));
    return { good, bad, commits, steps, firstBad, parent, probes, verdict };
  };
  if (options.timeLimitS === undefined) return search(options.registry);
  // the range narrowed so far is what a stopped bisect still tells
  const stopped = (seconds: number) =>
    `the bisect stopped at its time limit of ${formatDuration(seconds)} after ${plural(probes.length, "probe")}: the first bad commit is after ${(lo < 0 ? good : commits[lo]!).slice(0, 12)} up to ${commits[hi]!.slice(0, 12)}`;
  return withTimeLimit(options.registry, options.timeLimitS * 1000, stopped, search, (m) => log.info(m));
}

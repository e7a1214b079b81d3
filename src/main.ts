/**
 * The action: one run() per job, in the mode the inputs or the event ask for (src/action/modes/):
 *   pr        build base and head, measure interleaved, compare (and against the stored baseline),
 *             upload the results, comment, summary, outputs, gate
 *   baseline  measure the pushed commit, upload it as the stored baseline
 *   report    merge the results artifacts of this workflow run (one per runner) into one comment
 *   flags     one commit with several flag sets, reported in the job summary and a weekly issue
 *   bisect    the first bad commit between a good and a bad one, each probe measured interleaved
 * run() sets up what every mode shares (inputs, event, the GitHub client, the job root and its cleanup)
 * and injects it with @actions/core. Subprocesses that run PR code get childEnv(): no token, no
 * ACTIONS_* or GITHUB_* variable; as root they run as an unprivileged user (src/trust/unprivileged.ts).
 */
import * as core from "@actions/core";
import { constants } from "node:fs";
import { mkdir, mkdtemp, open } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { jobMarker, STATE_JOB_ROOT, STATE_REPO } from "./action/cleanup-job-root.js";
import { gitHubAccess, type ModeRunner } from "./action/context.js";
import { readEvent } from "./action/event.js";
import { readInputs, type ActionInputs } from "./action/inputs.js";
import { commandFreeCore } from "./action/job-log.js";
import { baselineMode } from "./action/modes/baseline.js";
import { bisectMode } from "./action/modes/bisect.js";
import { flagsMode } from "./action/modes/flags.js";
import { prMode } from "./action/modes/pr.js";
import { reportMode } from "./action/modes/report.js";
import { JOB_MARKER } from "./trust/child-env.js";
import { withCleanup } from "./common/cleanup.js";
import { defaultCacheDir } from "./config/plan.js";
import { DEFAULT_TIMEOUTS } from "./config/timeouts.js";
import { EXIT_ERROR, InputError, PipelineError } from "./common/errors.js";
import { gateUsers, pullRequestUsers, unprivilegedWarning } from "./trust/unprivileged.js";
import { removeUserTree } from "./trust/user-trees.js";

const MODES: Record<ActionInputs["mode"], ModeRunner> = { pr: prMode, baseline: baselineMode, report: reportMode, flags: flagsMode, bisect: bisectMode };

export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  try {
    const inputs = readInputs(env);
    if (inputs.token) core.setSecret(inputs.token);
    for (const deprecation of inputs.deprecations) core.warning(deprecation);
    const event = await readEvent(env);
    // the modes log PR-derived text (build output, server logs): it must not issue workflow commands
    const jobCore = commandFreeCore(core);
    const github = inputs.token ? gitHubAccess(inputs.token, env, jobCore) : null;
    const cacheDir = path.resolve(inputs.cacheDir ?? defaultCacheDir(env));
    // Every temp dir of this job (servers' data, worktrees, downloads) lives under one root, removed
    // last on success, failure and SIGINT/SIGTERM; the post step removes what a SIGKILL left.
    const jobRootPrefix = path.join(env.RUNNER_TEMP ?? os.tmpdir(), `db-bench-gate-${env.GITHUB_RUN_ID ?? "local"}-`);
    const warning = inputs.mode === "report" ? null : unprivilegedWarning();
    if (warning) core.warning(warning);
    await withCleanup(
      async (registry) => {
        // new, with a name nobody could guess and link beforehand (RUNNER_TEMP may be /tmp, where an earlier job's users can write)
        await mkdir(path.dirname(jobRootPrefix), { recursive: true });
        const jobRoot = await mkdtemp(jobRootPrefix);
        await registry.register(`job root ${jobRoot}`, async () => void (await removeUserTree(await gateUsers(), jobRoot, { ending: await pullRequestUsers() })));
        // like /tmp: the unprivileged users make their own dirs in it, and cannot touch the action's
        await chmodDir(jobRoot, 0o1777);
        core.saveState(STATE_JOB_ROOT, jobRoot);
        core.saveState(STATE_REPO, path.resolve(inputs.repoPath));
        // every subprocess carries it: the post step finds what outlived the job by it (jobMarker)
        process.env[JOB_MARKER] = jobMarker(jobRoot);
        await MODES[inputs.mode]({ core: jobCore, inputs, event, env, github, cacheDir, jobRoot, registry });
      },
      { warn: (m) => core.warning(m), timeoutMs: (inputs.timeouts.run_s ?? DEFAULT_TIMEOUTS.run_s) * 1000 },
    );
  } catch (e) {
    core.setOutput("verdict", "error");
    if (e instanceof InputError) core.setFailed(e.message);
    else if (e instanceof PipelineError) core.setFailed(`${e.message}${e.logExcerpt ? `\n${e.logExcerpt}` : ""}`);
    else core.setFailed(e instanceof Error ? (e.stack ?? e.message) : String(e));
    process.exitCode = EXIT_ERROR;
  }
}

/** chmod of the directory `dir`, through a handle opened without following a link put at its name. */
async function chmodDir(dir: string, mode: number): Promise<void> {
  const handle = await open(dir, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
  try {
    await handle.chmod(mode);
  } finally {
    await handle.close();
  }
}

/**
 * What every mode of the action is given: the inputs, the event, the job's cleanup registry and the
 * two clients it talks through, injected (the `core` toolkit and GitHub's API) so a mode is a function
 * of its context. Also the plan flags, the trusted config file and the plan every measuring mode derives alike.
 */
import type { SourceLinks } from "../report/why-functions.js";
import type * as actionsCore from "@actions/core";
import path from "node:path";
import type { CleanupRegistry } from "../common/cleanup.js";
import { CONFIG_FILE_NAME, loadConfigAt, type ConfigFile } from "../config/config-file.js";
import type { JudgingCommit } from "../config/judging-files.js";
import { makePlan, type Plan, type RunFlags } from "../config/plan.js";
import type { Log } from "../common/log.js";
import { createGitHubClient, parseRepository, tokenLogin, type GitHubClient, type RepoRef } from "../publish/github.js";
import type { TrustLevel } from "../trust/unprivileged.js";
import { STATE_STOP_SIGNAL } from "./cleanup-job-root.js";
import type { GitHubEvent } from "./event.js";
import type { ActionInputs } from "./inputs.js";

/** The part of @actions/core the modes use: the runner's log, outputs and the step's result. */
export type ActionCore = Pick<typeof actionsCore, "info" | "warning" | "setOutput" | "setFailed" | "group" | "saveState">;

export interface GitHubAccess {
  client: GitHubClient;
  repo: RepoRef;
  token: string;
  /** the login the token writes as: only its comments and issues are updated */
  author: () => Promise<string>;
}

export interface ModeContext {
  core: ActionCore;
  inputs: ActionInputs;
  event: GitHubEvent;
  env: NodeJS.ProcessEnv;
  /** null without a token: nothing is read from or written to GitHub */
  github: GitHubAccess | null;
  cacheDir: string;
  /** every temp dir of the job goes below it (source trees, servers' data, downloads): a killed job's post step finds them there */
  jobRoot: string;
  /** the whole job's: servers, source trees and the job root are removed on success, failure and signal */
  registry: CleanupRegistry;
}

export type ModeRunner = (ctx: ModeContext) => Promise<void>;

/**
 * Where "where the cost went" links a source line: the repository on github.com at `sha`; null on
 * another server or outside a workflow (links only to github.com's blob pages of this repository).
 */
export function sourceLinks(env: NodeJS.ProcessEnv, sha: string): SourceLinks | null {
  const onGitHub = (env.GITHUB_SERVER_URL ?? "https://github.com") === "https://github.com";
  return onGitHub && env.GITHUB_REPOSITORY ? { repo: env.GITHUB_REPOSITORY, sha } : null;
}

/** https://github.com/owner/repo of this run, for links; null outside a workflow. */
export function repositoryUrl(env: NodeJS.ProcessEnv): string | null {
  return env.GITHUB_REPOSITORY ? `${env.GITHUB_SERVER_URL ?? "https://github.com"}/${env.GITHUB_REPOSITORY}` : null;
}

/** A workflow run's page (this run's by default), where its log and artifacts are; null outside a workflow. */
export function runUrl(env: NodeJS.ProcessEnv, runId: string | undefined = env.GITHUB_RUN_ID): string | null {
  const repo = repositoryUrl(env);
  return repo && runId ? `${repo}/actions/runs/${runId}` : null;
}

export function actionLog(core: ActionCore): Log {
  return { info: (message) => core.info(message), group: (title, work) => core.group(title, work) };
}

export function gitHubAccess(token: string, env: NodeJS.ProcessEnv, core: ActionCore): GitHubAccess {
  const client = createGitHubClient(token, env.GITHUB_API_URL);
  let login: Promise<string> | undefined;
  // looked up once, when a comment or issue is first written
  const author = () =>
    (login ??= tokenLogin(client).then((identity) => {
      core.info(`the token writes as ${identity.login} (${identity.how}): only its comments and issues are updated`);
      return identity.login;
    }));
  return { client, repo: parseRepository(env.GITHUB_REPOSITORY), token, author };
}

function runner(env: NodeJS.ProcessEnv): RunFlags["runner"] {
  const labels = [env.RUNNER_OS, env.RUNNER_ARCH, env.RUNNER_ENVIRONMENT].filter((l): l is string => Boolean(l));
  return { name: env.RUNNER_NAME ?? null, labels };
}

/** The config file at the trusted commit (a PR's base): the default name, or the config input's path. */
export async function configAt(ctx: ModeContext, at: JudgingCommit): Promise<ConfigFile> {
  const { inputs } = ctx;
  return loadConfigAt(at, inputs.config === CONFIG_FILE_NAME ? null : path.resolve(inputs.repoPath, inputs.config));
}

/**
 * The cache namespace of a run that builds as a pull request (build.ts cacheNamespace): the PR's
 * number, so that its pushes share a ccache and no other PR reaches it; without a PR, the head ref
 * given as input (or the workflow's commit), so a bisect's probes share one.
 */
export function prNamespaceOf(event: GitHubEvent, inputs: Pick<ActionInputs, "headRef">, env: NodeJS.ProcessEnv): string {
  if (event.kind === "pull_request" || event.kind === "issue_comment") return `pr-${event.number}`;
  return `ref-${(inputs.headRef ?? env.GITHUB_SHA ?? "none").replace(/[^A-Za-z0-9._-]/g, "-").slice(0, 100)}`;
}

export function planFlags(ctx: ModeContext, at: JudgingCommit, trust: TrustLevel, variants: Pick<RunFlags, "base" | "head" | "variants">): RunFlags {
  const { inputs } = ctx;
  return {
    trust,
    ...(trust === "pr" && { prNamespace: prNamespaceOf(ctx.event, inputs, ctx.env) }),
    timeouts: inputs.timeouts,
    repo: inputs.repoPath,
    judgedAt: at,
    ...variants,
    profile: inputs.profile ?? undefined,
    cflags: inputs.cflags ?? undefined,
    cacheDir: ctx.cacheDir,
    timeBudgetS: inputs.timeBudgetS ?? undefined,
    countInstructions: inputs.countInstructions,
    runner: runner(ctx.env),
    workDir: ctx.jobRoot,
    ...(inputs.shard && { shard: inputs.shard }),
  };
}

/**
 * The plan of every measuring mode (with the inputs' thresholds). Saves the engine's stop signal as soon as
 * the plan names the engine: the post step stops what a killed job left of it the way the engine wants.
 */
export async function actionPlan(ctx: ModeContext, flags: RunFlags, config: ConfigFile): Promise<Plan> {
  const plan = await makePlan(flags, config, ctx.inputs.thresholds);
  ctx.core.saveState(STATE_STOP_SIGNAL, plan.run.engine.emergencySignal);
  return plan;
}

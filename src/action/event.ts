/**
 * The event that started the workflow (the JSON at GITHUB_EVENT_PATH), reduced to the fields the action
 * uses. Only those fields are validated; the rest of the payload passes through unchecked.
 */
import { readFile } from "node:fs/promises";
import { z } from "zod";
import { InputError } from "../common/errors.js";
import { COMMENT_LIMIT } from "../report/markdown.js";
import { validate } from "../common/validate.js";

const Sha = z.string().regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/, "a 40 or 64 hex digit commit sha");
const Repository = z.looseObject({ full_name: z.string().min(1) });

const PullRequestSide = z.looseObject({ ref: z.string(), sha: Sha, repo: Repository.nullable() });

const PullRequestPayload = z.looseObject({
  action: z.string(),
  number: z.number().int().positive(),
  pull_request: z.looseObject({
    html_url: z.string(),
    user: z.looseObject({ login: z.string() }),
    author_association: z.string(),
    labels: z.array(z.looseObject({ name: z.string() })),
    // a fork deleted after the PR was opened has head.repo null
    head: PullRequestSide,
    base: PullRequestSide.extend({ repo: Repository }),
  }),
  // labeled and unlabeled events: the label set or removed
  label: z.looseObject({ name: z.string() }).optional(),
  repository: Repository.extend({ default_branch: z.string() }),
});

const PushPayload = z.looseObject({
  ref: z.string(),
  before: Sha,
  after: Sha,
  deleted: z.boolean(),
  repository: Repository.extend({ default_branch: z.string() }),
});

const SchedulePayload = z.looseObject({ schedule: z.string(), repository: Repository.optional() });

const WorkflowDispatchPayload = z.looseObject({
  ref: z.string(),
  inputs: z.record(z.string(), z.unknown()).nullable().optional(),
  repository: Repository,
});

const WorkflowRunPayload = z.looseObject({
  action: z.string(),
  workflow_run: z.looseObject({
    id: z.number().int().positive(),
    name: z.string().nullable(),
    event: z.string(),
    conclusion: z.string().nullable(),
    head_sha: Sha,
    head_branch: z.string().nullable(),
    head_repository: Repository.nullable(),
    // empty for PRs from forks: the PR number must then come from the (untrusted) artifact
    pull_requests: z.array(z.looseObject({ number: z.number().int().positive(), head: z.looseObject({ sha: Sha }) })),
  }),
  repository: Repository,
});

const IssueCommentPayload = z.looseObject({
  action: z.string(),
  issue: z.looseObject({ number: z.number().int().positive(), pull_request: z.looseObject({}).nullable().optional() }),
  comment: z.looseObject({ id: z.number().int().positive(), body: z.string().max(COMMENT_LIMIT), user: z.looseObject({ login: z.string() }) }),
  repository: Repository,
});

export interface PullRequestEvent {
  kind: "pull_request";
  name: "pull_request" | "pull_request_target";
  action: string;
  number: number;
  url: string;
  /** owner/name of the repository the workflow runs in */
  repository: string;
  base: { ref: string; sha: string; repo: string };
  /** the repository's default branch: the one whose history baseline mode keeps */
  defaultBranch: string;
  /** repo: null when the fork was deleted */
  head: { ref: string; sha: string; repo: string | null };
  /** the head is not in the base repository: its code is untrusted */
  isFork: boolean;
  labels: string[];
  /** the label a `labeled` or `unlabeled` event set or removed; null for other actions */
  label: string | null;
  author: string;
  authorAssociation: string;
}

export interface PushEvent {
  kind: "push";
  repository: string;
  ref: string;
  /** null for tags */
  branch: string | null;
  sha: string;
  before: string;
  deleted: boolean;
  defaultBranch: string;
  isDefaultBranch: boolean;
}

export interface ScheduleEvent {
  kind: "schedule";
  cron: string;
  /** older payloads of scheduled runs carry only the cron line */
  repository: string | null;
}

export interface WorkflowDispatchEvent {
  kind: "workflow_dispatch";
  repository: string;
  ref: string;
  inputs: Record<string, unknown>;
}

export interface WorkflowRunEvent {
  kind: "workflow_run";
  repository: string;
  action: string;
  run: {
    id: number;
    name: string | null;
    event: string;
    conclusion: string | null;
    headSha: string;
    headBranch: string | null;
    headRepository: string | null;
    pullRequests: { number: number; headSha: string }[];
  };
  /** the triggering run measured code from another repository (or a deleted one) */
  isFork: boolean;
}

/** A comment on an issue or a PR (the /db-bench-gate rerun command). */
export interface IssueCommentEvent {
  kind: "issue_comment";
  repository: string;
  /** created, edited, deleted: only a created comment is a command */
  action: string;
  number: number;
  /** the comment is on a pull request, not an issue */
  isPullRequest: boolean;
  commentId: number;
  body: string;
  commenter: string;
}

export interface OtherEvent {
  kind: "other";
  name: string;
}

export type GitHubEvent = PullRequestEvent | PushEvent | ScheduleEvent | WorkflowDispatchEvent | WorkflowRunEvent | IssueCommentEvent | OtherEvent;

/**
 * Reduces an event payload to what the action uses. Pure. `source` names the payload in errors (the
 * event file's path).
 */
export function parseEvent(name: string, payload: unknown, source: string): GitHubEvent {
  switch (name) {
    case "pull_request":
    case "pull_request_target": {
      const p = validate(PullRequestPayload, payload, source);
      const { head, base } = p.pull_request;
      const headRepo = head.repo?.full_name ?? null;
      return {
        kind: "pull_request",
        name,
        action: p.action,
        number: p.number,
        url: p.pull_request.html_url,
        repository: p.repository.full_name,
        base: { ref: base.ref, sha: base.sha, repo: base.repo.full_name },
        defaultBranch: p.repository.default_branch,
        head: { ref: head.ref, sha: head.sha, repo: headRepo },
        // not head.repo.fork: that flag is also true for same-repository PRs when the repository itself
        // is a fork (as database forks are)
        isFork: headRepo !== base.repo.full_name,
        labels: p.pull_request.labels.map((l) => l.name),
        label: p.label?.name ?? null,
        author: p.pull_request.user.login,
        authorAssociation: p.pull_request.author_association,
      };
    }
    case "push": {
      const p = validate(PushPayload, payload, source);
      const branch = p.ref.startsWith("refs/heads/") ? p.ref.slice("refs/heads/".length) : null;
      return {
        kind: "push",
        repository: p.repository.full_name,
        ref: p.ref,
        branch,
        sha: p.after,
        before: p.before,
        deleted: p.deleted,
        defaultBranch: p.repository.default_branch,
        isDefaultBranch: branch === p.repository.default_branch,
      };
    }
    case "schedule": {
      const p = validate(SchedulePayload, payload, source);
      return { kind: "schedule", cron: p.schedule, repository: p.repository?.full_name ?? null };
    }
    case "workflow_dispatch": {
      const p = validate(WorkflowDispatchPayload, payload, source);
      return { kind: "workflow_dispatch", repository: p.repository.full_name, ref: p.ref, inputs: p.inputs ?? {} };
    }
    case "workflow_run": {
      const p = validate(WorkflowRunPayload, payload, source);
      const run = p.workflow_run;
      const headRepository = run.head_repository?.full_name ?? null;
      return {
        kind: "workflow_run",
        repository: p.repository.full_name,
        action: p.action,
        run: {
          id: run.id,
          name: run.name,
          event: run.event,
          conclusion: run.conclusion,
          headSha: run.head_sha,
          headBranch: run.head_branch,
          headRepository,
          pullRequests: run.pull_requests.map((pr) => ({ number: pr.number, headSha: pr.head.sha })),
        },
        isFork: headRepository !== p.repository.full_name,
      };
    }
    case "issue_comment": {
      const p = validate(IssueCommentPayload, payload, source);
      return {
        kind: "issue_comment",
        repository: p.repository.full_name,
        action: p.action,
        number: p.issue.number,
        isPullRequest: Boolean(p.issue.pull_request),
        commentId: p.comment.id,
        body: p.comment.body,
        commenter: p.comment.user.login,
      };
    }
    default:
      return { kind: "other", name };
  }
}

/** Reads the event of this job from GITHUB_EVENT_NAME and GITHUB_EVENT_PATH. */
export async function readEvent(env: Record<string, string | undefined>): Promise<GitHubEvent> {
  const name = env.GITHUB_EVENT_NAME;
  const path = env.GITHUB_EVENT_PATH;
  if (!name) throw new InputError("not set: the action runs inside a GitHub Actions job", undefined, "GITHUB_EVENT_NAME");
  if (!path) throw new InputError("not set: the action runs inside a GitHub Actions job", undefined, "GITHUB_EVENT_PATH");
  let payload: unknown;
  try {
    payload = JSON.parse(await readFile(path, "utf8"));
  } catch (e) {
    const reason = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new InputError(`cannot read the event payload: ${reason}`, path);
  }
  return parseEvent(name, payload, path);
}

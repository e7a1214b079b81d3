/**
 * A stand-in for GitHub on 127.0.0.1: the REST API endpoints the action calls (issue comments with
 * Link-header pagination, issues, workflow runs, artifacts with the zip redirect), the artifact results
 * service (twirp CreateArtifact / FinalizeArtifact / ListArtifacts / GetSignedArtifactURL) and the blob
 * storage the artifact client uploads to and downloads from. State is in memory: tests seed it and
 * inspect it, and every request is recorded (method, path, headers, body).
 *
 * Every REST request is checked against GitHub's published OpenAPI description (openapi.ts), and so is
 * every response this stand-in gives: a request for no operation, a wrong parameter, body field or type
 * is answered 400 naming the operation, and each finding, the responses' included, is kept in
 * `violations`, which close() refuses to leave unsaid.
 */
import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { githubOpenApi, type MatchedOperation } from "./openapi.js";

export interface RecordedRequest {
  method: string;
  /** path and query, as sent */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface FakeUser {
  login: string;
  id: number;
  type: "User" | "Bot";
}

export interface FakeComment {
  id: number;
  issueNumber: number;
  body: string;
  user: FakeUser;
  createdAt: string;
  updatedAt: string;
}

/** An item of an issue's or PR's timeline, in GitHub's JSON (event, actor, created_at, label, sha, ...). */
export type FakeTimelineItem = Record<string, unknown> & { event: string };

export interface FakeIssue {
  number: number;
  title: string;
  body: string | null;
  state: "open" | "closed";
  labels: string[];
  user: FakeUser;
  isPullRequest: boolean;
  /** pull requests: where the head is (`owner` of the head repository, a fork's for fork PRs) */
  head?: { owner: string; ref: string; sha: string };
  /** the base branch's commit the PR is compared with (GET pulls/N); default: a hash of the PR's number */
  baseSha?: string;
  /** GET .../issues/N/timeline, oldest first (see labeledBy, committed) */
  timeline: FakeTimelineItem[];
  createdAt: string;
  updatedAt: string;
}

export interface FakeRun {
  id: number;
  name: string;
  path: string;
  headBranch: string;
  headSha: string;
  event: string;
  status: "queued" | "in_progress" | "completed";
  conclusion: "success" | "failure" | "cancelled" | "skipped" | null;
  createdAt: string;
  /** the run's id in the results service, carried in the runtime token's scope */
  backendId: string;
}

export interface FakeArtifact {
  id: number;
  name: string;
  runId: number;
  /** the zip as uploaded */
  content: Buffer;
  contentType: string;
  digest: string;
  expired: boolean;
  createdAt: string;
}

export interface FakeGitHubOptions {
  owner?: string;
  repo?: string;
  /** the token REST calls must carry; a `ghs_` token is a GitHub App installation token (GITHUB_TOKEN is one) */
  token?: string;
  /** who the token writes as; default github-actions[bot], GITHUB_TOKEN's identity */
  identity?: FakeUser;
}

/** Git objects as the git data API sees them: trees flattened to path → blob sha. */
export interface FakeGit {
  blobs: Map<string, Buffer>;
  trees: Map<string, Map<string, string>>;
  commits: Map<string, { tree: string; parents: string[]; message: string }>;
  /** "heads/name" → commit sha */
  refs: Map<string, string>;
}

interface PendingUpload {
  runId: number;
  name: string;
  blocks: Map<string, Buffer>;
  content: Buffer | null;
  contentType: string;
}

/**
 * The pacing of a client of this server (createGitHubClient's third argument): no wait between
 * writes, and a Retry-After second of a millisecond, so that tests wait out GitHub's refusals at once.
 */
export const LOOPBACK_PACING = { writeIntervalMs: 0, notifyingWriteIntervalMs: 0, secondMs: 1 };

/** GitHub's limit on comment and issue bodies. */
export const MAX_BODY_CHARS = 65536;

const TWIRP_PREFIX = "/twirp/github.actions.results.api.v1.ArtifactService/";
export const ACTIONS_BOT: FakeUser = { login: "github-actions[bot]", id: 41898282, type: "Bot" };
const BOT = ACTIONS_BOT;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

export class FakeGitHub {
  readonly owner: string;
  readonly repo: string;
  readonly token: string;
  readonly identity: FakeUser;
  /** role_name of the collaborator permission API, by login; others get "read" (anyone can read a public repository) */
  readonly roles = new Map<string, string>();
  /** GET /repos/{owner}/{repo}/activity of any repository (a fork's too), by owner/name, oldest first (see pushed) */
  readonly activity = new Map<string, { id: number; node_id: string; before: string; after: string; ref: string; timestamp: string; activity_type: string; actor: unknown }[]>();
  readonly requests: RecordedRequest[] = [];
  readonly comments: FakeComment[] = [];
  readonly issues: FakeIssue[] = [];
  readonly runs: FakeRun[] = [];
  readonly artifacts: FakeArtifact[] = [];
  /** the git data API's objects and branches (a data branch written without a checkout) */
  readonly git: FakeGit = { blobs: new Map(), trees: new Map(), commits: new Map(), refs: new Map() };
  private readonly uploads = new Map<string, PendingUpload>();
  private refHold: { count: number; waiting: (() => void)[] } | null = null;
  private readonly faults: { method: string; path: RegExp; status: number; body: unknown; headers: Record<string, string> }[] = [];
  /** what did not match GitHub's OpenAPI description: "<operationId> (<METHOD> <path>): <what>" */
  readonly violations: string[] = [];
  /** the operation each REST response answers, for checking what it returns */
  private readonly operations = new WeakMap<ServerResponse, { op: MatchedOperation; request: RecordedRequest }>();
  private readonly blobSignature = randomUUID();
  private nextId = 1000;
  private clock = Date.parse("2025-06-01T00:00:00Z");
  private url_ = "";

  private constructor(
    private readonly server: Server,
    options: FakeGitHubOptions,
  ) {
    this.owner = options.owner ?? "pgfork";
    this.repo = options.repo ?? "postgres";
    this.token = options.token ?? "ghs_fakeGitHubToken0123456789";
    this.identity = options.identity ?? BOT;
  }

  static async start(options: FakeGitHubOptions = {}): Promise<FakeGitHub> {
    const server = createServer();
    const fake = new FakeGitHub(server, options);
    server.on("request", (req, res) => void fake.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve());
    });
    fake.url_ = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return fake;
  }

  /** base URL of the REST API (GITHUB_API_URL) and of the results service */
  get url(): string {
    return this.url_;
  }

  get repository(): string {
    return `${this.owner}/${this.repo}`;
  }

  /** Stops the server; throws when a request or response did not match GitHub's description. */
  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    if (this.violations.length > 0) throw new Error(`requests or responses of the fake GitHub that GitHub's OpenAPI description does not allow:\n${this.violations.join("\n")}`);
  }

  /** The variables a runner gives a step for the API and the artifact service, as run `runId` of this repo. */
  env(runId: number): Record<string, string> {
    return {
      GITHUB_API_URL: this.url,
      GITHUB_REPOSITORY: this.repository,
      GITHUB_RUN_ID: String(runId),
      ACTIONS_RUNTIME_TOKEN: this.runtimeToken(runId),
      ACTIONS_RESULTS_URL: `${this.url}/`,
    };
  }

  /** A runtime token (a JWT, unsigned here) whose scope names the run's results-service ids. */
  runtimeToken(runId: number): string {
    const run = this.run(runId);
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const scope = `Actions.GenericRead:00000000-0000-0000-0000-000000000000 Actions.Results:${run.backendId}:${randomUUID()}`;
    return `${part({ typ: "JWT", alg: "RS256" })}.${part({ scp: scope, exp: Math.floor(this.clock / 1000) + 3600 })}.c2ln`;
  }

  /** Requests that change state (everything but GET and HEAD). */
  writes(): RecordedRequest[] {
    return this.requests.filter((r) => r.method !== "GET" && r.method !== "HEAD");
  }

  addPullRequest(title = "a pull request", head?: FakeIssue["head"]): FakeIssue {
    return this.addIssue({ title, isPullRequest: true, user: { login: "alice-dev", id: 5550123, type: "User" }, ...(head ? { head } : {}) });
  }

  addIssue(fields: Partial<Omit<FakeIssue, "number" | "createdAt" | "updatedAt">> & { title: string }): FakeIssue {
    const now = this.tick();
    const issue: FakeIssue = {
      body: null,
      state: "open",
      labels: [],
      user: BOT,
      isPullRequest: false,
      timeline: [],
      ...fields,
      number: this.issues.length + 1,
      createdAt: now,
      updatedAt: now,
    };
    this.issues.push(issue);
    return issue;
  }

  addComments(issueNumber: number, bodies: string[], user: FakeUser = { login: "bob-maint", id: 4440042, type: "User" }): FakeComment[] {
    this.issue(issueNumber);
    return bodies.map((body) => {
      const now = this.tick();
      const comment: FakeComment = { id: this.nextId++, issueNumber, body, user, createdAt: now, updatedAt: now };
      this.comments.push(comment);
      return comment;
    });
  }

  /** A `labeled` timeline item, now, by `actor` (a maintainer by default); the label is also set on the issue. */
  labeledBy(issueNumber: number, label: string, actor: FakeUser = { login: "bob-maint", id: 4440042, type: "User" }): void {
    const issue = this.issue(issueNumber);
    if (!issue.labels.includes(label)) issue.labels.push(label);
    issue.timeline.push({ event: "labeled", id: this.nextId++, actor: this.userJson(actor), created_at: this.tick(), label: { name: label, color: "0e8a16" } });
  }

  /** A `committed` timeline item: a commit pushed to the PR's head. As on GitHub it has the commit's own dates, not the push's. */
  committed(issueNumber: number, sha: string, date = "2025-01-01T00:00:00Z"): void {
    const person = { name: "Alice", email: "alice@example.com", date };
    this.issue(issueNumber).timeline.push({ event: "committed", sha, node_id: `C_${sha}`, author: person, committer: person, message: "a commit", parents: [] });
  }

  /** A push of `sha` to branch `ref` of `repository` (owner/name: a fork's for a fork PR), now: the activity API lists it. */
  pushed(repository: string, ref: string, sha: string, actor: FakeUser = { login: "alice-dev", id: 5550123, type: "User" }): void {
    const list = this.activity.get(repository) ?? [];
    const before = list.findLast((a) => a.ref === `refs/heads/${ref}`)?.after ?? "0".repeat(40);
    const id = this.nextId++;
    list.push({ id, node_id: `RA_${id}`, before, after: sha, ref: `refs/heads/${ref}`, timestamp: this.tick(), activity_type: before === "0".repeat(40) ? "branch_creation" : "push", actor: this.userJson(actor) });
    this.activity.set(repository, list);
  }

  commentsOn(issueNumber: number): FakeComment[] {
    return this.comments.filter((c) => c.issueNumber === issueNumber);
  }

  addRun(fields: Partial<Omit<FakeRun, "id" | "backendId" | "createdAt">> = {}): FakeRun {
    const run: FakeRun = {
      name: "perf",
      path: ".github/workflows/perf.yml",
      headBranch: "main",
      headSha: createHash("sha1").update(String(this.nextId)).digest("hex"),
      event: "push",
      status: "completed",
      conclusion: "success",
      ...fields,
      id: 15000000000 + this.nextId++,
      backendId: randomUUID(),
      createdAt: this.tick(),
    };
    this.runs.push(run);
    return run;
  }

  /** Stores `content` (a zip) as run `runId`'s artifact as if uploaded: for archives the artifact client would not make. */
  addArtifact(runId: number, name: string, content: Buffer): FakeArtifact {
    const artifact: FakeArtifact = {
      id: this.nextId++,
      name,
      runId: this.run(runId).id,
      content,
      contentType: "application/zip",
      digest: `sha256:${createHash("sha256").update(content).digest("hex")}`,
      expired: false,
      createdAt: this.tick(),
    };
    this.artifacts.push(artifact);
    return artifact;
  }

  run(runId: number): FakeRun {
    const run = this.runs.find((r) => r.id === runId);
    if (!run) throw new Error(`fake GitHub: no run ${runId}`);
    return run;
  }

  private issue(issueNumber: number): FakeIssue {
    const issue = this.issues.find((i) => i.number === issueNumber);
    if (!issue) throw new HttpError(404, { message: "Not Found", documentation_url: "https://docs.github.com/rest" });
    return issue;
  }

  /** Each created or updated object gets a later timestamp, in whole seconds like GitHub's. */
  private tick(): string {
    this.clock += 1000;
    return new Date(this.clock).toISOString().replace(/\.\d{3}Z$/, "Z");
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request: RecordedRequest = { method: req.method ?? "GET", path: req.url ?? "/", headers: req.headers, body: Buffer.concat(chunks) };
    this.requests.push(request);
    await this.awaitRefHold(request);
    try {
      const url = new URL(request.path, this.url);
      if (url.pathname.startsWith("/_blob/")) return this.blob(request, url, res);
      if (url.pathname.startsWith(TWIRP_PREFIX)) return this.twirp(request, url.pathname.slice(TWIRP_PREFIX.length), res);
      // GraphQL is no REST operation: its one query is checked where it is answered
      if (url.pathname !== "/graphql") this.checkRequest(request, url, res);
      if (this.injectedFault(request, res)) return;
      this.rest(request, url, res);
    } catch (e) {
      if (e instanceof HttpError) this.json(res, e.status, e.body);
      else this.json(res, 500, { message: `fake GitHub: ${(e as Error).stack ?? String(e)}` });
    }
  }

  /** The request's operation in GitHub's description, noted for its response; a request for none, or not as it takes, is refused naming it. */
  private checkRequest(request: RecordedRequest, url: URL, res: ServerResponse): void {
    const openapi = githubOpenApi();
    const op = openapi.match(request.method, url.pathname);
    const where = `${request.method} ${url.pathname}`;
    if (!op) {
      this.violations.push(`no operation (${where}): not in GitHub's REST API ${openapi.version}`);
      throw new HttpError(404, { message: `fake GitHub: ${where} is no operation of GitHub's REST API` });
    }
    const found = openapi.requestViolations(op, url.searchParams, request.body);
    if (found.length > 0) {
      this.violations.push(...found.map((v) => `${op.id} (${where}): ${v}`));
      throw new HttpError(400, { message: `fake GitHub: ${op.id}: the request does not match GitHub's description: ${found.join("; ")}` });
    }
    this.operations.set(res, { op, request });
  }

  private json(res: ServerResponse, status: number, ours: unknown, headers: Record<string, string> = {}): void {
    const answered = this.operations.get(res);
    let body = ours;
    if (answered) {
      // the fields this stand-in models, and GitHub's example of the other fields it always sends
      if (status < 300) body = githubOpenApi().completeResponse(answered.op, status, ours);
      const found = githubOpenApi().responseViolations(answered.op, status, body);
      this.violations.push(...found.map((v) => `${answered.op.id} (${answered.request.method} ${answered.request.path}): ${v}`));
    }
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
    res.end(JSON.stringify(body));
  }

  private bodyJson(request: RecordedRequest): Record<string, unknown> {
    try {
      return JSON.parse(request.body.toString("utf8")) as Record<string, unknown>;
    } catch {
      throw new HttpError(400, { message: "Problems parsing JSON" });
    }
  }

  // ---- REST API ----

  private rest(request: RecordedRequest, url: URL, res: ServerResponse): void {
    const auth = request.headers.authorization ?? "";
    if (auth !== `token ${this.token}` && auth !== `Bearer ${this.token}`) {
      throw new HttpError(401, { message: "Bad credentials", documentation_url: "https://docs.github.com/rest" });
    }
    // like GitHub: an installation token (ghs_) is no user; GraphQL's viewer names its bot
    const installation = this.token.startsWith("ghs_");
    if (request.method === "GET" && url.pathname === "/user") {
      if (installation) throw new HttpError(403, { message: "Resource not accessible by integration", documentation_url: "https://docs.github.com/rest/users/users#get-the-authenticated-user", status: "403" });
      return this.json(res, 200, this.userJson(this.identity));
    }
    if (request.method === "POST" && url.pathname === "/graphql") return this.graphql(request, res);
    // a fork's activity too: it says when the fork's branch moved
    const activity = request.method === "GET" ? /^\/repos\/([^/]+\/[^/]+)\/activity$/.exec(url.pathname) : null;
    if (activity) {
      const ref = url.searchParams.get("ref");
      // newest first, as GitHub's default direction
      return this.page(url, res, (this.activity.get(activity[1]!) ?? []).filter((a) => !ref || a.ref === ref).toReversed());
    }
    const prefix = `/repos/${this.owner}/${this.repo}/`;
    if (!url.pathname.startsWith(prefix)) throw new HttpError(404, { message: "Not Found" });
    const route = `${request.method} ${url.pathname.slice(prefix.length)}`;
    let m: RegExpMatchArray | null;

    if ((m = route.match(/^GET issues\/(\d+)\/comments$/))) {
      this.issue(Number(m[1]));
      return this.page(url, res, this.commentsOn(Number(m[1])).map((c) => this.commentJson(c)));
    }
    if ((m = route.match(/^POST issues\/(\d+)\/comments$/))) {
      this.issue(Number(m[1]));
      const body = this.validBody(this.bodyJson(request).body, "IssueComment");
      const now = this.tick();
      const comment: FakeComment = { id: this.nextId++, issueNumber: Number(m[1]), body, user: this.identity, createdAt: now, updatedAt: now };
      this.comments.push(comment);
      return this.json(res, 201, this.commentJson(comment));
    }
    if ((m = route.match(/^PATCH issues\/comments\/(\d+)$/))) {
      const comment = this.comments.find((c) => c.id === Number(m![1]));
      if (!comment) throw new HttpError(404, { message: "Not Found" });
      comment.body = this.validBody(this.bodyJson(request).body, "IssueComment");
      comment.updatedAt = this.tick();
      return this.json(res, 200, this.commentJson(comment));
    }
    if (route === "GET issues") {
      const state = url.searchParams.get("state") ?? "open";
      const labels = (url.searchParams.get("labels") ?? "").split(",").filter(Boolean).map((l) => l.toLowerCase());
      const creator = url.searchParams.get("creator");
      const issues = this.issues
        .filter((i) => state === "all" || i.state === state)
        .filter((i) => !creator || i.user.login === creator)
        .filter((i) => labels.every((l) => i.labels.some((il) => il.toLowerCase() === l)))
        .sort((a, b) => b.number - a.number);
      return this.page(url, res, issues.map((i) => this.issueJson(i)));
    }
    if (route === "POST issues") {
      const fields = this.bodyJson(request);
      if (typeof fields.title !== "string" || !fields.title) throw this.validationFailed("Issue", "title", "missing_field");
      const issue = this.addIssue({
        user: this.identity,
        title: fields.title,
        body: fields.body === undefined ? null : this.validBody(fields.body, "Issue"),
        labels: Array.isArray(fields.labels) ? fields.labels.map(String) : [],
      });
      return this.json(res, 201, this.issueJson(issue));
    }
    if ((m = route.match(/^(GET|PATCH) issues\/(\d+)$/))) {
      const issue = this.issue(Number(m[2]));
      if (m[1] === "PATCH") {
        const fields = this.bodyJson(request);
        if (typeof fields.title === "string") issue.title = fields.title;
        if (fields.body !== undefined) issue.body = this.validBody(fields.body, "Issue");
        if (fields.state === "open" || fields.state === "closed") issue.state = fields.state;
        if (Array.isArray(fields.labels)) issue.labels = fields.labels.map(String);
        issue.updatedAt = this.tick();
      }
      return this.json(res, 200, this.issueJson(issue));
    }
    if ((m = route.match(/^GET issues\/(\d+)\/timeline$/))) {
      return this.page(url, res, this.issue(Number(m[1])).timeline);
    }
    if ((m = route.match(/^GET collaborators\/([^/]+)\/permission$/))) {
      const login = decodeURIComponent(m[1]!);
      // bots of apps are no collaborators
      if (login.endsWith("[bot]")) throw new HttpError(404, { message: "Not Found" });
      const role = this.roles.get(login) ?? "read";
      // the legacy `permission` folds maintain into write and triage into read
      const permission = { admin: "admin", maintain: "write", write: "write", triage: "read", read: "read" }[role] ?? "none";
      return this.json(res, 200, { permission, role_name: role, user: { ...this.userJson({ login, id: 1, type: "User" }), role_name: role } });
    }
    if ((m = route.match(/^GET pulls\/(\d+)$/))) {
      const pull = this.issues.find((i) => i.isPullRequest && i.number === Number(m![1]));
      if (!pull) throw new HttpError(404, { message: "Not Found" });
      return this.json(res, 200, this.pullJson(pull));
    }
    if (route === "GET pulls") {
      // state and head ("owner:branch") filters, as workflow_run consumers look up a fork's PR
      const state = url.searchParams.get("state") ?? "open";
      const head = url.searchParams.get("head");
      const pulls = this.issues
        .filter((i) => i.isPullRequest && (state === "all" || i.state === state))
        .filter((i) => !head || (i.head && `${i.head.owner}:${i.head.ref}` === head))
        .sort((a, b) => b.number - a.number);
      return this.page(url, res, pulls.map((i) => this.pullJson(i)));
    }
    if (route === "GET actions/runs") {
      const q = url.searchParams;
      const status = q.get("status");
      const runs = this.runs
        .filter((r) => !q.get("branch") || r.headBranch === q.get("branch"))
        .filter((r) => !q.get("event") || r.event === q.get("event"))
        .filter((r) => !q.get("head_sha") || r.headSha === q.get("head_sha"))
        // like GitHub, `status` takes a status or a conclusion
        .filter((r) => !status || r.status === status || r.conclusion === status)
        .sort((a, b) => b.id - a.id);
      return this.page(url, res, runs.map((r) => this.runJson(r)), "workflow_runs");
    }
    if ((m = route.match(/^GET actions\/runs\/(\d+)$/))) {
      const run = this.runs.find((r) => r.id === Number(m![1]));
      if (!run) throw new HttpError(404, { message: "Not Found" });
      return this.json(res, 200, this.runJson(run));
    }
    if ((m = route.match(/^GET actions\/runs\/(\d+)\/artifacts$/))) {
      const runId = Number(m[1]);
      const name = url.searchParams.get("name");
      const artifacts = this.artifacts.filter((a) => a.runId === runId && (!name || a.name === name)).sort((a, b) => b.id - a.id);
      return this.page(url, res, artifacts.map((a) => this.artifactJson(a)), "artifacts");
    }
    if ((m = route.match(/^GET actions\/artifacts\/(\d+)\/zip$/))) {
      const artifact = this.artifacts.find((a) => a.id === Number(m![1]));
      if (!artifact) throw new HttpError(404, { message: "Not Found" });
      if (artifact.expired) throw new HttpError(410, { message: "Artifact has expired" });
      // like GitHub: a redirect to a short-lived signed blob URL, fetched without the API token
      res.writeHead(302, { location: this.signedBlobUrl(`artifacts/${artifact.id}/${artifact.name}.zip`) });
      return void res.end();
    }
    const gitRoute = this.gitData(request, route, url, res);
    if (gitRoute) return;
    throw new HttpError(404, { message: "Not Found", documentation_url: "https://docs.github.com/rest" });
  }

  /** A file of a branch (or commit) as text, null when absent: what the data branch holds. */
  gitFile(refOrCommit: string, file: string): string | null {
    const commit = this.git.refs.get(`heads/${refOrCommit}`) ?? refOrCommit;
    const tree = this.git.trees.get(this.git.commits.get(commit)?.tree ?? "");
    const blob = tree?.get(file);
    return blob === undefined ? null : this.git.blobs.get(blob)!.toString("utf8");
  }

  /** Whether `ancestor` is `commit` or in its history. */
  private descendsFrom(commit: string, ancestor: string): boolean {
    const seen = new Set<string>();
    const pending = [commit];
    for (let sha = pending.pop(); sha !== undefined; sha = pending.pop()) {
      if (sha === ancestor) return true;
      if (seen.has(sha)) continue;
      seen.add(sha);
      pending.push(...(this.git.commits.get(sha)?.parents ?? []));
    }
    return false;
  }

  /**
   * Holds the next `count` ref writes (create or update a branch, REST or GraphQL updateRefs) until all of them have arrived, then
   * applies them in the order they came: writers that each read the branch's tip before any of them
   * moved it, as two jobs of a matrix do at once.
   */
  holdRefWrites(count: number): void {
    this.refHold = { count, waiting: [] };
  }

  /**
   * Answers the next request matching `method` and `path` (a pattern of the path without the query)
   * with `status`, `body` and `headers` instead of handling it: the failures GitHub has (a 5xx, a rate
   * limit, a refused write), once each.
   */
  failNext(method: string, path: RegExp, status: number, body: unknown, headers: Record<string, string> = {}): void {
    this.faults.push({ method, path, status, body, headers });
  }

  private injectedFault(request: RecordedRequest, res: ServerResponse): boolean {
    const pathname = new URL(request.path, this.url).pathname;
    const index = this.faults.findIndex((f) => f.method === request.method && f.path.test(pathname));
    if (index < 0) return false;
    const [fault] = this.faults.splice(index, 1);
    // GitHub's failures are not in its description of each operation
    this.operations.delete(res);
    this.json(res, fault!.status, fault!.body, fault!.headers);
    return true;
  }

  private async awaitRefHold(request: RecordedRequest): Promise<void> {
    const hold = this.refHold;
    const pathname = new URL(request.path, this.url).pathname;
    const refWrite = /^(POST|PATCH)$/.test(request.method) && /\/git\/refs(\/|$)/.test(pathname);
    const refsMutation = request.method === "POST" && pathname === "/graphql" && request.body.toString().includes("updateRefs");
    if (!hold || !(refWrite || refsMutation)) return;
    const arrived = new Promise<void>((resolve) => hold.waiting.push(resolve));
    if (hold.waiting.length === hold.count) {
      this.refHold = null;
      // each in turn: the first is applied before the second is looked at
      for (const release of hold.waiting) {
        release();
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    await arrived;
  }

  private gitSha(kind: string, content: string | Buffer): string {
    return createHash("sha1").update(`${kind} `).update(content).digest("hex");
  }

  /** This repository's GraphQL node id. */
  get repositoryNodeId(): string {
    return `R_${Buffer.from(this.repository).toString("base64url")}`;
  }

  /**
   * The GraphQL the action sends: the viewer's login, a repository's id, and updateRefs, which moves refs
   * all or none, each only from its beforeOid and a non-fast-forward only with force, as GitHub
   * documents it (errors come in the body of a 200, as GraphQL's do).
   */
  private graphql(request: RecordedRequest, res: ServerResponse): void {
    const { query, variables } = this.bodyJson(request) as { query?: string; variables?: Record<string, unknown> };
    const text = String(query ?? "").replace(/\s+/g, " ").trim();
    const refused = (message: string) => this.json(res, 200, { data: null, errors: [{ type: "UNPROCESSABLE", message }] });
    if (/^(query )?\{ viewer \{ login \} \}$/.test(text)) return this.json(res, 200, { data: { viewer: { login: this.identity.login } } });
    if (text === "query ($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { id } }") {
      if (`${String(variables?.owner)}/${String(variables?.name)}` !== this.repository) return refused(`Could not resolve to a Repository with the name '${String(variables?.owner)}/${String(variables?.name)}'.`);
      return this.json(res, 200, { data: { repository: { id: this.repositoryNodeId } } });
    }
    if (text === "mutation ($input: UpdateRefsInput!) { updateRefs(input: $input) { clientMutationId } }") {
      const input = variables?.input as { repositoryId?: string; refUpdates?: { name: string; beforeOid?: string; afterOid: string; force?: boolean }[] } | undefined;
      if (input?.repositoryId !== this.repositoryNodeId || !Array.isArray(input.refUpdates)) return refused("Could not resolve to a node with the given id");
      const { git } = this;
      for (const update of input.refUpdates) {
        const name = update.name.replace(/^refs\//, "");
        const current = git.refs.get(name);
        if (update.beforeOid !== undefined && update.beforeOid !== (current ?? "0".repeat(40))) return refused(`${update.name} is at ${current ?? "nothing"}, not ${update.beforeOid}`);
        if (!git.commits.has(update.afterOid)) return refused(`no commit ${update.afterOid}`);
        if (current && !update.force && !this.descendsFrom(update.afterOid, current)) return refused(`${update.name}: not a fast forward`);
      }
      for (const update of input.refUpdates) git.refs.set(update.name.replace(/^refs\//, ""), update.afterOid);
      return this.json(res, 200, { data: { updateRefs: { clientMutationId: null } } });
    }
    throw new HttpError(400, { message: `fake GitHub does not answer this GraphQL: ${text}` });
  }

  /** The git data and contents endpoints; false when the route is none of them. */
  private gitData(request: RecordedRequest, encodedRoute: string, url: URL, res: ServerResponse): boolean {
    const { git } = this;
    // Octokit encodes the slashes of a ref ("heads%2Fname") and of a contents path
    const route = decodeURIComponent(encodedRoute);
    const notFound = () => new HttpError(404, { message: "Not Found", documentation_url: "https://docs.github.com/rest/git" });
    let m: RegExpMatchArray | null;
    if ((m = route.match(/^GET git\/ref\/(heads\/.+)$/))) {
      const sha = git.refs.get(m[1]!);
      if (!sha) throw notFound();
      this.json(res, 200, { ref: `refs/${m[1]}`, object: { sha, type: "commit" } });
    } else if ((m = route.match(/^GET git\/commits\/([0-9a-f]{40})$/))) {
      const commit = git.commits.get(m[1]!);
      if (!commit) throw notFound();
      this.json(res, 200, { sha: m[1], tree: { sha: commit.tree }, parents: commit.parents.map((sha) => ({ sha })), message: commit.message });
    } else if (route === "POST git/blobs") {
      const { content, encoding } = this.bodyJson(request);
      if (typeof content !== "string") throw this.validationFailed("Blob", "content", "missing_field");
      const bytes = Buffer.from(content, encoding === "base64" ? "base64" : "utf8");
      const sha = this.gitSha("blob", bytes);
      git.blobs.set(sha, bytes);
      this.json(res, 201, { sha, url: `${this.url}/repos/${this.repository}/git/blobs/${sha}` });
    } else if ((m = route.match(/^GET git\/blobs\/([0-9a-f]{40})$/))) {
      const blob = git.blobs.get(m[1]!);
      if (!blob) throw notFound();
      this.json(res, 200, { sha: m[1], size: blob.length, content: blob.toString("base64"), encoding: "base64" });
    } else if (route === "POST git/trees") {
      const { tree, base_tree: baseTree } = this.bodyJson(request) as { tree?: { path: string; sha: string; type: string }[]; base_tree?: string };
      if (!Array.isArray(tree)) throw this.validationFailed("Tree", "tree", "missing_field");
      const files = new Map(baseTree ? (git.trees.get(baseTree) ?? new Map<string, string>()) : []);
      if (baseTree && !git.trees.has(baseTree)) throw this.validationFailed("Tree", "base_tree", "invalid");
      for (const entry of tree) {
        if (entry.type !== "blob" || !git.blobs.has(entry.sha)) throw this.validationFailed("Tree", "tree", "invalid", `no blob ${entry.sha}`);
        files.set(entry.path, entry.sha);
      }
      const sha = this.gitSha("tree", JSON.stringify([...files].sort()));
      git.trees.set(sha, files);
      this.json(res, 201, { sha, tree: [...files].map(([path, blob]) => ({ path, sha: blob, type: "blob", mode: "100644" })) });
    } else if (route === "POST git/commits") {
      const { message, tree, parents } = this.bodyJson(request) as { message?: string; tree?: string; parents?: string[] };
      if (typeof message !== "string" || !tree || !git.trees.has(tree)) throw this.validationFailed("Commit", "tree", "invalid");
      const sha = this.gitSha("commit", JSON.stringify({ message, tree, parents, at: this.tick() }));
      git.commits.set(sha, { tree, parents: parents ?? [], message });
      this.json(res, 201, { sha, tree: { sha: tree }, message });
    } else if (route === "POST git/refs") {
      const { ref, sha } = this.bodyJson(request) as { ref?: string; sha?: string };
      const name = ref?.replace(/^refs\//, "") ?? "";
      if (!name.startsWith("heads/") || !sha || !git.commits.has(sha)) throw this.validationFailed("Reference", "ref", "invalid");
      if (git.refs.has(name)) throw new HttpError(422, { message: "Reference already exists", documentation_url: "https://docs.github.com/rest/git/refs#create-a-reference", status: "422" });
      git.refs.set(name, sha);
      this.json(res, 201, { ref: `refs/${name}`, object: { sha, type: "commit" } });
    } else if ((m = route.match(/^PATCH git\/refs\/(heads\/.+)$/))) {
      const name = m[1]!;
      const { sha, force } = this.bodyJson(request) as { sha?: string; force?: boolean };
      const current = git.refs.get(name);
      if (!current) throw this.validationFailed("Reference", "ref", "invalid", "Reference does not exist");
      if (!sha || !git.commits.has(sha)) throw this.validationFailed("Reference", "sha", "invalid");
      // like GitHub: without force only a fast-forward, a commit that has the current tip in its history
      if (!force && !this.descendsFrom(sha, current)) throw new HttpError(422, { message: "Update is not a fast forward", documentation_url: "https://docs.github.com/rest/git/refs#update-a-reference", status: "422" });
      git.refs.set(name, sha);
      this.json(res, 200, { ref: `refs/${name}`, object: { sha, type: "commit" } });
    } else if ((m = route.match(/^GET contents\/(.+)$/))) {
      const file = m[1]!;
      const at = url.searchParams.get("ref") ?? "";
      const commit = git.refs.get(`heads/${at}`) ?? at;
      const blob = git.trees.get(git.commits.get(commit)?.tree ?? "")?.get(file);
      if (!blob) throw notFound();
      const bytes = git.blobs.get(blob)!;
      // like GitHub: files over 1 MB come without their content
      const large = bytes.length > 1024 * 1024;
      this.json(res, 200, { type: "file", path: file, name: file.split("/").pop(), sha: blob, size: bytes.length, encoding: large ? "none" : "base64", content: large ? "" : bytes.toString("base64") });
    } else {
      return false;
    }
    return true;
  }

  private validationFailed(resource: string, field: string, code: string, message?: string): HttpError {
    return new HttpError(422, {
      message: "Validation Failed",
      errors: [{ resource, field, code, ...(message ? { message } : {}) }],
      documentation_url: "https://docs.github.com/rest",
    });
  }

  private validBody(body: unknown, resource: string): string {
    if (typeof body !== "string") throw this.validationFailed(resource, "body", "missing_field");
    if (body.length > MAX_BODY_CHARS) {
      throw this.validationFailed(resource, "body", "custom", `body is too long (maximum is ${MAX_BODY_CHARS} characters)`);
    }
    return body;
  }

  /** GitHub's pagination: per_page (default 30, at most 100), page, and a Link header with next/last/first/prev. */
  private page(url: URL, res: ServerResponse, items: unknown[], key?: string): void {
    const perPage = Math.min(Math.max(Number(url.searchParams.get("per_page") ?? 30) || 30, 1), 100);
    const page = Math.max(Number(url.searchParams.get("page") ?? 1) || 1, 1);
    const last = Math.max(Math.ceil(items.length / perPage), 1);
    const link = (p: number, rel: string) => {
      const target = new URL(url);
      target.searchParams.set("per_page", String(perPage));
      target.searchParams.set("page", String(p));
      return `<${target.href}>; rel="${rel}"`;
    };
    const links = [];
    if (page > 1) links.push(link(page - 1, "prev"));
    if (page < last) links.push(link(page + 1, "next"), link(last, "last"));
    if (page > 1) links.push(link(1, "first"));
    const slice = items.slice((page - 1) * perPage, page * perPage);
    this.json(res, 200, key ? { total_count: items.length, [key]: slice } : slice, links.length ? { link: links.join(", ") } : {});
  }

  private userJson(user: FakeUser) {
    // like GitHub: an app's bot ("name[bot]") has the app's page
    const page = user.type === "Bot" ? `https://github.com/apps/${user.login.replace(/\[bot\]$/, "")}` : `https://github.com/${user.login}`;
    const api = `${this.url}/users/${encodeURIComponent(user.login)}`;
    // every field of GitHub's simple-user, which a nested user (an activity's actor) has no example to complete it from
    return {
      login: user.login,
      id: user.id,
      node_id: `U_${user.id}`,
      type: user.type,
      html_url: page,
      url: api,
      site_admin: false,
      avatar_url: `https://avatars.githubusercontent.com/u/${user.id}?v=4`,
      gravatar_id: "",
      events_url: `${api}/events{/privacy}`,
      followers_url: `${api}/followers`,
      following_url: `${api}/following{/other_user}`,
      gists_url: `${api}/gists{/gist_id}`,
      organizations_url: `${api}/orgs`,
      received_events_url: `${api}/received_events`,
      repos_url: `${api}/repos`,
      starred_url: `${api}/starred{/owner}{/repo}`,
      subscriptions_url: `${api}/subscriptions`,
    };
  }

  private commentJson(c: FakeComment) {
    const repoApi = `${this.url}/repos/${this.repository}`;
    return {
      id: c.id,
      node_id: `IC_${c.id}`,
      url: `${repoApi}/issues/comments/${c.id}`,
      html_url: `https://github.com/${this.repository}/pull/${c.issueNumber}#issuecomment-${c.id}`,
      issue_url: `${repoApi}/issues/${c.issueNumber}`,
      body: c.body,
      user: this.userJson(c.user),
      created_at: c.createdAt,
      updated_at: c.updatedAt,
      author_association: c.user.type === "Bot" ? "NONE" : "MEMBER",
    };
  }

  private issueJson(i: FakeIssue) {
    const repoApi = `${this.url}/repos/${this.repository}`;
    const html = `https://github.com/${this.repository}/${i.isPullRequest ? "pull" : "issues"}/${i.number}`;
    return {
      id: 3000000000 + i.number,
      node_id: `I_${i.number}`,
      number: i.number,
      url: `${repoApi}/issues/${i.number}`,
      html_url: html,
      title: i.title,
      body: i.body,
      state: i.state,
      labels: this.labelsJson(i),
      user: this.userJson(i.user),
      comments: this.commentsOn(i.number).length,
      created_at: i.createdAt,
      updated_at: i.updatedAt,
      closed_at: i.state === "closed" ? i.updatedAt : null,
      ...(i.isPullRequest ? { pull_request: { url: `${repoApi}/pulls/${i.number}`, html_url: html } } : {}),
    };
  }

  private labelsJson(i: FakeIssue) {
    return i.labels.map((name, index) => ({ id: 7000 + index, name, color: "ededed", default: false, description: "" }));
  }

  private pullJson(i: FakeIssue) {
    const head = i.head ?? { owner: this.owner, ref: `pr-${i.number}`, sha: createHash("sha1").update(`pr-${i.number}`).digest("hex") };
    return {
      id: 2500000000 + i.number,
      number: i.number,
      state: i.state,
      title: i.title,
      html_url: `https://github.com/${this.repository}/pull/${i.number}`,
      user: this.userJson(i.user),
      labels: this.labelsJson(i),
      head: { label: `${head.owner}:${head.ref}`, ref: head.ref, sha: head.sha, repo: { full_name: `${head.owner}/${this.repo}` } },
      base: { label: `${this.owner}:main`, ref: "main", sha: i.baseSha ?? createHash("sha1").update(`base-${i.number}`).digest("hex"), repo: { full_name: this.repository } },
    };
  }

  private runJson(r: FakeRun) {
    const repoApi = `${this.url}/repos/${this.repository}`;
    return {
      id: r.id,
      name: r.name,
      path: r.path,
      head_branch: r.headBranch,
      head_sha: r.headSha,
      event: r.event,
      status: r.status,
      conclusion: r.conclusion,
      run_number: r.id % 1000,
      run_attempt: 1,
      url: `${repoApi}/actions/runs/${r.id}`,
      html_url: `https://github.com/${this.repository}/actions/runs/${r.id}`,
      artifacts_url: `${repoApi}/actions/runs/${r.id}/artifacts`,
      created_at: r.createdAt,
      updated_at: r.createdAt,
      repository: { full_name: this.repository },
      head_repository: { full_name: this.repository },
    };
  }

  private artifactJson(a: FakeArtifact) {
    const run = this.run(a.runId);
    const repoApi = `${this.url}/repos/${this.repository}`;
    return {
      id: a.id,
      node_id: `MDg6QXJ0aWZhY3Q${a.id}`,
      name: a.name,
      size_in_bytes: a.content.length,
      url: `${repoApi}/actions/artifacts/${a.id}`,
      archive_download_url: `${repoApi}/actions/artifacts/${a.id}/zip`,
      expired: a.expired,
      digest: a.digest,
      created_at: a.createdAt,
      updated_at: a.createdAt,
      expires_at: new Date(Date.parse(a.createdAt) + 90 * 86400_000).toISOString(),
      workflow_run: { id: run.id, repository_id: 781234567, head_repository_id: 781234567, head_branch: run.headBranch, head_sha: run.headSha },
    };
  }

  // ---- artifact results service (twirp, JSON) ----

  private twirp(request: RecordedRequest, method: string, res: ServerResponse): void {
    const fail = (status: number, code: string, msg: string) => this.json(res, status, { code, msg });
    const token = (request.headers.authorization ?? "").replace(/^Bearer /, "");
    let scope = "";
    try {
      scope = (JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { scp?: string }).scp ?? "";
    } catch {
      return fail(401, "unauthenticated", "invalid runtime token");
    }
    const backendId = /Actions\.Results:([^:\s]+):/.exec(scope)?.[1];
    const run = this.runs.find((r) => r.backendId === backendId);
    const req = this.bodyJson(request);
    if (!run || req.workflow_run_backend_id !== backendId) return fail(403, "permission_denied", "the token does not grant this run");
    const name = typeof req.name === "string" ? req.name : "";

    switch (method) {
      case "CreateArtifact": {
        if (this.artifacts.some((a) => a.runId === run.id && a.name === name)) {
          return fail(409, "already_exists", `an artifact with this name already exists on the workflow run`);
        }
        const key = randomUUID();
        const mime = (req.mime_type as string | undefined) ?? "application/zip";
        this.uploads.set(key, { runId: run.id, name, blocks: new Map(), content: null, contentType: mime });
        return this.json(res, 200, { ok: true, signed_upload_url: this.signedBlobUrl(`upload/${key}`) });
      }
      case "FinalizeArtifact": {
        const entry = [...this.uploads].find(([, u]) => u.runId === run.id && u.name === name && u.content);
        if (!entry) return fail(404, "not_found", `no uploaded content for artifact ${name}`);
        const [key, upload] = entry;
        this.uploads.delete(key);
        const content = upload.content!;
        const digest = `sha256:${createHash("sha256").update(content).digest("hex")}`;
        if (req.hash !== undefined && req.hash !== digest) return fail(400, "invalid_argument", `hash ${String(req.hash)} does not match ${digest}`);
        const artifact: FakeArtifact = {
          id: this.nextId++,
          name,
          runId: run.id,
          content,
          contentType: upload.contentType,
          digest,
          expired: false,
          createdAt: this.tick(),
        };
        this.artifacts.push(artifact);
        return this.json(res, 200, { ok: true, artifact_id: String(artifact.id) });
      }
      case "ListArtifacts": {
        const nameFilter = req.name_filter as string | undefined;
        const idFilter = req.id_filter as string | undefined;
        const list = this.artifacts
          .filter((a) => a.runId === run.id && (!nameFilter || a.name === nameFilter) && (!idFilter || String(a.id) === idFilter))
          .map((a) => ({
            workflow_run_backend_id: run.backendId,
            workflow_job_run_backend_id: req.workflow_job_run_backend_id,
            database_id: String(a.id),
            name: a.name,
            size: String(a.content.length),
            created_at: a.createdAt,
            digest: a.digest,
          }));
        return this.json(res, 200, { artifacts: list });
      }
      case "GetSignedArtifactURL": {
        const artifact = this.artifacts.find((a) => a.runId === run.id && a.name === name);
        if (!artifact) return fail(404, "not_found", `artifact ${name} not found`);
        return this.json(res, 200, { signed_url: this.signedBlobUrl(`artifacts/${artifact.id}/${artifact.name}.zip`) });
      }
      default:
        return fail(404, "bad_route", `no handler for ${method}`);
    }
  }

  // ---- blob storage (the subset of Azure's block blob API the artifact client uses) ----

  private signedBlobUrl(path: string): string {
    return `${this.url}/_blob/${path}?sv=2023-11-03&se=2099-01-01T00%3A00%3A00Z&sp=rw&sig=${this.blobSignature}`;
  }

  private blob(request: RecordedRequest, url: URL, res: ServerResponse): void {
    const azureError = (status: number, code: string) => {
      res.writeHead(status, { "content-type": "application/xml", "x-ms-error-code": code });
      res.end(`<?xml version="1.0" encoding="utf-8"?><Error><Code>${code}</Code></Error>`);
    };
    if (url.searchParams.get("sig") !== this.blobSignature) return azureError(403, "AuthenticationFailed");
    const path = url.pathname.slice("/_blob/".length);

    if (request.method === "GET") {
      const id = /^artifacts\/(\d+)\//.exec(path)?.[1];
      const artifact = this.artifacts.find((a) => String(a.id) === id);
      if (!artifact) return azureError(404, "BlobNotFound");
      res.writeHead(200, { "content-type": artifact.contentType, "content-length": artifact.content.length });
      return void res.end(artifact.content);
    }

    const upload = this.uploads.get(/^upload\/([^/]+)$/.exec(path)?.[1] ?? "");
    if (request.method !== "PUT" || !upload) return azureError(404, "ResourceNotFound");
    const comp = url.searchParams.get("comp");
    if (comp === "block") {
      upload.blocks.set(url.searchParams.get("blockid") ?? "", request.body);
    } else if (comp === "blocklist") {
      const ids = [...request.body.toString("utf8").matchAll(/<(?:Latest|Uncommitted|Committed)>([^<]*)<\//g)].map((m) => m[1]!);
      const missing = ids.find((id) => !upload.blocks.has(id));
      if (missing !== undefined) return azureError(400, "InvalidBlockList");
      upload.content = Buffer.concat(ids.map((id) => upload.blocks.get(id)!));
      upload.contentType = String(request.headers["x-ms-blob-content-type"] ?? upload.contentType);
    } else if (comp === null) {
      upload.content = request.body;
    } else {
      return azureError(400, "InvalidQueryParameterValue");
    }
    res.writeHead(201, {
      etag: `"0x${createHash("md5").update(request.body).digest("hex").slice(0, 15).toUpperCase()}"`,
      "last-modified": new Date(this.clock).toUTCString(),
      "x-ms-request-id": randomUUID(),
      "x-ms-version": "2025-01-05",
      "x-ms-request-server-encrypted": "true",
      "content-length": "0",
    });
    res.end();
  }
}

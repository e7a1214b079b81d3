/**
 * The GitHub-facing modules against a stand-in GitHub on loopback: real HTTP through Octokit and
 * @actions/artifact, recorded and inspected on the server side.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { InputError, PipelineError } from "../../src/common/errors.js";
import { FakeGitHub, LOOPBACK_PACING } from "../helpers/fake-github.js";
import yauzl from "yauzl";
import { deflatedEntry, zipOf } from "../helpers/zip.js";

// @actions/github reads GITHUB_API_URL once, when it is first imported, for the clients @actions/artifact
// makes itself: the server must be up and the variable set before the publish modules are imported.
const fake = await FakeGitHub.start();
vi.stubEnv("GITHUB_API_URL", fake.url);
vi.stubEnv("GITHUB_SERVER_URL", "https://github.com");
const { ACTIONS_BOT_LOGIN, createGitHubClient, parseRepository, tokenLogin } = await import("../../src/publish/github.js");
const { findStickyComment, upsertStickyComment } = await import("../../src/publish/comment.js");
const { commentMarker } = await import("../../src/report/markdown.js");
const { flagsIssueMarker, upsertMarkedIssue } = await import("../../src/publish/issue.js");
const core = await import("@actions/core");
const { appendJobSummary, setActionOutputs, MAX_SUMMARY_BYTES } = await import("../../src/publish/summary.js");
const { listRunArtifacts, readResultsZip, resultsArtifactName, uploadResultsArtifact } = await import("../../src/publish/artifacts.js");
const { searchStoredBaseline } = await import("../../src/publish/baseline.js");

const dir = mkdtempSync(join(tmpdir(), "dbg-publish-"));
afterAll(async () => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
  await fake.close();
});

const client = createGitHubClient(fake.token, fake.url, LOOPBACK_PACING);
const repo = parseRepository(fake.repository);
const marker = commentMarker("pg-quick");
/** what the fake's ghs_ (installation) token writes as, like GITHUB_TOKEN */
const author = ACTIONS_BOT_LOGIN;

/** Requests recorded from now on. */
function since(): () => typeof fake.requests {
  const start = fake.requests.length;
  return () => fake.requests.slice(start);
}
const writesIn = (requests: typeof fake.requests) => requests.filter((r) => r.method !== "GET");

describe("sticky PR comment", () => {
  it("is created on the first run, updated on the next, and left alone when the body is the same", async () => {
    const pr = fake.addPullRequest("heapam: batch visibility-map updates");
    fake.addComments(pr.number, ["LGTM", "please rebase"]);

    const first = await upsertStickyComment(client, { ...repo, author, issueNumber: pr.number, marker, body: `${marker}\n## pg-quick\nrelative QPS 0.97` });
    expect(first!.action).toBe("created");
    expect(first!.url).toBe(`https://github.com/${fake.repository}/pull/${pr.number}#issuecomment-${first!.id}`);

    const second = await upsertStickyComment(client, { ...repo, author, issueNumber: pr.number, marker, body: `${marker}\n## pg-quick\nrelative QPS 0.91` });
    expect(second).toEqual({ id: first!.id, url: first!.url, action: "updated" });

    const requests = since();
    const third = await upsertStickyComment(client, { ...repo, author, issueNumber: pr.number, marker, body: `${marker}\n## pg-quick\nrelative QPS 0.91` });
    expect(third!.action).toBe("unchanged");
    expect(writesIn(requests())).toEqual([]);

    const marked = fake.commentsOn(pr.number).filter((c) => c.body.includes(marker));
    expect(marked).toHaveLength(1);
    expect(marked[0]!.body).toBe(`${marker}\n## pg-quick\nrelative QPS 0.91`);
    expect(fake.commentsOn(pr.number)).toHaveLength(3);

    // the comment already found is updated as it is, without walking the PR's comments again
    const found = await findStickyComment(client, { ...repo, author, issueNumber: pr.number, marker });
    const again = since();
    const fourth = await upsertStickyComment(client, { ...repo, author, issueNumber: pr.number, marker, body: "## pg-quick\n⏳ measuring", found: found! });
    expect(fourth).toEqual({ id: first!.id, url: first!.url, action: "updated" });
    expect(again().map((r) => r.method)).toEqual(["PATCH"]);
  });

  it("finds its comment on the third page of a long discussion instead of adding a second one", async () => {
    const pr = fake.addPullRequest("btree: prefetch siblings");
    fake.addComments(pr.number, Array.from({ length: 230 }, (_, i) => `review comment ${i}`));
    const [old] = fake.addComments(pr.number, [`${marker}\nold report`], { login: "github-actions[bot]", id: 41898282, type: "Bot" });
    fake.addComments(pr.number, ["thanks!"]);

    const requests = since();
    const result = await upsertStickyComment(client, { ...repo, author, issueNumber: pr.number, marker, body: `${marker}\nnew report` });
    expect(result).toMatchObject({ id: old!.id, action: "updated" });
    const lists = requests().filter((r) => r.method === "GET");
    expect(lists.map((r) => new URL(r.path, fake.url).searchParams.get("page") ?? "1")).toEqual(["1", "2", "3"]);
    expect(writesIn(requests()).map((r) => `${r.method} ${r.path}`)).toEqual([`PATCH /repos/${fake.repository}/issues/comments/${old!.id}`]);
    expect(fake.commentsOn(pr.number).filter((c) => c.body.includes(marker))).toHaveLength(1);
  });

  it("keeps one comment per profile and adds the marker when the body lacks it", async () => {
    const pr = fake.addPullRequest();
    await upsertStickyComment(client, { ...repo, author, issueNumber: pr.number, marker, body: "quick report" });
    const sysbench = commentMarker("pg-sysbench");
    await upsertStickyComment(client, { ...repo, author, issueNumber: pr.number, marker: sysbench, body: "sysbench report" });
    await upsertStickyComment(client, { ...repo, author, issueNumber: pr.number, marker, body: "quick report, rerun" });
    expect(fake.commentsOn(pr.number).map((c) => c.body)).toEqual([`${marker}\nquick report, rerun`, `${sysbench}\nsysbench report`]);
  });

  it("leaves a comment that someone else planted the marker in alone, and ignores its own comments that only quote the marker", async () => {
    const pr = fake.addPullRequest("executor: batch tuple deforming");
    const [planted] = fake.addComments(pr.number, [`${marker}\n## ✅ Pass · everything is fine`], { login: "mallory", id: 6660066, type: "User" });
    const [quoted] = fake.addComments(pr.number, [`> ${marker}\nan old report, quoted`], { login: author, id: 41898282, type: "Bot" });
    const result = await upsertStickyComment(client, { ...repo, author, issueNumber: pr.number, marker, body: `${marker}\n## ❌ Fail · 1 regression` });
    expect(result!.action).toBe("created");
    expect(planted!.body).toBe(`${marker}\n## ✅ Pass · everything is fine`);
    expect(quoted!.body).toBe(`> ${marker}\nan old report, quoted`);
    const ours = fake.commentsOn(pr.number).filter((c) => c.user.login === author && c.body.startsWith(marker));
    expect(ours.map((c) => c.id)).toEqual([result!.id]);
  });

  it("authenticates with the token and refuses a body GitHub would refuse, before writing", async () => {
    const pr = fake.addPullRequest();
    const requests = since();
    await expect(upsertStickyComment(client, { ...repo, author, issueNumber: pr.number, marker, body: "x".repeat(70_000) })).rejects.toThrow(PipelineError);
    expect(requests()).toEqual([]);
    await upsertStickyComment(client, { ...repo, author, issueNumber: pr.number, marker, body: "ok" });
    expect(requests().every((r) => r.headers.authorization === `token ${fake.token}`)).toBe(true);
    const denied = createGitHubClient("ghs_wrong", fake.url, LOOPBACK_PACING);
    await expect(upsertStickyComment(denied, { ...repo, author, issueNumber: pr.number, marker, body: "ok" })).rejects.toMatchObject({ status: 401 });
  });
});

describe("GitHub when busy", () => {
  const secondaryLimit = { message: "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.", documentation_url: "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits" };
  const rateLimited = () => ({ "x-ratelimit-limit": "1000", "x-ratelimit-remaining": "0", "x-ratelimit-used": "1000", "x-ratelimit-resource": "core", "x-ratelimit-reset": String(Math.ceil(Date.now() / 1000) + 1) });

  it("waits out a 502, a secondary rate limit and a 429, each once, and the comment is still posted once", async () => {
    const pr = fake.addPullRequest("wal: group commit");
    const comments = new RegExp(`/issues/${pr.number}/comments$`);
    fake.failNext("GET", comments, 502, { message: "Server Error" });
    fake.failNext("POST", comments, 403, secondaryLimit, { "retry-after": "1" });
    fake.failNext("POST", comments, 429, { message: "API rate limit exceeded for installation ID 1.", documentation_url: "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api" }, rateLimited());
    const requests = since();
    const result = await upsertStickyComment(client, { ...repo, author, issueNumber: pr.number, marker, body: `${marker}\nrelative QPS 1.00` });
    expect(result!.action).toBe("created");
    expect(requests().map((r) => `${r.method} ${new URL(r.path, fake.url).pathname.endsWith("/comments") ? "comments" : r.path}`)).toEqual(["GET comments", "GET comments", "POST comments", "POST comments", "POST comments"]);
    expect(fake.commentsOn(pr.number).map((c) => c.body)).toEqual([`${marker}\nrelative QPS 1.00`]);
  });

  it("does not retry what waiting cannot change: a 409, a 422, a 403 that is no rate limit", async () => {
    const pr = fake.addPullRequest();
    const comments = new RegExp(`/issues/${pr.number}/comments$`);
    for (const [status, message] of [[409, "Conflict"], [422, "Validation Failed"], [403, "Resource not accessible by integration"]] as const) {
      fake.failNext("POST", comments, status, { message });
      const requests = since();
      await expect(client.rest.issues.createComment({ ...repo, issue_number: pr.number, body: "x" })).rejects.toMatchObject({ status });
      expect(requests()).toHaveLength(1);
    }
  });
});

describe("the stand-in GitHub, held to GitHub's OpenAPI description", () => {
  /** The findings of the requests since `start`, taken out so that close() does not report them again. */
  const takeViolations = (start: number) => fake.violations.splice(start);

  it("answers the operations the action calls as the description says: timeline, collaborator role, pulls, runs, artifacts", async () => {
    const start = fake.violations.length;
    const pr = fake.addPullRequest("nbtree: skip scan", { owner: "mallory", ref: "skip-scan", sha: "c".repeat(40) });
    fake.committed(pr.number, "c".repeat(40));
    fake.labeledBy(pr.number, "perf-safe-to-run");
    fake.roles.set("bob-maint", "maintain");
    const timeline = await client.paginate(client.rest.issues.listEventsForTimeline, { ...repo, issue_number: pr.number, per_page: 100 });
    expect(timeline.map((item) => item.event)).toEqual(["committed", "labeled"]);
    expect((await client.rest.repos.getCollaboratorPermissionLevel({ ...repo, username: "bob-maint" })).data.role_name).toBe("maintain");
    await expect(client.rest.repos.getCollaboratorPermissionLevel({ ...repo, username: "dependabot[bot]" })).rejects.toMatchObject({ status: 404 });
    expect((await client.rest.pulls.get({ ...repo, pull_number: pr.number })).data.head.sha).toBe("c".repeat(40));
    expect((await client.rest.pulls.list({ ...repo, state: "open", head: "mallory:skip-scan" })).data.map((p) => p.number)).toEqual([pr.number]);
    const run = fake.addRun({ event: "pull_request", headBranch: "skip-scan" });
    const artifact = fake.addArtifact(run.id, "db-bench-gate-pg-quick-x86_64", zipOf([deflatedEntry("db-bench-gate-results.json", Buffer.from("{}"))]));
    const listed = await client.rest.actions.listWorkflowRunArtifacts({ ...repo, run_id: run.id });
    expect(listed.data.artifacts.map((a) => a.id)).toEqual([artifact.id]);
    const zip = await client.rest.actions.downloadArtifact({ ...repo, artifact_id: artifact.id, archive_format: "zip" });
    expect(Buffer.from(zip.data as ArrayBuffer)).toEqual(artifact.content);
    expect(takeViolations(start)).toEqual([]);
  });

  it("refuses a request the description does not allow, naming the operation: a wrong type, a misspelt field or parameter, no such path or method", async () => {
    const start = fake.violations.length;
    const pr = fake.addPullRequest();
    const comments = "POST /repos/{owner}/{repo}/issues/{issue_number}/comments";
    // what Octokit's types would not let through: a request as a bug elsewhere would make it
    const request = client.request as unknown as (route: string, parameters: Record<string, unknown>) => Promise<unknown>;
    await expect(request(comments, { ...repo, issue_number: pr.number, body: 42 })).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/^fake GitHub: issues\/create-comment: .*body: must be string/) });
    await expect(request(comments, { ...repo, issue_number: pr.number, bdy: "typo" })).rejects.toMatchObject({ status: 400, message: expect.stringContaining("body.bdy: not a field of issues/create-comment") });
    await expect(request("GET /repos/{owner}/{repo}/issues/{issue_number}/comments", { ...repo, issue_number: pr.number, per_page: "all" })).rejects.toMatchObject({ status: 400 });
    await expect(request("GET /repos/{owner}/{repo}/issues/{issue_number}/comments", { ...repo, issue_number: pr.number, perPage: 100 })).rejects.toMatchObject({ status: 400 });
    await expect(request("GET /repos/{owner}/{repo}/db-bench-gate/results", { ...repo })).rejects.toMatchObject({ status: 404 });
    await expect(request("PUT /repos/{owner}/{repo}/issues/comments/{comment_id}", { ...repo, comment_id: 1, body: "x" })).rejects.toMatchObject({ status: 404 });
    expect(takeViolations(start).map((v) => v.replace(/ \(.*?\): /, ": "))).toEqual([
      "issues/create-comment: body.body: must be string",
      "issues/create-comment: body.bdy: not a field of issues/create-comment",
      "issues/create-comment: body: must have required property 'body'",
      "issues/list-comments: query parameter per_page: must be integer",
      "issues/list-comments: query parameter perPage: not a parameter of issues/list-comments",
      expect.stringMatching(/^no operation: not in GitHub's REST API /),
      expect.stringMatching(/^no operation: not in GitHub's REST API /),
    ]);
  });

  it("catches its own response when it is not what GitHub answers, naming the operation", async () => {
    const start = fake.violations.length;
    // a title that is no string: a bug of the stand-in, which would let the action's own go unseen
    const issue = fake.addIssue({ title: 42 as unknown as string });
    await client.rest.issues.get({ ...repo, issue_number: issue.number });
    expect(takeViolations(start)).toEqual([expect.stringMatching(/^issues\/get \(GET \/repos\/pgfork\/postgres\/issues\/\d+\): response 200\.title: must be string$/)]);
    issue.title = "a title";
  });
});

describe("the token's identity", () => {
  it("is GraphQL's viewer for an installation token (GET /user refuses it), and GET /user's login for a user's token", async () => {
    expect(await tokenLogin(client)).toEqual({ login: "github-actions[bot]", how: "GraphQL viewer" });
    const user = await FakeGitHub.start({ token: "ghp_userToken0123", identity: { login: "perf-bot", id: 777, type: "User" } });
    try {
      expect(await tokenLogin(createGitHubClient(user.token, user.url, LOOPBACK_PACING))).toEqual({ login: "perf-bot", how: "GET /user" });
      expect(user.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /user"]);
    } finally {
      await user.close();
    }
  });
});

describe("flags issue", () => {
  const flagsMarker = flagsIssueMarker("pg-quick");

  it("is opened once with its label, then updated each week, and not touched when nothing changed", async () => {
    // an open PR and a closed issue carrying the marker are not the flags issue
    const pr = fake.addPullRequest("flags experiment");
    fake.issues[pr.number - 1]!.body = `${flagsMarker}\nquoted in a PR`;
    fake.addIssue({ title: "last quarter", body: `${flagsMarker}\nold`, state: "closed", labels: ["db-bench-gate"] });

    const first = await upsertMarkedIssue(client, { ...repo, author, marker: flagsMarker, title: "Compiler flags: week 23", body: "O2 1.00, native 1.04", label: "db-bench-gate" });
    expect(first!.action).toBe("created");
    const created = fake.issues.find((i) => i.number === first.number)!;
    expect(created).toMatchObject({ title: "Compiler flags: week 23", body: `${flagsMarker}\nO2 1.00, native 1.04`, labels: ["db-bench-gate"], state: "open" });
    expect(first.url).toBe(`https://github.com/${fake.repository}/issues/${first.number}`);

    const second = await upsertMarkedIssue(client, { ...repo, author, marker: flagsMarker, title: "Compiler flags: week 24", body: "O2 1.00, native 1.06", label: "db-bench-gate" });
    expect(second).toEqual({ number: first.number, url: first.url, action: "updated" });
    expect(created).toMatchObject({ title: "Compiler flags: week 24", body: `${flagsMarker}\nO2 1.00, native 1.06` });

    const requests = since();
    const third = await upsertMarkedIssue(client, { ...repo, author, marker: flagsMarker, title: "Compiler flags: week 24", body: "O2 1.00, native 1.06", label: "db-bench-gate" });
    expect(third!.action).toBe("unchanged");
    expect(writesIn(requests())).toEqual([]);
    expect(requests()[0]!.path).toContain("labels=db-bench-gate");
    expect(fake.issues.filter((i) => i.state === "open" && !i.isPullRequest && i.body?.includes(flagsMarker))).toHaveLength(1);
  });

  it("has a marker per profile that cannot end the HTML comment early", () => {
    expect(flagsMarker).toBe("<!-- db-bench-gate:flags=pg-quick -->");
    expect(flagsIssueMarker("odd-->name")).toBe("<!-- db-bench-gate:flags=odd--%3Ename -->");
  });

  it("is searched among the token's own issues only: a planted marker in someone else's issue is left alone", async () => {
    const m = flagsIssueMarker("pg-planted");
    const planted = fake.addIssue({ title: "flags", body: `${m}\nplanted`, user: { login: "mallory", id: 6660066, type: "User" } });
    const requests = since();
    const result = await upsertMarkedIssue(client, { ...repo, author, marker: m, title: "flags", body: "week 1" });
    expect(result!.action).toBe("created");
    expect(planted.body).toBe(`${m}\nplanted`);
    expect(new URL(requests()[0]!.path, fake.url).searchParams.get("creator")).toBe(author);
  });

  it("without a label, searches every open issue of its author", async () => {
    const m = flagsIssueMarker("pg-sysbench");
    for (let i = 0; i < 120; i++) fake.addIssue({ title: `bug ${i}` });
    const existing = fake.addIssue({ title: "flags", body: `${m}\nweek 1` });
    for (let i = 0; i < 110; i++) fake.addIssue({ title: `newer bug ${i}` });
    const result = await upsertMarkedIssue(client, { ...repo, author, marker: m, title: "flags", body: "week 2" });
    expect(result).toMatchObject({ number: existing.number, action: "updated" });
    expect(existing.body).toBe(`${m}\nweek 2`);
  });
});

describe("job summary and outputs", () => {
  it("appends the report to the summary file, and a note instead of a report GitHub would drop", async () => {
    const file = join(dir, "step-summary.md");
    writeFileSync(file, "");
    expect(await appendJobSummary("## pg-quick\n| step | x64 |", file)).toBe("written");
    expect(await appendJobSummary("## pg-sysbench\n", file)).toBe("written");
    expect(readFileSync(file, "utf8")).toBe("## pg-quick\n| step | x64 |\n## pg-sysbench\n");
    expect(await appendJobSummary("x".repeat(MAX_SUMMARY_BYTES + 1), file)).toBe("too-large");
    expect(readFileSync(file, "utf8")).toMatch(/## pg-sysbench\ndb-bench-gate: the report \(1048577 bytes\) is larger than the job summary's limit/);
    expect(await appendJobSummary("## x", undefined)).toBe("no-file");
  });

  it("sets the four outputs through GITHUB_OUTPUT", () => {
    const file = join(dir, "github-output");
    writeFileSync(file, "");
    vi.stubEnv("GITHUB_OUTPUT", file);
    setActionOutputs(core, { verdict: "fail", regressions: 2, resultsPath: "db-bench-gate-results.json", commentUrl: null });
    const outputs = Object.fromEntries(
      [...readFileSync(file, "utf8").matchAll(/^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2$/gm)].map((m) => [m[1], m[3]]),
    );
    expect(outputs).toEqual({ verdict: "fail", regressions: "2", "results-path": "db-bench-gate-results.json", "comment-url": "" });
  });
});

describe("results artifacts and the stored baseline", () => {
  const docs = readFileSync(new URL("../../docs/results-format.md", import.meta.url), "utf8");
  const example = JSON.parse(/```json\n([\s\S]*?)\n```/.exec(docs)![1]!) as { run: { id: string } };
  const name = resultsArtifactName("db-bench-gate", "pg-quick", "x86_64");

  /** Uploads `content` as run `runId`'s artifact through @actions/artifact, as the action does. */
  async function upload(runId: number, artifactName: string, content: unknown, fileName = "db-bench-gate-results.json") {
    for (const [key, value] of Object.entries(fake.env(runId))) vi.stubEnv(key, value);
    const runDir = join(dir, `run-${runId}-${artifactName}`);
    mkdirSync(runDir, { recursive: true });
    const file = join(runDir, fileName);
    writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content));
    return uploadResultsArtifact(artifactName, file);
  }

  const query = (artifactName = name) => ({ repo, branch: "main", artifactName, tmpRoot: dir });

  beforeEach(() => {
    fake.runs.length = 0;
    fake.artifacts.length = 0;
  });

  it("names artifacts by prefix, profile and architecture, with characters GitHub refuses replaced", () => {
    expect(name).toBe("db-bench-gate-pg-quick-x86_64");
    expect(resultsArtifactName("db-bench-gate", "profiles/my:profile.yml", "aarch64")).toBe("db-bench-gate-profiles_my_profile.yml-aarch64");
  });

  it("uploads through the results service and the blob store, and finds the newest successful push run's results", async () => {
    const older = fake.addRun({ headBranch: "main", event: "push" });
    await upload(older.id, name, { ...example, run: { ...example.run, id: "older" } });
    const newest = fake.addRun({ headBranch: "main", event: "push" });
    const requests = since();
    const uploaded = await upload(newest.id, name, example);
    const uploadCalls = requests().map((r) => `${r.method} ${new URL(r.path, fake.url).pathname.replace(/[0-9a-f-]{36}/, "KEY")}`);
    expect(uploadCalls[0]).toBe("POST /twirp/github.actions.results.api.v1.ArtifactService/CreateArtifact");
    expect(uploadCalls).toContain("PUT /_blob/upload/KEY");
    expect(uploadCalls.at(-1)).toBe("POST /twirp/github.actions.results.api.v1.ArtifactService/FinalizeArtifact");
    // runs that must not be taken: newer, but failed, on another branch, or a PR's
    fake.addRun({ headBranch: "main", event: "push", conclusion: "failure" });
    fake.addRun({ headBranch: "feature", event: "push" });
    const prRun = fake.addRun({ headBranch: "main", event: "pull_request" });
    await upload(prRun.id, name, { ...example, run: { ...example.run, id: "from-a-pr" } });

    const lookup = since();
    const search = await searchStoredBaseline(client, query());
    expect(search.kind).toBe("found");
    const baseline = search.kind === "found" ? search.stored : null;
    expect(baseline).not.toBeNull();
    expect(baseline!.results.run.id).toBe(example.run.id);
    expect(baseline).toMatchObject({
      runId: newest.id,
      artifactId: uploaded.id,
      headSha: newest.headSha,
      url: `https://github.com/${fake.repository}/actions/runs/${newest.id}`,
    });
    const runsQuery = new URL(lookup()[0]!.path, fake.url).searchParams;
    expect(Object.fromEntries(runsQuery)).toMatchObject({ branch: "main", event: "push", status: "success" });
    // the zip comes from the signed blob URL the API redirects to, fetched without the token
    const blobGet = lookup().find((r) => r.method === "GET" && r.path.startsWith("/_blob/"));
    expect(blobGet?.headers.authorization).toBeUndefined();
    expect(lookup().find((r) => r.path.endsWith(`/actions/artifacts/${uploaded.id}/zip`))?.headers.authorization).toBe(`token ${fake.token}`);
    // the temporary download directory is gone
    expect(readdirSync(dir).filter((n) => n.startsWith("db-bench-gate-artifact-"))).toEqual([]);
  });

  it("carries the sweep charts beside the results, and the results are read from it as before", async () => {
    const run = fake.addRun({ headBranch: "main", event: "push" });
    for (const [key, value] of Object.entries(fake.env(run.id))) vi.stubEnv(key, value);
    const runDir = join(dir, "run-with-charts");
    mkdirSync(runDir, { recursive: true });
    const file = join(runDir, "db-bench-gate-results.json");
    const chart = join(runDir, "db-bench-gate-results.readrandom.svg");
    writeFileSync(file, JSON.stringify(example));
    writeFileSync(chart, "<svg xmlns=\"http://www.w3.org/2000/svg\"/>");
    await uploadResultsArtifact(name, file, { beside: [chart] });
    const zipPath = join(dir, "with-charts.zip");
    writeFileSync(zipPath, fake.artifacts[0]!.content);
    const zip = await yauzl.openPromise(zipPath, { lazyEntries: true });
    const entries: string[] = [];
    for await (const entry of zip.eachEntry()) entries.push(entry.fileName);
    zip.close();
    expect(entries.sort()).toEqual(["db-bench-gate-results.json", "db-bench-gate-results.readrandom.svg"]);
    const search = await searchStoredBaseline(client, query());
    expect(search.kind === "found" && search.stored.results.run.id).toBe(example.run.id);
  });

  it("is none (or expired) when no successful push run has the artifact: a neutral comparison", async () => {
    expect(await searchStoredBaseline(client, query())).toEqual({ kind: "none" });
    const run = fake.addRun({ headBranch: "main", event: "push" });
    await upload(run.id, resultsArtifactName("db-bench-gate", "pg-quick", "aarch64"), example);
    expect(await searchStoredBaseline(client, query())).toEqual({ kind: "none" });
    fake.artifacts[0]!.expired = true;
    expect(await searchStoredBaseline(client, query(fake.artifacts[0]!.name))).toMatchObject({ kind: "expired", expired: { runId: run.id } });
  });

  it("gives up after the configured number of runs", async () => {
    const run = fake.addRun({ headBranch: "main", event: "push" });
    await upload(run.id, name, example);
    for (let i = 0; i < 3; i++) fake.addRun({ headBranch: "main", event: "push" });
    expect(await searchStoredBaseline(client, { ...query(), maxRuns: 3 })).toEqual({ kind: "none" });
    expect(await searchStoredBaseline(client, { ...query(), maxRuns: 4 })).toMatchObject({ kind: "found", stored: { runId: run.id } });
  });

  it("refuses invalid content, naming the artifact and its run", async () => {
    const run = fake.addRun({ headBranch: "main", event: "push" });
    await upload(run.id, name, { schema: "db-bench-gate/results", version: 1, run: {} });
    const error = await searchStoredBaseline(client, query()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toMatch(new RegExp(`^artifact ${name} \\(run ${run.id}\\): \\$\\.run\\.id: `));

    const notJson = fake.addRun({ headBranch: "main", event: "push" });
    await upload(notJson.id, name, "{ truncated");
    await expect(searchStoredBaseline(client, query())).rejects.toThrow(`artifact ${name} (run ${notJson.id}): db-bench-gate-results.json: $: not JSON`);

    const noJson = fake.addRun({ headBranch: "main", event: "push" });
    await upload(noJson.id, name, "hello", "notes.txt");
    await expect(searchStoredBaseline(client, query())).rejects.toThrow(`artifact ${name} (run ${noJson.id}): expected one results .json file, found none`);
  });

  it("refuses content that does not match the digest GitHub lists for the artifact", async () => {
    const run = fake.addRun({ headBranch: "main", event: "push" });
    await upload(run.id, name, example);
    fake.artifacts[0]!.digest = `sha256:${"0".repeat(64)}`;
    const error = await searchStoredBaseline(client, query()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toBe(`artifact ${name} (run ${run.id}): the downloaded content does not match the digest GitHub lists (sha256:${"0".repeat(64)})`);
  });

  it("lists a run's results artifacts by prefix for report mode", async () => {
    const run = fake.addRun({ event: "pull_request", headBranch: "feature" });
    await upload(run.id, resultsArtifactName("db-bench-gate", "pg-quick", "x86_64"), example);
    await upload(run.id, resultsArtifactName("db-bench-gate", "pg-quick", "aarch64"), example);
    await upload(run.id, "coverage", "{}");
    const found = await listRunArtifacts(client, repo, run.id, { prefix: "db-bench-gate-pg-quick-" });
    expect(found.map((a) => a.name).sort()).toEqual(["db-bench-gate-pg-quick-aarch64", "db-bench-gate-pg-quick-x86_64"]);
    expect(found.every((a) => a.runId === run.id && a.digest?.startsWith("sha256:"))).toBe(true);
  });

  it("refuses a second artifact of the same name in one run, as GitHub does", async () => {
    const run = fake.addRun();
    await upload(run.id, name, example);
    await expect(upload(run.id, name, example)).rejects.toThrow(/already exists/);
  });
});

describe("size caps on results artifacts (zip bombs)", () => {
  const docs = readFileSync(new URL("../../docs/results-format.md", import.meta.url), "utf8");
  const example = /```json\n([\s\S]*?)\n```/.exec(docs)![1]!;
  const name = resultsArtifactName("db-bench-gate", "pg-quick", "x86_64");
  const query = { repo, branch: "main", artifactName: name, tmpRoot: dir };
  // 128 MiB of spaces deflate to 128 KB: a valid zip far below the 32 MB download cap
  const bomb = deflatedEntry("db-bench-gate-results.json", Buffer.alloc(128 * 1024 * 1024, " "));

  beforeEach(() => {
    fake.runs.length = 0;
    fake.artifacts.length = 0;
  });

  it("refuses a zip whose results file unpacks past 64 MiB from its directory entry, before unpacking any of it", async () => {
    expect(bomb.deflated.length).toBeLessThan(1024 * 1024);
    const run = fake.addRun({ headBranch: "main", event: "push" });
    fake.addArtifact(run.id, name, zipOf([bomb]));
    const error = await searchStoredBaseline(client, query).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toBe(
      `artifact ${name} (run ${run.id}): db-bench-gate-results.json: $: 134,217,728 bytes is larger than the 67,108,864 bytes a file of this kind may have`,
    );
    expect(readdirSync(dir).filter((n) => n.startsWith("db-bench-gate-artifact-"))).toEqual([]);
  });

  it("stops unpacking a results file whose header claims less than it holds", async () => {
    const zipPath = join(dir, "lying.zip");
    writeFileSync(zipPath, zipOf([{ ...bomb, declaredSize: 1000 }]));
    const error = await readResultsZip(zipPath, "lying.zip").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    // the error comes from the first chunk past the declared 1,000 bytes, not from the end of 128 MiB
    expect((error as Error).message).toMatch(/^lying\.zip: db-bench-gate-results\.json cannot be unpacked: too many bytes in the stream\. expected 1000\. got at least \d{4,6}$/);
  });

  it("reads the one results file of a well-formed zip, and refuses a zip of several", async () => {
    const run = fake.addRun({ headBranch: "main", event: "push" });
    fake.addArtifact(run.id, name, zipOf([deflatedEntry("db-bench-gate-results.json", example)]));
    expect(await searchStoredBaseline(client, query)).toMatchObject({ kind: "found", stored: { results: { run: { id: (JSON.parse(example) as { run: { id: string } }).run.id } } } });

    const zipPath = join(dir, "two.zip");
    writeFileSync(zipPath, zipOf([deflatedEntry("a.json", example), deflatedEntry("b.json", example)]));
    await expect(readResultsZip(zipPath, "two.zip")).rejects.toThrow("two.zip: expected one results .json file, found a.json, b.json");
  });
});

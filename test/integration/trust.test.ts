/**
 * What a pull request's code can reach when the action builds it (issue 10): the bundled action runs
 * as a subprocess, as a runner runs it, with stand-in secrets in every variable a job holds, on a tiny
 * engine whose configure hunts for them (test/helpers/tiny-engine.ts); then timeouts, and the cache
 * namespaces that keep pull requests from writing what trusted builds read.
 * Run `npm run build` first: the action tests run dist/.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, chmodSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { execa } from "execa";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFailed } from "vitest";
import { buildAtCommit } from "../../src/build/build.js";
import { loadBuiltinRecipe } from "../../src/build/recipe.js";
import { childEnv } from "../../src/trust/child-env.js";
import { CleanupRegistry } from "../../src/common/cleanup.js";
import { processesUnder } from "../../src/trust/processes.js";
import { asUserIn, baseBuildUserName, giveTo, unprivilegedUser, unprivilegedUserName } from "../../src/trust/unprivileged.js";
import { makeRunnerDirs, REPO_ROOT, startStep, type RunnerDirs, type StepResult } from "../helpers/run-action.js";
import { commitCcachePoisoner, commitOn, HOSTILE_SECTIONS, makeTinyEngineRepo, type TinyEngineRepo } from "../helpers/tiny-engine.js";

const asRoot = process.getuid?.() === 0;
const sentinel = (name: string) => `${name}-sentinel-${randomBytes(8).toString("hex")}`;
/** Every secret a job holds, by the variable the runner passes it in. */
const SECRETS = {
  INPUT_TOKEN: `ghs_${sentinel("INPUT_TOKEN")}`,
  GITHUB_TOKEN: `ghs_${sentinel("GITHUB_TOKEN")}`,
  ACTIONS_RUNTIME_TOKEN: sentinel("ACTIONS_RUNTIME_TOKEN"),
  ACTIONS_RESULTS_URL: `https://${sentinel("results")}.invalid/`,
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: sentinel("ACTIONS_ID_TOKEN_REQUEST_TOKEN"),
  ACTIONS_ID_TOKEN_REQUEST_URL: `https://${sentinel("idtoken")}.invalid/_apis/token`,
};
/** What actions/checkout persists unless told not to. */
const EXTRAHEADER = `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${sentinel("EXTRAHEADER")}`).toString("base64")}`;
/** Anything else in the checkout's .git/config: a tree with a .git shows it to `git config -l`. */
const CONFIG_PROBE = sentinel("CONFIG_PROBE");

let repo: TinyEngineRepo;
let runner: RunnerDirs;
let cacheDir: string;
const scratch = mkdtempSync(path.join(os.tmpdir(), "dbg-trust-"));

beforeAll(async () => {
  repo = await makeTinyEngineRepo(path.join(scratch, "repo"));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

beforeEach(() => {
  runner = makeRunnerDirs();
  // the unprivileged users reach the cache, as they reach /var/cache/db-bench-gate
  cacheDir = mkdtempSync(path.join(os.tmpdir(), "dbg-trust-cache-"));
  chmodSync(cacheDir, 0o755);
});
afterEach(() => {
  const left = processesUnder(runner.root);
  const jobRoots = readdirSync(runner.temp).filter((name) => name.startsWith("db-bench-gate-"));
  rmSync(runner.root, { recursive: true, force: true });
  rmSync(cacheDir, { recursive: true, force: true });
  expect(left, "processes of the test still running").toEqual([]);
  expect(jobRoots, "job temp dirs left in RUNNER_TEMP").toEqual([]);
});

/** A clone of the tiny engine as actions/checkout leaves it in the workspace. */
async function checkout(config: Record<string, string>): Promise<string> {
  const dir = path.join(runner.workspace, "engine");
  await execa("git", ["clone", "-q", "--no-hardlinks", repo.path, dir], { env: childEnv(process.env), extendEnv: false });
  for (const [key, value] of Object.entries(config)) await execa("git", ["-C", dir, "config", key, value], { env: childEnv(process.env), extendEnv: false });
  return dir;
}

/** The pr mode of the action on the tiny engine's base and `head`, with every secret of SECRETS set. */
async function runPr(checkoutDir: string, head: string, inputs: Record<string, string> = {}): Promise<StepResult> {
  const payload = JSON.parse(readFileSync(path.join(REPO_ROOT, "test/fixtures/events/pull_request.opened.json"), "utf8")) as {
    pull_request: { base: { sha: string }; head: { sha: string } };
  };
  payload.pull_request.base.sha = repo.base;
  payload.pull_request.head.sha = head;
  const { INPUT_TOKEN, ...jobSecrets } = SECRETS;
  const step = startStep("index", {
    runner,
    event: { name: "pull_request", payload },
    inputs: { "repo-path": checkoutDir, "cache-dir": cacheDir, profile: path.join(REPO_ROOT, "test/fixtures/profiles/pg-smoke.yaml"), token: INPUT_TOKEN, "results-path": path.join(runner.workspace, "results.json"), ...inputs },
    // nothing listens there: the runs below end before they would publish
    env: { ...jobSecrets, GITHUB_API_URL: "http://127.0.0.1:9", GITHUB_REPOSITORY: "pgfork/postgres", GITHUB_RUN_ID: "4242" },
  });
  onTestFailed(async () => {
    const { stdout, stderr } = await step.finished;
    console.log(`--- step stdout (last 8000 characters) ---\n${stdout.slice(-8000)}\n--- stderr ---\n${stderr.slice(-4000)}`);
  });
  return step.finished;
}

/** Everything the builds of this test's cache logged: what the PR's code wrote. */
function buildLogs(): string {
  const logs = path.join(cacheDir, "logs");
  if (!existsSync(logs)) return "";
  return readdirSync(logs)
    .filter((f) => f.endsWith(".log"))
    .map((f) => readFileSync(path.join(logs, f), "utf8"))
    .join("\n");
}

/** The names of the secrets `text` holds (the runner's own ::add-mask:: commands aside). */
function secretsIn(text: string): string[] {
  text = text
    .split("\n")
    .filter((line) => !line.startsWith("::add-mask::"))
    .join("\n");
  const values: Record<string, string> = { ...SECRETS, EXTRAHEADER, CONFIG_PROBE };
  return Object.entries(values)
    .filter(([, value]) => text.includes(value))
    .map(([name]) => name);
}

describe("a pull request's code (issue 10 items 1-3)", () => {
  it("is not run next to a checkout that keeps a token: one line says to set persist-credentials: false", async () => {
    const dir = await checkout({ "http.https://github.com/.extraheader": EXTRAHEADER });
    const result = await runPr(dir, repo.hostile);
    expect(result.exitCode).not.toBe(0);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatch(/http\.https:\/\/github\.com\/\.extraheader.*set `persist-credentials: false` on actions\/checkout$/);
    expect(result.errors[0]).not.toContain("\n");
    expect(buildLogs(), "nothing was built").toBe("");
    expect(secretsIn(result.stdout + result.stderr)).toEqual([]);
  });

  it("is not run next to a checkout that keeps a token in bisect and flags modes either: the refs given as input are anyone's", async () => {
    const dir = await checkout({ "http.https://github.com/.extraheader": EXTRAHEADER });
    for (const inputs of <Record<string, string>[]>[
      { mode: "bisect", "base-ref": repo.base, "head-ref": repo.hostile },
      { mode: "flags", "head-ref": repo.hostile, "flag-sets": "o2=-O2\no3=-O3" },
    ]) {
      const result = await runPr(dir, repo.hostile, inputs);
      expect(result.exitCode, inputs.mode).not.toBe(0);
      expect(result.errors, inputs.mode).toEqual([expect.stringMatching(/http\.https:\/\/github\.com\/\.extraheader.*set `persist-credentials: false` on actions\/checkout$/)]);
      expect(buildLogs(), `${inputs.mode}: nothing was built`).toBe("");
    }
  });

  it("runs unprivileged in a tree without .git, and finds none of the job's secrets in /proc, git config, the event or its environment", async () => {
    const dir = await checkout({ "dbg.probe": CONFIG_PROBE });
    const result = await runPr(dir, repo.hostile);
    expect(result.exitCode).not.toBe(0);
    const logs = buildLogs();
    // the hostile configure ran and looked everywhere it meant to
    for (const section of HOSTILE_SECTIONS) expect(logs).toContain(section);
    expect(Number(/readable environ files: (\d+)/.exec(logs)?.[1])).toBeGreaterThan(0);
    expect(result.errors.join("\n")).toMatch(/build of .* failed/);
    if (asRoot) expect(logs).toMatch(new RegExp(`uid=\\d+\\(${unprivilegedUserName("pr")}\\)`));
    expect(secretsIn(logs), "secrets in what the PR's code wrote").toEqual([]);
    expect(secretsIn(result.stdout), "secrets in the step's log").toEqual([]);
  });
});

describe("the unprivileged user's temp dir", () => {
  it.runIf(asRoot)("is the dir it works in, not the caller's TMPDIR, which it cannot write (valgrind needs one at start-up)", async () => {
    const user = await unprivilegedUser("pr");
    const privateTmp = mkdtempSync(path.join(scratch, "callers-tmp-"));
    chmodSync(privateTmp, 0o700);
    // where engines work: a dir in the cache or temp dir the user can reach
    const workDir = mkdtempSync(path.join(os.tmpdir(), "dbg-trust-work-"));
    await giveTo(user, workDir);
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = privateTmp;
    try {
      const made = await execa("sh", ["-c", 'mktemp && touch "$TMPDIR/probe"'], { ...asUserIn(user, workDir), reject: false });
      expect(made.stderr).toBe("");
      expect(path.dirname(made.stdout)).toBe(workDir);
      // the same command with the caller's TMPDIR: what the fork's processes got before
      const denied = await execa("sh", ["-c", "mktemp"], { cwd: workDir, env: childEnv(process.env), extendEnv: false, uid: user!.uid, gid: user!.gid, reject: false });
      expect(denied.failed).toBe(true);
    } finally {
      rmSync(workDir, { recursive: true, force: true });
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
  });
});

describe("timeouts (issue 10 item 8)", () => {
  it("a configure that never ends fails its build after the build timeout, with the log's tail, and leaves nothing running", async () => {
    const dir = await checkout({});
    const result = await runPr(dir, repo.hang, { timeouts: "{ build_s: 3 }" });
    expect(result.exitCode).not.toBe(0);
    expect(result.seconds).toBeLessThan(120);
    expect(result.errors.join("\n")).toMatch(/timed out after 3 s[\s\S]*configure: waiting forever/);
  });
});

describe("cache namespaces (issue 10 item 11)", () => {
  const registry = new CleanupRegistry();
  afterAll(() => registry.runAll(new Error("done")));
  const build = async (commitish: string, trust: "trusted" | "pr", prNamespace = "pr-1") =>
    buildAtCommit({ repo: repo.path, commitish, recipe: await loadBuiltinRecipe("postgresql"), cacheDir, trust, prNamespace, registry });
  const filesUnder = (dir: string): string[] =>
    existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)) : [];

  it("a pull request's build goes to its own namespace, reads the trusted ccache without writing it, and ends up out of its user's reach", async () => {
    const trusted = await build(repo.base, "trusted");
    expect(path.dirname(trusted.dir)).toBe(path.join(cacheDir, "builds"));
    const trustedFiles = () => [...filesUnder(path.join(cacheDir, "ccache")), ...filesUnder(path.join(cacheDir, "ccache-shared"))].sort();
    const trustedCcache = trustedFiles();
    const before = new Map(trustedCcache.map((f) => [f, statSync(f).mtimeMs]));

    // another commit with the same hello.c: its one compilation is a hit from the trusted ccache
    const hitCommit = await execa("git", ["-C", repo.path, "commit-tree", "-p", repo.base, "-m", "same tree", `${repo.base}^{tree}`], {
      env: childEnv(process.env, { GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t.invalid", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t.invalid" }),
      extendEnv: false,
    });
    const prBuild = await build(hitCommit.stdout.trim(), "pr");
    expect(prBuild.reused).toBe(false);
    expect(path.dirname(prBuild.dir)).toBe(path.join(cacheDir, "prs", "pr-1", "builds"));
    if (trusted.ccache) expect(prBuild.ccache).toMatchObject({ hits: 1, misses: 0 });
    const after = trustedFiles();
    expect(after).toEqual(trustedCcache);
    for (const file of after) expect(statSync(file).mtimeMs, file).toBe(before.get(file));

    if (asRoot) {
      const user = (await unprivilegedUser("pr"))!;
      for (const file of [prBuild.dir, prBuild.prefix, path.join(prBuild.binDir, "postgres")]) expect(statSync(file).uid, file).toBe(0);
      const writable = await execa("test", ["-w", prBuild.binDir], { uid: user.uid, gid: user.gid, reject: false });
      expect(writable.exitCode, `${prBuild.binDir} writable by ${user.name}`).not.toBe(0);
    }
    // the same commit in a pull request: the trusted prefix is reused
    const reused = await build(repo.base, "pr");
    expect(reused).toMatchObject({ reused: true, dir: trusted.dir });
  });

  it.runIf(asRoot)("pull requests' ccaches are apart: one PR's build plants nothing another PR's build uses, nor in the trusted ccache (issue 28 item 4)", async () => {
    await build(repo.base, "trusted");
    const trustedFiles = () => [...filesUnder(path.join(cacheDir, "ccache")), ...filesUnder(path.join(cacheDir, "ccache-shared"))].sort();
    const trustedBefore = new Map(trustedFiles().map((f) => [f, statSync(f).mtimeMs]));
    const ccacheOf = (namespace: string) => path.join(cacheDir, "prs", namespace, "ccache", "dir");
    // PR 2 built earlier (a commit of base's tree: not the trusted build's commit, so it is built): its ccache exists
    const pr2Head = await execa("git", ["-C", repo.path, "commit-tree", "-p", repo.base, "-m", "PR 2", `${repo.base}^{tree}`], {
      env: childEnv(process.env, { GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t.invalid", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t.invalid" }),
      extendEnv: false,
    });
    expect((await build(pr2Head.stdout.trim(), "pr", "pr-2")).reused).toBe(false);
    expect(existsSync(ccacheOf("pr-2"))).toBe(true);

    // PR 1's build stores its object and plants a file in its own ccache, and reaches no other
    const attack = await build(repo.planter, "pr", "pr-1");
    expect(attack.ccache).toMatchObject({ hits: 0, misses: 1 });
    const log = readFileSync(attack.logFile, "utf8");
    expect(log).toContain(`planted in ${ccacheOf("pr-1")}`);
    for (const victim of [ccacheOf("pr-2"), path.join(cacheDir, "ccache"), path.join(cacheDir, "ccache-shared")]) {
      expect(log).toContain(`could not plant in ${victim}`);
      expect(existsSync(path.join(victim, "planted")), victim).toBe(false);
    }
    expect(existsSync(path.join(ccacheOf("pr-1"), "planted"))).toBe(true);
    expect(trustedFiles()).toEqual([...trustedBefore.keys()]);
    for (const [file, mtime] of trustedBefore) expect(statSync(file).mtimeMs, file).toBe(mtime);

    // between its builds a PR's ccache is out of its user's reach: nothing left running plants in it
    const user = (await unprivilegedUser("pr"))!;
    const reach = await execa("sh", ["-c", `echo x > ${ccacheOf("pr-1")}/later`], { uid: user.uid, gid: user.gid, reject: false });
    expect(reach.exitCode, `${user.name} wrote into a closed ccache`).not.toBe(0);

    // PR 2 builds the same sources: a miss in its own ccache, not PR 1's object; and it has its own builds
    const victim = await build(repo.planter, "pr", "pr-2");
    expect(victim.reused).toBe(false);
    expect(victim.ccache).toMatchObject({ hits: 0, misses: 1 });
    expect(path.dirname(victim.dir)).toBe(path.join(cacheDir, "prs", "pr-2", "builds"));
  });

  it.runIf(asRoot)("a pull request's base is built from trusted inputs only: nothing the PR's head builds left in their ccache or prefixes is used (issue 36 item 3)", async () => {
    const buildBase = async (commitish: string) =>
      buildAtCommit({ repo: repo.path, commitish, recipe: await loadBuiltinRecipe("postgresql"), cacheDir, trust: "pr", prNamespace: "pr-1", trustedInputsOnly: true, registry });
    const poisoner = await commitCcachePoisoner(repo);
    const head = await build(poisoner, "pr");
    if (!head.ccache) return expect.fail("ccache is not installed: nothing to poison");
    expect(readFileSync(head.logFile, "utf8")).toContain(`poisoned compiler ran as ${unprivilegedUserName("pr")}`);

    // the base branch moved on since the PR branched: a base not built yet, whose hello.c nobody compiled
    const movedBase = await commitOn(repo, repo.base, "hello.c", "int hello(void) { return 44; }\n", "base moves on");
    const base = await buildBase(movedBase);
    const baseLog = readFileSync(base.logFile, "utf8");
    expect(baseLog, "the PR's code ran in base's build").not.toContain("poisoned compiler");
    expect(base.reused).toBe(false);
    expect(path.dirname(base.dir)).toBe(path.join(cacheDir, "prs", "pr-1", "base-builds"));
    expect(baseLog).toContain(` as ${baseBuildUserName()} in `);
    expect(base.ccache).toMatchObject({ hits: 0, misses: 1 });

    // the PR's head built base's commit itself (its hello.c now in the PR's ccache): that prefix is not base's
    const headOfBase = await build(repo.base, "pr");
    const cleanBase = await buildBase(repo.base);
    expect(cleanBase.reused).toBe(false);
    expect(cleanBase.dir).not.toBe(headOfBase.dir);
    // compiled again in its own ccache, not served from the PR's
    expect(cleanBase.ccache).toMatchObject({ hits: 0, misses: 1 });
    expect(readFileSync(cleanBase.logFile, "utf8")).not.toContain("poisoned compiler");
    // the base's own builds are reused from then on
    expect(await buildBase(repo.base)).toMatchObject({ reused: true, dir: cleanBase.dir });
  });

  it("a reused build's marker must name its build and commit; its paths are recomputed, never read from it", async () => {
    const first = await build(repo.base, "pr");
    const marker = path.join(first.dir, ".db-bench-gate-build.json");
    const stored = JSON.parse(readFileSync(marker, "utf8")) as Record<string, unknown>;

    writeFileSync(marker, JSON.stringify({ ...stored, binDir: "/tmp/evil/bin", prefix: "/tmp/evil" }));
    const redirected = await build(repo.base, "pr");
    expect(redirected).toMatchObject({ reused: true, binDir: first.binDir, prefix: first.prefix });

    writeFileSync(marker, JSON.stringify({ ...stored, commit: repo.hang }));
    const rebuilt = await build(repo.base, "pr");
    expect(rebuilt.reused).toBe(false);

    if (asRoot) {
      // a build its user could have changed after the fact is not reused
      const user = (await unprivilegedUser("pr"))!;
      await execa("chown", [`${user.uid}:${user.gid}`, rebuilt.dir]);
      expect((await build(repo.base, "pr")).reused).toBe(false);
    }
  });
});

/**
 * The history: records from results, retention, validation on read, change points and their alert,
 * and both stores (the runner's cache dir; a data branch written through a stand-in GitHub on loopback).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, describe, expect, it } from "vitest";
import type { ModeContext } from "../../src/action/context.js";
import { inputVariable, readInputs } from "../../src/action/inputs.js";
import { CleanupRegistry } from "../../src/common/cleanup.js";
import { DEFAULT_THRESHOLDS } from "../../src/compare/types.js";
import { InputError } from "../../src/common/errors.js";
import { detectChanges } from "../../src/history/detect.js";
import { historyJsonSchema } from "../../src/history/json-schema.js";
import { appendRecord, historyRecordOf, parseHistory, stepSeries, type HistoryFile } from "../../src/history/record.js";
import { cacheDirHistoryStore, historyKey, HISTORY_FILE, type HistoryStore } from "../../src/history/store.js";
import { createGitHubClient } from "../../src/publish/github.js";
import { branchHistoryStore } from "../../src/publish/history-branch.js";
import { alertIssueMarker } from "../../src/publish/issue.js";
import { updateHistory } from "../../src/publish/history.js";
import { alertMarkdown, ISSUE_TITLE_LIMIT } from "../../src/report/history.js";
import { COMMENT_LIMIT } from "../../src/report/markdown.js";
import { bisectNewAlerts, findBaseline, formatAge } from "../../src/action/history.js";
import type { Results } from "../../src/results/schema.js";
import { FakeGitHub, LOOPBACK_PACING } from "../helpers/fake-github.js";
import { syntheticResults } from "../../scripts/lib/synthetic-results.js";

/** Both files of a key, as the store reads them. */
const readBoth = async (store: HistoryStore, key: string) => ({ history: await store.readHistory(key), latest: await store.readLatest(key) });
const sha = (i: number) => createHash("sha1").update(`commit ${i}`).digest("hex");
const KEY = { profile: "pg-quick", arch: "x86_64" };
const ALERT_CTX = { profile: "pg-quick", arch: "x86_64", branch: "main", store: "branch db-bench-gate-data", repoUrl: null, cc: [], runUrl: "https://github.com/o/r/actions/runs/7", maxLength: COMMENT_LIMIT };

/** A baseline run of commit i: one variant, QPS about `qps`, instructions per op about `perOp`. */
function baselineOf(i: number, qps: number, perOp: number): Results {
  const results = syntheticResults({ steps: ["select", "point"], variants: ["main"], rounds: 5, qps, noise: 0.01, seed: i + 1, instructions: { perOp, repeats: 2 } });
  return { ...results, variants: results.variants.map((v) => ({ ...v, commit: sha(i) })) };
}

/** 12 runs, the 5th and later 30% slower with 40% more instructions per op (QPS's test needs about 10 runs). */
function historyWithSlowdown(at = 4, count = 12): HistoryFile {
  return historyOf(count, (i) => (i >= at ? [7000, 56000] : [10000, 40000]));
}

/** `count` baseline runs, run i measuring the QPS and instructions per op that `of(i)` gives. */
function historyOf(count: number, of: (i: number) => [qps: number, perOp: number]): HistoryFile {
  let history: HistoryFile | null = null;
  for (let i = 0; i < count; i++) history = appendRecord(history, historyRecordOf(baselineOf(i, ...of(i)), { id: String(100 + i), url: null }), KEY);
  return history!;
}

const dir = mkdtempSync(join(tmpdir(), "dbg-history-"));
const fake = await FakeGitHub.start();
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await fake.close();
});

describe("history records", () => {
  it("are the run's medians per step, appended in order; a re-run replaces its commit's record; the oldest go past the retention", () => {
    const record = historyRecordOf(baselineOf(0, 10000, 40000), { id: "7", url: "https://github.com/o/r/actions/runs/7" });
    expect(record.commit).toBe(sha(0));
    expect(record.steps.map((s) => s.id)).toEqual(["select", "point"]);
    expect(record.steps[0]!.rounds).toBe(5);
    expect(record.steps[0]!.qps_median).toBeGreaterThan(9500);
    expect(record.steps[0]!.qps_median).toBeLessThan(10500);
    expect(record.steps[0]!.instructions_per_op).toBeCloseTo(40000, -2);
    let history = appendRecord(null, record, KEY, 3);
    for (let i = 1; i < 5; i++) history = appendRecord(history, { ...record, commit: sha(i) }, KEY, 3);
    expect(history.records.map((r) => r.commit)).toEqual([sha(2), sha(3), sha(4)]);
    history = appendRecord(history, { ...record, commit: sha(3), run_id: "8" }, KEY, 3);
    expect(history.records.map((r) => [r.commit, r.run_id])).toEqual([[sha(2), "7"], [sha(3), "8"], [sha(4), "7"]]);
    expect(history.retention).toBe(3);
  });

  it("are validated on read: a bad field is one error naming the source and the field", () => {
    const good = historyWithSlowdown();
    expect(parseHistory(JSON.stringify(good), "branch x: k/history.json")).toEqual(good);
    const bad = structuredClone(good);
    (bad.records[2]!.steps[0] as { qps_median: unknown }).qps_median = -5;
    const error = (() => {
      try {
        parseHistory(JSON.stringify(bad), "branch x: k/history.json");
      } catch (e) {
        return e as InputError;
      }
    })();
    expect(error).toBeInstanceOf(InputError);
    expect(error!.message).toMatch(/^branch x: k\/history\.json: \$\.records\[2\]\.steps\[0\]\.qps_median: /);
    expect(() => parseHistory('{"schema":"db-bench-gate/results"}', "f")).toThrow(/not a db-bench-gate history/);
    expect(() => parseHistory("{", "f")).toThrow(/not JSON/);
  });
});

describe("change points of the history", () => {
  it("finds the slowdown at the 5th run in both channels, sized with an interval, a regression past the thresholds", () => {
    const history = historyWithSlowdown();
    const changes = detectChanges(history, () => DEFAULT_THRESHOLDS);
    expect(changes.map((c) => [c.step, c.channel, c.firstBad.commit, c.lastGood.commit, c.regression])).toEqual([
      ["select", "qps", sha(4), sha(3), true],
      ["select", "instructions", sha(4), sha(3), true],
      ["point", "qps", sha(4), sha(3), true],
      ["point", "instructions", sha(4), sha(3), true],
    ]);
    const qps = changes[0]!.size;
    expect(qps.estimate).toBeGreaterThan(0.67);
    expect(qps.estimate).toBeLessThan(0.73);
    expect(qps.ci_low).toBeLessThanOrEqual(qps.estimate);
    expect(qps.ci_high).toBeGreaterThanOrEqual(qps.estimate);
    expect(qps.ci_high).toBeLessThan(0.8);
    expect(changes[1]!.size.estimate).toBeCloseTo(1.4, 2);
  });

  it("places a QPS change a run off by noise at its step's instruction change, so that one alert names one commit; a QPS change of its own, or a later one, stays where it is; a small instruction change does not pull a large slowdown", () => {
    // 20 runs, instructions up 40% from the 13th; QPS falls with it, but the 12th run measured slow too
    const noisy = historyOf(20, (i) => [i >= 11 ? 7000 : 10000, i >= 12 ? 56000 : 40000]);
    const select = detectChanges(noisy, () => DEFAULT_THRESHOLDS).filter((c) => c.step === "select");
    expect(select.map((c) => [c.channel, c.placedBy, c.lastGood.commit, c.firstBad.commit, c.regression])).toEqual([
      ["qps", "instructions", sha(11), sha(12), true],
      ["instructions", "instructions", sha(11), sha(12), true],
    ]);
    // sized at the placed split: 11 runs at 10000 and one at 7000 before it, 8 at 7000 after
    expect(select[0]!.size.estimate).toBeGreaterThan(0.67);
    expect(select[0]!.size.estimate).toBeLessThan(0.73);
    const { body } = alertMarkdown(select, ALERT_CTX);
    expect(body).toMatch(/\| `select` \| QPS +\| `[0-9a-f]{12}\.\.[0-9a-f]{12}` \(at the instr\/op change\) +\|/);
    // a QPS-only slowdown at the 17th run and instructions up at the 9th (QPS unchanged by it): two changes, two commits
    const apart = historyOf(20, (i) => [i >= 16 ? 7000 : 10000, i >= 8 ? 56000 : 40000]);
    const both = detectChanges(apart, () => DEFAULT_THRESHOLDS).filter((c) => c.step === "select");
    expect(both.map((c) => [c.channel, c.placedBy, c.firstBad.commit])).toEqual([
      ["qps", "qps", sha(16)],
      ["instructions", "instructions", sha(8)],
    ]);
    // 40% more instructions at the 9th run with QPS unchanged (an I/O-bound step), a 30% QPS-only slowdown at the 13th: the four fast runs between are a later change
    const later = historyOf(20, (i) => [i >= 12 ? 7000 : 10000, i >= 8 ? 56000 : 40000]);
    expect(
      detectChanges(later, () => DEFAULT_THRESHOLDS)
        .filter((c) => c.step === "select")
        .map((c) => [c.channel, c.placedBy, c.firstBad.commit]),
    ).toEqual([
      ["qps", "qps", sha(12)],
      ["instructions", "instructions", sha(8)],
    ]);
    // 1% more instructions at the 9th run and a 30% QPS-only slowdown at the 13th: the small change does not explain the slowdown
    const small = historyOf(20, (i) => [i >= 12 ? 7000 : 10000, i >= 8 ? 40400 : 40000]);
    const kept = detectChanges(small, () => DEFAULT_THRESHOLDS).filter((c) => c.step === "select");
    expect(kept.map((c) => [c.channel, c.placedBy, c.firstBad.commit, c.regression])).toEqual([
      ["qps", "qps", sha(12), true],
      ["instructions", "instructions", sha(8), false],
    ]);
  });

  it("sees no change in a flat history, and a small one is a change but no regression", () => {
    const flat = historyOf(10, () => [10000, 40000]);
    expect(detectChanges(flat, () => DEFAULT_THRESHOLDS).filter((c) => c.channel === "instructions")).toEqual([]);
    const small = historyOf(8, (i) => [10000, i >= 4 ? 40400 : 40000]);
    const [change] = detectChanges(small, () => DEFAULT_THRESHOLDS).filter((c) => c.channel === "instructions" && c.step === "select");
    expect(change!.size.estimate).toBeCloseTo(1.01, 3);
    expect(change!.regression).toBe(false);
  });

  it("the alert names the range with a compare link, the size with its interval, cc's people and draws the chart", () => {
    const regressions = detectChanges(historyWithSlowdown(), () => DEFAULT_THRESHOLDS).filter((c) => c.step === "select");
    const { title, body } = alertMarkdown(regressions, { ...ALERT_CTX, repoUrl: "https://github.com/o/r", cc: ["@alice", "@org/perf"] });
    expect(title).toBe(`db-bench-gate: main regressed at ${sha(4).slice(0, 12)} (pg-quick on x86_64: select)`);
    expect(body).toContain("cc @alice @org/perf");
    expect(body).toContain(`[\`${sha(3).slice(0, 12)}..${sha(4).slice(0, 12)}\`](https://github.com/o/r/compare/${sha(3)}...${sha(4)})`);
    expect(body).toMatch(/\| `select` \| QPS +\| .* \| 0\.\d\d \(0\.\d\d–0\.\d\d\) +\| 0\.0\d\d +\| regression \|/);
    expect(body).toContain(`db-bench-gate bisect --repo . --good ${sha(3)} --bad ${sha(4)} --steps 'select'`);
    expect(body.match(/xychart-beta/g)).toHaveLength(2);
    // relative to the first point: 1.000 before, about 0.70 after
    expect(body).toMatch(/line \[1\.000, (0\.9\d\d|1\.0\d\d), .*, 0\.[67]\d\d\]/);
    expect(body).toContain(`title "select _ median QPS relative to ${sha(0).slice(0, 7)}"`);
  });

  it("the alert's chart shows the change point even when it is older than the newest 60 runs", () => {
    const [change] = detectChanges(historyWithSlowdown(4, 70), () => DEFAULT_THRESHOLDS).filter((c) => c.step === "select" && c.channel === "qps");
    expect(change!.firstBad.commit).toBe(sha(4));
    const { body } = alertMarkdown([change!], ALERT_CTX);
    expect(body).toContain(`"${sha(3).slice(0, 7)}", "${sha(4).slice(0, 7)}"`);
    expect(body).toContain(`relative to ${sha(0).slice(0, 7)}"`);
  });

  describe("an alert over GitHub's limit", () => {
    // 300 steps regressed at once (a compiler change, say): each a QPS change of its own size, the worst last
    const [change] = detectChanges(historyWithSlowdown(4, 60), () => DEFAULT_THRESHOLDS).filter((c) => c.step === "select" && c.channel === "qps");
    const many = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ ...change!, step: `sysbench.read-only.range100.pk${i}`, size: { ...change!.size, estimate: 0.9 - i / (2 * count) } }));
    const worst = (count: number) => `sysbench.read-only.range100.pk${count - 1}`;
    const mildest = "sysbench.read-only.range100.pk0";
    const limit = COMMENT_LIMIT - 100;

    it("drops every chart first, then the mildest rows with their bisect commands, and says so; the range and the worst's size and command stay", () => {
      const full = alertMarkdown(many(300), { ...ALERT_CTX, maxLength: Infinity }).body;
      expect(full.length).toBeGreaterThan(2 * COMMENT_LIMIT);
      const { body } = alertMarkdown(many(300), { ...ALERT_CTX, maxLength: limit });
      expect(body.length).toBeLessThanOrEqual(limit);
      expect(body.length).toBeGreaterThan(limit - 2_000);
      expect(body).toContain(`the first bad run measured \`${sha(4).slice(0, 12)}\`, the last good one \`${sha(3).slice(0, 12)}\``);
      expect(body).not.toContain("xychart-beta");
      // worst first: its row, size and bisect command; the mildest is among those left out, named
      expect(body).toMatch(new RegExp(`\\| \`${worst(300).replace(/\./g, "\\.")}\` +\\| QPS +\\| .* \\| 0\\.40 \\(`));
      expect(body).toContain(`--good ${sha(3)} --bad ${sha(4)} --steps '${worst(300)}'`);
      expect(body).not.toContain(`--steps '${mildest}'`);
      const kept = body.match(/^db-bench-gate bisect /gm)!.length;
      expect(kept).toBeGreaterThan(50);
      expect(body).toContain(`Left out to fit GitHub's limit of ${limit.toLocaleString("en-US")} characters: the ${300 - kept} mildest regressions (`);
      expect(body).toContain(`\`${mildest}\` QPS)`);
      expect(body).toContain("; the charts of every regression. The [baseline run's job summary](https://github.com/o/r/actions/runs/7) has them all.");
    });

    it("caps the title at GitHub's 256 characters, whatever the step ids' length", () => {
      const long = many(5).map((c, i) => ({ ...c, step: `sysbench.${"x".repeat(120)}.${i}` }));
      const { title } = alertMarkdown(long, { ...ALERT_CTX, maxLength: limit });
      expect([...title]).toHaveLength(ISSUE_TITLE_LIMIT);
      expect(title.endsWith("…")).toBe(true);
      expect(title.startsWith(`db-bench-gate: ${ALERT_CTX.branch} regressed at `)).toBe(true);
      expect(alertMarkdown(many(1), { ...ALERT_CTX, maxLength: limit }).title.length).toBeLessThan(ISSUE_TITLE_LIMIT);
    });

    it("keeps every row and the charts of the worst when only the charts are too many", () => {
      const { body } = alertMarkdown(many(60), { ...ALERT_CTX, maxLength: limit });
      expect(body.length).toBeLessThanOrEqual(limit);
      expect(body.match(/^db-bench-gate bisect /gm)).toHaveLength(60);
      const charts = body.match(/xychart-beta/g)!.length;
      expect(charts).toBeGreaterThan(0);
      expect(charts).toBeLessThan(60);
      expect(body).toContain(`### ${worst(60)} · QPS`);
      expect(body).not.toContain(`### ${mildest} · QPS`);
      expect(body).toContain(`Left out to fit GitHub's limit of ${limit.toLocaleString("en-US")} characters: the charts of all but the ${charts} worst regressions.`);
    });
  });

  it("keeps the committed JSON Schema equal to the generated one", () => {
    const committed = JSON.parse(readFileSync(new URL("../../schema/history.v1.json", import.meta.url), "utf8"));
    expect(committed).toEqual(JSON.parse(JSON.stringify(historyJsonSchema())));
  });

  it("an instruction series starts where the way of counting last changed: no change point from a new counting method", () => {
    /** a MariaDB baseline run of commit i counted inside `collectIn`, about `perOp` instructions per op */
    const countedIn = (i: number, collectIn: string, perOp: number): Results => {
      const results = baselineOf(i, 10000, perOp);
      const counted = `connection threads (inside ${collectIn})`;
      return { ...results, instructions: results.instructions!.map((s) => (s.status === "ok" ? { ...s, tool: "callgrind", counted } : s)) };
    };
    // the count moved from do_command to dispatch_command at the 6th run: 2.8% fewer instructions, no code change
    let history: HistoryFile | null = null;
    for (let i = 0; i < 10; i++) history = appendRecord(history, historyRecordOf(i < 5 ? countedIn(i, "do_command", 46_700) : countedIn(i, "dispatch_command", 45_390), { id: null, url: null }), KEY);
    expect(history!.records[0]!.steps[0]!.instructions_counted).toBe("callgrind (connection threads (inside do_command))");
    expect(stepSeries(history!, "select", "instructions").map((p) => p.commit)).toEqual([5, 6, 7, 8, 9].map(sha));
    expect(stepSeries(history!, "select", "qps")).toHaveLength(10);
    expect(detectChanges(history!, () => DEFAULT_THRESHOLDS).filter((c) => c.channel === "instructions")).toEqual([]);
    // records from before the way of counting was kept are one way of their own, and still parse
    const older = structuredClone(history!);
    for (const r of older.records.slice(0, 5)) for (const step of r.steps) delete step.instructions_counted;
    expect(stepSeries(parseHistory(JSON.stringify(older), "f"), "select", "instructions").map((p) => p.commit)).toEqual([5, 6, 7, 8, 9].map(sha));
  });

  it("a custom step's series starts where its definition last changed, in both channels: an edited script is no change point", () => {
    /** a baseline run of commit i whose step is a custom one of definition `hash`, about `perOp` instructions per op */
    const defined = (i: number, hash: string, perOp: number): Results => {
      const results = baselineOf(i, hash === "a".repeat(64) ? 10000 : 7000, perOp);
      return { ...results, steps: results.steps.map((s) => ({ ...s, definition_hash: hash })) };
    };
    let history: HistoryFile | null = null;
    for (let i = 0; i < 10; i++) history = appendRecord(history, historyRecordOf(i < 5 ? defined(i, "a".repeat(64), 40_000) : defined(i, "b".repeat(64), 52_000), { id: null, url: null }), KEY);
    expect(history!.records[9]!.steps[0]!.definition_hash).toBe("b".repeat(64));
    expect(stepSeries(history!, "select", "instructions").map((p) => p.commit)).toEqual([5, 6, 7, 8, 9].map(sha));
    expect(stepSeries(history!, "select", "qps").map((p) => p.commit)).toEqual([5, 6, 7, 8, 9].map(sha));
    expect(detectChanges(history!, () => DEFAULT_THRESHOLDS)).toEqual([]);
  });

  it("stepSeries leaves out runs without a value", () => {
    const history = historyWithSlowdown();
    history.records[1]!.steps[0]!.instructions_per_op = null;
    expect(stepSeries(history, "select", "instructions").map((p) => p.commit)).not.toContain(sha(1));
  });
});

describe("history stores", () => {
  it("the cache dir keeps history.json and latest.json per profile and architecture, validated on read", async () => {
    const store = cacheDirHistoryStore(join(dir, "cache"));
    const key = historyKey("pg quick", "x86_64");
    expect(key).toBe("pg_quick-x86_64");
    expect(await readBoth(store, key)).toEqual({ history: null, latest: null });
    const run = baselineOf(0, 10000, 40000);
    const history = await store.write(key, (current) => appendRecord(current, historyRecordOf(run, { id: null, url: null }), KEY), run);
    expect(await readBoth(store, key)).toEqual({ history, latest: run });
    mkdirSync(join(dir, "cache", "history", "broken-x86_64"), { recursive: true });
    writeFileSync(join(dir, "cache", "history", "broken-x86_64", HISTORY_FILE), '{"schema":"db-bench-gate/history","version":1}');
    await expect(readBoth(store, "broken-x86_64")).rejects.toThrow(/broken-x86_64\/history\.json: \$\.profile/);
    // a write reads history.json alone: latest.json (up to 64 MB) is replaced, never read
    writeFileSync(join(dir, "cache", "history", key, "latest.json"), "{ truncated");
    await expect(store.readLatest(key)).rejects.toThrow(/latest\.json: \$: not JSON/);
    const rewritten = await store.write(key, (current) => appendRecord(current, historyRecordOf(run, { id: null, url: null }), KEY), run);
    expect(await readBoth(store, key)).toEqual({ history: rewritten, latest: run });
  });

  it("the data branch: created as one commit, one more on top of the tip read on each write, other profiles' files kept, a concurrent writer's record kept", async () => {
    const client = createGitHubClient(fake.token, fake.url, LOOPBACK_PACING);
    const repo = { owner: fake.owner, repo: fake.repo };
    const store = branchHistoryStore(client, repo, "perf-data");
    expect(await readBoth(store, "pg-quick-x86_64")).toEqual({ history: null, latest: null });
    const append = (i: number) => (current: HistoryFile | null) => appendRecord(current, historyRecordOf(baselineOf(i, 10000, 40000), { id: String(i), url: null }), KEY);
    await store.write("pg-quick-x86_64", append(0), baselineOf(0, 10000, 40000));
    await store.write("pg-sysbench-x86_64", append(0), baselineOf(0, 10000, 40000));
    // another run moves the branch between this one's read and its ref update: this one starts again from its files
    let raced = false;
    const racing = (current: HistoryFile | null) => {
      if (!raced) {
        raced = true;
        const theirs = Buffer.from(JSON.stringify(append(1)(current)));
        const blob = createHash("sha1").update(theirs).digest("hex");
        const head = fake.git.refs.get("heads/perf-data")!;
        const tree = new Map(fake.git.trees.get(fake.git.commits.get(head)!.tree)!).set("pg-quick-x86_64/history.json", blob);
        fake.git.blobs.set(blob, theirs);
        fake.git.trees.set("a".repeat(40), tree);
        fake.git.commits.set("b".repeat(40), { tree: "a".repeat(40), parents: [head], message: "another run" });
        fake.git.refs.set("heads/perf-data", "b".repeat(40));
      }
      return append(2)(current);
    };
    const final = await store.write("pg-quick-x86_64", racing, baselineOf(2, 10000, 40000));
    expect(final.records.map((r) => r.run_id)).toEqual(["0", "1", "2"]);
    const read = await readBoth(store, "pg-quick-x86_64");
    expect(read.history).toEqual(final);
    expect(read.latest!.variants[0]!.commit).toBe(sha(2));
    expect((await readBoth(store, "pg-sysbench-x86_64")).history!.records).toHaveLength(1);
    const head = fake.git.refs.get("heads/perf-data")!;
    // on top of the other run's commit, which the first attempt's update did not fast-forward
    expect(fake.git.commits.get(head)!.parents).toEqual(["b".repeat(40)]);
    // what a fork or a bad hand wrote there is refused on read, naming the branch and file
    fake.git.blobs.set("0".repeat(40), Buffer.from("{}"));
    const tree = new Map(fake.git.trees.get(fake.git.commits.get(head)!.tree)!);
    tree.set("pg-quick-x86_64/history.json", "0".repeat(40));
    fake.git.trees.set("f".repeat(40), tree);
    fake.git.commits.set("e".repeat(40), { tree: "f".repeat(40), parents: [], message: "hand-edited" });
    fake.git.refs.set("heads/perf-data", "e".repeat(40));
    await expect(readBoth(store, "pg-quick-x86_64")).rejects.toThrow(/^branch perf-data: pg-quick-x86_64\/history\.json: \$\.schema: not a db-bench-gate history/);
  });

  it("the data branch: two architectures writing at once, each from the tip both read, keep both records (a compare-and-swap, not read-then-force)", async () => {
    const client = createGitHubClient(fake.token, fake.url, LOOPBACK_PACING);
    const repo = { owner: fake.owner, repo: fake.repo };
    const x64 = { profile: "pg-quick", arch: "x86_64" };
    const arm = { profile: "pg-quick", arch: "aarch64" };
    const append = (i: number, key: typeof KEY) => (current: HistoryFile | null) => appendRecord(current, historyRecordOf(baselineOf(i, 10000, 40000), { id: String(i), url: null }), key);
    // each architecture's job is a run of its own: its own client and store
    const writer = () => branchHistoryStore(createGitHubClient(fake.token, fake.url, LOOPBACK_PACING), repo, "race-data");
    const refWrites = () => fake.writes().filter((r) => /\/git\/refs/.test(r.path));

    // first the branch does not exist: both create it, one of them updates it instead
    fake.holdRefWrites(2);
    await Promise.all([writer().write("pg-quick-x86_64", append(0, x64), baselineOf(0, 10000, 40000)), writer().write("pg-quick-aarch64", append(0, arm), baselineOf(0, 10000, 40000))]);
    // then on the branch: both update from the same tip; GitHub refuses the second as not a fast-forward
    const before = refWrites().length;
    fake.holdRefWrites(2);
    await Promise.all([writer().write("pg-quick-x86_64", append(1, x64), baselineOf(1, 10000, 40000)), writer().write("pg-quick-aarch64", append(1, arm), baselineOf(1, 10000, 40000))]);

    const store = branchHistoryStore(client, repo, "race-data");
    for (const key of ["pg-quick-x86_64", "pg-quick-aarch64"]) {
      const { history, latest } = await readBoth(store, key);
      expect(history!.records.map((r) => r.run_id), key).toEqual(["0", "1"]);
      expect(latest!.variants[0]!.commit).toBe(sha(1));
    }
    // four writes, four commits in one line of history: nothing was overwritten
    let commits = 0;
    for (let at: string | undefined = fake.git.refs.get("heads/race-data"); at; at = fake.git.commits.get(at)!.parents[0]) commits++;
    expect(commits).toBe(4);
    // the second writer's update was refused, and its write applied again on the first's commit
    expect(refWrites().slice(before).map((r) => `${r.method} ${JSON.parse(r.body.toString()).force}`)).toEqual(["PATCH false", "PATCH false", "PATCH false"]);
  });

  it("the data branch: a ref update refused for another reason than a race is an error, not a retry", async () => {
    const client = createGitHubClient(fake.token, fake.url, LOOPBACK_PACING);
    const store = branchHistoryStore(client, { owner: fake.owner, repo: fake.repo }, "refused-data");
    const append = (current: HistoryFile | null) => appendRecord(current, historyRecordOf(baselineOf(0, 10000, 40000), { id: "0", url: null }), KEY);
    await store.write("pg-quick-x86_64", append, baselineOf(0, 10000, 40000));
    const tip = fake.git.refs.get("heads/refused-data")!;
    const updates = () => fake.writes().filter((r) => r.method === "PATCH" && r.path.includes("/git/refs/")).length;
    const before = updates();
    fake.failNext("PATCH", /\/git\/refs\//, 422, { message: "Validation Failed", errors: [{ resource: "Reference", field: "sha", code: "invalid" }] });
    await expect(store.write("pg-quick-x86_64", append, baselineOf(0, 10000, 40000))).rejects.toMatchObject({ status: 422 });
    expect(updates() - before).toBe(1);
    expect(fake.git.refs.get("heads/refused-data")).toBe(tip);
  });

  it("updateHistory: appends, finds the change, raises one alert per first bad commit and updates it, not a second", async () => {
    const client = createGitHubClient(fake.token, fake.url, LOOPBACK_PACING);
    const repo = { owner: fake.owner, repo: fake.repo };
    const store = branchHistoryStore(client, repo, "alerts-data");
    const options = { store, branch: "main", thresholdsOf: () => DEFAULT_THRESHOLDS, repoUrl: "https://github.com/o/r", alert: { client, repo, author: async () => fake.identity.login, cc: ["@alice"] } };
    const run = baselineOf(0, 1, 1);
    const marker = alertIssueMarker(historyKey(run.profile.name, run.fingerprint.arch), sha(4));
    const alerts = () => fake.issues.filter((i) => i.body?.startsWith(marker));
    for (let i = 0; i < 8; i++) {
      const slow = i >= 4;
      const update = await updateHistory(baselineOf(i, slow ? 7000 : 10000, slow ? 56000 : 40000), { ...options, run: { id: String(i), url: null } });
      if (i < 5) expect(update.alerts).toEqual([]);
      if (i === 7) {
        expect(update.alerts.map((a) => a.action)).toEqual([expect.stringMatching(/^(created|updated)$/)]);
        expect(update.markdown).toContain("### History of `main`");
      }
    }
    expect(alerts()).toHaveLength(1);
    const update = await updateHistory(baselineOf(8, 7000, 56000), { ...options, run: { id: "8", url: null } });
    expect(update.alerts.map((a) => a.action)).toEqual(["updated"]);
    expect(alerts()).toHaveLength(1);
    // closed by someone: left closed, not raised again
    alerts()[0]!.state = "closed";
    const after = await updateHistory(baselineOf(9, 7000, 56000), { ...options, run: { id: "9", url: null } });
    expect(after.alerts.map((a) => a.action)).toEqual(["left-closed"]);
    expect(after.warnings).toEqual([]);
    expect(alerts()).toHaveLength(1);
  });

  it("updateHistory: an alert issue the API refuses is a warning; the history is stored and the summary section returned", async () => {
    const client = createGitHubClient(fake.token, fake.url, LOOPBACK_PACING);
    const repo = { owner: fake.owner, repo: fake.repo };
    const refusing = createGitHubClient(fake.token, fake.url, LOOPBACK_PACING);
    refusing.rest.issues.create = (() => Promise.reject(new Error("Validation Failed: body is too long\nmore"))) as unknown as typeof refusing.rest.issues.create;
    const store = branchHistoryStore(client, repo, "refused-alerts-data");
    const options = { store, branch: "main", thresholdsOf: () => DEFAULT_THRESHOLDS, repoUrl: null, alert: { client: refusing, repo, author: async () => "nobody-else", cc: [] } };
    let update: Awaited<ReturnType<typeof updateHistory>> | null = null;
    for (let i = 0; i < 8; i++) {
      const slow = i >= 4;
      update = await updateHistory(baselineOf(i, slow ? 7000 : 10000, slow ? 56000 : 40000), { ...options, run: { id: String(i), url: null } });
    }
    expect(update!.alerts).toEqual([]);
    expect(update!.warnings).toEqual([`the alert issue for ${sha(4).slice(0, 12)} was not written: Validation Failed: body is too long`]);
    expect(update!.markdown).toContain("### History of `main`");
    expect((await readBoth(store, historyKey(update!.history.profile, update!.history.arch))).history!.records).toHaveLength(8);
  });

  it("bisect-on-alert: a range of one commit is said on the new alert without building; a range it cannot search is said as such; an updated alert is left alone", async () => {
    const client = createGitHubClient(fake.token, fake.url, LOOPBACK_PACING);
    const repo = { owner: fake.owner, repo: fake.repo };
    const git = (...args: string[]) => execa("git", ["-C", gitDir, "-c", "user.name=t", "-c", "user.email=t@t", ...args]);
    const gitDir = mkdtempSync(join(dir, "repo-"));
    await git("init", "-q");
    await git("commit", "-q", "--allow-empty", "-m", "good");
    const good = (await git("rev-parse", "HEAD")).stdout;
    await git("commit", "-q", "--allow-empty", "-m", "slower");
    const bad = (await git("rev-parse", "HEAD")).stdout;
    const [change] = detectChanges(historyWithSlowdown(), () => DEFAULT_THRESHOLDS).filter((c) => c.step === "select" && c.channel === "qps");
    const warnings: string[] = [];
    const core = { info: () => undefined, warning: (m: string) => void warnings.push(m), setOutput: () => undefined, setFailed: () => undefined, saveState: () => undefined, group: <T>(_: string, f: () => Promise<T>) => f() };
    const ctx = {
      core,
      inputs: readInputs({ GITHUB_EVENT_NAME: "push", [inputVariable("repo-path")]: gitDir, [inputVariable("bisect-on-alert")]: "true" }),
      event: { kind: "other", name: "push" },
      env: {},
      github: { client, repo, token: fake.token, author: async () => fake.identity.login },
      cacheDir: join(dir, "never-built"),
      jobRoot: join(dir, "no-job-root"),
      registry: new CleanupRegistry(),
    } as unknown as ModeContext;
    const alertOn = (lastGood: string, firstBad: string, action: "created" | "updated") => {
      const issue = fake.addIssue({ title: `alert ${firstBad.slice(0, 7)}` });
      const regression = { ...change!, lastGood: { ...change!.lastGood, commit: lastGood }, firstBad: { ...change!.firstBad, commit: firstBad } };
      const update = { history: historyWithSlowdown(), changes: [regression], markdown: "", warnings: [], alerts: [{ number: issue.number, url: "", action, firstBad }] };
      return { issue, update };
    };

    const one = alertOn(good, bad, "created");
    const summary = await bisectNewAlerts(ctx, one.update, 60);
    const [comment, ...more] = fake.commentsOn(one.issue.number);
    expect(more).toEqual([]);
    expect(comment!.body).toBe(summary);
    expect(comment!.body).toContain(`the first bad commit is \`${bad.slice(0, 12)}\``);
    expect(comment!.body).toContain(`the only commit after the last good run's \`${good.slice(0, 12)}\` (first-parent): nothing to bisect, nothing was built`);
    expect(existsSync(join(dir, "never-built"))).toBe(false);

    const unknown = "1".repeat(40);
    const lost = alertOn(unknown, bad, "created");
    await bisectNewAlerts(ctx, lost.update, 60);
    expect(fake.commentsOn(lost.issue.number).map((c) => c.body)).toEqual([expect.stringContaining(`could not tell: ${gitDir}: the last good run's commit: ${unknown} is not a commit`)]);
    expect(warnings).toEqual([expect.stringMatching(new RegExp(`^bisect-on-alert of ${unknown.slice(0, 12)}\\.\\.${bad.slice(0, 12)}: .*: ${unknown} is not a commit`))]);

    const updated = alertOn(good, bad, "updated");
    expect(await bisectNewAlerts(ctx, updated.update, 60)).toBe("");
    expect(fake.commentsOn(updated.issue.number)).toEqual([]);
  });

  it("the baseline lookup counts only the baseline workflow's runs, and falls back to the history's copy when the artifact expired, saying so and how old", async () => {
    const client = createGitHubClient(fake.token, fake.url, LOOPBACK_PACING);
    const repo = { owner: fake.owner, repo: fake.repo };
    const github = { client, repo, token: fake.token, author: async () => fake.identity.login };
    const store = branchHistoryStore(client, repo, "lookup-data");
    const run = baselineOf(3, 10000, 40000);
    const key = historyKey(run.profile.name, run.fingerprint.arch);
    const warnings: string[] = [];
    const query = { branch: "lookup", defaultBranch: "lookup", artifactName: "db-bench-gate-lookup", workflowPath: ".github/workflows/perf.yml", store, key, warn: (m: string) => void warnings.push(m), now: new Date(Date.parse(run.run.finished_at) + 3 * 86400_000) };
    expect(await findBaseline(github, query)).toEqual({ kind: "none", expired: null });
    // another workflow's run with the artifact does not count; the baseline workflow's expired one does
    const other = fake.addRun({ headBranch: "lookup", event: "push", path: ".github/workflows/nightly.yml" });
    fake.addArtifact(other.id, "db-bench-gate-lookup", Buffer.from("PK"));
    const ours = fake.addRun({ headBranch: "lookup", event: "push" });
    fake.addArtifact(ours.id, "db-bench-gate-lookup", Buffer.from("PK")).expired = true;
    const none = await findBaseline(github, query);
    expect(none).toMatchObject({ kind: "none", expired: { runId: ours.id } });
    await store.write(key, (current) => appendRecord(current, historyRecordOf(run, { id: String(ours.id), url: null }), KEY), run);
    const found = await findBaseline(github, query);
    expect(found.kind).toBe("found");
    expect(found.kind === "found" && found.results).toEqual(run);
    expect(found.kind === "found" && found.from).toBe(
      `the history's copy (branch lookup-data) of \`${sha(3).slice(0, 12)}\`, measured 3 days ago: the artifact of [run ${ours.id}](https://github.com/${fake.repository}/actions/runs/${ours.id}) expired`,
    );
    expect(warnings).toEqual([]);
    // the history is the default branch's: a PR into another branch (REL_15) is never compared against its copy
    expect(await findBaseline(github, { ...query, defaultBranch: "main" })).toMatchObject({ kind: "none", expired: { runId: ours.id } });
    expect([formatAge(59_000), formatAge(90 * 60_000), formatAge(5 * 3600_000), formatAge(49 * 3600_000)]).toEqual(["1 minute", "90 minutes", "5 hours", "2 days"]);
  });
});

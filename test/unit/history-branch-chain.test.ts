/**
 * The history's data branch stays small (issue 36, Low): a checkout with fetch-depth: 0 fetches every
 * branch, so the chain of one commit per baseline write is bounded. Once it is maxChain long, a write
 * replaces it with one parentless commit of the branch's files, swapped in only from the tip it read
 * (GraphQL updateRefs with beforeOid); racing writers still lose no record; where updateRefs is refused,
 * writes go on as commits on the chain. Against the stand-in GitHub on loopback.
 */
import { createHash } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { appendRecord, historyRecordOf, type HistoryFile } from "../../src/history/record.js";
import { createGitHubClient } from "../../src/publish/github.js";
import { branchHistoryStore, MAX_HISTORY_CHAIN } from "../../src/publish/history-branch.js";
import type { Results } from "../../src/results/schema.js";
import { syntheticResults } from "../../scripts/lib/synthetic-results.js";
import { FakeGitHub, LOOPBACK_PACING } from "../helpers/fake-github.js";

const fake = await FakeGitHub.start();
afterAll(() => fake.close());

const KEY = { profile: "pg-quick", arch: "x86_64" };
const repo = { owner: fake.owner, repo: fake.repo };

function baselineOf(i: number): Results {
  const results = syntheticResults({ steps: ["select"], variants: ["main"], rounds: 5, qps: 10000, noise: 0.01, seed: i + 1 });
  const commit = createHash("sha1").update(`commit ${i}`).digest("hex");
  return { ...results, variants: results.variants.map((v) => ({ ...v, commit })) };
}
const append = (i: number) => (current: HistoryFile | null) => appendRecord(current, historyRecordOf(baselineOf(i), { id: String(i), url: null }), KEY);
const writer = (branch: string, maxChain?: number) => branchHistoryStore(createGitHubClient(fake.token, fake.url, LOOPBACK_PACING), repo, branch, maxChain);

/** The commits reachable from the branch's tip. */
function chain(branch: string): string[] {
  const commits: string[] = [];
  for (let at: string | undefined = fake.git.refs.get(`heads/${branch}`); at; at = fake.git.commits.get(at)!.parents[0]) commits.push(at);
  return commits;
}

describe("the history's data branch", () => {
  it(`holds at most maxChain commits (${MAX_HISTORY_CHAIN} by default) however many runs wrote it, every record kept`, async () => {
    const store = writer("bounded-data", 5);
    const writes = 8;
    for (let i = 0; i < writes; i++) await store.write("pg-quick-x86_64", append(i), baselineOf(i));
    const history = await store.readHistory("pg-quick-x86_64");
    expect(history!.records.map((r) => r.run_id)).toEqual(Array.from({ length: writes }, (_, i) => String(i)));
    expect((await store.readLatest("pg-quick-x86_64"))!.variants[0]!.commit).toBe(baselineOf(writes - 1).variants[0]!.commit);
    // the 6th write replaced the 5 before it with one parentless commit; two more came on top
    expect(chain("bounded-data")).toHaveLength(3);
    expect(fake.git.commits.get(chain("bounded-data").at(-1)!)!.parents).toEqual([]);
  });

  it("a replacement loses no record of a writer that moved the branch meanwhile: it is swapped in only from the tip it read", async () => {
    const first = writer("swap-race-data", 2);
    await first.write("pg-quick-x86_64", append(0), baselineOf(0));
    await first.write("pg-quick-aarch64", append(0), baselineOf(0));
    // the chain is full: both next writes replace it, from the same tip; the second's swap finds the branch moved and writes again on the first's
    fake.holdRefWrites(2);
    await Promise.all([writer("swap-race-data", 2).write("pg-quick-x86_64", append(1), baselineOf(1)), writer("swap-race-data", 2).write("pg-quick-aarch64", append(1), baselineOf(1))]);
    for (const key of ["pg-quick-x86_64", "pg-quick-aarch64"]) expect((await first.readHistory(key))!.records.map((r) => r.run_id), key).toEqual(["0", "1"]);
    expect(chain("swap-race-data")).toHaveLength(2);
  });

  it("where updateRefs is refused, a write stays a commit on the chain", async () => {
    const store = writer("no-swap-data", 2);
    await store.write("pg-quick-x86_64", append(0), baselineOf(0));
    await store.write("pg-quick-x86_64", append(1), baselineOf(1));
    fake.failNext("POST", /^\/graphql$/, 403, { message: "Resource not accessible by integration" });
    await store.write("pg-quick-x86_64", append(2), baselineOf(2));
    expect((await store.readHistory("pg-quick-x86_64"))!.records.map((r) => r.run_id)).toEqual(["0", "1", "2"]);
    expect(chain("no-swap-data")).toHaveLength(3);
  });
});

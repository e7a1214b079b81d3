/**
 * Whole-backend callgrind files of two pairs of runs (N and 2N transactions each): the count per
 * transaction of each pair as counted and less the socket waits' own costs (withoutOwnCosts with the
 * gate's SOCKET_WAIT_FUNCTIONS), and the functions whose cost per transaction differs most between
 * the pairs: what varies between identical runs, and whether the list takes it out.
 * usage: npx tsx less-waits.ts DIR PID_N1 PID_2N1 PID_N2 PID_2N2   (N from $N, default 200)
 */
import { readFileSync } from "node:fs";
import { parseFunctionCosts, withoutCloneSuffix, withoutOwnCosts, type FunctionProfile } from "../../src/measure/valgrind-functions.js";
import { SOCKET_WAIT_FUNCTIONS } from "../../src/engine/postgres-counting.js";

const [dir, ...pids] = process.argv.slice(2);
if (!dir || pids.length !== 4) throw new Error("usage: less-waits.ts DIR PID_N1 PID_2N1 PID_N2 PID_2N2");
const n = Number(process.env.N ?? 200);
const waits = new Set(SOCKET_WAIT_FUNCTIONS);
const profiles = pids.map((pid) => parseFunctionCosts(readFileSync(`${dir}/cg.${pid}`, "utf8"), `cg.${pid}`));
const ownByName = (profile: FunctionProfile) => {
  const costs = new Map<string, number>();
  for (const fn of Object.values(profile.functions)) costs.set(withoutCloneSuffix(fn.name), (costs.get(withoutCloneSuffix(fn.name)) ?? 0) + fn.self[0]);
  return costs;
};
const pairs = [profiles.slice(0, 2), profiles.slice(2, 4)] as [FunctionProfile, FunctionProfile][];
const perTx = (count: (p: FunctionProfile) => number) => pairs.map(([short, long]) => ((count(long) - count(short)) / n).toFixed(1)).join(" / ");
console.log(`per transaction, whole: ${perTx((p) => p.total[0])}; less the socket waits: ${perTx((p) => withoutOwnCosts(p, waits).profile.total[0])}`);
for (const [i, p] of profiles.entries()) console.log(`cg.${pids[i]}: ${p.total[0]} written, ${withoutOwnCosts(p, waits).removed[0]} of it in the socket waits`);
const diffs = pairs.map(([short, long]) => {
  const [s, l] = [ownByName(short), ownByName(long)];
  return new Map([...new Set([...s.keys(), ...l.keys()])].map((name) => [name, ((l.get(name) ?? 0) - (s.get(name) ?? 0)) / n]));
});
const rows = [...new Set([...diffs[0]!.keys(), ...diffs[1]!.keys()])].map((name) => ({ name, first: diffs[0]!.get(name) ?? 0, second: diffs[1]!.get(name) ?? 0 }));
rows.sort((x, y) => Math.abs(y.second - y.first) - Math.abs(x.second - x.first));
console.log("the functions whose cost per transaction differs most between the pairs (* a socket wait):");
for (const { name, first, second } of rows.slice(0, 15)) console.log(`${(second - first).toFixed(2).padStart(9)} ${first.toFixed(2).padStart(10)} ${second.toFixed(2).padStart(10)} ${waits.has(name) ? "*" : " "} ${name}`);

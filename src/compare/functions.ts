/**
 * Where a step's CPU cost went: the per-function costs per operation of two variants (differenced
 * profiles, src/measure/valgrind-functions.ts) compared. Pure.
 *
 * A profile here is the sum over a step's repeats of (run of 2N - run of N), with the operations
 * that difference did: start-up, connecting and loading cancel as they do in the totals, and a
 * function's cost per op is its differenced cost / ops. The judged cost is estimated cycles where the
 * cache simulation counted misses (instructions + 10 L1 + 100 LL misses), else instructions.
 *
 * Listed are the functions whose own cost per op changed by more than the step's noise: a share of
 * the step's cost per op no smaller than the spread its counts showed (or the A/A spread its profile
 * records) and MIN_LISTED_SHARE, so that an A/A pair lists nothing. Where the functions that pass
 * explain less than half of the step's change, the change is spread thinly and said to be.
 */
import { estimatedCycles } from "../measure/cachegrind.js";
import { callerOf, functionIdOf, lineOf, type Cost, type FunctionCost, type FunctionId, type FunctionProfile } from "../measure/valgrind-functions.js";

/** One side's differenced profile of a step. */
export interface StepProfile {
  /** operations the summed differences did */
  ops: number;
  /** whether misses were counted (the judged cost is then estimated cycles) */
  cacheSim: boolean;
  profile: FunctionProfile;
  /** the source tree's files the profile names (relative to its root): the only ones a link may point at */
  inTree?: string[];
}

/** The smallest share of the step's cost per op a function's change must have to be listed. */
export const MIN_LISTED_SHARE = 0.002;
/** Functions listed in the comment at most. */
export const LISTED_FUNCTIONS = 5;
/** Below this share of the step's change explained by the listed functions, the change is "spread thinly". */
export const EXPLAINED_ENOUGH = 0.5;

/** What a cost counts for where it is judged: estimated cycles with the cache simulation, else instructions. */
export const judgedCost = (cost: Readonly<Cost>, cacheSim: boolean): number => (cacheSim ? estimatedCycles(cost[0], { l1: cost[1], ll: cost[2] }) : cost[0]);

/** A function's cost per op on both sides. */
export interface FunctionChange extends FunctionId {
  /** judged cost per op (estimated cycles or instructions) */
  base: number;
  head: number;
  baseInstructions: number;
  headInstructions: number;
  /** head - base, judged */
  change: number;
  /** change / base; null for a function new in head */
  relative: number | null;
  status: "new" | "gone" | "changed";
  /** head's source line with the largest change of own cost (by line number), where the profile has lines */
  line: { file: string; line: number; change: number } | null;
  /** the caller whose calls into it changed most in inclusive cost, with the line of the call in head (callgrind only) */
  caller: (FunctionId & { line: number; change: number }) | null;
}

/** A call that is in head and not in base (or the reverse): where added work enters. */
export interface CallChange {
  caller: FunctionId & { line: number };
  callee: FunctionId;
  /** inclusive cost per op of the calls, judged; negative for a call gone */
  change: number;
}

export interface StepFunctionComparison {
  judged: "estimated_cycles" | "instructions";
  /** the step's cost per op: the profiles' totals */
  base: number;
  head: number;
  change: number;
  /** the smallest |change| per op listed */
  threshold: number;
  /** every function either side has, largest |change| first */
  functions: FunctionChange[];
  /** the functions that pass the threshold, at most LISTED_FUNCTIONS */
  listed: FunctionChange[];
  /** share of the step's change the listed functions explain (their changes over the step's) */
  explained: number;
  /** functions past the threshold that were not listed, and how many changed at all */
  beyondListed: number;
  /** the listed explain less than EXPLAINED_ENOUGH: a change over many small ones */
  spreadThinly: boolean;
  /** calls new in head (or gone) by inclusive cost per op, largest first; empty without a call graph */
  calls: CallChange[];
  callGraph: boolean;
  /** head's source-tree files (linkable) */
  inTree?: string[];
}

const perOp = (cost: Readonly<Cost>, side: StepProfile): number => judgedCost(cost, side.cacheSim) / side.ops;

/** The head line whose own cost per op grew (or shrank, for a function that got cheaper) most. */
function largestLineChange(base: FunctionCost | undefined, head: FunctionCost | undefined, sides: { base: StepProfile; head: StepProfile }, sign: number): FunctionChange["line"] {
  if (!head) return null;
  let best: FunctionChange["line"] = null;
  for (const [key, cost] of Object.entries(head.lines)) {
    const { file, line } = lineOf(key);
    if (line <= 0) continue; // no debug info: every cost is on line 0
    const before = base?.lines[key];
    const change = perOp(cost, sides.head) - (before ? perOp(before, sides.base) : 0);
    if (!best || sign * change > sign * best.change) best = { file, line, change };
  }
  return best;
}

/** The caller whose calls into `key` changed most in inclusive cost per op (head's line). */
function largestCaller(base: FunctionCost | undefined, head: FunctionCost | undefined, sides: { base: StepProfile; head: StepProfile }, sign: number): FunctionChange["caller"] {
  const byCaller = new Map<string, { change: number; line: number; lineCost: number }>();
  const add = (fn: FunctionCost | undefined, side: StepProfile, factor: number) => {
    for (const [key, cost] of Object.entries(fn?.callers ?? {})) {
      const { caller, line } = callerOf(key);
      const value = perOp(cost, side);
      const entry = byCaller.get(caller) ?? { change: 0, line, lineCost: -Infinity };
      entry.change += factor * value;
      if (factor > 0 && value > entry.lineCost) Object.assign(entry, { line, lineCost: value });
      byCaller.set(caller, entry);
    }
  };
  add(base, sides.base, -1);
  add(head, sides.head, 1);
  let best: FunctionChange["caller"] = null;
  for (const [caller, { change, line }] of byCaller) {
    if (!best || sign * change > sign * best.change) best = { ...functionIdOf(caller), line, change };
  }
  return best && sign * best.change > 0 ? best : null;
}

/** Calls present on one side only, from a caller both sides have: where work was added (or removed). */
function callChanges(sides: { base: StepProfile; head: StepProfile }, threshold: number): CallChange[] {
  const edges = (side: StepProfile) => {
    const map = new Map<string, { caller: string; line: number; callee: string; cost: number }>();
    for (const [callee, fn] of Object.entries(side.profile.functions)) {
      for (const [key, cost] of Object.entries(fn.callers)) {
        const { caller, line } = callerOf(key);
        const edge = `${caller}\u0002${callee}`;
        const entry = map.get(edge) ?? { caller, line, callee, cost: 0 };
        entry.cost += perOp(cost, side);
        map.set(edge, entry);
      }
    }
    return map;
  };
  const [base, head] = [edges(sides.base), edges(sides.head)];
  // a function ran on a side when it has costs there or called something (a kept profile drops what cancelled out)
  const ran = (side: StepProfile, edges: typeof base) => new Set([...Object.keys(side.profile.functions), ...[...edges.values()].map((e) => e.caller)]);
  const [ranInBase, ranInHead] = [ran(sides.base, base), ran(sides.head, head)];
  const inBoth = (key: string) => ranInBase.has(key) && ranInHead.has(key);
  const changes: CallChange[] = [];
  const collect = (from: typeof base, other: typeof base, sign: number) => {
    for (const [edge, { caller, line, callee, cost }] of from) {
      if (other.has(edge) || !inBoth(caller) || cost < threshold) continue;
      changes.push({ caller: { ...functionIdOf(caller), line }, callee: functionIdOf(callee), change: sign * cost });
    }
  };
  collect(head, base, 1);
  collect(base, head, -1);
  return changes.sort((a, b) => Math.abs(b.change) - Math.abs(a.change));
}

/**
 * Compares the profiles of a step's base and head. `noise`: the step's relative spread (the larger of
 * its repeats' spread and its recorded A/A spread), below which no function's change is listed.
 */
export function compareFunctions(base: StepProfile, head: StepProfile, noise: number): StepFunctionComparison {
  const sides = { base, head };
  const cacheSim = base.cacheSim && head.cacheSim;
  const sideOf = (side: StepProfile): StepProfile => ({ ...side, cacheSim });
  const [b, h] = [sideOf(base), sideOf(head)];
  const baseTotal = perOp(base.profile.total, b);
  const headTotal = perOp(head.profile.total, h);
  const change = headTotal - baseTotal;
  const threshold = Math.max(MIN_LISTED_SHARE, noise) * baseTotal;
  const sign = change >= 0 ? 1 : -1;
  const keys = new Set([...Object.keys(base.profile.functions), ...Object.keys(head.profile.functions)]);
  const functions: FunctionChange[] = [];
  for (const key of keys) {
    const [before, after] = [base.profile.functions[key], head.profile.functions[key]];
    const id = functionIdOf(key);
    const [bv, hv] = [before ? perOp(before.self, b) : 0, after ? perOp(after.self, h) : 0];
    if (bv === 0 && hv === 0) continue;
    const delta = hv - bv;
    const fnSign = delta >= 0 ? 1 : -1;
    functions.push({
      ...id,
      base: bv,
      head: hv,
      baseInstructions: before ? before.self[0] / base.ops : 0,
      headInstructions: after ? after.self[0] / head.ops : 0,
      change: delta,
      relative: bv === 0 ? null : delta / bv,
      status: bv === 0 ? "new" : hv === 0 ? "gone" : "changed",
      line: largestLineChange(before, after, sides, fnSign),
      caller: largestCaller(before, after, { base: b, head: h }, fnSign),
    });
  }
  functions.sort((x, y) => Math.abs(y.change) - Math.abs(x.change) || (x.name < y.name ? -1 : 1));
  // in the step's direction only: a function that got cheaper does not explain a regression
  const passing = functions.filter((f) => Math.abs(f.change) >= threshold && Math.abs(change) >= threshold && Math.sign(f.change) === sign);
  const listed = passing.slice(0, LISTED_FUNCTIONS);
  const explained = change === 0 ? 0 : listed.reduce((sum, f) => sum + f.change, 0) / change;
  const callGraph = base.profile.callGraph && head.profile.callGraph;
  return {
    judged: cacheSim ? "estimated_cycles" : "instructions",
    base: baseTotal,
    head: headTotal,
    change,
    threshold,
    functions,
    listed,
    explained,
    beyondListed: passing.length - listed.length,
    spreadThinly: Math.abs(change) >= threshold && explained < EXPLAINED_ENOUGH,
    calls: callGraph && Math.abs(change) >= threshold ? callChanges({ base: b, head: h }, threshold) : [],
    callGraph,
    ...(head.inTree && { inTree: head.inTree }),
  };
}

/**
 * The per-function costs of a run, next to its results file: `<results>.functions/<step>/<variant>.json`
 * (a StepProfile, src/compare/functions.ts: the step's differenced costs, 2N - N summed over the
 * repeats) and `<variant>.cgout`, the same own costs as a cachegrind out file that cg_annotate and
 * cg_diff read (instructions and misses of the whole difference; divide by the ops its `desc:` names).
 * A step whose out files could not be read has `<variant>.error` with the one-line reason.
 */
import { mkdir, readdir } from "node:fs/promises";
import path from "node:path";
import { execa } from "execa";
import { z } from "zod";
import { childEnv } from "../trust/child-env.js";
import { PipelineError } from "../common/errors.js";
import { compareFunctions, type StepFunctionComparison, type StepProfile } from "../compare/functions.js";
import type { Comparison, InstructionComparison } from "../compare/types.js";
import type { WhereCostItem } from "../report/why-functions.js";
import { functionsTsv } from "../report/functions-tsv.js";
import { compareRun } from "../compare/compare.js";
import type { Results } from "./schema.js";
import { lineOf, type Cost, type FunctionCost, type FunctionProfile } from "../measure/valgrind-functions.js";
import { validate } from "../common/validate.js";
import { parseJson, readCapped, writeAtomically } from "./io.js";

/** What a profile file may be: a server's profile with every line is some hundreds of KB. */
export const MAX_PROFILE_FILE_BYTES = 16 * 1024 * 1024;
/** Source lines kept per profile, the costliest: the rest adds megabytes and no answer. */
export const MAX_PROFILE_LINES = 50_000;

const CostSchema = z.tuple([z.number().finite(), z.number().finite(), z.number().finite()]);
const StepProfileSchema = z
  .object({
    ops: z.number().positive(),
    cacheSim: z.boolean(),
    inTree: z.array(z.string()).optional(),
    profile: z
      .object({
        callGraph: z.boolean(),
        total: CostSchema,
        functions: z.record(z.string(), 
          z.object({ object: z.string(), file: z.string(), name: z.string(), self: CostSchema, lines: z.record(z.string(), CostSchema), callers: z.record(z.string(), CostSchema), callees: CostSchema }).strict(),
        ),
      })
      .strict(),
  })
  .strict();

/** The directory of a results file's per-function costs. */
export const functionsDirOf = (resultsFile: string): string => `${resultsFile.replace(/\.json$/, "")}.functions`;

/** A step id as a directory name (ids come from the profile, which is the base's; still, no path tricks). */
const stepDir = (dir: string, step: string): string => path.join(dir, step.replace(/[^A-Za-z0-9._-]/g, "_").replace(/^\.+/, "_"));

/** A line's or call's cost per op below this (in instructions and misses) is kept out: no listing could show it. */
export const NEGLIGIBLE_PER_OP = 0.01;

const isZero = (cost: Readonly<Cost>): boolean => cost[0] === 0 && cost[1] === 0 && cost[2] === 0;

/**
 * `profile` (of `ops` operations) without what the difference of the runs cancelled (start-up and
 * connecting cost the same in both: their functions come out zero) and the lines and calls of less
 * than NEGLIGIBLE_PER_OP, and with only its MAX_PROFILE_LINES costliest source lines (by |instructions|).
 */
export function capLines(profile: FunctionProfile, ops: number, maxLines = MAX_PROFILE_LINES): FunctionProfile {
  const negligible = (cost: Readonly<Cost>) => cost.every((c) => Math.abs(c) < NEGLIGIBLE_PER_OP * ops);
  const kept: Record<string, FunctionCost> = {};
  for (const [key, fn] of Object.entries(profile.functions)) {
    const lines = Object.fromEntries(Object.entries(fn.lines).filter(([, cost]) => !negligible(cost)));
    const callers = Object.fromEntries(Object.entries(fn.callers).filter(([, cost]) => !negligible(cost)));
    if (isZero(fn.self) && isZero(fn.callees) && Object.keys(lines).length === 0 && Object.keys(callers).length === 0) continue;
    kept[key] = { ...fn, lines, callers };
  }
  return capCostliestLines({ ...profile, functions: kept }, maxLines);
}

function capCostliestLines(profile: FunctionProfile, maxLines: number): FunctionProfile {
  const all = Object.values(profile.functions).flatMap((fn) => Object.entries(fn.lines).map(([key, cost]) => ({ fn, key, size: Math.abs(cost[0]) })));
  if (all.length <= maxLines) return profile;
  const keep = new Set(all.sort((a, b) => b.size - a.size).slice(0, maxLines));
  const functions = Object.fromEntries(
    Object.entries(profile.functions).map(([key, fn]) => [key, { ...fn, lines: Object.fromEntries(all.filter((l) => l.fn === fn && keep.has(l)).map((l) => [l.key, fn.lines[l.key]!])) }]),
  );
  return { ...profile, functions };
}

/** The own costs as a cachegrind out file (cg_annotate, cg_diff): whole numbers, negative where 2N cost less than N. */
export function cachegrindText(profile: StepProfile, what: string): string {
  const events = profile.cacheSim ? "Ir L1m LLm" : "Ir";
  const costText = (cost: Readonly<Cost>) => (profile.cacheSim ? cost.map((c) => Math.round(c)).join(" ") : String(Math.round(cost[0])));
  const clean = (text: string) => text.replace(/[\r\n]/g, " ");
  const byFile = new Map<string, string[]>();
  for (const fn of Object.values(profile.profile.functions)) {
    const lines = Object.entries(fn.lines)
      .map(([key, cost]) => ({ ...lineOf(key), cost }))
      .filter((l) => Math.round(l.cost[0]) !== 0 || l.cost.some((c) => Math.round(c) !== 0))
      .sort((a, b) => a.line - b.line);
    if (lines.length === 0) continue;
    // cachegrind's format has one file per function section: an inlined function's lines go under its own file
    for (const file of new Set(lines.map((l) => l.file))) {
      const text = [`fn=${clean(fn.name)}`, ...lines.filter((l) => l.file === file).map((l) => `${l.line} ${costText(l.cost)}`)].join("\n");
      byFile.set(file, [...(byFile.get(file) ?? []), text]);
    }
  }
  const body = [...byFile].map(([file, fns]) => `fl=${clean(file)}\n${fns.join("\n")}`).join("\n");
  return `desc: ${clean(what)}\ndesc: ops ${profile.ops}\ncmd: db-bench-gate\nevents: ${events}\n${body}\nsummary: ${costText(profile.profile.total)}\n`;
}

/** Writes a step's profile of a variant (or the reason it has none) into `dir`. */
export async function writeStepProfile(dir: string, step: string, variant: string, profile: StepProfile | { error: string }): Promise<void> {
  const into = stepDir(dir, step);
  await mkdir(into, { recursive: true });
  if ("error" in profile) {
    await writeAtomically(path.join(into, `${variant}.error`), `${profile.error.split("\n")[0]}\n`);
    return;
  }
  const capped = { ...profile, profile: capLines(profile.profile, profile.ops) };
  await writeAtomically(path.join(into, `${variant}.json`), JSON.stringify(capped) + "\n");
  const what = `${step} ${variant}: runs of 2N minus runs of N operations, summed over the repeats`;
  await writeAtomically(path.join(into, `${variant}.cgout`), cachegrindText(capped, what));
}

/** A step's profile of a variant from `dir`: null when there is none; `{ error }` when counting could not read it or the file is bad. */
export async function readStepProfile(dir: string, step: string, variant: string): Promise<StepProfile | { error: string } | null> {
  const into = stepDir(dir, step);
  const error = await readCapped(path.join(into, `${variant}.error`), 4096, { missingIsNull: true });
  if (error !== null) return { error: error.trim() };
  const file = path.join(into, `${variant}.json`);
  const text = await readCapped(file, MAX_PROFILE_FILE_BYTES, { missingIsNull: true }).catch((e: Error) => ({ error: e.message }));
  if (text === null || typeof text !== "string") return text;
  try {
    return validate(StepProfileSchema, parseJson(text, file), file) as StepProfile;
  } catch (e) {
    return { error: (e as Error).message.split("\n")[0]! };
  }
}

/** The steps that have profiles in `dir`. */
export async function profiledSteps(dir: string): Promise<string[]> {
  return (await readdir(dir, { withFileTypes: true }).catch(() => [])).filter((d) => d.isDirectory()).map((d) => d.name);
}

/** The files of `commit` in `repo` (paths from its root), for naming profiled files relative to the source tree. */
export async function treeFiles(repo: string, commit: string): Promise<Set<string>> {
  const listed = await execa("git", ["-C", repo, "ls-tree", "-r", "-z", "--name-only", "--full-tree", commit], {
    env: childEnv(process.env),
    extendEnv: false,
    reject: false,
    timeout: 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (listed.failed) throw new PipelineError(`listing the files of ${commit} in ${repo} failed`, listed.stderr);
  return new Set(listed.stdout.split("\0").filter((name) => name !== ""));
}

/** The base and variant profiles of a step compared, or the one-line reason they cannot be. */
export async function compareStepProfiles(dir: string, step: string, base: string, variant: string, noise: number): Promise<StepFunctionComparison | { error: string } | null> {
  const [b, v] = await Promise.all([readStepProfile(dir, step, base), readStepProfile(dir, step, variant)]);
  if (b === null || v === null) return null;
  if ("error" in b) return b;
  if ("error" in v) return v;
  return compareFunctions(b, v, noise);
}

/** The step's noise for the per-function threshold: the widest spread of its counts, or its A/A spread. */
function stepNoise(instructions: InstructionComparison, aaSpread: number | undefined): number {
  const sides = [instructions.base, instructions.variant, instructions.estimated_cycles?.base, instructions.estimated_cycles?.variant];
  return Math.max(aaSpread ?? 0, ...sides.map((side) => side?.spread ?? 0));
}

/**
 * "Where the cost went" of every step and variant whose CPU verdict is a regression or an improvement,
 * from the profiles in `dir` (functionsDirOf the results file); none where the run kept none.
 */
export async function whereCostItems(dir: string, comparison: Comparison, aaSpreads: Record<string, number> = {}): Promise<WhereCostItem[]> {
  const items: WhereCostItem[] = [];
  for (const step of comparison.steps) {
    for (const variant of step.variants) {
      const verdict = variant.instructions?.verdict;
      if (!variant.instructions || (verdict !== "regression" && verdict !== "improvement")) continue;
      const compared = await compareStepProfiles(dir, step.step, comparison.base_variant, variant.variant, stepNoise(variant.instructions, aaSpreads[step.step]));
      if (compared === null) continue;
      const column = [comparison.label, comparison.variants.length > 1 ? variant.variant : null].filter((x) => x !== null).join(" · ") || null;
      items.push({ step: step.step, column, verdict, comparison: compared });
    }
  }
  return items;
}

/**
 * Beside the profiles, every step's comparison of each variant with the base as TSV
 * (`<step>/<variant>.tsv`, what `db-bench-gate functions` prints); returns every file of the
 * directory, for the results artifact. None when the run kept no profiles.
 */
export async function keepFunctionComparisons(resultsFile: string, results: Results): Promise<string[]> {
  const dir = functionsDirOf(resultsFile);
  const comparison = compareRun(results, {});
  for (const step of comparison.steps) {
    for (const variant of step.variants) {
      const aa = results.steps.find((s) => s.id === step.step)?.instructions_aa_spread;
      const compared = variant.instructions ? await compareStepProfiles(dir, step.step, comparison.base_variant, variant.variant, stepNoise(variant.instructions, aa)) : null;
      if (compared && !("error" in compared)) await writeAtomically(path.join(stepDir(dir, step.step), `${variant.variant}.tsv`), functionsTsv(compared));
    }
  }
  const steps = await profiledSteps(dir);
  const files = await Promise.all(steps.map(async (step) => (await readdir(path.join(dir, step))).map((name) => path.join(dir, step, name))));
  return files.flat().sort();
}

/** The steps' A/A spreads as the profile records them, by step id. */
export const aaSpreadsOf = (results: Results): Record<string, number> =>
  Object.fromEntries(results.steps.flatMap((s) => (s.instructions_aa_spread === undefined ? [] : [[s.id, s.instructions_aa_spread]])));

/**
 * The caches valgrind's cache simulation models (--I1, --D1, --LL): what a profile asks for, what the
 * out files say was simulated, and what a sample records. Estimated cycles are comparable only
 * between counts of the same caches.
 *
 * The default is fixed rather than the runner's CPU (valgrind's own default): first-level instruction
 * and data caches of 32 KiB, 8-way, and a last-level cache of 8 MiB, 16-way, all with 64-byte lines.
 * A job lands on whichever runner is free, and runners' last levels differ (480 MiB of L3 reported by
 * one 2-vCPU VM, 32 MiB by another): simulating each runner's own would make a stored baseline's
 * counts incomparable with the next run's and hide misses on the big ones. 8 MiB is about the last
 * level one core can count on among others on a server part (1.5-4 MiB of L3 per core on
 * x86 servers, a few MiB of L2/SLC share on ARM ones), small enough that a working set that outgrows
 * a real CPU's share misses here too.
 */
import { z } from "zod";

const powerOfTwo = (n: number) => n > 0 && (n & (n - 1)) === 0;

export const CacheGeometrySchema = z
  .object({
    size_bytes: z.number().int().min(1024).max(1024 * 1024 * 1024).describe("total size in bytes"),
    associativity: z.number().int().min(1).max(256).describe("ways"),
    line_bytes: z.number().int().min(16).max(1024).refine(powerOfTwo, "a power of two").describe("line size in bytes"),
  })
  .strict()
  .refine((c) => c.size_bytes % (c.associativity * c.line_bytes) === 0 && powerOfTwo(c.size_bytes / (c.associativity * c.line_bytes)), {
    message: "size_bytes / (associativity x line_bytes) must be a whole power of two (valgrind's sets)",
    path: ["size_bytes"],
  });

export type CacheGeometry = z.infer<typeof CacheGeometrySchema>;

export const SimulatedCachesSchema = z
  .object({
    i1: CacheGeometrySchema.describe("first-level instruction cache (--I1)"),
    d1: CacheGeometrySchema.describe("first-level data cache (--D1)"),
    ll: CacheGeometrySchema.describe("last-level cache (--LL)"),
  })
  .strict();

export type SimulatedCaches = z.infer<typeof SimulatedCachesSchema>;

const KIB = 1024;
const first = { size_bytes: 32 * KIB, associativity: 8, line_bytes: 64 };
export const DEFAULT_SIMULATED_CACHES: SimulatedCaches = { i1: first, d1: first, ll: { size_bytes: 8 * KIB * KIB, associativity: 16, line_bytes: 64 } };

const LEVELS = [
  ["i1", "I1"],
  ["d1", "D1"],
  ["ll", "LL"],
] as const;

/** valgrind's options for the simulation of `caches`. */
export function cacheSimArgs(caches: SimulatedCaches): string[] {
  return ["--cache-sim=yes", ...LEVELS.map(([key, name]) => `--${name}=${caches[key].size_bytes},${caches[key].associativity},${caches[key].line_bytes}`)];
}

const sizeText = (bytes: number) => (bytes % (KIB * KIB) === 0 ? `${bytes / KIB / KIB} MiB` : bytes % KIB === 0 ? `${bytes / KIB} KiB` : `${bytes} B`);

/** "I1 32 KiB 8-way 64 B lines, D1 ..., LL 8 MiB 16-way 64 B lines" */
export function cachesText(caches: SimulatedCaches): string {
  return LEVELS.map(([key, name]) => `${name} ${sizeText(caches[key].size_bytes)} ${caches[key].associativity}-way ${caches[key].line_bytes} B lines`).join(", ");
}

export const sameCaches = (a: SimulatedCaches, b: SimulatedCaches): boolean => cachesText(a) === cachesText(b);

/**
 * The caches an out file's `desc:` lines say were simulated ("desc: I1 cache: 32768 B, 64 B, 8-way
 * associative", cachegrind and callgrind alike), or null when a level is not described or twice.
 */
export function describedCaches(text: string): SimulatedCaches | null {
  const levels: Partial<SimulatedCaches> = {};
  for (const [key, name] of LEVELS) {
    const lines = [...text.matchAll(new RegExp(`^desc: ${name} cache: +(\\d+) B, (\\d+) B, (\\d+)-way associative *$`, "gm"))];
    if (lines.length !== 1) return null;
    const [, size, line, ways] = lines[0]!;
    levels[key] = { size_bytes: Number(size), associativity: Number(ways), line_bytes: Number(line) };
  }
  return levels as SimulatedCaches;
}

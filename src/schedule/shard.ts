/**
 * Sharding: a profile's steps split over n runners of one architecture (a workflow matrix), each
 * measuring its share interleaved as usual; report mode merges the shards (results/merge-shards.ts).
 *
 * A shard gets a contiguous run of steps, in the profile's order: a profile orders its steps so that
 * the ones that write come after the ones that read, and a step sees the data only the steps before
 * it in its own shard changed, as it would in one run. Shard sizes differ by at most one step, the
 * earlier shards taking the extra ones.
 */

export interface Shard {
  /** from 1 */
  index: number;
  count: number;
}

/** More runners than this for one profile is a typo, not a matrix. */
export const MAX_SHARDS = 64;

/** "i/n" (1 <= i <= n <= MAX_SHARDS), or why not. */
export function parseShard(text: string): Shard | { error: string } {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!match) return { error: `expected i/n such as 1/3 (this runner's share of n), got ${JSON.stringify(text)}` };
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || count > MAX_SHARDS) return { error: `n must be 1 to ${MAX_SHARDS}, got ${count}` };
  if (index < 1 || index > count) return { error: `i must be 1 to ${count}, got ${index}` };
  return { index, count };
}

/** The half-open range [start, end) of step indexes that shard i of n measures. */
export function shardRange(stepCount: number, shard: Shard): { start: number; end: number } {
  const base = Math.floor(stepCount / shard.count);
  const extra = stepCount % shard.count;
  const start = (shard.index - 1) * base + Math.min(shard.index - 1, extra);
  return { start, end: start + base + (shard.index <= extra ? 1 : 0) };
}

/** The steps shard i of n measures; a shard left without any step is an error (more shards than steps). */
export function shardSteps<T>(steps: readonly T[], shard: Shard): T[] | { error: string } {
  if (shard.count > steps.length) return { error: `${shard.count} shards for ${steps.length} steps: shard ${shard.index}/${shard.count} would measure nothing` };
  const { start, end } = shardRange(steps.length, shard);
  return steps.slice(start, end);
}

export function formatShard(shard: Shard): string {
  return `${shard.index}/${shard.count}`;
}

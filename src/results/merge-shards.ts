/**
 * The shards of one architecture (input shard: i/n, schedule/shard.ts) back into one results document,
 * so a report shows one column per architecture whatever the number of runners that measured it.
 *
 * Shards are only merged when they are parts of one measurement: the same machine type (the
 * fingerprint fields a stored baseline must match: CPU model, cores, SMT, kernel, compiler; runners
 * differ in hostname by nature), the same profile file, the same variants built from the same commits
 * with the same flags, every shard of 1..n present once. Anything else is refused naming the file (or
 * artifact) and field: a column mixing two machines would look like one measurement.
 */
import { InputError } from "../common/errors.js";
import { fingerprintMismatches } from "../measure/fingerprint.js";
import { formatShard } from "../schedule/shard.js";
import type { Results } from "./schema.js";

export interface SourcedResults {
  results: Results;
  /** the file or artifact it came from, named in errors */
  source: string;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function refuseUnlike(first: SourcedResults, other: SourcedResults): void {
  const a = first.results;
  const b = other.results;
  const shardName = `shard ${formatShard(b.run.shard!)}`;
  const firstName = `shard ${formatShard(a.run.shard!)} (${first.source})`;
  const machine = fingerprintMismatches(a.fingerprint, b.fingerprint);
  if (machine.length > 0) throw new InputError(`${shardName} was measured on another machine than ${firstName}: ${machine.join("; ")}; shards are merged only from runners of one machine type`, other.source, "$.fingerprint");
  if (a.run.shard!.count !== b.run.shard!.count) throw new InputError(`${shardName} splits the profile in ${b.run.shard!.count}, ${firstName} in ${a.run.shard!.count}`, other.source, "$.run.shard.count");
  if (!sameJson(a.profile, b.profile)) throw new InputError(`${shardName} measured profile ${b.profile.name} (${b.profile.hash.slice(0, 12)}), ${firstName} ${a.profile.name} (${a.profile.hash.slice(0, 12)})`, other.source, "$.profile");
  if (a.base_variant !== b.base_variant || !sameJson(a.variants, b.variants)) {
    const list = (r: Results) => r.variants.map((v) => `${v.id} ${v.commit.slice(0, 12)} ${JSON.stringify(v.flags.cflags)}`).join(", ");
    throw new InputError(`${shardName} measured ${list(b)}, ${firstName} ${list(a)}: not the same builds`, other.source, "$.variants");
  }
}

/** One architecture's shards, checked alike and complete, as one document in step order. */
function mergeGroup(unordered: SourcedResults[]): Results {
  // the lowest shard is the reference the others are checked against, whatever order they came in
  const group = [...unordered].sort((a, b) => a.results.run.shard!.index - b.results.run.shard!.index);
  const first = group[0]!;
  for (const other of group.slice(1)) refuseUnlike(first, other);
  const count = first.results.run.shard!.count;
  const byIndex = new Map<number, SourcedResults>();
  for (const part of group) {
    const { index } = part.results.run.shard!;
    const twin = byIndex.get(index);
    if (twin) throw new InputError(`shard ${index}/${count} twice (also in ${twin.source})`, part.source, "$.run.shard.index");
    byIndex.set(index, part);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !byIndex.has(i));
  if (missing.length > 0) {
    const arch = first.results.fingerprint.arch;
    throw new InputError(`${arch}: shard${missing.length > 1 ? "s" : ""} ${missing.map((i) => `${i}/${count}`).join(", ")} of ${first.results.profile.name} missing: their steps were not measured or not uploaded`, first.source, "$.run.shard");
  }
  const parts = [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, part]) => part.results);
  const stepIds = new Set<string>();
  for (const [i, part] of parts.entries()) {
    for (const step of part.steps) {
      if (stepIds.has(step.id)) throw new InputError(`step ${step.id} was measured by two shards`, byIndex.get(i + 1)!.source, "$.steps");
      stepIds.add(step.id);
    }
  }
  const head = parts[0]!;
  const instructions = parts.flatMap((p) => p.instructions ?? []);
  const noiseFloor = parts.flatMap((p) => (p.noise_floor ?? []).filter((floor) => p.steps.some((s) => s.id === floor.step)));
  const runners = parts.map((p) => p.fingerprint.runner.name ?? p.fingerprint.hostname_hash).join(", ");
  const run = { ...head.run };
  delete run.shard;
  return {
    ...head,
    run: {
      ...run,
      id: parts.map((p) => p.run.id).join("+"),
      started_at: parts.map((p) => p.run.started_at).sort()[0]!,
      finished_at: parts.map((p) => p.run.finished_at).sort().at(-1)!,
      budget_exhausted: parts.some((p) => p.run.budget_exhausted),
      notes: [
        `merged from ${count} shards measured on ${runners} (one machine type: ${head.fingerprint.cpu_model}, ${head.fingerprint.cores} cores)` +
          (noiseFloor.length > 0 ? "; an A/A noise floor applies only to the steps of the first shard's runner" : ""),
        ...parts.flatMap((p) => p.run.notes.map((note) => `shard ${formatShard(p.run.shard!)}: ${note}`)),
      ],
    },
    steps: parts.flatMap((p) => p.steps),
    samples: parts.flatMap((p) => p.samples),
    ...(instructions.length > 0 && { instructions }),
    ...(noiseFloor.length > 0 && { noise_floor: noiseFloor }),
  };
}

/**
 * Runs as a report gets them (one per runner): unsharded runs as they are, the shards of each
 * architecture and profile merged into one document at the place of its first shard.
 */
export function mergeShards(runs: readonly SourcedResults[]): Results[] {
  const groups = new Map<string, SourcedResults[]>();
  const order: (Results | string)[] = [];
  for (const run of runs) {
    if (!run.results.run.shard) {
      order.push(run.results);
      continue;
    }
    const key = `${run.results.fingerprint.arch}\u0000${run.results.profile.name}`;
    if (!groups.has(key)) {
      groups.set(key, []);
      order.push(key);
    }
    groups.get(key)!.push(run);
  }
  return order.map((entry) => (typeof entry === "string" ? mergeGroup(groups.get(entry)!) : entry));
}

/**
 * The `db-bench-gate run` command that measures a comparison again on one's own machine, from what its
 * results record: the commits, the profile and the build flags. Pure.
 */
import type { Comparison } from "../compare/types.js";
import type { BuildFlags, Variant } from "../results/schema.js";
// results are a PR's, and the command is copied into a shell: every word from them is quoted
import { shellWord } from "../common/shell-word.js";


/**
 * A variant's settings as --variant spells them: its CFLAGS alone, or with a compiler or LDFLAGS of
 * its own, `CC=clang CXX=clang++ CFLAGS=-O2 LDFLAGS=-flto` (CXXFLAGS where they differ from CFLAGS).
 */
export function variantSettings(flags: BuildFlags): string {
  if (flags.cc === undefined && flags.cxx === undefined && !flags.ldflags) return flags.cflags;
  const set: [string, string | undefined][] = [
    ["CC", flags.cc],
    ["CXX", flags.cxx],
    ["CFLAGS", flags.cflags],
    ["CXXFLAGS", flags.cxxflags === flags.cflags ? undefined : flags.cxxflags],
    ["LDFLAGS", flags.ldflags || undefined],
  ];
  return set.flatMap(([name, value]) => (value === undefined ? [] : [`${name}=${value}`])).join(" ");
}

/** The base variant's record: the run's own, or for an unpaired comparison the stored baseline's. */
function baseRecord(comparison: Comparison): Variant | undefined {
  const baseline = comparison.context.baseline;
  if (comparison.mode === "unpaired" && baseline) return baseline.variant;
  return comparison.context.variants.find((v) => v.id === comparison.base_variant);
}

/**
 * `db-bench-gate run --repo . --base <sha> --head <sha> --profile pg-quick`: `--base`/`--head` when the
 * two sides are called so and share their flags (`--cflags` when they set any), else one `--variant
 * id=sha[:settings]` per side, the base first. Null when a compared variant's record is not in the results.
 */
export function reproduceCommand(comparison: Comparison): string | null {
  const base = baseRecord(comparison);
  const others = comparison.variants.map((id) => comparison.context.variants.find((v) => v.id === id));
  if (!base || others.some((v) => v === undefined)) return null;
  const sides = [base, ...(others as Variant[])];
  const profile = ["--profile", shellWord(comparison.context.profile.name), ...(comparison.context.qps_measured ? [] : ["--instructions-only"])];
  const [head] = others as Variant[];
  const sameFlags = sides.every((v) => variantSettings(v.flags) === variantSettings(base.flags));
  if (head && sides.length === 2 && base.id === "base" && head.id === "head" && sameFlags) {
    const cflags = base.flags.cflags ? ["--cflags", shellWord(base.flags.cflags)] : [];
    return ["db-bench-gate run --repo .", "--base", shellWord(base.commit), "--head", shellWord(head.commit), ...profile, ...cflags].join(" ");
  }
  const variants = sides.flatMap((v) => {
    const settings = variantSettings(v.flags);
    return ["--variant", shellWord(`${v.id}=${v.commit}${settings ? `:${settings}` : ""}`)];
  });
  return ["db-bench-gate run --repo .", ...variants, ...profile].join(" ");
}

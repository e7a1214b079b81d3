/** The commands that measure: `run` (a fork, two or more commits) and `demo` (everything, from nothing). */
import { InvalidArgumentError, type Command } from "commander";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { loadConfigAt, loadConfigFile, loadConfigFromCommit } from "../config/config-file.js";
import { judgingCommit } from "../config/judging-files.js";
import { defaultCacheDir, makePlan, parseVariantFlag, type RunFlags, type VariantFlag } from "../config/plan.js";
import { parseTimeouts, type TimeoutsInput } from "../config/timeouts.js";
import { builtinProfileNames } from "../config/profile-list.js";
import { InputError } from "../common/errors.js";
import { parseShard, type Shard } from "../schedule/shard.js";
import { consoleLog } from "../common/log.js";
import type { DebianSource } from "../setup/debian-source.js";
import { obtainPostgresSource } from "../setup/pg-source.js";
import { ensureDebianPackages, MARIADB_BENCH_PACKAGES, MYROCKS_BENCH_PACKAGES, POSTGRES_BENCH_PACKAGES, ROCKSDB_BENCH_PACKAGES } from "../setup/debian-packages.js";
import { makeMariadbFork, makeMyrocksFork, obtainMariadbSource } from "../setup/mariadb-fork.js";
import { makePostgresFork, type ForkRepo } from "../setup/fork-repo.js";
import { makeRocksdbFork, obtainRocksdbSource } from "../setup/rocksdb-fork.js";
import { addThresholdOptions, chartsDirOption, checkWritable, emit, formatOption, jsonOption, thresholdsFromFlags, type Format, type Io, type ThresholdFlags } from "./common.js";
import { defaultResultsFile, measureAndReport } from "./run.js";
import { withCleanup } from "../common/cleanup.js";
import { bisectMarkdown } from "../report/bisect.js";
import { bisect, CLI_BISECT_FIELDS } from "../run/bisect.js";
import { resolveCommit } from "../build/source-tree.js";

const CACHE_NAMESPACE_HELP = "the pull request's own cache namespace for builds and ccache (letters, digits, . _ -), apart from every other's; default: from the head commit";

/** A pull request run's cache namespace: the one given, else one named after `commitish` as resolved (prefix-<sha>). */
async function prNamespaceFor(flags: { cacheNamespace?: string; trusted?: boolean; repo: string }, prefix: string, commitish: string | undefined): Promise<string | undefined> {
  if (flags.trusted || flags.cacheNamespace !== undefined) return flags.cacheNamespace;
  return commitish === undefined ? undefined : `${prefix}-${await resolveCommit(flags.repo, commitish)}`;
}

/** What `demo --engine <name>` installs, fetches and slows down, and the profile it runs. */
interface Demo {
  packages: string[];
  packagesWhat: string;
  title: string;
  source(cacheDir: string, onLine: (line: string) => void): Promise<DebianSource>;
  fork(source: DebianSource, repoDir: string): Promise<ForkRepo>;
  /** the fork's directory under the cache dir */
  forkDir: string;
  headWhat: string;
  profile: string;
}

const DEMOS: Record<string, Demo> = {
  postgresql: {
    packages: POSTGRES_BENCH_PACKAGES,
    packagesWhat: "build tools, ccache, sysbench",
    title: "PostgreSQL",
    source: (cacheDir, onLine) => obtainPostgresSource(cacheDir, { onLine }),
    fork: makePostgresFork,
    forkDir: "demo-fork",
    headWhat: "a slower executor",
    profile: "pg-quick",
  },
  rocksdb: {
    packages: ROCKSDB_BENCH_PACKAGES,
    packagesWhat: "build tools, ccache, gflags and compression headers",
    title: "RocksDB",
    source: obtainRocksdbSource,
    fork: makeRocksdbFork,
    forkDir: "demo-fork-rocksdb",
    headWhat: "every data block a read opens is hashed",
    profile: "rocksdb-quick",
  },
  mariadb: {
    packages: MARIADB_BENCH_PACKAGES,
    packagesWhat: "build tools, CMake, ccache, the server's libraries, sysbench",
    title: "MariaDB",
    source: obtainMariadbSource,
    fork: makeMariadbFork,
    forkDir: "demo-fork-mariadb",
    headWhat: "every SELECT's statement is printed and checksummed",
    profile: "mariadb-quick",
  },
  myrocks: {
    packages: MYROCKS_BENCH_PACKAGES,
    packagesWhat: "build tools, CMake, ccache, the server's and RocksDB's libraries, sysbench",
    title: "MariaDB (MyRocks)",
    source: obtainMariadbSource,
    fork: makeMyrocksFork,
    forkDir: "demo-fork-myrocks",
    headWhat: "every row MyRocks reads is checksummed",
    profile: "myrocks-quick",
  },
};

function positiveInteger(flag: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError(`${flag} needs a positive whole number, got "${value}"`);
    return n;
  };
}

function shardOption(value: string): Shard {
  const shard = parseShard(value);
  if ("error" in shard) throw new InvalidArgumentError(`--shard: ${shard.error}`);
  return shard;
}

interface MeasureFlags extends ThresholdFlags {
  profile?: string;
  cflags?: string;
  cacheDir?: string;
  rounds?: number;
  timeBudget?: number;
  /** false with --no-instructions */
  instructions: boolean;
  /** --instructions-only: no QPS rounds */
  instructionsOnly?: boolean;
  /** the results JSON */
  results?: string;
  format: Format;
  /** the report */
  out?: string;
  noiseFloor?: string;
  timeouts?: TimeoutsInput;
  chartsDir?: string;
}

/** The plan flags every measuring command takes from the options they share. */
function planFlagsOf(flags: MeasureFlags): Pick<RunFlags, "profile" | "cflags" | "cacheDir" | "rounds" | "timeBudgetS" | "countInstructions" | "measureQps" | "timeouts"> {
  return {
    profile: flags.profile,
    cflags: flags.cflags,
    cacheDir: flags.cacheDir,
    rounds: flags.rounds,
    timeBudgetS: flags.timeBudget,
    countInstructions: flags.instructions,
    ...(flags.instructionsOnly && { measureQps: false }),
    timeouts: flags.timeouts,
  };
}

function addMeasureOptions(command: Command): Command {
  return addThresholdOptions(
    command
      .option("--profile <name>", `built-in profile (${builtinProfileNames().join(", ")}) or a profile file (default: the config file's, else pg-quick)`)
      .option("--cflags <flags>", "CFLAGS and CXXFLAGS for every variant (default: the recipe's, -O2)")
      .option("--cache-dir <dir>", `builds, ccache and logs (default: ${defaultCacheDir()})`)
      .option("--rounds <n>", "interleaved rounds per step (default: the profile's)", positiveInteger("--rounds"))
      .option("--time-budget <seconds>", "stop adding rounds after this many seconds of measuring (default: the profile's)", positiveInteger("--time-budget"))
      .option("--no-instructions", "skip counting instructions per operation under valgrind, even where the profile asks for it")
      .option("--instructions-only", "skip the QPS rounds: load the data and count instructions per operation only (minutes instead of the profile's whole run; the verdict is the CPU channel's, QPS is n/a)")
      .option("--results <file>", "where the results JSON goes (default: db-bench-gate-<profile>-<time>.json)")
      .addOption(formatOption())
      .addOption(jsonOption())
      .option("--out <file>", "write the report here instead of stdout")
      .option("--timeouts <yaml>", "seconds per external step, e.g. '{ build_s: 1800, start_s: 120, load_s: 600, lock_s: 3600, run_s: 7200 }' (over the config file's)", (text: string) => parseTimeouts(text, "--timeouts"))
      .option("--noise-floor <file>", "per-step A/A noise of this runner (noise-floor.json of npm run bench:verdict): kept with the results; a significant drop within a step's floor is a warning, not a regression"),
  );
}

export function addRunCommands(program: Command, io: Io, setExitCode: (code: number) => void): void {
  addMeasureOptions(
    program
      .command("run")
      .description("build the engine at two or more commits, measure them interleaved, write the results, print the comparison")
      .requiredOption("--repo <path>", "the engine's git repository (never modified: each commit is exported with git archive)")
      .option("--base <ref>", "base commit-ish")
      .option("--head <ref>", "head commit-ish")
      .option("--variant <name=ref[:settings]>", "a variant to compare, repeatable: any number of (commit, flags) pairs; the first is the base; settings: CFLAGS alone, or CC=clang CXX=clang++ CFLAGS=-O2 LDFLAGS=-flto", (value: string, previous: VariantFlag[]) => [...previous, parseVariantFlag(value)], [] as VariantFlag[])
      .option("--base-variant <id>", "the variant the others are relative to (default: the first)")
      .option("--trusted", "build into the trusted cache namespace, which pull request runs read: only for commits you trust (default: the pull request namespace)")
      .option("--cache-namespace <name>", CACHE_NAMESPACE_HELP)
      .option("--shard <i/n>", "measure only the i-th of n contiguous shares of the profile's steps (report merges the shards' results files)", shardOption)
      .option("--judge-at <ref>", "read the config file (the default name, or --config's path when it is in the repository) and a profile path in the repository as committed at this commit, as the action reads them at a PR's base tip (default: the config file at the base commit, --config and profile paths from disk)")
      .addOption(chartsDirOption("default: beside the results file")),
  ).action(async (flags: MeasureFlags & { repo: string; base?: string; head?: string; variant: VariantFlag[]; baseVariant?: string; trusted?: boolean; cacheNamespace?: string; shard?: Shard; judgeAt?: string }) => {
    if (flags.variant.length === 1) throw new InputError("give at least two variants to compare", undefined, "--variant");
    const log = consoleLog();
    // Thresholds come from the base commit's config file, so a PR cannot loosen its own gate.
    const baseRef = flags.base ?? flags.variant[0]?.ref;
    const judgedAt = flags.judgeAt === undefined ? undefined : judgingCommit(flags.repo, flags.judgeAt);
    const config = judgedAt
      ? await loadConfigAt(judgedAt, flags.config === undefined ? null : path.resolve(flags.config))
      : flags.config
        ? await loadConfigFile(flags.config)
        : baseRef
          ? await loadConfigFromCommit(flags.repo, baseRef)
          : {};
    // the head: --head, else the first variant compared with the base
    const headRef = flags.head ?? flags.variant.find((v) => v.id !== (flags.baseVariant ?? flags.variant[0]?.id))?.ref;
    const prNamespace = await prNamespaceFor(flags, "commit", headRef);
    const plan = await makePlan(
      { ...planFlagsOf(flags), repo: flags.repo, base: flags.base, head: flags.head, variants: flags.variant, baseVariant: flags.baseVariant, trust: flags.trusted ? "trusted" : "pr", prNamespace, shard: flags.shard, judgedAt },
      config,
      thresholdsFromFlags(flags),
    );
    const { exitCode } = await measureAndReport(plan, flags, io, log);
    setExitCode(exitCode);
  });

  addMeasureOptions(
    program
      .command("bisect")
      .description("find the first bad commit between a good and a bad one (first-parent line): every probe builds the commit and measures the chosen steps interleaved against the good one; the first bad commit is then measured against its parent")
      .requiredOption("--repo <path>", "the engine's git repository (never modified)")
      .requiredOption("--good <ref>", "a commit without the regression")
      .requiredOption("--bad <ref>", "a later commit with it")
      .option("--steps <glob>", "the step ids to measure (a glob, e.g. 'pgbench.select-only.*')", "*")
      .option("--trusted", "build into the trusted cache namespace: only for commits you trust (default: the pull request namespace)")
      .option("--cache-namespace <name>", `${CACHE_NAMESPACE_HELP.replace("the head commit", "the bad commit")}; every probe builds in it`),
  ).action(async (flags: MeasureFlags & { repo: string; good: string; bad: string; steps: string; trusted?: boolean; cacheNamespace?: string }) => {
    await checkWritable(flags.out, "--out");
    const log = consoleLog();
    // judged by the good commit's config file, as a PR by its base's
    const config = flags.config ? await loadConfigFile(flags.config) : await loadConfigFromCommit(flags.repo, flags.good);
    const prNamespace = await prNamespaceFor(flags, "bisect", flags.bad);
    const planFor = (against: string, probe: string) =>
      makePlan(
        { ...planFlagsOf(flags), repo: flags.repo, base: against, head: probe, variants: [], trust: flags.trusted ? "trusted" : "pr", prNamespace },
        config,
        thresholdsFromFlags(flags),
      );
    const report = await withCleanup((registry) => bisect({ repo: flags.repo, good: flags.good, bad: flags.bad, steps: { glob: flags.steps }, planFor, registry, log, fields: CLI_BISECT_FIELDS }), { warn: (m) => log.info(m) });
    await emit(bisectMarkdown(report, null), flags.out, io);
    log.info(report.verdict.bad ? `first bad commit: ${report.firstBad}` : `no bad commit confirmed between ${report.good} and ${report.bad}`);
    setExitCode(0);
  });

  addMeasureOptions(
    program
      .command("demo")
      .description(
        `from nothing to a PR comment: install what is missing (Debian packages), get the engine (PostgreSQL 15, RocksDB 7.8 or MariaDB 10.11) from Debian's source package, make a git repo with a base commit and a head commit that slows a hot path down, build both, run its quick profile (${Object.values(DEMOS).map((demo) => demo.profile).join(", ")}) interleaved and print the comment; exits 1 because the gate fails that PR`,
      )
      .option("--engine <name>", `the engine to demonstrate: ${Object.keys(DEMOS).join(" or ")}`, "postgresql")
      .addOption(chartsDirOption("default: beside the results file")),
  ).action(async (flags: MeasureFlags & { engine: string }) => {
    const demo = DEMOS[flags.engine];
    if (!demo) throw new InputError(`no demo for the engine "${flags.engine}" (known: ${Object.keys(DEMOS).join(", ")})`, undefined, "--engine");
    const log = consoleLog();
    const cacheDir = path.resolve(flags.cacheDir ?? defaultCacheDir());
    const onLine = (line: string) => log.info(line);
    await log.group(`Debian packages: ${demo.packagesWhat}`, async () => {
      const installed = await ensureDebianPackages(demo.packages, onLine);
      log.info(installed.length ? `installed ${installed.join(" ")}` : "all present");
    });
    const source = await log.group(`${demo.title} source from Debian's source package`, async () => {
      const s = await demo.source(cacheDir, onLine);
      log.info(`${demo.title} ${s.version} (${s.package} ${s.debianVersion}) in ${s.dir}`);
      return s;
    });
    const fork = await log.group(`a fork with a pull request: base = pristine, head = ${demo.headWhat}`, async () => {
      const f = await demo.fork(source, path.join(cacheDir, demo.forkDir));
      log.info(`${f.path}: base ${f.base.slice(0, 12)}, head ${f.head.slice(0, 12)}`);
      return f;
    });
    const plan = await makePlan(
      // the demo fork is made on this machine
      { ...planFlagsOf(flags), repo: fork.path, base: "base", head: "head", variants: [], profile: flags.profile ?? demo.profile, cacheDir, trust: "trusted" },
      flags.config ? await loadConfigFile(flags.config) : {},
      thresholdsFromFlags(flags),
    );
    // The demo's results go with its builds, not into whatever directory it was started from.
    const results = flags.results ?? path.join(cacheDir, "demo", defaultResultsFile(plan.run.profile.name));
    await mkdir(path.dirname(results), { recursive: true });
    const { exitCode } = await measureAndReport(plan, { ...flags, results }, io, log);
    log.info(exitCode === 1 ? "the gate fails this PR: exit code 1, as a regression should" : "the gate did not fail this PR (no significant regression measured)");
    setExitCode(exitCode);
  });
}

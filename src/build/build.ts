/**
 * Builds an engine at a commit into an install prefix keyed by (commit, flags, compiler), reusing the
 * prefix when a complete one exists. Runs as the unprivileged user of its trust level, in an exported
 * source tree (no .git) that is removed afterwards; the finished prefix is then taken back, so the
 * code that built it can no longer change it.
 */
import { createWriteStream, existsSync } from "node:fs";
import { chmod, lstat, mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { execa } from "execa";
import { childEnv } from "../trust/child-env.js";
import type { CleanupRegistry } from "../common/cleanup.js";
import { DEFAULT_TIMEOUTS, type Timeouts } from "../config/timeouts.js";
import { PipelineError } from "../common/errors.js";
import { lockExclusively } from "../common/lock-file.js";
import type { BuildFlags } from "../results/schema.js";
import { baseBuildUser, giveTo, takeBack, unprivilegedUser, type OsUser, type TrustLevel } from "../trust/unprivileged.js";
import { readAsUser } from "../trust/user-files.js";
import { endProcessesOf } from "../trust/user-processes.js";
import { removeUserTree, userTempDir } from "../trust/user-trees.js";
import { detectCompiler, type Compiler } from "./compiler.js";
import { buildCommands, buildFlags, buildKey, installLayout, type BuildPhase, type BuildRecipe } from "./recipe.js";
import { runStreamed } from "./run-streamed.js";
import { exportSourceTree, resolveCommit } from "./source-tree.js";

export interface BuildRequest {
  /** The fork's git repository (any checkout of it: only its object store is read). */
  repo: string;
  /** Branch, tag or sha. */
  commitish: string;
  recipe: BuildRecipe;
  /** Holds the namespaces' builds/<build_id> prefixes and ccaches (cacheNamespace), and build logs. */
  cacheDir: string;
  /** Who builds and which namespace it writes; a trusted prefix of the same build is reused at any level. */
  trust: TrustLevel;
  /** A pull request build's own namespace (required with trust "pr"; PR_NAMESPACE_PATTERN): no other PR's build reads or writes it. */
  prNamespace?: string;
  /**
   * With trust "pr": a pull request's base, built from trusted inputs only: reused from the trusted builds
   * or the namespace's base builds (never from what the PR's own builds left), built by a user of its
   * own (baseBuildUser) with a fresh private ccache over the trusted one read-only. What the PR's earlier
   * head builds wrote (their ccache, a ccache.conf planted in it, a prefix of the base's commit built as
   * head) cannot make base slower nor run the PR's code inside base's build.
   */
  trustedInputsOnly?: boolean;
  registry: CleanupRegistry;
  /** Default DEFAULT_TIMEOUTS. */
  timeouts?: Pick<Timeouts, "build_s" | "lock_s">;
  /** Default <cacheDir>/logs/build-<build_id>.log. */
  logFile?: string;
  /** Where the source tree and the build's temp dir go (the run's work dir); default os.tmpdir(). */
  workDir?: string;
  /**
   * Every output line as it is logged ("[  12.3s] ..."), for progress display, with the phase of the
   * command that printed it (null: the build's own lines).
   */
  onLine?: (line: string, phase: BuildPhase | null) => void;
}

export interface CcacheStats {
  /** Direct-mode plus preprocessed-mode hits. */
  hits: number;
  directHits: number;
  misses: number;
}

export interface BuildResult {
  commit: string;
  buildId: string;
  /** The build's directory under its namespace (holds the prefix and the marker). */
  dir: string;
  prefix: string;
  binDir: string;
  flags: BuildFlags;
  compiler: Compiler;
  /** The prefix was already complete: nothing was built. */
  reused: boolean;
  logFile: string;
  /** This build's compilations served from / missing the shared cache; null without ccache or on reuse. */
  ccache: CcacheStats | null;
  /** Seconds; phases are null when the prefix was reused. */
  timings: Record<BuildPhase, number | null> & { total: number };
  /** What the build's user left running and the build ended, for the log ("1234 (sleep, dbbench-pr)"). */
  leftRunning?: string[];
}

/** Written last into the build's dir: a build without it is half-installed and never reused. */
const COMPLETE_MARKER = ".db-bench-gate-build.json";
/** What is read of a build's ccache stats log: a line per compilation, far less for the largest engine. */
const MAX_CCACHE_STATS_BYTES = 64 * 1024 * 1024;

/** Where each pull request's namespace is: <cache dir>/prs/<namespace>. */
export const PR_NAMESPACES_DIR = "prs";
/** A namespace's name: one path component, which the action makes from the PR's number (pr-123). */
export const PR_NAMESPACE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export interface CacheNamespace {
  builds: string;
  /** A pull request's base builds (BuildRequest.trustedInputsOnly), which only clean builds write; null when trusted. */
  baseBuilds: string | null;
  /** CCACHE_DIR */
  ccache: string;
  /**
   * A pull request's: the root-owned dir holding its ccache, traversable only while one of its builds
   * runs. Every PR builds as the same user, so the ccache's owner cannot keep PRs apart; this keeps
   * another PR's build (and anything it left running) from reaching it in between.
   */
  ccacheGate: string | null;
  /** ccache remote storage that trusted builds write (a local cache dir's layout is not a remote's) and pull requests read without writing */
  shared: string;
}

/**
 * Where the builds and the compiler cache of a trust level live. Trusted ones keep the cache dir's
 * top level; each pull request (prNamespace) has its own builds and ccache under prs/, so that one PR
 * cannot plant an object or a prefix that another PR's build, or its base's, then uses.
 */
export function cacheNamespace(cacheDir: string, trust: TrustLevel, prNamespace?: string): CacheNamespace {
  const shared = path.join(cacheDir, "ccache-shared");
  if (trust === "trusted") return { builds: path.join(cacheDir, "builds"), baseBuilds: null, ccache: path.join(cacheDir, "ccache"), ccacheGate: null, shared };
  if (prNamespace === undefined || !PR_NAMESPACE_PATTERN.test(prNamespace)) throw new PipelineError(`a pull request's build needs a cache namespace of its own (one path component), got ${JSON.stringify(prNamespace)}`);
  const root = path.join(cacheDir, PR_NAMESPACES_DIR, prNamespace);
  const ccacheGate = path.join(root, "ccache");
  return { builds: path.join(root, "builds"), baseBuilds: path.join(root, "base-builds"), ccache: path.join(ccacheGate, "dir"), ccacheGate, shared };
}

/**
 * The marker of a complete build, checked before the build is reused: it must name this build and
 * commit, and (as root) the build must be ours, out of reach of the user that built it: checked before
 * the marker is read, so that root never opens what that user may have planted in a build it left
 * unfinished. Nothing in it is used: paths are recomputed.
 */
async function isCompleteBuild(buildDir: string, buildId: string, commit: string): Promise<boolean> {
  const marker = path.join(buildDir, COMPLETE_MARKER);
  const uid = process.getuid?.();
  for (const info of [await stat(buildDir).catch(() => null), await lstat(marker).catch(() => null)]) {
    if (!info || (uid !== undefined && info.uid !== uid) || (info.mode & 0o022) !== 0) return false;
  }
  let done: Partial<BuildResult> | null;
  try {
    done = JSON.parse(await readFile(marker, "utf8")) as Partial<BuildResult> | null;
  } catch {
    return false;
  }
  return done?.buildId === buildId && done.commit === commit;
}

export async function buildAtCommit(request: BuildRequest): Promise<BuildResult> {
  const started = performance.now();
  const elapsed = (): number => (performance.now() - started) / 1000;
  const { recipe, cacheDir, trust } = request;
  const timeouts = request.timeouts ?? DEFAULT_TIMEOUTS;
  const commit = await resolveCommit(request.repo, request.commitish);
  // the recipe's compilers (a variant's) over the runner's $CC and $CXX
  const compilerEnv = { ...process.env, ...(recipe.cc !== undefined && { CC: recipe.cc }), ...(recipe.cxx !== undefined && { CXX: recipe.cxx }) };
  const compiler = await detectCompiler("c", compilerEnv);
  const cxxCompiler = await detectCompiler("cxx", compilerEnv);
  const buildId = buildKey({ commit, recipe, compilers: { c: compiler, cxx: cxxCompiler } });
  const namespace = cacheNamespace(cacheDir, trust, request.prNamespace);
  // a pull request's base: nothing the pull request's own builds wrote is read
  const clean = request.trustedInputsOnly === true ? namespace.baseBuilds : null;
  const buildDir = path.join(clean ?? namespace.builds, buildId);
  const logFile = request.logFile ?? path.join(cacheDir, "logs", `build-${buildId}.log`);
  const resultIn = (dir: string): Omit<BuildResult, "reused" | "ccache" | "timings"> => {
    const prefix = installLayout(recipe, dir).installDir;
    return { commit, buildId, dir, prefix, binDir: path.join(prefix, recipe.bin_dir), flags: buildFlags(recipe), compiler: { name: compiler.name, version: compiler.version }, logFile };
  };

  const reusable = async (): Promise<BuildResult | null> => {
    for (const dir of new Set([path.join(cacheNamespace(cacheDir, "trusted").builds, buildId), buildDir])) {
      if (await isCompleteBuild(dir, buildId, commit)) {
        return { ...resultIn(dir), reused: true, ccache: null, timings: { configure: null, make: null, install: null, total: elapsed() } };
      }
    }
    return null;
  };
  const reused = await reusable();
  if (reused) return reused;
  const unlock = await lockExclusively(`${buildDir}.lock`, request.registry, timeouts.lock_s);
  try {
    // Another process may have built it while this one waited for the lock.
    return (await reusable()) ?? (await runBuild(clean ? await baseBuildUser() : await unprivilegedUser(trust)));
  } finally {
    await unlock();
  }

  async function runBuild(user: OsUser | null): Promise<BuildResult> {
    await mkdir(path.dirname(logFile), { recursive: true });
    // a build that failed or was cut short: its user's, or root's once taken back
    await removeUserTree(user, buildDir);
    await mkdir(buildDir, { recursive: true });
    await giveTo(user, buildDir);
    const log = createWriteStream(logFile);
    const emit = (text: string, phase: BuildPhase | null = null): void => {
      const line = `[${elapsed().toFixed(1).padStart(7)}s] ${text}`;
      log.write(line + "\n");
      request.onLine?.(line, phase);
    };

    let tmpDir: Awaited<ReturnType<typeof userTempDir>> | undefined;
    let ccache: CcacheSetup | null = null;
    const tree = await exportSourceTree(request.repo, commit, user, request.registry, request.workDir);
    try {
      // compilers and configure write temp files
      tmpDir = await userTempDir(user, request.registry, request.workDir);
      // a clean build's ccache: in its own temp dir (ccache creates it), gone with it
      ccache = await ccacheSetup(namespace, trust, user, tree.path, request.registry, timeouts.lock_s, clean ? path.join(tmpDir.path, "ccache") : null);
      const commands = buildCommands(recipe, { buildDir, cc: compiler.command, cxx: cxxCompiler?.command ?? null, ccache: ccache !== null, cpus: os.availableParallelism() });
      emit(`build ${commit} (${request.commitish}) as ${buildId} (${recipe.build_system}) with ${compiler.name} ${compiler.version}${ccache ? " and ccache" : ""}${user ? ` as ${user.name}` : ""} in ${tree.path}`);
      const timings: BuildResult["timings"] = { configure: null, make: null, install: null, total: 0 };
      for (const command of commands) {
        const phaseStart = elapsed();
        try {
          await runStreamed(command.file, command.args, {
            cwd: tree.path,
            env: command.env,
            quietEnv: { ...ccache?.env, TMPDIR: tmpDir.path },
            onLine: (line) => emit(line, command.phase),
            signal: request.registry.signal,
            user,
            timeoutMs: timeouts.build_s * 1000,
          });
        } catch (err) {
          if (!(err instanceof PipelineError) || request.registry.signal.aborted) throw err;
          emit(`build failed: ${err.message}`);
          throw new PipelineError(`build of ${request.commitish} (${commit.slice(0, 12)}) failed: ${err.message}; full log: ${logFile}`, err.logExcerpt);
        }
        timings[command.phase] = elapsed() - phaseStart;
      }
      timings.total = elapsed();
      // nothing a pull request's build left running may write in the prefix while it is taken back, nor
      // after; the trusted user's processes may be another build's (trusted code, which races nobody)
      const leftRunning = user && trust === "pr" ? (await endProcessesOf([user])).ended : [];
      await takeBack(buildDir);
      const result: BuildResult = {
        ...resultIn(buildDir),
        reused: false,
        ...(leftRunning.length > 0 && { leftRunning }),
        // in the tree, which the build's user owns
        ccache: ccache ? parseCcacheStatsLog(((await readAsUser(user, ccache.statsLog, MAX_CCACHE_STATS_BYTES)) ?? "").toString("utf8")) : null,
        timings,
      };
      emit(`built in ${timings.total.toFixed(1)} s${result.ccache ? ` (ccache: ${result.ccache.hits} hits, ${result.ccache.misses} misses)` : ""}`);
      const marker = path.join(buildDir, COMPLETE_MARKER);
      // the build may have left a symlink at either name: removed, and the new file created exclusively (never followed)
      await removeUserTree(user, `${marker}.tmp`);
      await writeFile(`${marker}.tmp`, JSON.stringify(result, null, 2), { flag: "wx" });
      await rename(`${marker}.tmp`, marker);
      return result;
    } finally {
      await ccache?.close();
      await tmpDir?.remove();
      await tree.remove();
      await new Promise((resolve) => log.end(resolve));
    }
  }
}

interface CcacheSetup {
  env: Record<string, string>;
  /** This build's own counters (the cache dir's counters are shared with concurrent builds). */
  statsLog: string;
  /** After the build: a pull request's ccache out of reach again. */
  close(): Promise<void>;
}

/**
 * ccache, when installed, with one cache dir per namespace for every commit's source tree: paths under
 * the tree are rewritten relative (CCACHE_BASEDIR) and the working directory is not hashed
 * (CCACHE_NOHASHDIR), so the same file compiled in two trees is one cache entry. The ccache is owned
 * by the namespace's user; a pull request's build reads the trusted one as read-only remote storage,
 * and reaches its own only through its gate (CacheNamespace.ccacheGate), opened for one build of the
 * namespace at a time. A clean build (BuildRequest.trustedInputsOnly) has its own `privateDir` instead,
 * which nothing before it wrote.
 */
async function ccacheSetup(namespace: CacheNamespace, trust: TrustLevel, user: OsUser | null, tree: string, registry: CleanupRegistry, lockS: number, privateDir: string | null): Promise<CcacheSetup | null> {
  const probe = await execa("ccache", ["--version"], { env: childEnv(process.env), extendEnv: false, reject: false });
  if (probe.failed) return null;
  const { shared } = namespace;
  const ccache = privateDir ?? namespace.ccache;
  const ccacheGate = privateDir ? null : namespace.ccacheGate;
  const close = ccacheGate ? await openGate(ccacheGate, registry, lockS) : async () => undefined;
  for (const dir of privateDir ? [] : trust === "trusted" ? [ccache, shared] : [ccache]) {
    await mkdir(dir, { recursive: true });
    // once per cache dir: chown -R of a large cache takes a while
    if (user && (await stat(dir)).uid !== user.uid) await giveTo(user, dir);
  }
  // the build's user writes it; the tree is removed after the build, and read before
  const statsLog = path.join(tree, ".db-bench-gate-ccache-stats");
  const env: Record<string, string> = {
    CCACHE_DIR: ccache,
    CCACHE_BASEDIR: tree,
    CCACHE_NOHASHDIR: "1",
    CCACHE_STATSLOG: statsLog,
    // entries readable by the other namespace's user
    CCACHE_UMASK: "022",
    // trusted: every result, hit or miss, also goes to the shared storage
    ...(trust === "trusted" ? { CCACHE_REMOTE_STORAGE: `file:${shared}|umask=022`, CCACHE_RESHARE: "1" } : existsSync(shared) && { CCACHE_REMOTE_STORAGE: `file:${shared}|read-only` }),
  };
  return { env, statsLog, close };
}

/**
 * Opens a pull request's ccache gate (root's, 0711: its build's user can pass, not list) for one build
 * of the namespace at a time (a lock beside it), and returns what closes it again (0700), which the
 * registry also runs on a signal.
 */
async function openGate(gate: string, registry: CleanupRegistry, lockS: number): Promise<() => Promise<void>> {
  const unlock = await lockExclusively(`${gate}.lock`, registry, lockS);
  await mkdir(gate, { recursive: true, mode: 0o700 });
  await chmod(gate, 0o711);
  // a gate gone meanwhile (its namespace pruned) has nothing left to close
  const closing = await registry.register(`ccache gate ${gate}`, () =>
    chmod(gate, 0o700).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== "ENOENT") throw e;
    }),
  );
  return async () => {
    await closing.run();
    await unlock();
  };
}

/**
 * A ccache stats log (CCACHE_STATSLOG: "# <source file>" and then one counter name per line for each
 * compiler call) -> this build's hits and misses.
 */
export function parseCcacheStatsLog(text: string): CcacheStats {
  const stats: CcacheStats = { hits: 0, directHits: 0, misses: 0 };
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("# ")) continue;
    if (!/^[a-z_]+$/.test(line)) throw new PipelineError("unrecognised line in a ccache stats log", text.slice(0, 2000));
    if (line === "direct_cache_hit") stats.directHits++;
    if (line === "direct_cache_hit" || line === "preprocessed_cache_hit") stats.hits++;
    if (line === "cache_miss") stats.misses++;
  }
  return stats;
}

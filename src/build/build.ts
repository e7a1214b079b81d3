/**
 * Builds an engine at a commit into an install prefix keyed by (commit, flags, compiler), reusing the
 * prefix when a complete one exists. Runs in a detached worktree that is removed afterwards.
 */
import { createWriteStream, existsSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { execa } from "execa";
import { childEnv } from "../child-env.js";
import type { CleanupRegistry } from "../cleanup.js";
import { PipelineError } from "../errors.js";
import type { BuildFlags } from "../results/schema.js";
import { detectCompiler, type Compiler } from "./compiler.js";
import { buildCommands, buildFlags, buildKey, installLayout, type BuildPhase, type BuildRecipe } from "./recipe.js";
import { runStreamed } from "./run-streamed.js";
import { addWorktree, resolveCommit } from "./worktree.js";

export interface BuildRequest {
  /** The fork's git repository (any checkout of it: only its object store is read). */
  repo: string;
  /** Branch, tag or sha. */
  commitish: string;
  recipe: BuildRecipe;
  /** Holds builds/<build_id> prefixes, the shared ccache and build logs. */
  cacheDir: string;
  registry: CleanupRegistry;
  /** Default <cacheDir>/logs/build-<build_id>.log. */
  logFile?: string;
  /** Every output line as it is logged ("[  12.3s] ..."), for progress display. */
  onLine?: (line: string) => void;
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
}

/** Written last into the build's dir: a build without it is half-installed and never reused. */
const COMPLETE_MARKER = ".db-bench-gate-build.json";

export async function buildAtCommit(request: BuildRequest): Promise<BuildResult> {
  const started = performance.now();
  const elapsed = (): number => (performance.now() - started) / 1000;
  const { recipe, cacheDir } = request;
  const commit = await resolveCommit(request.repo, request.commitish);
  const compiler = await detectCompiler(process.env);
  const buildId = buildKey({ commit, recipe, compiler });
  const buildDir = path.join(cacheDir, "builds", buildId);
  const prefix = installLayout(recipe, buildDir).installDir;
  const marker = path.join(buildDir, COMPLETE_MARKER);

  const reuse = async (): Promise<BuildResult> => {
    const done = JSON.parse(await readFile(marker, "utf8")) as BuildResult;
    return { ...done, reused: true, ccache: null, timings: { configure: null, make: null, install: null, total: elapsed() } };
  };
  if (existsSync(marker)) return reuse();
  const unlock = await lockBuild(`${buildDir}.lock`, request.registry);
  try {
    // Another process may have built it while this one waited for the lock.
    return existsSync(marker) ? await reuse() : await runBuild();
  } finally {
    await unlock();
  }

  async function runBuild(): Promise<BuildResult> {
    const logFile = request.logFile ?? path.join(cacheDir, "logs", `build-${buildId}.log`);
    await mkdir(path.dirname(logFile), { recursive: true });
    await rm(buildDir, { recursive: true, force: true });
    const log = createWriteStream(logFile);
    const emit = (text: string): void => {
      const line = `[${elapsed().toFixed(1).padStart(7)}s] ${text}`;
      log.write(line + "\n");
      request.onLine?.(line);
    };

    const worktree = await addWorktree(request.repo, commit, request.registry);
    try {
      const ccache = await ccacheSetup(cacheDir, worktree.path, `${logFile}.ccache-stats`);
      const commands = buildCommands(recipe, { buildDir, cc: [...(ccache ? ["ccache"] : []), ...compiler.command], cpus: os.availableParallelism() });
      emit(`build ${commit} (${request.commitish}) as ${buildId} with ${compiler.name} ${compiler.version}${ccache ? " and ccache" : ""} in ${worktree.path}`);
      const timings: BuildResult["timings"] = { configure: null, make: null, install: null, total: 0 };
      for (const command of commands) {
        const phaseStart = elapsed();
        try {
          await runStreamed(command.file, command.args, {
            cwd: worktree.path,
            env: command.env,
            quietEnv: ccache?.env,
            onLine: emit,
            signal: request.registry.signal,
          });
        } catch (err) {
          if (!(err instanceof PipelineError) || request.registry.signal.aborted) throw err;
          emit(`build failed: ${err.message}`);
          throw new PipelineError(`build of ${request.commitish} (${commit.slice(0, 12)}) failed: ${err.message}; full log: ${logFile}`, err.logExcerpt);
        }
        timings[command.phase] = elapsed() - phaseStart;
      }
      timings.total = elapsed();
      const result: BuildResult = {
        commit,
        buildId,
        prefix,
        binDir: path.join(prefix, recipe.bin_dir),
        flags: buildFlags(recipe),
        compiler: { name: compiler.name, version: compiler.version },
        reused: false,
        logFile,
        ccache: ccache ? parseCcacheStatsLog(await readFile(ccache.statsLog, "utf8").catch(() => "")) : null,
        timings,
      };
      emit(`built in ${timings.total.toFixed(1)} s${result.ccache ? ` (ccache: ${result.ccache.hits} hits, ${result.ccache.misses} misses)` : ""}`);
      await writeFile(`${marker}.tmp`, JSON.stringify(result, null, 2));
      await rename(`${marker}.tmp`, marker);
      return result;
    } finally {
      await worktree.remove();
      await new Promise((resolve) => log.end(resolve));
    }
  }
}

/**
 * One build per key at a time across processes sharing the cache dir: an exclusive lock file holding
 * the builder's pid. A lock whose process is gone (killed mid-build) is taken over.
 */
async function lockBuild(lockFile: string, registry: CleanupRegistry): Promise<() => Promise<void>> {
  await mkdir(path.dirname(lockFile), { recursive: true });
  for (;;) {
    try {
      await writeFile(lockFile, String(process.pid), { flag: "wx" });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const holder = Number(await readFile(lockFile, "utf8").catch(() => ""));
    // An empty file is a lock being written, not a stale one.
    if (holder > 0 && !isRunning(holder)) await rm(lockFile, { force: true });
    else await sleep(1000, undefined, { signal: registry.signal });
  }
  const handle = await registry.register(`build lock ${lockFile}`, () => rm(lockFile, { force: true }));
  return handle.run;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

interface CcacheSetup {
  env: Record<string, string>;
  /** This build's own counters (the cache dir's counters are shared with concurrent builds). */
  statsLog: string;
}

/**
 * ccache, when installed, with one cache dir for every commit's worktree: paths under the worktree
 * are rewritten relative (CCACHE_BASEDIR) and the working directory is not hashed (CCACHE_NOHASHDIR),
 * so the same file compiled in two worktrees is one cache entry.
 */
async function ccacheSetup(cacheDir: string, worktree: string, statsLog: string): Promise<CcacheSetup | null> {
  const env = { CCACHE_DIR: path.join(cacheDir, "ccache"), CCACHE_BASEDIR: worktree, CCACHE_NOHASHDIR: "1", CCACHE_STATSLOG: statsLog };
  const probe = await execa("ccache", ["--version"], { env: childEnv(process.env, env), extendEnv: false, reject: false });
  if (probe.failed) return null;
  await rm(statsLog, { force: true });
  return { env, statsLog };
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

/**
 * The build cache of a self-hosted runner (input cache-dir, cache-size-cap): built install prefixes kept
 * between jobs under a size cap, least recently used removed first, in each trust level's namespace;
 * pull requests' namespaces (builds and ccache each) as a whole, under the same cap.
 *
 * An entry is a directory directly under the cache root holding ENTRY_MARKER; the marker is written when
 * the entry is complete and its mtime is the entry's last use. Other directories (ccache, which has its own
 * cap, or a build in progress) are neither counted nor removed.
 */
import { existsSync, type Dirent } from "node:fs";
import { lstat, lutimes, mkdir, readdir, rm, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { diskUsage } from "../common/disk-usage.js";
import { cacheNamespace, PR_NAMESPACES_DIR } from "./build.js";
import { unprivilegedUser, type OsUser, type TrustLevel } from "../trust/unprivileged.js";
import { removeUserTree } from "../trust/user-trees.js";

export const ENTRY_MARKER = ".db-bench-gate-entry";
const GIB = 1024 ** 3;

export interface CacheEntry {
  name: string;
  sizeBytes: number;
  lastUsedMs: number;
}

export interface EvictionPlan {
  evict: CacheEntry[];
  /** size of the entries kept */
  keptBytes: number;
  /** the kept entries still exceed the cap (the protected ones alone are larger) */
  overCap: boolean;
}

/**
 * Which entries to remove so that the rest fit in `capBytes`: least recently used first (ties by name),
 * never one of `keep` (the entries this run uses). Pure.
 */
export function planEviction(entries: readonly CacheEntry[], capBytes: number, keep: ReadonlySet<string> = new Set()): EvictionPlan {
  let keptBytes = entries.reduce((sum, e) => sum + e.sizeBytes, 0);
  const evict: CacheEntry[] = [];
  const candidates = entries
    .filter((e) => !keep.has(e.name))
    .sort((a, b) => a.lastUsedMs - b.lastUsedMs || a.name.localeCompare(b.name));
  for (const entry of candidates) {
    if (keptBytes <= capBytes) break;
    evict.push(entry);
    keptBytes -= entry.sizeBytes;
  }
  return { evict, keptBytes, overCap: keptBytes > capBytes };
}

/** The names of `dir`'s entries that `keep` accepts; a missing dir has none. */
async function namesIn(dir: string, keep: (entry: Dirent) => boolean): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true })).filter(keep).map((d) => d.name);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw e;
  }
}

/** The complete entries under `root` with their sizes and last use; a missing root has none. */
export async function scanCache(root: string): Promise<CacheEntry[]> {
  const names = await namesIn(root, (d) => d.isDirectory());
  const entries: CacheEntry[] = [];
  for (const name of names.sort()) {
    const marker = await lstat(join(root, name, ENTRY_MARKER)).catch(() => null);
    if (!marker?.isFile()) continue;
    entries.push({ name, sizeBytes: await diskUsage(join(root, name)), lastUsedMs: marker.mtimeMs });
  }
  return entries;
}

/**
 * Marks `root/name` as a complete entry used now (call after filling it, and on every reuse). A build's
 * `make install` wrote in the entry: whatever it left at the marker's name other than a file of its own
 * (a link to any file, a hard link) is replaced by a new file, created exclusively, and its times are
 * set without following a link: root creates and touches nothing else through it.
 */
export async function touchEntry(root: string, name: string, now = new Date()): Promise<void> {
  const marker = join(root, name, ENTRY_MARKER);
  const info = await lstat(marker).catch((e: NodeJS.ErrnoException) => {
    if (e.code === "ENOENT") return null;
    throw e;
  });
  if (!info?.isFile() || info.nlink !== 1) {
    if (info) await unlink(marker);
    await writeFile(marker, "", { flag: "wx" });
  }
  await lutimes(marker, now, now);
}

/** Removes least recently used entries until the cache fits in `capGiB`; returns what it did. */
export async function enforceCacheCap(root: string, capGiB: number, keep: ReadonlySet<string> = new Set()): Promise<EvictionPlan> {
  const plan = planEviction(await scanCache(root), capGiB * GIB, keep);
  if (plan.evict.length === 0) return plan;
  const owners = await buildUsers();
  for (const entry of plan.evict) await removeUserTree(owners, join(root, entry.name));
  return plan;
}

/** Who wrote in the cache: the builds' users of both trust levels (a build that failed is still its user's, a pull request's ccache is). */
async function buildUsers(): Promise<OsUser[]> {
  return (await Promise.all([unprivilegedUser("trusted"), unprivilegedUser("pr")])).filter((user) => user !== null);
}

/**
 * Marks a pull request's namespace as used now, creating it: counted (and removed when least recently
 * used) from its first run on, even one whose builds fail and never reach capBuildCache.
 */
export async function touchPrNamespace(cacheDir: string, prNamespace: string): Promise<void> {
  const namespaces = join(cacheDir, PR_NAMESPACES_DIR);
  await mkdir(join(namespaces, prNamespace), { recursive: true });
  await touchEntry(namespaces, prNamespace);
}

/** What capBuildCache removed from: the trusted builds, this pull request's builds, the pull requests' namespaces. */
export type CappedPart = "trusted builds" | "builds of this pull request" | "pull request namespaces";

/**
 * Marks the builds a run used (and its pull request namespace, `prNamespace`) as just used, then removes
 * the least recently used others beyond the cap: trusted builds, this namespace's builds, then whole
 * namespaces of other pull requests. Returns what it did per part.
 */
export async function capBuildCache(cacheDir: string, capGiB: number, used: ReadonlySet<string>, prNamespace?: string): Promise<(EvictionPlan & { part: CappedPart })[]> {
  const parts: { part: CappedPart; trust: TrustLevel }[] = [{ part: "trusted builds", trust: "trusted" }, ...(prNamespace ? [{ part: "builds of this pull request" as const, trust: "pr" as const }] : [])];
  const done: (EvictionPlan & { part: CappedPart })[] = [];
  for (const { part, trust } of parts) {
    const { builds } = cacheNamespace(cacheDir, trust, prNamespace);
    for (const buildId of used) if (existsSync(join(builds, buildId))) await touchEntry(builds, buildId);
    done.push({ part, ...(await enforceCacheCap(builds, capGiB, used)) });
  }
  const namespaces = join(cacheDir, PR_NAMESPACES_DIR);
  if (prNamespace && existsSync(join(namespaces, prNamespace))) await touchEntry(namespaces, prNamespace);
  done.push({ part: "pull request namespaces", ...(await enforceCacheCap(namespaces, capGiB, new Set(prNamespace ? [prNamespace] : []))) });
  // the one namespace all pull requests shared before: any of them could have planted objects in it
  if (existsSync(join(cacheDir, "pr"))) await removeUserTree(await buildUsers(), join(cacheDir, "pr"));
  return done;
}

/**
 * Server and build logs (<cache-dir>/logs) are kept for debugging a recent run, not forever: a busy
 * runner writes tens of MB a day. Older than LOG_MAX_AGE_DAYS, or beyond LOG_CAP_BYTES counting from
 * the newest, a log is removed at the start of a run.
 */
export const LOG_MAX_AGE_DAYS = 14;
export const LOG_CAP_BYTES = GIB;

export interface LogFile {
  name: string;
  sizeBytes: number;
  modifiedMs: number;
}

/** Which logs to remove: the newest kept while they are young enough and fit in the cap. Pure. */
export function planLogPruning(files: readonly LogFile[], nowMs: number, maxAgeDays = LOG_MAX_AGE_DAYS, capBytes = LOG_CAP_BYTES): LogFile[] {
  const oldestKeptMs = nowMs - maxAgeDays * 24 * 3600 * 1000;
  let keptBytes = 0;
  return [...files]
    .sort((a, b) => b.modifiedMs - a.modifiedMs || a.name.localeCompare(b.name))
    .filter((file) => {
      keptBytes += file.sizeBytes;
      return file.modifiedMs < oldestKeptMs || keptBytes > capBytes;
    });
}

/** Removes the logs planLogPruning picks from `logsDir` (files only); a missing dir has none. Returns what it removed. */
export async function pruneLogs(logsDir: string, now: Date): Promise<LogFile[]> {
  const files: LogFile[] = [];
  for (const name of await namesIn(logsDir, (d) => d.isFile())) {
    const info = await lstat(join(logsDir, name)).catch(() => null);
    if (info) files.push({ name, sizeBytes: info.size, modifiedMs: info.mtimeMs });
  }
  const removed = planLogPruning(files, now.getTime());
  for (const file of removed) await rm(join(logsDir, file.name), { force: true });
  return removed;
}

/**
 * One run of the gate at a time on a machine (per DBG_USER_PREFIX), as root. Two pull requests' jobs
 * on one machine (two runner services) would otherwise build as the same user at once, reaching each
 * other's builds and ccache gates, and each would end the other's processes (user-processes.ts) and
 * measure beside the other's load. Distinct users per concurrent job would keep the builds apart but
 * not the measurements, which need the machine to themselves: the second run waits instead.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { CleanupRegistry } from "../common/cleanup.js";
import { lockExclusively } from "../common/lock-file.js";
import { isRunning } from "./processes.js";
import { unprivilegedUserName } from "./unprivileged.js";

/** Root's: under /run, not /run/lock, where any user could plant the lock file first. */
const LOCK_DIR = "/run/db-bench-gate";

/** The machine's lock file (per DBG_USER_PREFIX). */
export function runnerLockFile(): string {
  return path.join(LOCK_DIR, `${unprivilegedUserName("trusted")}.lock`);
}

/**
 * Whether another live process's run holds the machine: the post step of a job that ended then leaves
 * the users' processes alone, since they are that run's (which ended whatever was left when it began).
 */
export async function heldByAnotherRun(): Promise<boolean> {
  if (process.getuid?.() !== 0) return false;
  const holder = Number(await readFile(runnerLockFile(), "utf8").catch(() => ""));
  return holder > 0 && holder !== process.pid && isRunning(holder);
}

/** The registries whose runs hold the machine. */
const holding = new WeakSet<CleanupRegistry>();

/** Whether `registry`'s run, or a run it is a part of (a bisect's probes under their time limit, a baseline's bisect), holds the machine. */
function holds(registry: CleanupRegistry | null): boolean {
  return registry !== null && (holding.has(registry) || holds(registry.parent));
}

/**
 * Waits (up to `timeoutS`) until no other run holds the machine, and holds it until `registry` is
 * cleaned up. Nothing to hold without root, nor for a part of a run that holds it already: it would
 * wait for itself.
 */
export async function lockRunner(registry: CleanupRegistry, timeoutS: number): Promise<void> {
  if (process.getuid?.() !== 0 || holds(registry)) return;
  await lockExclusively(runnerLockFile(), registry, timeoutS, "running the gate on this machine");
  holding.add(registry);
}

/**
 * Finding the processes a run started: by their working directory (every postgres process chdirs to
 * its data dir), by a marker variable in the environment they were started with, by process group and
 * by user; and signalling them.
 */
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/** Live (not zombie) processes other than this one for which `matches(pid)` holds. */
function liveProcesses(matches: (pid: string) => boolean): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)
    .filter((name) => {
      try {
        return matches(name) && !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${name}/stat`, "utf8"));
      } catch {
        return false; // gone meanwhile, or not ours to look at
      }
    })
    .map(Number);
}

/** Live (not zombie) processes whose working directory satisfies `cwdMatches`. */
export function processesWithCwd(cwdMatches: (cwd: string) => boolean): number[] {
  return liveProcesses((pid) => cwdMatches(readlinkSync(`/proc/${pid}/cwd`)));
}

/** Processes working in `dir` or below it. */
export function processesUnder(dir: string): number[] {
  const prefix = dir.endsWith("/") ? dir : `${dir}/`;
  return processesWithCwd((cwd) => cwd === dir || cwd.startsWith(prefix));
}

/**
 * Processes started with `name=value` in their environment (/proc/<pid>/environ: what execve got, which
 * chdir, setsid or a changed environment do not undo). Readable for every process only as root.
 */
export function processesMarked(name: string, value: string): number[] {
  const entry = `${name}=${value}`;
  return liveProcesses((pid) => readFileSync(`/proc/${pid}/environ`, "latin1").split("\0").includes(entry));
}

/**
 * Processes of which any of the user ids (real, effective, saved, filesystem: /proc/<pid>/status) is
 * in `uids`: what setsid, `env -i` and chdir do not shed.
 */
export function processesOfUsers(uids: readonly number[]): number[] {
  if (uids.length === 0) return [];
  return liveProcesses((pid) => {
    const line = /^Uid:\s+(.*)$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? "";
    return line.split(/\s+/).some((uid) => uids.includes(Number(uid)));
  });
}

/** A process's command name (/proc/<pid>/comm), for the log; "?" once it is gone. */
export function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return "?";
  }
}

/** `pids` and the members of the process groups that one of them leads (a postmaster leads its own). */
export function withProcessGroups(pids: number[]): number[] {
  const leaders = new Set(pids);
  const members = liveProcesses((pid) => leaders.has(processGroupOf(pid)));
  return [...new Set([...pids, ...members])];
}

function processGroupOf(pid: string): number {
  // pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
}

/**
 * A job's processes: those working under its root (every server chdirs to its data dir), those
 * carrying its marker `name=value` (a daemon that changed to / still has it), and the rest of the
 * process groups they lead.
 */
export function processesOfJob(root: string, name: string, value: string): number[] {
  return withProcessGroups([...new Set([...processesUnder(root), ...processesMarked(name, value)])]);
}

/** Whether `pid` exists (possibly as another user's process). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Sends `signal` to each of `pids` that is still there. */
export function signalAll(pids: readonly number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

/**
 * Watches the environments of every process on the machine (/proc/<pid>/environ: what the process was
 * started with) while a step runs, to prove that secrets given to the step reach none of its
 * subprocesses. The step gets a harmless probe variable that the subprocess environment keeps: a
 * process carrying the probe descends from the step, so its environment was really looked at.
 */
import { readdirSync, readFileSync } from "node:fs";

export interface Leak {
  pid: number;
  comm: string;
  /** the command line, NUL-separated arguments joined by spaces */
  command: string;
  /** the parent's pid and command name, to tell who started it */
  parent: string;
  /** names of the secrets found, by name or by value */
  secrets: string[];
}

export class EnvironWatcher {
  /** command names (comm) of the processes seen carrying the probe, with how many */
  readonly observed = new Map<string, number>();
  /** the same, since the last start() */
  readonly observedInRun = new Map<string, number>();
  readonly leaks: Leak[] = [];
  private readonly secrets = new Map<string, string>();
  private readonly seen = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  /** `probe`: NAME=value set in the step's environment and kept by the subprocess environment */
  constructor(readonly probe: string) {}

  /** A secret: its value must appear in no process, its name in no process the step started. */
  addSecret(name: string, value: string): void {
    this.secrets.set(name, value);
  }

  /** Polls every `intervalMs` until stop(); `exclude()` are the pids allowed to hold the secrets (the step itself). */
  start(exclude: () => readonly (number | undefined)[], intervalMs = 200): void {
    this.stop();
    this.observedInRun.clear();
    // pids are reused (pid_max is often 32768): a run's processes are told apart within the run only
    this.seen.clear();
    const tick = () => this.scan(new Set(exclude()));
    tick();
    this.timer = setInterval(tick, intervalMs);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private scan(exclude: ReadonlySet<number | undefined>): void {
    const probe = Buffer.from(this.probe);
    for (const name of readdirSync("/proc")) {
      if (!/^\d+$/.test(name) || exclude.has(Number(name)) || Number(name) === process.pid) continue;
      let environ: Buffer;
      let comm: string;
      try {
        comm = readFileSync(`/proc/${name}/comm`, "utf8").trim();
        // a process's environment is fixed from its exec on (which renames it): one look per program
        if (this.seen.has(`${name}:${comm}`)) continue;
        // a child the step has forked but not yet exec'd still shows the step's own memory: look again later
        if (exclude.has(parentPid(name)) && readFileSync(`/proc/${name}/cmdline`).equals(readFileSync(`/proc/${parentPid(name)}/cmdline`))) continue;
        environ = readFileSync(`/proc/${name}/environ`);
        // it exec'd between the two reads: the environment is the new program's, look again later
        if (readFileSync(`/proc/${name}/comm`, "utf8").trim() !== comm) continue;
      } catch {
        continue; // exited meanwhile
      }
      this.seen.add(`${name}:${comm}`);
      // a secret's value is this test's alone: anywhere is a leak; its name only in the step's descendants
      // (another job on the machine has its own GITHUB_TOKEN)
      const ours = hasEntry(environ, probe);
      const found = [...this.secrets].filter(([secret, value]) => environ.includes(value) || (ours && hasVariable(environ, secret))).map(([secret]) => secret);
      if (found.length > 0) this.leaks.push({ pid: Number(name), comm, secrets: found, ...describe(name) });
      if (ours) for (const map of [this.observed, this.observedInRun]) map.set(comm, (map.get(comm) ?? 0) + 1);
    }
  }
}

function hasEntry(environ: Buffer, entry: Buffer): boolean {
  for (let at = environ.indexOf(entry); at >= 0; at = environ.indexOf(entry, at + 1)) {
    const end = at + entry.length;
    if ((at === 0 || environ[at - 1] === 0) && (end === environ.length || environ[end] === 0)) return true;
  }
  return false;
}

function hasVariable(environ: Buffer, name: string): boolean {
  const entry = Buffer.from(`${name}=`);
  for (let at = environ.indexOf(entry); at >= 0; at = environ.indexOf(entry, at + 1)) if (at === 0 || environ[at - 1] === 0) return true;
  return false;
}

/** The parent's pid, from /proc/<pid>/stat (field 4, after the parenthesised command name). */
function parentPid(pid: string): number {
  return Number(/^\d+ \(.*\) \S+ (\d+)/.exec(readFileSync(`/proc/${pid}/stat`, "utf8"))?.[1]);
}

function describe(pid: string): { command: string; parent: string } {
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ").trim();
    const ppid = parentPid(pid);
    const parentComm = readFileSync(`/proc/${ppid}/comm`, "utf8").trim();
    return { command, parent: `${ppid} ${parentComm}` };
  } catch {
    return { command: "?", parent: "?" };
  }
}

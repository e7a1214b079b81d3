/** Finding the processes a run started, by their working directory (every postgres process chdirs to its data dir). */
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/** Live (not zombie) processes whose working directory satisfies `cwdMatches`. */
export function processesWithCwd(cwdMatches: (cwd: string) => boolean): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        return cwdMatches(readlinkSync(`/proc/${name}/cwd`)) && !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${name}/stat`, "utf8"));
      } catch {
        return false; // gone meanwhile, or not ours to look at
      }
    })
    .map(Number);
}

/** Processes working in `dir` or below it. */
export function processesUnder(dir: string): number[] {
  const prefix = dir.endsWith("/") ? dir : `${dir}/`;
  return processesWithCwd((cwd) => cwd === dir || cwd.startsWith(prefix));
}

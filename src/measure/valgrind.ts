/**
 * Running a server under valgrind's cachegrind to count instructions: the command line, whether
 * valgrind is there, whether it choked on the build's instructions, and the out files it leaves.
 */
import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { execa } from "execa";
import { childEnv } from "../child-env.js";
import { CountingUnavailableError, PipelineError } from "../errors.js";
import { isCompleteCachegrindOut, parseCachegrindOut } from "./cachegrind.js";

const OUT_PREFIX = "cg.";

/**
 * valgrind's arguments to count the instructions of `program` and of every process it forks (a fork
 * runs the same program under the same valgrind), one out file per process, written when it exits.
 * No cache or branch simulation: instructions only, at about 6 times native run time. No vgdb: it
 * would leave a FIFO per process in /tmp.
 */
export function cachegrindArgs(outDir: string, program: string): string[] {
  return ["--tool=cachegrind", "--cache-sim=no", "--branch-sim=no", "--vgdb=no", `--cachegrind-out-file=${path.join(outDir, `${OUT_PREFIX}%p`)}`, program];
}

/** valgrind's version; CountingUnavailableError when it is not installed. */
export async function valgrindVersion(): Promise<string> {
  const result = await execa("valgrind", ["--version"], { env: childEnv(process.env), extendEnv: false, reject: false, timeout: 30_000 });
  if (result.failed) throw new CountingUnavailableError("valgrind is not installed (Debian: apt-get install valgrind)");
  return result.stdout.trim();
}

/**
 * The line of a valgrind log that says it cannot run the program's code (an instruction set it does
 * not implement, such as AVX-512 from -march=native), or null.
 */
export function unsupportedInstruction(log: string): string | null {
  const line = (/^.*Unrecognised instruction at address.*$/m.exec(log) ?? /^.*unhandled instruction bytes.*$/m.exec(log))?.[0];
  return line?.replace(/^==\d+== /, "").trim() ?? null;
}

/** pids of the out files in `outDir`. */
export async function countedPids(outDir: string): Promise<number[]> {
  return (await readdir(outDir)).filter((name) => /^cg\.\d+$/.test(name)).map((name) => Number(name.slice(OUT_PREFIX.length)));
}

/** Removes the out files of `pids` (a later process may get the same pid and must not find an old count). */
export async function removeCounts(outDir: string, pids: readonly number[]): Promise<void> {
  await Promise.all(pids.map((pid) => rm(path.join(outDir, `${OUT_PREFIX}${pid}`), { force: true })));
}

/**
 * The instructions of the processes `pids`, summed from their out files once each is complete
 * (valgrind writes it while the process exits); PipelineError after `timeoutMs`.
 */
export async function readCounts(outDir: string, pids: readonly number[], timeoutMs: number): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  let total = 0;
  for (const pid of pids) {
    const file = path.join(outDir, `${OUT_PREFIX}${pid}`);
    for (;;) {
      const text = await readFile(file, "utf8").catch(() => "");
      if (isCompleteCachegrindOut(text)) {
        total += parseCachegrindOut(text).instructions;
        break;
      }
      if (performance.now() > deadline) {
        const what = text ? "is incomplete" : "was not written";
        throw new PipelineError(`the cachegrind count of process ${pid} ${what} ${Math.round(timeoutMs / 1000)} s after the run`, text.trimEnd().split("\n").slice(-10).join("\n"));
      }
      await sleep(100);
    }
  }
  return total;
}

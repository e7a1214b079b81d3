/**
 * PostgreSQL under cachegrind, counting the instructions of its serving backends.
 *
 * The postmaster runs under valgrind (pg_ctl -p names a wrapper that execs valgrind on the build's
 * postgres); every process it forks inherits valgrind and writes its own count when it exits.
 * Backends exit when their connection closes, background processes (checkpointer, walwriter,
 * bgwriter, launchers) only at shutdown. A counted run is therefore: the server's processes before
 * the run are background; the processes that appear during the run and exit after it are the
 * backends that served it (and parallel workers that helped them); their counts are summed once
 * every one of them has exited and written its summary.
 */
import { existsSync } from "node:fs";
import { chown, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { CountingUnavailableError, PipelineError } from "../errors.js";
import { cachegrindArgs, countedPids, readCounts, removeCounts, unsupportedInstruction, valgrindVersion } from "../measure/valgrind.js";
import { processesUnder } from "../processes.js";
import type { CountingOptions, InstructionCounter } from "./types.js";

/** What counting needs from a running PostgreSQL server (src/engine/postgres.ts). */
export interface CountableServer {
  readonly binDir: string;
  readonly dataRoot: string;
  readonly dataDir: string;
  /** the server log, valgrind's messages included */
  readonly liveLog: string;
  /** owner of the server's files; null when the server runs as the current user */
  readonly owner: { uid: number; gid: number } | null;
  /** Stops the server and starts it on the same data and port; `program` runs in place of postgres (pg_ctl -p). */
  restart(program?: string): Promise<void>;
  isAlive(): boolean;
}

export const COUNTED_WORK = "serving backends";

/** sh's single quotes around `text`. */
const shellQuote = (text: string): string => `'${text.replace(/'/g, "'\\''")}'`;

export async function startCountingPostgres(server: CountableServer, options: CountingOptions = {}): Promise<InstructionCounter> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  await valgrindVersion();
  const outDir = path.join(server.dataRoot, "cachegrind");
  const wrapper = path.join(server.dataRoot, "postgres-under-cachegrind");
  const valgrind = ["valgrind", ...cachegrindArgs(outDir, path.join(server.binDir, "postgres"))].map(shellQuote).join(" ");
  await mkdir(outDir, { recursive: true });
  // valgrind makes temp files at start-up, in TMPDIR: one the server user can write to
  await writeFile(wrapper, `#!/bin/sh\nTMPDIR=${shellQuote(outDir)} exec ${valgrind} "$@"\n`, { mode: 0o755 });
  if (server.owner) for (const p of [outDir, wrapper]) await chown(p, server.owner.uid, server.owner.gid);
  const logSize = async () => (await readFile(server.liveLog).catch(() => Buffer.alloc(0))).length;
  const logSince = async (offset: number) => (await readFile(server.liveLog).catch(() => Buffer.alloc(0))).subarray(offset).toString("utf8");

  const startedAt = await logSize();
  try {
    await server.restart(wrapper);
  } catch (e) {
    const unsupported = unsupportedInstruction(await logSince(startedAt));
    await server.restart();
    const why = unsupported ?? `${(e as Error).message}${e instanceof PipelineError ? `: ${e.logExcerpt.split("\n").filter(Boolean).slice(-1)[0] ?? ""}` : ""}`;
    throw new CountingUnavailableError(`PostgreSQL does not run under valgrind: ${why}`);
  }

  let stopped = false;
  return {
    tool: "cachegrind",
    counted: COUNTED_WORK,
    async count<T>(work: () => Promise<T>) {
      if (stopped) throw new Error("the instruction counter was stopped");
      // Counts left by processes that exited before this run (the previous run's stragglers) are not
      // this run's, and a new backend may get one of their pids.
      await removeCounts(outDir, await countedPids(outDir));
      const background = new Set(processesUnder(server.dataDir));
      const logOffset = await logSize();
      const result = await work();
      // valgrind reports an instruction it cannot run before the process dies of it, so before the client notices
      const unsupported = unsupportedInstruction(await logSince(logOffset));
      if (unsupported) throw new CountingUnavailableError(`valgrind cannot run this build: ${unsupported}`);
      if (!server.isAlive()) throw new PipelineError("PostgreSQL exited during the counted run");
      const deadline = performance.now() + timeoutMs;
      const serving = () => processesUnder(server.dataDir).filter((pid) => !background.has(pid));
      while (serving().length > 0 && performance.now() < deadline) await sleep(50);
      const left = serving();
      if (left.length > 0) throw new PipelineError(`backends ${left.join(", ")} were still running ${Math.round(timeoutMs / 1000)} s after the counted run`);
      const pids = (await countedPids(outDir)).filter((pid) => !background.has(pid));
      if (pids.length === 0) throw new PipelineError("no backend served the counted run (no cachegrind count was written)");
      const instructions = await readCounts(outDir, pids, Math.max(1000, deadline - performance.now()));
      await removeCounts(outDir, pids);
      return { result, instructions };
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.restart();
      await rm(outDir, { recursive: true, force: true });
      if (existsSync(wrapper)) await rm(wrapper);
    },
  };
}

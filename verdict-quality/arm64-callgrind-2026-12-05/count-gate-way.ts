/**
 * The gate's own PostgreSQL counting (src/engine/postgres-counting.ts) on a build already installed:
 * the server started by the engine module, pgbench select-only prepared c1 loaded at scale 1, the
 * counter started with this process's architecture (on arm64 Node: the whole backend less its socket
 * waits), a warm-up run, then three pairs of N and 2N transactions, each pair's difference per
 * transaction. Bundled with esbuild on the host and run by arm64 Node in an arm64 tree (README.md).
 * usage: node count-gate-way.mjs BIN_DIR WORK_DIR [N]   (CACHE_SIM=1: with the gate's simulated caches, estimated cycles too)
 */
import path from "node:path";
import { execa } from "execa";
import { CleanupRegistry } from "../../src/common/cleanup.js";
import { postgresEngine } from "../../src/engine/postgres.js";
import type { ClientCommand } from "../../src/engine/types.js";
import { childEnv } from "../../src/trust/child-env.js";
import type { FunctionProfile } from "../../src/measure/valgrind-functions.js";
import { estimatedCycles } from "../../src/measure/cachegrind.js";
import { DEFAULT_SIMULATED_CACHES } from "../../src/measure/simulated-caches.js";

const [binDir, workDir, nText = "200"] = process.argv.slice(2);
if (!binDir || !workDir) throw new Error("usage: count-gate-way BIN_DIR WORK_DIR [N]");
const N = Number(nText);
const registry = new CleanupRegistry();
const started = performance.now();
const at = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
try {
  const settings = { shared_buffers: "32MB", max_connections: 20, fsync: "off", synchronous_commit: "off", autovacuum: "off" };
  const server = await postgresEngine.start({ binDir, settings, database: "bench", logFile: path.join(workDir, "server.log"), registry, workDir, timeoutMs: 1_800_000, trust: "trusted" });
  const { port, user, database, socket } = server.connection;
  const pgbench = (...args: string[]): ClientCommand => ({ file: path.join(binDir, "pgbench"), args: [...args, "-h", path.dirname(socket), "-p", String(port), "-U", user, database] });
  const run = (command: ClientCommand) => execa(command.file, command.args, { env: childEnv(process.env), extendEnv: false });
  await run(pgbench("-i", "-q", "-s", "1"));
  console.log(`${process.arch}: loaded at ${at()}`);
  const cacheSim = process.env.CACHE_SIM === "1" ? DEFAULT_SIMULATED_CACHES : undefined;
  const counter = await server.startCounting!({ timeoutMs: 1_800_000, ...(cacheSim && { cacheSim }) });
  console.log(`counting "${counter.counted}" from ${at()}`);
  const selects = (n: number) => pgbench("-n", "-S", "-M", "prepared", "-c", "1", "-t", String(n));
  await counter.count(selects(N), run);
  for (let i = 0; i < 3; i++) {
    const short = await counter.count(selects(N), run);
    const long = await counter.count(selects(2 * N), run);
    const names = Object.values((long.functions as FunctionProfile).functions ?? {}).map((f) => f.name);
    const left = names.filter((name) => /^(secure_read|secure_write|WaitEventSetWait|recv|send|epoll_pwait)$/.test(name));
    const cycles = (c: typeof short) => (c.cacheMisses ? estimatedCycles(c.instructions, c.cacheMisses) : null);
    const [shortCycles, longCycles] = [cycles(short), cycles(long)];
    const perTxCycles = shortCycles !== null && longCycles !== null ? `, est. cycles ${((longCycles - shortCycles) / N).toFixed(1)}` : "";
    console.log(`pair ${i + 1}: ${short.instructions} / ${long.instructions}: ${((long.instructions - short.instructions) / N).toFixed(1)} instructions per transaction${perTxCycles}; socket waits left in the profile: ${left.length === 0 ? "none" : left.join(", ")} (${at()})`);
  }
  await counter.stop();
  await server.stop();
} finally {
  const failures = await registry.runAll(new Error("done"));
  if (failures.length > 0) console.log(failures);
}

/** The real world behind PipelinePorts: builds, client processes, the clock and the host's counters. */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { rm } from "node:fs/promises";
import { execa } from "execa";
import { buildAtCommit } from "../build/build.js";
import { detectCompiler } from "../build/compiler.js";
import { readClientRusage, withClientRusage } from "../driver/client-rusage.js";
import { allowedCpus, readCores } from "../measure/cpu-affinity.js";
import { makeCpusetGroup } from "../measure/cpuset.js";
import { collectFingerprint } from "../measure/fingerprint.js";
import { clockTicksPerSecond, samplePeakMemory, takeHostSnapshot } from "../measure/host.js";
import type { ClientRun, PipelinePorts } from "./pipeline.js";
import { asUserIn, variantUser } from "../trust/unprivileged.js";
import { lockRunner } from "../trust/runner-lock.js";
import { endPullRequestProcesses } from "../trust/user-processes.js";
import { freezeUser } from "../trust/variant-freeze.js";

export const realPorts: PipelinePorts = {
  build: buildAtCommit,
  async runClient(command, options): Promise<ClientRun> {
    // The rusage wrapper writes its report into the run dir, which the client's user owns.
    const report = options.rusage ? path.join(options.cwd, `rusage-${randomBytes(6).toString("hex")}`) : null;
    const wrapped = report ? withClientRusage(command, report) : command;
    // Clients work in their variant's run directory (under the action's job root): a killed job's post step finds them by it.
    const result = await execa(wrapped.file, wrapped.args, {
      ...asUserIn(options.user, options.cwd),
      all: true,
      reject: false,
      timeout: options.timeoutS * 1000,
      cancelSignal: options.signal,
    });
    try {
      const cpuS = report && !result.failed ? (await readClientRusage(report, options.user)).cpu_s : null;
      return { failed: result.failed, message: result.shortMessage ?? "", stdout: result.stdout, output: result.all ?? "", cpuS };
    } finally {
      if (report) await rm(report, { force: true });
    }
  },
  clock: { now: () => performance.now() / 1000, date: () => new Date() },
  host: {
    async fingerprint(runner) {
      const compiler = await detectCompiler("c");
      return collectFingerprint({ name: compiler.name, version: compiler.version }, runner);
    },
    snapshot: takeHostSnapshot,
    // twice a second: a round lasts a few seconds, its connections' processes only as long as the client
    sampleMemory: (pids) => samplePeakMemory(pids, 500),
    ticksPerSecond: clockTicksPerSecond,
    allowedCpus,
    cores: (cpus) => readCores(cpus),
  },
  variantUser,
  endPullRequestProcesses,
  freezeUser,
  lockRunner,
  cpusetGroup: makeCpusetGroup,
};

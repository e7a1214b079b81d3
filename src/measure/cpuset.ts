/**
 * A variant's server held on its CPUs by a cpuset cgroup (issue 36 item 6): taskset sets an affinity
 * the process may widen again with sched_setaffinity (head's server taking the client's CPUs too would
 * look faster), while a cpuset's CPUs bound every affinity its processes ask for, and only root moves
 * a process out of it. cgroup v2 with the cpuset controller, else v1's cpuset hierarchy; neither: the
 * reason, and taskset alone holds the server.
 */
import { existsSync } from "node:fs";
import { mkdir, readFile, rmdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { PipelineError } from "../common/errors.js";
import { processesOfUsers } from "../trust/processes.js";
import { formatCpuList } from "./cpu-affinity.js";

const V2_ROOT = "/sys/fs/cgroup";
const V1_ROOT = "/sys/fs/cgroup/cpuset";
/** Sweeps of a user's processes into its group before giving up: each moves every process found, and a fork after its parent moved is born inside. */
const MAX_SWEEPS = 50;

export interface CpusetGroup {
  /** Moves every process of `uid` into the group, until none is left outside (a forking one is caught by the next sweep). */
  enclose(uid: number): Promise<void>;
  /** Moves what is left back to the root group, and removes the group. */
  remove(): Promise<void>;
}

interface Hierarchy {
  version: 1 | 2;
  root: string;
}

/** This machine's cpuset hierarchy, or why there is none to use. */
async function cpusetHierarchy(): Promise<Hierarchy | string> {
  if (process.getuid?.() !== 0) return "not root";
  const v2 = await readFile(path.join(V2_ROOT, "cgroup.controllers"), "utf8").catch(() => null);
  if (v2 !== null) return v2.split(/\s+/).includes("cpuset") ? { version: 2, root: V2_ROOT } : "cgroup v2 without the cpuset controller";
  if (existsSync(path.join(V1_ROOT, "cpuset.cpus"))) return { version: 1, root: V1_ROOT };
  return "no cpuset cgroup (neither cgroup v2 with its cpuset controller nor a v1 cpuset mount)";
}

/** A cpuset group `name` (one path component) holding `cpus`, or why none can be made. */
export async function makeCpusetGroup(name: string, cpus: readonly number[]): Promise<CpusetGroup | { unavailable: string }> {
  const hierarchy = await cpusetHierarchy();
  if (typeof hierarchy === "string") return { unavailable: hierarchy };
  const { version, root } = hierarchy;
  const dir = path.join(root, name);
  if (version === 2) {
    // the root's children get the controller; already there on most systemd machines
    const enabled = await readFile(path.join(root, "cgroup.subtree_control"), "utf8");
    if (!enabled.split(/\s+/).includes("cpuset")) await writeFile(path.join(root, "cgroup.subtree_control"), "+cpuset");
  }
  await mkdir(dir);
  try {
    await writeFile(path.join(dir, "cpuset.cpus"), formatCpuList(cpus));
    // v1 takes no process before its memory nodes are set: the parent's
    if (version === 1) await writeFile(path.join(dir, "cpuset.mems"), (await readFile(path.join(root, "cpuset.mems"), "utf8")).trim());
  } catch (e) {
    await rmdir(dir);
    throw e;
  }
  const inGroup = async (pid: number): Promise<boolean> => {
    const lines = (await readFile(`/proc/${pid}/cgroup`, "utf8").catch(() => "")).split("\n");
    // v2: "0::/<name>"; v1: "<n>:cpuset:/<name>" (or a line of several controllers)
    return lines.some((line) => {
      const [, controllers, where] = /^\d+:([^:]*):(.*)$/.exec(line) ?? [];
      const ours = version === 2 ? controllers === "" : controllers?.split(",").includes("cpuset");
      return ours === true && where === `/${name}`;
    });
  };
  const move = (pid: number, to: string) =>
    writeFile(path.join(to, "cgroup.procs"), String(pid)).catch((e: NodeJS.ErrnoException) => {
      // gone meanwhile
      if (e.code !== "ESRCH") throw e;
    });
  return {
    async enclose(uid) {
      for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
        const outside = [];
        for (const pid of processesOfUsers([uid])) if (!(await inGroup(pid))) outside.push(pid);
        if (outside.length === 0) return;
        for (const pid of outside) await move(pid, dir);
        if (sweep > 0) await sleep(10);
      }
      throw new PipelineError(`the processes of uid ${uid} kept forking outside the cpuset ${dir} through ${MAX_SWEEPS} sweeps`);
    },
    async remove() {
      const left = (await readFile(path.join(dir, "cgroup.procs"), "utf8").catch(() => "")).split("\n").filter(Boolean);
      for (const pid of left) await move(Number(pid), root);
      await rmdir(dir).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== "ENOENT") throw e;
      });
    },
  };
}

/** A flags comparison's `native` variant under emulation: the run says that it built for a generic CPU. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cpuModelOf, nativeFlagsUnderEmulation } from "../../src/measure/fingerprint.js";

// what an aarch64 process read inside the emulated tree (scripts/arm64-tree.sh): uname -m and the host's /proc/cpuinfo
const emulated = (file: string) => readFileSync(new URL(`../fixtures/arm64/emulated/${file}`, import.meta.url), "utf8");
const arch = emulated("uname-m").trim();
const flags = (cflags: string, cxxflags = cflags) => ({ cflags, cxxflags, ldflags: "", configure_args: [] });
const variants = [
  { id: "O2", flags: flags("-O2") },
  { id: "native", flags: flags("-O2 -mcpu=native") },
  { id: "lse", flags: flags("-O2 -march=armv8.2-a") },
  { id: "tuned", flags: flags("-O2", "-O2 -mtune=native -g") },
];

describe("-march/-mcpu/-mtune=native under emulation", () => {
  it("names each variant that asked for the CPU it was built on, and the flag", () => {
    const notes = nativeFlagsUnderEmulation({ arch, cpu_model: cpuModelOf(arch, emulated("cpuinfo")) }, variants);
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatch(/^native: -mcpu=native under emulation builds for a generic aarch64 CPU/);
    expect(notes[1]).toMatch(/^tuned: -mtune=native /);
  });

  it("says nothing on a machine of the build's own architecture, nor for a flag that only contains the word", () => {
    const real = { arch: "x86_64", cpu_model: cpuModelOf("x86_64", emulated("cpuinfo")) };
    expect(nativeFlagsUnderEmulation(real, variants)).toEqual([]);
    const emulatedRun = { arch, cpu_model: cpuModelOf(arch, emulated("cpuinfo")) };
    expect(nativeFlagsUnderEmulation(emulatedRun, [{ id: "x", flags: flags("-O2 -mcpu=native-like -DNATIVE=1") }])).toEqual([]);
  });
});

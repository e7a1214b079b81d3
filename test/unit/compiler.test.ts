import { describe, expect, it } from "vitest";
import { parseCcacheStatsLog } from "../../src/build/build.js";
import { compilerCommand, detectCompiler, parseCompilerVersion } from "../../src/build/compiler.js";
import { PipelineError } from "../../src/common/errors.js";

const GNU_NOTICE = `Copyright (C) 2022 Free Software Foundation, Inc.
This is free software; see the source for copying conditions.  There is NO
warranty; not even for MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.
`;

describe("parseCompilerVersion", () => {
  it.each([
    [`gcc (Debian 12.2.0-14+deb12u1) 12.2.0\n${GNU_NOTICE}`, "gcc", "12.2.0"],
    // Debian's cc is gcc under another name
    [`cc (Debian 12.2.0-14+deb12u1) 12.2.0\n${GNU_NOTICE}`, "gcc", "12.2.0"],
    [`gcc (GCC) 13.2.1 20231011 (Red Hat 13.2.1-4)\n${GNU_NOTICE}`, "gcc", "13.2.1"],
    [`aarch64-linux-gnu-gcc-13 (Ubuntu 13.2.0-23ubuntu4) 13.2.0\n${GNU_NOTICE}`, "gcc", "13.2.0"],
    ["Debian clang version 14.0.6\nTarget: x86_64-pc-linux-gnu\nThread model: posix\nInstalledDir: /usr/bin\n", "clang", "14.0.6"],
    ["Ubuntu clang version 18.1.3 (1ubuntu1)\nTarget: aarch64-unknown-linux-gnu\n", "clang", "18.1.3"],
    ["Apple clang version 15.0.0 (clang-1500.3.9.4)\nTarget: arm64-apple-darwin23.4.0\n", "clang", "15.0.0"],
  ])("%#: %s", (output, name, version) => {
    expect(parseCompilerVersion(output)).toEqual({ name, version });
  });

  it("output it does not know is an error that carries the output", () => {
    const output = "icc (ICC) 2021.10.0 20230609\nCopyright (C) 1985-2023 Intel Corporation.\n";
    try {
      parseCompilerVersion(output);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(PipelineError);
      expect((err as PipelineError).logExcerpt).toBe(output);
    }
  });
});

describe("compilerCommand", () => {
  it("is $CC split into words, cc without it, and never the ccache wrapper", () => {
    expect(compilerCommand({})).toEqual(["cc"]);
    expect(compilerCommand({ CC: "  " })).toEqual(["cc"]);
    expect(compilerCommand({ CC: "clang-16 -fuse-ld=lld" })).toEqual(["clang-16", "-fuse-ld=lld"]);
    expect(compilerCommand({ CC: "/usr/bin/ccache gcc-12" })).toEqual(["gcc-12"]);
  });
});

describe("parseCcacheStatsLog", () => {
  // ccache 4.7.5 CCACHE_STATSLOG for: a miss, a direct hit, a preprocessed hit, a link
  const log = [
    "# int.c",
    "cache_miss",
    "direct_cache_miss",
    "local_storage_miss",
    "preprocessed_cache_miss",
    "# float.c",
    "direct_cache_hit",
    "local_storage_hit",
    "local_storage_read_hit",
    "# numeric.c",
    "direct_cache_miss",
    "local_storage_hit",
    "preprocessed_cache_hit",
    "# a.o",
    "called_for_link",
    "",
  ].join("\n");

  it("counts this build's hits (direct and preprocessed) and misses", () => {
    expect(parseCcacheStatsLog(log)).toEqual({ hits: 2, directHits: 1, misses: 1 });
    expect(parseCcacheStatsLog("")).toEqual({ hits: 0, directHits: 0, misses: 0 });
  });

  it("a log in another format is an error, not zero hits", () => {
    expect(() => parseCcacheStatsLog("Cacheable calls:   1299 / 1603 (81.04%)\n  Hits:   1 / 1299 ( 0.08%)")).toThrow(PipelineError);
  });
});

describe("finding the compilers", () => {
  it("a C compiler that does not run is an error; a C++ one is one only where $CXX names it, else there is none", async () => {
    const nowhere = { PATH: "/nonexistent" };
    await expect(detectCompiler("c", nowhere)).rejects.toThrow(/^cannot run the C compiler `cc --version`/);
    expect(await detectCompiler("cxx", nowhere)).toBeNull();
    await expect(detectCompiler("cxx", { ...nowhere, CXX: "ccache g++-99" })).rejects.toThrow(/^cannot run the C\+\+ compiler `g\+\+-99 --version`/);
  });
});

import { describe, expect, it } from "vitest";
import { advance, NO_PROGRESS, progressLine, type BuildProgress } from "../../src/build/progress.js";
import type { BuildPhase } from "../../src/build/recipe.js";

/** Lines as build.ts passes them: each with the phase of the command that printed it. */
const feed = (phase: BuildPhase | null, lines: string[], from: BuildProgress = NO_PROGRESS) => lines.reduce((progress, line) => advance(progress, line, phase), from);

describe("a build's progress line", () => {
  it("follows make's phases and counts the compiled files, not the other lines", () => {
    const configured = feed("configure", ["[   0.1s] $ ./configure --prefix=/x --without-icu", "[   3.0s] checking for gcc... ccache cc"]);
    expect(progressLine(configured, 25)).toBe("configure · 25s");
    const compiling = feed(
      "make",
      [
        "[  30.2s] $ make -j2",
        "[  31.0s] make -C src/backend all",
        "[  31.5s] ccache cc -Wall -Wmissing-prototypes -Wpointer-arith -O2 -I../../src/include -c -o heapam.o heapam.c",
        "[  31.9s] ccache cc -Wall -O2 -I. -c access/nbtree/nbtsearch.c -o nbtsearch.o",
        "[  32.0s] ar crs libpgcommon.a file_perm.o",
        "[  32.2s] gcc -O2 -shared -o plpgsql.so pl_comp.o pl_exec.o",
      ],
      configured,
    );
    expect(compiling).toEqual({ phase: "make", compiled: 2, total: null });
    expect(progressLine(compiling, 125)).toBe("compile: 2 files so far · 2m 05s");
    expect(feed("install", ["[ 300.0s] $ make install"], compiling).phase).toBe("install");
  });

  it("takes the phase from the command, whatever its line says (environment first, cmake --build)", () => {
    expect(feed("make", ['[   0.1s] $ CC="ccache cc" CXX="ccache c++" make -j2 DEBUG_LEVEL=0 PORTABLE=1 db_bench']).phase).toBe("make");
    expect(feed("make", ["$ cmake --build _build -j 2"]).phase).toBe("make");
    expect(feed("install", ["$ cmake --install _build"]).phase).toBe("install");
    // the build's own lines (its header, "built in") change nothing
    const compiling = feed("make", ["$ make -j2", "  CC       cache/cache.o"]);
    expect(feed(null, ["[ 900.0s] built in 900.0 s"], compiling)).toEqual(compiling);
  });

  it("counts a quiet make's compile lines (RocksDB's Makefile), not its link or generate lines", () => {
    const quiet = feed("make", [
      '[   0.1s] $ CC="ccache cc" CXX="ccache c++" make -j2 DEBUG_LEVEL=0 PORTABLE=1 db_bench',
      "[   0.5s]   GEN      util/build_version.cc",
      "[   1.0s]   CC       cache/cache.o",
      "[   1.2s]   CC       db/db_impl/db_impl.o",
      "[   9.0s]   AR       librocksdb.a",
      "[   9.9s]   CCLD     db_bench",
    ]);
    expect(quiet).toEqual({ phase: "make", compiled: 2, total: null });
    expect(progressLine(quiet, 10)).toBe("compile: 2 files so far · 10s");
  });

  it("counts cmake's compile lines, not its link lines", () => {
    const cmake = feed("make", [
      "$ cmake --build _build -j 2 --target db_bench",
      "[  0%] Building CXX object CMakeFiles/rocksdb.dir/cache/cache.cc.o",
      "[  1%] Building C object CMakeFiles/rocksdb.dir/util/crc32c_arm64.c.o",
      "[ 97%] Linking CXX static library librocksdb.a",
      "[100%] Built target db_bench",
    ]);
    expect(cmake).toEqual({ phase: "make", compiled: 2, total: null });
  });

  it("says of how many where the build system counts its steps (ninja)", () => {
    const ninja = feed("make", ["$ ninja -C build", "[811/2011] Compiling C object src/backend/postgres_lib.a.p/access_heap_heapam.c.o", "[812/2011] Linking target src/backend/postgres"]);
    expect(progressLine(ninja, 190)).toBe("compile: 812 of 2,011 steps · 3m 10s");
  });
});

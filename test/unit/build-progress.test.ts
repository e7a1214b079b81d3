import { describe, expect, it } from "vitest";
import { advance, NO_PROGRESS, progressLine, type BuildProgress } from "../../src/build/progress.js";

const feed = (lines: string[], from: BuildProgress = NO_PROGRESS) => lines.reduce(advance, from);

describe("a build's progress line", () => {
  it("follows make's phases and counts the compiled files, not the other lines", () => {
    const configured = feed(["[   0.1s] $ ./configure --prefix=/x --without-icu", "[   3.0s] checking for gcc... ccache cc"]);
    expect(progressLine(configured, 25)).toBe("configure · 25s");
    const compiling = feed(
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
    expect(compiling).toEqual({ phase: "compile", compiled: 2, total: null });
    expect(progressLine(compiling, 125)).toBe("compile: 2 files so far · 2m 05s");
    expect(feed(["[ 300.0s] $ make install"], compiling).phase).toBe("install");
  });

  it("says of how many where the build system counts its steps (ninja)", () => {
    const ninja = feed(["$ ninja -C build", "[811/2011] Compiling C object src/backend/postgres_lib.a.p/access_heap_heapam.c.o", "[812/2011] Linking target src/backend/postgres"]);
    expect(progressLine(ninja, 190)).toBe("compile: 812 of 2,011 steps · 3m 10s");
  });
});

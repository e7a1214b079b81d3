/**
 * What a person waits on during a build, from its output lines: the phase (configure, make, install)
 * of the command that printed them, the files compiled so far and, where the build system says
 * (ninja's `[12/2011]`), of how many. Pure: lines in, a state and its one-line text out.
 */
import { formatDuration } from "../report/format.js";
import type { BuildPhase } from "./recipe.js";

export interface BuildProgress {
  phase: BuildPhase | null;
  /** translation units compiled so far in the make phase */
  compiled: number;
  /** of how many, when the build system counts its steps (ninja, meson); null for make and cmake */
  total: number | null;
}

export const NO_PROGRESS: BuildProgress = { phase: null, compiled: 0, total: null };

/** A compiler run on one source file, as make echoes it (`cc ... -c -o foo.o foo.c`, `-c foo.c -o foo.o`). */
const COMPILE_FLAG = /\s-c(?:\s|$)/;
const SOURCE_FILE = /\s\S+\.(?:c|cc|cpp|cxx|S)(?:\s|$)/;
/** A quiet make's compile line (RocksDB's Makefile, automake's silent rules): `  CC       cache/cache.o`. */
const QUIET_COMPILE = /^\s+(?:CC|CXX)\s+\S+\.o$/;
/** cmake's Makefile generator: `[ 12%] Building CXX object CMakeFiles/rocksdb.dir/cache/cache.cc.o`. */
const CMAKE_COMPILE = /^\[\s*\d+%\] Building (?:C|CXX|ASM) object /;
/** ninja's status line: `[123/2011] Compiling C object ...`. */
const NINJA = /^\[(\d+)\/(\d+)\]\s/;

/**
 * The progress after one more output line of a command of `phase` (null: a line of the build itself,
 * not of a command); build.ts's lines carry a `[  12.3s] ` prefix, which is dropped.
 */
export function advance(progress: BuildProgress, rawLine: string, phase: BuildPhase | null): BuildProgress {
  if (phase === null) return progress;
  if (phase !== progress.phase) return { phase, compiled: 0, total: null };
  const line = rawLine.replace(/^\[\s*[\d.]+s\]\s/, "");
  if (phase !== "make" || line.startsWith("$ ")) return progress;
  const ninja = NINJA.exec(line);
  if (ninja) return { ...progress, compiled: Number(ninja[1]), total: Number(ninja[2]) };
  const compiles = (COMPILE_FLAG.test(line) && SOURCE_FILE.test(line)) || QUIET_COMPILE.test(line) || CMAKE_COMPILE.test(line);
  return compiles ? { ...progress, compiled: progress.compiled + 1 } : progress;
}

/** `compile: 412 files so far · 2m 05s`, `compile: 812 of 2,011 steps · 3m 10s`, `configure · 25s`. */
export function progressLine(progress: BuildProgress, elapsedS: number): string {
  const time = formatDuration(elapsedS);
  switch (progress.phase) {
    case null:
      return `preparing · ${time}`;
    case "make":
      return progress.total !== null
        ? `compile: ${progress.compiled.toLocaleString("en-US")} of ${progress.total.toLocaleString("en-US")} steps · ${time}`
        : `compile: ${progress.compiled.toLocaleString("en-US")} files so far · ${time}`;
    default:
      return `${progress.phase} · ${time}`;
  }
}

/**
 * What a person waits on during a build, from its output lines: the phase (configure, compile, install),
 * the files compiled so far and, where the build system says (ninja's `[12/2011]`), of how many. Pure:
 * lines in, a state and its one-line text out.
 */
import { formatDuration } from "../report/format.js";

export type BuildPhase = "configure" | "compile" | "install";

export interface BuildProgress {
  phase: BuildPhase | null;
  /** translation units compiled so far in the compile phase */
  compiled: number;
  /** of how many, when the build system counts its steps (ninja, meson); null for make */
  total: number | null;
}

export const NO_PROGRESS: BuildProgress = { phase: null, compiled: 0, total: null };

/** A compiler run on one source file, as make echoes it (`cc ... -c -o foo.o foo.c`, `-c foo.c -o foo.o`). */
const COMPILE_FLAG = /\s-c(?:\s|$)/;
const SOURCE_FILE = /\s\S+\.(?:c|cc|cpp|cxx|S)(?:\s|$)/;
/** ninja's status line: `[123/2011] Compiling C object ...`. */
const NINJA = /^\[(\d+)\/(\d+)\]\s/;

/** The phase a logged command starts (`$ ./configure ...`, `$ make -j2`, `$ make install`); null for other lines. */
function phaseOf(command: string): BuildPhase | null {
  if (/(^|\/)(configure|meson setup|cmake)\b/.test(command)) return "configure";
  if (/\b(make|ninja|meson)\b.*\binstall\b/.test(command)) return "install";
  if (/(^|\/)(make|ninja|meson compile)\b/.test(command)) return "compile";
  return null;
}

/** The progress after one more output line; build.ts's lines carry a `[  12.3s] ` prefix, which is dropped. */
export function advance(progress: BuildProgress, rawLine: string): BuildProgress {
  const line = rawLine.replace(/^\[\s*[\d.]+s\]\s/, "");
  if (line.startsWith("$ ")) {
    const phase = phaseOf(line.slice(2));
    return phase ? { phase, compiled: phase === "compile" ? 0 : progress.compiled, total: phase === "compile" ? null : progress.total } : progress;
  }
  if (progress.phase !== "compile") return progress;
  const ninja = NINJA.exec(line);
  if (ninja) return { ...progress, compiled: Number(ninja[1]), total: Number(ninja[2]) };
  return COMPILE_FLAG.test(line) && SOURCE_FILE.test(line) ? { ...progress, compiled: progress.compiled + 1 } : progress;
}

/** `compile: 412 files so far · 2m 05s`, `compile: 812 of 2,011 steps · 3m 10s`, `configure · 25s`. */
export function progressLine(progress: BuildProgress, elapsedS: number): string {
  const time = formatDuration(elapsedS);
  switch (progress.phase) {
    case null:
      return `preparing · ${time}`;
    case "compile":
      return progress.total !== null
        ? `compile: ${progress.compiled.toLocaleString("en-US")} of ${progress.total.toLocaleString("en-US")} steps · ${time}`
        : `compile: ${progress.compiled.toLocaleString("en-US")} files so far · ${time}`;
    default:
      return `${progress.phase} · ${time}`;
  }
}

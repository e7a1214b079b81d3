/** Which C and C++ compilers a build uses: the C one is recorded with the results, both are part of the build's cache key. */
import { execa } from "execa";
import { childEnv } from "../child-env.js";
import { PipelineError } from "../errors.js";
import type { Fingerprint } from "../results/schema.js";

export type Compiler = NonNullable<Fingerprint["compiler"]>;

export interface DetectedCompiler extends Compiler {
  /** The command as $CC spells it, split into words (e.g. ["gcc"] or ["clang-16"]). */
  command: string[];
}

const CLANG = /\bclang version (\d+(?:\.\d+)+)/;
// GCC prints "<driver> (<vendor build>) <version>" on its first line whatever name it was called by.
const GCC = /^\S+ \(.*?\) (\d+(?:\.\d+)+)/;

/** Parses the output of `$CC --version`; output it does not recognise is an error carrying the text. */
export function parseCompilerVersion(output: string): Compiler {
  const clang = CLANG.exec(output);
  if (clang?.[1]) return { name: "clang", version: clang[1] };
  const firstLine = output.split("\n", 1)[0] ?? "";
  const gcc = GCC.exec(firstLine);
  if (gcc?.[1] && /Free Software Foundation/.test(output)) return { name: "gcc", version: gcc[1] };
  throw new PipelineError("cannot tell which compiler this is from its --version output", output);
}

const LANGUAGES = {
  c: { variable: "CC", fallback: "cc" },
  cxx: { variable: "CXX", fallback: "c++" },
} as const;

/** $CC or $CXX (without a ccache wrapper: ccache is added by the build), else `cc` or `c++`. */
export function compilerCommand(env: NodeJS.ProcessEnv, language: keyof typeof LANGUAGES = "c"): string[] {
  const { variable, fallback } = LANGUAGES[language];
  const words = (env[variable] ?? "").trim().split(/\s+/).filter(Boolean);
  const withoutCcache = words[0] !== undefined && /(^|\/)ccache$/.test(words[0]) ? words.slice(1) : words;
  return withoutCcache.length > 0 ? withoutCcache : [fallback];
}

async function runVersion(command: string[], env: NodeJS.ProcessEnv) {
  const [file, ...args] = command as [string, ...string[]];
  return execa(file, [...args, "--version"], { env: childEnv(env), extendEnv: false, reject: false });
}

export async function detectCompiler(env: NodeJS.ProcessEnv = process.env): Promise<DetectedCompiler> {
  const command = compilerCommand(env, "c");
  const result = await runVersion(command, env);
  if (result.failed) {
    throw new PipelineError(`cannot run the C compiler \`${command.join(" ")} --version\``, `${result.stderr}\n${result.stdout}`.trim());
  }
  return { ...parseCompilerVersion(result.stdout), command };
}

/** The C++ compiler, or null when there is none ($CXX unset and no c++): C-only engines build without one. */
export async function detectCxxCompiler(env: NodeJS.ProcessEnv = process.env): Promise<DetectedCompiler | null> {
  const command = compilerCommand(env, "cxx");
  const result = await runVersion(command, env);
  if (result.failed) {
    if (env.CXX?.trim()) throw new PipelineError(`cannot run the C++ compiler \`${command.join(" ")} --version\``, `${result.stderr}\n${result.stdout}`.trim());
    return null;
  }
  return { ...parseCompilerVersion(result.stdout), command };
}


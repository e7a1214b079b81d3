/** Which C and C++ compilers a build uses: the C one is recorded with the results, both are part of the build's cache key. */
import { execa } from "execa";
import { childEnv } from "../trust/child-env.js";
import { PipelineError } from "../common/errors.js";
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
  c: { variable: "CC", fallback: "cc", shown: "C" },
  cxx: { variable: "CXX", fallback: "c++", shown: "C++" },
} as const;
type Language = keyof typeof LANGUAGES;

/** $CC or $CXX (without a ccache wrapper: ccache is added by the build), else `cc` or `c++`. */
export function compilerCommand(env: NodeJS.ProcessEnv, language: Language = "c"): string[] {
  const { variable, fallback } = LANGUAGES[language];
  const words = (env[variable] ?? "").trim().split(/\s+/).filter(Boolean);
  const withoutCcache = words[0] !== undefined && /(^|\/)ccache$/.test(words[0]) ? words.slice(1) : words;
  return withoutCcache.length > 0 ? withoutCcache : [fallback];
}

/**
 * The C compiler, or the C++ one; the C++ one is null when there is none ($CXX unset and no c++):
 * C-only engines build without one. A compiler that must be there and does not run is an error.
 */
export async function detectCompiler(language: "c", env?: NodeJS.ProcessEnv): Promise<DetectedCompiler>;
export async function detectCompiler(language: "cxx", env?: NodeJS.ProcessEnv): Promise<DetectedCompiler | null>;
export async function detectCompiler(language: Language, env: NodeJS.ProcessEnv = process.env): Promise<DetectedCompiler | null> {
  const command = compilerCommand(env, language);
  const [file, ...args] = command as [string, ...string[]];
  const result = await execa(file, [...args, "--version"], { env: childEnv(env), extendEnv: false, reject: false });
  if (result.failed) {
    if (language === "c" || env[LANGUAGES[language].variable]?.trim()) {
      throw new PipelineError(`cannot run the ${LANGUAGES[language].shown} compiler \`${command.join(" ")} --version\``, `${result.stderr}\n${result.stdout}`.trim());
    }
    return null;
  }
  return { ...parseCompilerVersion(result.stdout), command };
}

/** Which C compiler a build uses: recorded with the results and part of the build's cache key. */
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

/** $CC (without a ccache wrapper: ccache is added by the build) or `cc`. */
export function compilerCommand(env: NodeJS.ProcessEnv): string[] {
  const words = (env.CC ?? "").trim().split(/\s+/).filter(Boolean);
  const withoutCcache = words[0] !== undefined && /(^|\/)ccache$/.test(words[0]) ? words.slice(1) : words;
  return withoutCcache.length > 0 ? withoutCcache : ["cc"];
}

export async function detectCompiler(env: NodeJS.ProcessEnv = process.env): Promise<DetectedCompiler> {
  const command = compilerCommand(env);
  const [file, ...args] = command as [string, ...string[]];
  const result = await execa(file, [...args, "--version"], { env: childEnv(env), extendEnv: false, reject: false });
  if (result.failed) {
    throw new PipelineError(`cannot run the C compiler \`${command.join(" ")} --version\``, `${result.stderr}\n${result.stdout}`.trim());
  }
  return { ...parseCompilerVersion(result.stdout), command };
}


/** The bundled CLI (dist/cli.js) in a subprocess, as users run it, with a private TMPDIR. */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { execa, type Result } from "execa";
import { childEnv } from "../../src/trust/child-env.js";

const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../dist/cli.js");

/**
 * `db-bench-gate <args>`; everything the run leaves in the temp dir is in `tmp` afterwards. Never
 * throws on a non-zero exit: the tests assert the exit code.
 */
export function runCli(args: string[], tmp: string, userPrefix = process.env.DBG_USER_PREFIX): Promise<Result<{ reject: false; all: true }>> {
  // DBG_USER_PREFIX: the test's own unprivileged users, whose processes the run ends (src/trust/user-processes.ts);
  // runs at the same time need a prefix each
  const users: Record<string, string> = userPrefix ? { DBG_USER_PREFIX: userPrefix } : {};
  return execa("node", [cli, ...args], { env: childEnv(process.env, { TMPDIR: tmp, ...users }), extendEnv: false, reject: false, all: true });
}

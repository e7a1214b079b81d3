/** The CLI in this process (runCli with captured output): its exit code, stdout and stderr. */
import { runCli } from "../../src/cli/program.js";

export async function cliInProcess(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) });
  return { code, stdout, stderr };
}

/**
 * actions/checkout persists its token in the checkout's git config (http.<url>.extraheader, directly
 * or through an includeIf file) unless told `persist-credentials: false`. The fork's code runs as
 * another user and never in the checkout, but a readable checkout would still hand the token to it:
 * the action refuses to run pull request code next to one.
 */
import { execa } from "execa";
import { childEnv } from "../trust/child-env.js";
import { InputError } from "../common/errors.js";

/** The config keys of `repo` (includes followed) that hold an extra HTTP header. */
export async function persistedCredentials(repo: string): Promise<string[]> {
  const listed = await execa("git", ["-C", repo, "config", "--includes", "--name-only", "--get-regexp", String.raw`^http\..*\.extraheader$`], {
    env: childEnv(process.env),
    extendEnv: false,
    reject: false,
  });
  // exit code 1: no such key
  return listed.exitCode === 0 ? listed.stdout.split("\n").filter(Boolean) : [];
}

export async function refusePersistedCredentials(repo: string): Promise<void> {
  const keys = await persistedCredentials(repo);
  if (keys.length > 0) {
    throw new InputError(
      `the checkout keeps a token in its git config (${keys.join(", ")}), which the pull request's code could read: set \`persist-credentials: false\` on actions/checkout`,
      undefined,
      "input repo-path",
    );
  }
}

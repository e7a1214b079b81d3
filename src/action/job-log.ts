/**
 * The job log reads every line an action prints as a possible workflow command (`::add-mask::`,
 * `::error::`, `::set-output` where still enabled, `::stop-commands::`, the older `##[...]` form). Text
 * from a pull request (build output, server logs and their tails, error excerpts) must not issue one:
 * a message that could is printed between `::stop-commands::<token>` and `::<token>::`, with a random
 * token the text cannot know, as GitHub's docs on stopping workflow commands describe.
 */
import { randomUUID } from "node:crypto";
import type { ActionCore } from "./context.js";

/** Anything the runner could read as a command: `::` or `##[` anywhere in the text, not only at a line's start. */
const COMMAND_LIKE = /::|##\[/;

/** `message` as it is safe to print: as is, or fenced off from command processing. Pure but for the token. */
export function commandFree(message: string, token: string = randomUUID()): string {
  return COMMAND_LIKE.test(message) ? `::stop-commands::${token}\n${message}\n::${token}::` : message;
}

/** `core` whose info() cannot issue workflow commands: every mode's log goes through it. */
export function commandFreeCore(core: ActionCore): ActionCore {
  return { ...core, info: (message) => core.info(commandFree(message)) };
}

/**
 * PR-derived text in the job log (server log tails, build output, error excerpts) must not issue
 * workflow commands. The runner is modelled as its docs describe it: a line `::name ...::data` (or the
 * older `##[name]data`) is a command, except between `::stop-commands::TOKEN` and `::TOKEN::`.
 */
import { describe, expect, it } from "vitest";
import type { ActionCore } from "../../src/action/context.js";
import { commandFreeCore } from "../../src/action/job-log.js";

/** The commands a runner would act on in `log`, in order (`stop-commands` and its resume included). */
function commandsIn(log: string): string[] {
  const acted: string[] = [];
  let resumeWith: string | null = null;
  for (const raw of log.split("\n")) {
    const line = raw.trim();
    if (resumeWith !== null) {
      if (line === `::${resumeWith}::`) {
        acted.push("resume");
        resumeWith = null;
      }
      continue;
    }
    const command = /^::([A-Za-z-]+)[^:]*::(.*)$/.exec(line) ?? /^##\[([A-Za-z-]+)[^\]]*\](.*)$/.exec(line);
    if (!command) continue;
    acted.push(command[1]!);
    if (command[1] === "stop-commands") resumeWith = command[2]!;
  }
  return acted;
}

function recordingCore(): { core: ActionCore; log: () => string } {
  const lines: string[] = [];
  const core = {
    info: (message: string) => lines.push(message),
    warning: () => undefined,
    setOutput: () => undefined,
    setFailed: () => undefined,
    group: <T>(_name: string, work: () => Promise<T>) => work(),
    saveState: () => undefined,
  } as ActionCore;
  return { core, log: () => lines.join("\n") };
}

const SERVER_LOG = [
  "LOG:  database system is ready",
  "::add-mask::ghs_not_a_secret",
  "  ::error file=src/a.c,line=1::planted annotation",
  "::set-output name=verdict::pass",
  "##[warning]legacy form",
  "::stop-commands::guess",
  "::guess::",
  "::warning::after a guessed resume",
].join("\n");

describe("the job log of the action's modes", () => {
  it("prints PR-derived text that holds workflow commands between stop-commands and a resume token it cannot know", () => {
    const { core, log } = recordingCore();
    const jobCore = commandFreeCore(core);
    jobCore.info(`server is gone; starting a new one. Last log lines:\n${SERVER_LOG}`);
    jobCore.info("::warning::second message");
    expect(commandsIn(log())).toEqual(["stop-commands", "resume", "stop-commands", "resume"]);
    // the text is all there, to read
    expect(log()).toContain(SERVER_LOG);
    // a fresh token each time: an earlier one, seen in the log, does not resume a later stop
    const tokens = [...log().matchAll(/^::stop-commands::(.+)$/gm)].map((m) => m[1]).filter((t) => t !== "guess");
    expect(new Set(tokens).size).toBe(2);
  });

  it("prints a message without anything command-like as it is", () => {
    const { core, log } = recordingCore();
    commandFreeCore(core).info("build head (feature) · compile: 12 files so far · 25s");
    expect(log()).toBe("build head (feature) · compile: 12 files so far · 25s");
  });
});

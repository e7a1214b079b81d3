/** `db-bench-gate profiles`: the built-in profiles, from the files in profiles/. */
import { Option, type Command } from "commander";
import { builtinProfileSummaries } from "../config/profile-list.js";
import { profilesMarkdown } from "../report/profiles.js";
import { markdownToText } from "../report/text.js";
import type { Io } from "./common.js";

const PROFILE_FORMATS = ["text", "markdown", "json"] as const;

export function addProfilesCommand(program: Command, io: Io): void {
  program
    .command("profiles")
    .description("list the built-in profiles: engine, steps, steps whose instructions are counted, and the measured time of a run with both builds cached on an idle 2-core machine")
    .addOption(new Option("--format <format>", "output format").choices(PROFILE_FORMATS).default("text"))
    .action(async (flags: { format: (typeof PROFILE_FORMATS)[number] }) => {
      const summaries = await builtinProfileSummaries();
      if (flags.format === "json") io.stdout(JSON.stringify(summaries, null, 2) + "\n");
      else if (flags.format === "markdown") io.stdout(profilesMarkdown(summaries, false));
      else io.stdout(markdownToText(profilesMarkdown(summaries, false)));
    });
}

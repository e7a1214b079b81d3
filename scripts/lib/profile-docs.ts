/**
 * The lists of built-in profiles that README.md and action.yml show, made from profiles/ (as
 * `db-bench-gate profiles` and `run --help` read them), so that no list is kept by hand.
 */
import { builtinProfileNames, builtinProfileSummaries } from "../../src/config/profile-list.js";
import { profilesMarkdown } from "../../src/report/profiles.js";

export const README_PROFILES_START = "<!-- profiles: written by `npm run docs` from profiles/ -->";
export const README_PROFILES_END = "<!-- end of profiles -->";

/** Folds words into lines of at most `width` characters, each prefixed with `indent`. */
function fold(text: string, indent: string, width: number): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && indent.length + line.length + 1 + word.length > width) {
      lines.push(indent + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, indent + line].join("\n") + "\n";
}

/** README.md with its profiles table between the markers replaced. */
export async function readmeWithProfiles(readme: string): Promise<string> {
  const start = readme.indexOf(README_PROFILES_START);
  const end = readme.indexOf(README_PROFILES_END);
  if (start < 0 || end < start) throw new Error(`README.md lacks the markers ${README_PROFILES_START} ... ${README_PROFILES_END}`);
  const table = profilesMarkdown(await builtinProfileSummaries(), true);
  return `${readme.slice(0, start + README_PROFILES_START.length)}\n${table}${readme.slice(end)}`;
}

const ACTION_PROFILE = /^ {2}profile:\n {4}description: >-\n(?: {6}.*\n)+/m;

/** action.yml with the profile input's description naming every built-in profile. */
export function actionWithProfiles(action: string): string {
  if (!ACTION_PROFILE.test(action)) throw new Error("action.yml lacks the profile input's folded description");
  const description =
    `Benchmark profile: a built-in one (${builtinProfileNames().join(", ")}; \`db-bench-gate profiles\` and ` +
    "README.md's table give each one's engine, steps and measured time), or a path to a profile file, read as " +
    "committed at the PR's base tip (pull_request.base.sha) when it is in the repository. Builds come on top (docs/measurements.md). " +
    "Empty: the config file's, else pg-quick.";
  return action.replace(ACTION_PROFILE, `  profile:\n    description: >-\n${fold(description, "      ", 106)}`);
}

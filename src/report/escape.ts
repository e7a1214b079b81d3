/**
 * Every string from a results file or another run (profile name, CPU model, notes, step ids, refs, error
 * messages, log excerpts, runner name and labels) goes into markdown through one of these, so it renders
 * as itself: no heading or list from a line break, no `<!--` hiding the rest of the comment, no table
 * cell or code fence broken out of, and no @-mention that pings people. Pure.
 */
import { NONE, plural } from "./format.js";

/** One line of text: control characters (ANSI colour codes included) and line breaks become spaces. */
export function singleLine(text: string): string {
  return stripControl(text).replace(/\s+/g, " ").trim();
}

/**
 * Terminal escape sequences, control characters (C0, DEL and C1, tab and newline aside) and Unicode's
 * format characters (Cf): the bidi overrides and isolates (U+202A-202E, U+2066-2069) that show text in
 * another order than it is read, the zero-width characters (U+200B-200D, U+2060, U+FEFF) that hide
 * a difference between two names, soft hyphens and the like. None has a visible form of its own.
 */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const ANSI_CONTROL_AND_FORMAT = /\u001b\[[0-9;?]*[ -/]*[@-~]|[^\P{Cc}\t\n]|\p{Cf}/gu;

/** Keeps tabs and newlines; drops terminal escape sequences, other control characters and invisible format characters. */
export function stripControl(text: string): string {
  return text.replace(/\r\n?|[\u2028\u2029]/g, "\n").replace(ANSI_CONTROL_AND_FORMAT, "");
}

/**
 * `@name` pings the user or team `name` wherever GitHub renders text (code aside). A zero-width joiner
 * after the `@` keeps it visible and unlinked; a backslash would not: GitHub links `\@name` too.
 */
function neutralizeMentions(text: string): string {
  return text.replace(/@(?=[A-Za-z0-9])/g, "@\u200d");
}

/**
 * Inline text that must render as itself (step ids, messages, hints): backslash-escapes what would start
 * emphasis, code, links, strikethrough, HTML, entities or (at the start) a heading, quote or list, and
 * `|`, which would split a table cell; neutralizes @-mentions. Harmless characters stay as they are, so
 * the raw text stays readable.
 */
export function escapeMarkdown(text: string): string {
  const escaped = singleLine(text)
    .replace(/[\\`*[\]|~]/g, "\\$&")
    .replace(/<(?=[A-Za-z/!?])/g, "\\<")
    .replace(/&(?=#?\w+;)/g, "\\&")
    .replace(/(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])/g, "\\_")
    .replace(/^[#>+=-]/, "\\$&")
    .replace(/^(\d+)([.)])(?=\s|$)/, "$1\\$2");
  return neutralizeMentions(escaped);
}

/** Longest run of backticks in `text`: a fence or code span must use a longer one to contain it. */
function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const [run] of text.matchAll(/`+/g)) longest = Math.max(longest, run.length);
  return longest;
}

/**
 * An inline code span that cannot be broken by backticks inside it (GitHub links no mention in code). In
 * a table cell a `|` must be escaped even inside code (GFM splits cells first); elsewhere the backslash
 * would show.
 */
export function inlineCode(text: string, inTable = false): string {
  let content = singleLine(text);
  if (content === "") return NONE;
  if (inTable) content = content.replace(/\|/g, "\\|");
  const fence = "`".repeat(longestBacktickRun(content) + 1);
  const pad = content.startsWith("`") || content.endsWith("`") ? " " : "";
  return `${fence}${pad}${content}${pad}${fence}`;
}

/** `text` as code, linked to `path` under the repository (`commit/SHA`, `compare/A...B`) when its URL is known. */
export function repoLink(text: string, repoUrl: string | null, path: string, inTable = false): string {
  const code = inlineCode(text, inTable);
  return repoUrl ? `[${code}](${repoUrl}/${path})` : code;
}

/** A fenced code block whose fence is longer than any backtick run inside, so a log containing ``` cannot close it. */
export function fencedBlock(text: string, info = "text"): string {
  const content = stripControl(text).replace(/\n+$/, "");
  const fence = "`".repeat(Math.max(3, longestBacktickRun(content) + 1));
  return `${fence}${info}\n${content}\n${fence}`;
}

/** Text inside raw HTML such as `<summary>`, where markdown escapes do not apply (mentions still do). */
export function escapeHtml(text: string): string {
  return neutralizeMentions(singleLine(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c));
}

/** The last lines of a log, where the failure usually is, without control characters; says how much it left out. */
export function logTail(text: string, maxLines: number, maxChars: number): string {
  const lines = stripControl(text).replace(/\n+$/, "").split("\n");
  const kept: string[] = [];
  let chars = 0;
  for (let i = lines.length - 1; i >= 0 && kept.length < maxLines; i--) {
    const line = lines[i] ?? "";
    if (chars + line.length + 1 > maxChars) {
      // one huge line (a minified dump): keep its end rather than nothing
      if (kept.length === 0) kept.unshift(`…${line.slice(-(maxChars - 1))}`);
      break;
    }
    kept.unshift(line);
    chars += line.length + 1;
  }
  const dropped = lines.length - kept.length;
  return dropped > 0 ? [`[... ${plural(dropped, "earlier line")} not shown ...]`, ...kept].join("\n") : kept.join("\n");
}

/** The comment's line saying what a PR was compared with (src/action/compare-point.ts), both shas in full. Pure. */
import type { ComparisonPoint } from "../action/compare-point.js";
import { inlineCode } from "./escape.js";

export function comparisonNote(point: ComparisonPoint): string {
  const branch = inlineCode(point.baseRef);
  if (point.how === "merge-commit") {
    const moved = point.base === point.baseTip ? "" : ` (the event named ${inlineCode(point.baseTip)}; ${branch} has moved since)`;
    return `\nCompared: GitHub's merge commit ${inlineCode(point.head)} of the head ${inlineCode(point.prHead)} into ${branch}, against ${branch}'s tip ${inlineCode(point.base)}${moved}.\n`;
  }
  if (point.base === point.baseTip) return `\nCompared: the head with ${branch}'s tip ${inlineCode(point.base)}, which is also the merge base.\n`;
  return `\nCompared: the head with the merge base ${inlineCode(point.base)}, where it branched off ${branch} (${branch}'s tip is ${inlineCode(point.baseTip)}): what landed on ${branch} since is not counted as this PR's.\n`;
}

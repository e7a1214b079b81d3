/** The comparison document as pretty JSON, for tools and for the artifacts. Pure. */
import type { Comparison } from "../compare/types.js";

/**
 * One comparison is written as the document itself; several (e.g. one per architecture) as an array
 * of documents in the given order. Each document carries its own `schema` and `version`.
 */
export function renderJson(comparisons: Comparison[]): string {
  if (comparisons.length === 0) throw new RangeError("no comparison to render");
  const document = comparisons.length === 1 ? comparisons[0] : comparisons;
  return JSON.stringify(document, null, 2) + "\n";
}

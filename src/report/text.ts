/**
 * The report for a terminal: the markdown report parsed as GitHub parses it (CommonMark + GFM), then
 * printed as plain text, so escapes, backticks and bold marks are gone and tables are aligned by display
 * width (an emoji takes two columns). Details blocks become plain sections under their summary; the
 * mermaid chart and HTML (the hidden markers) are left out. Pure: markdown in, text out.
 */
import type { AlignType, List, PhrasingContent, Root, RootContent, Table } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import stringWidth from "string-width";

/** Columns of space between a table's columns. */
const COLUMN_GAP = "  ";

function inline(nodes: readonly PhrasingContent[]): string {
  return nodes.map(inlineNode).join("");
}

function inlineNode(node: PhrasingContent): string {
  switch (node.type) {
    case "text":
    case "inlineCode":
      return node.value;
    case "break":
      return "\n";
    case "link":
      // a bare URL (GFM autolink) is its own text
      return inline(node.children) === node.url ? node.url : `${inline(node.children)} (${node.url})`;
    case "html":
      return "";
    default:
      return "children" in node ? inline(node.children as PhrasingContent[]) : "";
  }
}

function pad(text: string, width: number, align: AlignType | undefined): string {
  const fill = " ".repeat(Math.max(0, width - stringWidth(text)));
  return align === "right" ? fill + text : text + fill;
}

/** Rows of cells padded to each column's widest, a rule under the header; right-aligned where the markdown says. */
function table(node: Table): string {
  const rows = node.children.map((row) => row.children.map((cell) => inline(cell.children)));
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => stringWidth(row[i] ?? ""))));
  const line = (cells: string[]) => cells.map((cell, i) => pad(cell, widths[i]!, node.align?.[i])).join(COLUMN_GAP).trimEnd();
  const [header, ...body] = rows;
  return [line(header!), widths.map((w) => "-".repeat(w)).join(COLUMN_GAP), ...body.map(line)].join("\n");
}

function list(node: List, depth: number): string {
  return node.children
    .map((item, i) => {
      const bullet = node.ordered ? `${(node.start ?? 1) + i}. ` : "- ";
      const [first, ...rest] = item.children.map((child) => block(child, depth + 1));
      const indent = "  ".repeat(depth);
      return [`${indent}${bullet}${first ?? ""}`, ...rest].join("\n");
    })
    .join("\n");
}

const HTML_ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"' };

/** The summary of a `<details><summary>…</summary>` line, which heads the section it opens; escapeHtml undone. */
function summaryOf(html: string): string | null {
  const match = /<summary>(.*?)<\/summary>/.exec(html);
  return match ? match[1]!.replace(/&(amp|lt|gt|quot);/g, (entity) => HTML_ENTITIES[entity] ?? entity) : null;
}

function block(node: RootContent, depth = 0): string {
  switch (node.type) {
    case "heading":
    case "paragraph":
      return inline(node.children);
    case "table":
      return table(node);
    case "list":
      return list(node, depth);
    case "code":
      return node.value;
    case "html": {
      const summary = summaryOf(node.value);
      return summary === null ? "" : `${summary}:`;
    }
    case "blockquote":
      return node.children.map((child) => block(child, depth)).filter((text) => text !== "").join("\n\n");
    default:
      return "";
  }
}

const isChart = (node: RootContent | undefined): boolean => node?.type === "code" && node.lang === "mermaid";

/** The markdown report (renderMarkdown's) as plain text for a terminal. */
export function markdownToText(markdown: string): string {
  const tree: Root = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  // a details block that holds only the mermaid chart has nothing to show here, its summary included
  const shown = tree.children.filter((node, i) => !isChart(node) && !(node.type === "html" && isChart(tree.children[i + 1])));
  const blocks = shown.map((node) => block(node)).filter((text) => text !== "");
  return blocks.join("\n\n") + "\n";
}


import { describe, expect, it } from "vitest";
import { escapeHtml, escapeMarkdown, fencedBlock, inlineCode, logTail, repoLink } from "../../src/report/escape.js";
import { formatAmount, formatChange, formatDuration, formatInterval, formatPercent, formatRatio, formatTsvNumber, shortSha } from "../../src/report/format.js";

/** CommonMark: a fenced block ends at the first line of only backticks at least as long as the opening fence. */
function closingFenceLine(block: string): number {
  const lines = block.split("\n");
  const opening = /^`+/.exec(lines[0] ?? "")?.[0].length ?? 0;
  return lines.findIndex((line, i) => i > 0 && /^ {0,3}`+\s*$/.test(line) && line.trim().length >= opening);
}

describe("numbers", () => {
  it("prints QPS and per-op values with thousands separators and about three significant digits", () => {
    expect(formatAmount(128_534.4)).toBe("128,534");
    expect(formatAmount(523.4)).toBe("523");
    expect(formatAmount(52.34)).toBe("52.3");
    expect(formatAmount(5.234)).toBe("5.23");
    expect(formatAmount(0.0094)).toBe("0.009");
    expect(formatAmount(0)).toBe("0");
    expect(formatAmount(null)).toBe("—");
  });

  it("prints ratios with two decimals and an interval with an en dash", () => {
    expect(formatRatio(0.9349)).toBe("0.93");
    expect(formatRatio(1)).toBe("1.00");
    expect(formatRatio(Infinity)).toBe("∞");
    expect(formatInterval({ estimate: 0.93, ci_low: 0.912, ci_high: 0.948, confidence: 0.99, p_value: 0.002, n: 10 })).toBe("0.93 (0.91–0.95)");
    expect(formatInterval(null)).toBe("—");
  });

  it("prints shares, durations and TSV cells", () => {
    expect(formatPercent(0.345)).toBe("35%");
    expect(formatDuration(4.25)).toBe("4.3s");
    expect(formatDuration(45)).toBe("45s");
    expect(formatDuration(185)).toBe("3m 05s");
    expect(formatDuration(3725)).toBe("1h 02m");
    expect(formatTsvNumber(0.000098, 6)).toBe("0.000098");
    expect(formatTsvNumber(null, 2)).toBe("NA");
    expect(formatTsvNumber(Infinity, 2)).toBe("inf");
  });

  it("prints a change as a signed percentage, with a decimal below 1%, and a commit by its first 12 digits", () => {
    expect(formatChange(-0.07)).toBe("−7%");
    expect(formatChange(0.12)).toBe("+12%");
    expect(formatChange(-0.004)).toBe("−0.4%");
    expect(formatChange(0)).toBe("+0%");
    expect(shortSha("0123456789abcdef0123")).toBe("0123456789ab");
  });
});

describe("escaping", () => {
  it("escapes what markdown would interpret, and keeps plain identifiers readable", () => {
    expect(escapeMarkdown("read-only.range100.pk1")).toBe("read-only.range100.pk1");
    expect(escapeMarkdown("x86_64")).toBe("x86_64");
    expect(escapeMarkdown("a|b *c* `d` [e](f) <img> _g_ ~h~")).toBe("a\\|b \\*c\\* \\`d\\` \\[e\\](f) \\<img> \\_g\\_ \\~h\\~");
    expect(escapeMarkdown("# not a heading")).toBe("\\# not a heading");
    expect(escapeMarkdown("1. not a list")).toBe("1\\. not a list");
    expect(escapeMarkdown("0.93 < 0.95")).toBe("0.93 < 0.95");
    expect(escapeMarkdown("line one\nline two\u001b[31m red\u001b[0m")).toBe("line one line two red");
  });

  it("makes code spans that backticks and pipes cannot break", () => {
    expect(inlineCode("pgbench.select-only.prepared.c4")).toBe("`pgbench.select-only.prepared.c4`");
    expect(inlineCode("a`b")).toBe("``a`b``");
    expect(inlineCode("`x`")).toBe("`` `x` ``");
    expect(inlineCode("a|b", true)).toBe("`a\\|b`");
    expect(inlineCode("a|b")).toBe("`a|b`");
  });

  it("links code to a path of the repository when its URL is known", () => {
    expect(repoLink("abc..def", "https://github.com/o/r", "compare/abc...def")).toBe("[`abc..def`](https://github.com/o/r/compare/abc...def)");
    expect(repoLink("a|b", null, "commit/a", true)).toBe("`a\\|b`");
  });

  it("escapes HTML for <summary>", () => {
    expect(escapeHtml(`<b> & "q"`)).toBe("&lt;b&gt; &amp; &quot;q&quot;");
  });

  it("neutralizes @-mentions with a zero-width joiner in text and in HTML, and leaves them as they are in code", () => {
    expect(escapeMarkdown("cc @team and @octo-org/perf, mail a@b.c")).toBe("cc @\u200dteam and @\u200docto-org/perf, mail a@\u200db.c");
    expect(escapeHtml("@team")).toBe("@\u200dteam");
    expect(escapeMarkdown("@ alone, trailing @")).toBe("@ alone, trailing @");
    expect(inlineCode("@team")).toBe("`@team`");
  });

  it("fences a log so that ``` inside it cannot close the block early", () => {
    const log = "before\n```\n</details>\n````sh\nrm -rf /\n````\nafter";
    const block = fencedBlock(log);
    const lines = block.split("\n");
    expect(closingFenceLine(block)).toBe(lines.length - 1);
    expect(lines.slice(1, -1).join("\n")).toBe(log);
    expect(closingFenceLine(fencedBlock("plain"))).toBe(2);
  });

  it("keeps the tail of a long log and says how much it left out", () => {
    const log = Array.from({ length: 100 }, (_, i) => `line ${i}`).join("\n");
    const tail = logTail(log, 10, 10_000).split("\n");
    expect(tail).toHaveLength(11);
    expect(tail[0]).toBe("[... 90 earlier lines not shown ...]");
    expect(tail[10]).toBe("line 99");
    expect(logTail("x".repeat(5000), 10, 100)).toHaveLength(100);
  });
});

import { describe, expect, it } from "vitest";
import { blankBracketNotes, blankSpans, bracketNoteEnd, codeSpans, holdsObject } from "../../../src/repair/prose-code.ts";

const bodies = (text: string): (string | undefined)[] | undefined => codeSpans(text)?.map((span) => `${span.block ? "block" : "inline"}:${span.body}`);

describe("codeSpans", () => {
  it.each([
    ["no code at all", []],
    ["run `ls -la` then `pwd`", ["inline:ls -la", "inline:pwd"]],
    ["a `` tick ` inside `` b", ["inline: tick ` inside "]],
    ["a lone ` backtick", []],
    ["`open\n\nclosed in another paragraph`", []],
    ["text\n```python\nx = [1]\n```\nmore `y`", ["block:x = [1]\n", "inline:y"]],
    ["  ~~~\n```\nstill inside\n~~~~\nafter", ["block:```\nstill inside\n"]],
    ["```js\nlet a = `t`;\n```", ["block:let a = `t`;\n"]],
    // A block left open: cut, or not Markdown.
    ["```python\nx = 1\n", undefined],
    // A fence in the middle of a line is inline code, not a block.
    ["see ```x``` here", ["inline:x"]],
  ])("%j", (text, expected) => expect(bodies(text)).toEqual(expected));

  it("gives up past its span limit, and on a line of backticks (a fence left open)", () => {
    expect(codeSpans("`a` ".repeat(1000))).toBeUndefined();
    expect(codeSpans("`".repeat(100_000))).toBeUndefined();
    expect(codeSpans("x" + "`".repeat(100_000))).toEqual([]);
  });
});

describe("holdsObject", () => {
  it.each([
    ['{"a": 1}', true],
    ["{'a': 1}", true],
    ['"unit": "c"', true],
    ['["x", "y"]', true],
    ["x[0]", false],
    ["\\d{4}", false],
    ["[+-]\\d", false],
  ])("inline %j → %j", (body, expected) => expect(holdsObject({ start: 0, end: 0, body, block: false })).toBe(expected));

  it("takes a block that opens on a bracket as possible arguments", () => {
    expect(holdsObject({ start: 0, end: 0, body: "[1, 2]\n", block: true })).toBe(true);
    expect(holdsObject({ start: 0, end: 0, body: "def f():\n    return x[0]\n", block: true })).toBe(false);
  });
});

describe("blankSpans", () => {
  it("blanks the code and keeps every index and line break", () => {
    const text = "a `b[0]` c\n```\nx{\n```\nd";
    const blanked = blankSpans(text, codeSpans(text)!);
    expect(blanked).toHaveLength(text.length);
    expect(blanked).toBe("a        c\n   \n  \n   \nd");
  });
});

describe("bracketNoteEnd", () => {
  it.each([
    ["[2024-01-01 12:00:00] {", 0, 21],
    ["[2024-01-01T12:00:00.123+02:00] x", 0, 31],
    ["[12:00:01] x", 0, 10],
    ["see [1] for", 4, 7],
    ["noted, [2, 3] x", 7, 13],
    // A list may be meant: digits with no word before them, a date alone, words, quotes.
    ["[1] {", 0, undefined],
    ["see 4 [1]", 6, undefined],
    ["[2024-01-01] x", 0, undefined],
    ["see [x] for", 4, undefined],
    ['see [1, "a"] for', 4, undefined],
  ])("%j at %i → %j", (text, index, end) => expect(bracketNoteEnd(text, index)).toBe(end));

  it("blanks the notes and keeps the indexes", () => {
    expect(blankBracketNotes('[12:00:01] see [1] {"a": [1]}')).toBe('           see     {"a": [1]}');
  });
});

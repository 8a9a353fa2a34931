// {"a": 1, // why\n "b": 2 /* note */, "c": {"d": 3 # note }} → {"a":1,"b":2,"c":{"d":3}}
import type { ParserFamily } from "../types.ts";

/** Lossless: a comment is never part of a value; it sits where whitespace may. */
export const parseComments: ParserFamily = {
  name: "parse-comments",
  purpose: "Read past `//`, `/* */` and `#` comments between tokens.",
  class: "lossless",
  stage: "parse",
};

/**
 * Where the comment starting at `index` ends, or `undefined` when none starts
 * there. `#` must be followed by a space (or end the line) so `#ff0000` stays a value.
 */
export function commentEnd(text: string, index: number): number | undefined {
  const char = text[index];
  const next = text[index + 1];
  if (char === "/" && next === "*") {
    const close = text.indexOf("*/", index + 2);
    return close === -1 ? undefined : close + 2;
  }
  const line = (char === "/" && next === "/") || (char === "#" && (next === undefined || /[ \t\r\n#]/.test(next)));
  if (!line) return undefined;
  // A line ends at a line feed, or at a carriage return alone (old Mac files, JSON5's line terminators).
  LINE_END.lastIndex = index;
  const end = LINE_END.exec(text)?.index ?? text.length;
  const closer = lastLineCloser(text, index, end);
  if (closer !== undefined) return closer;
  // A comment that would swallow a `}` or `]` (`"1" # c }, "b": "2"`) is structure misread, not a comment.
  return /[}\]]/.test(text.slice(index, end)) ? undefined : end;
}

const LINE_END = /[\n\r\u2028\u2029]/g;

/** Prose: a comment text that holds no quote, bracket, brace or colon. */
const PROSE_THEN_CLOSER = /[^"'`{}[\]:\n]*?(?=[}\]])/y;

/**
 * A line comment on the text's last line (`{"a": {"b": 1 # why }, "c": 2}`)
 * would swallow every closer after it and leave the text cut: read as
 * JSON at all, it ends before the first `}` or `]` after it on that line, when
 * the words before hold no quote, bracket or colon. Elsewhere, or when they
 * do, it runs to the end of its line.
 */
function lastLineCloser(text: string, index: number, end: number): number | undefined {
  if (text.slice(end).trim() !== "") return undefined;
  PROSE_THEN_CLOSER.lastIndex = index + (text[index] === "#" ? 1 : 2);
  return PROSE_THEN_CLOSER.test(text) && PROSE_THEN_CLOSER.lastIndex < end ? PROSE_THEN_CLOSER.lastIndex : undefined;
}

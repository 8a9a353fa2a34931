// {"a": 1, // why\n "b": 2 /* note */, "c": 3 # note\n} → {"a":1,"b":2,"c":3}
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
  const newline = text.indexOf("\n", index);
  return newline === -1 ? text.length : newline;
}

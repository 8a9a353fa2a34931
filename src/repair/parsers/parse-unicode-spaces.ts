// {"a":\u3000"foo",\u200b"b": 1} → {"a":"foo","b":1}; {\v"a":\f1} → {"a":1}
import type { ParserFamily } from "../types.ts";

/**
 * Lossless: a space character JSON does not count as whitespace (the
 * ideographic space a CJK keyboard types, a zero-width or thin space pasted
 * from a page; the vertical tab and form feed JavaScript and Python count as
 * whitespace) between tokens is layout, as a plain space would be there.
 * Inside a string, or inside unquoted text, it stays text.
 */
export const parseUnicodeSpaces: ParserFamily = {
  name: "parse-unicode-spaces",
  purpose: "Read Unicode spaces JSON does not allow (ideographic, zero-width, thin, …, and the vertical tab and form feed) between tokens as whitespace.",
  class: "lossless",
  stage: "parse",
};

/** U+00A0 and U+FEFF are read as JSON whitespace already; U+200C/U+200D join letters and are not spaces. */
const UNICODE_SPACE = /[\v\f\u1680\u180e\u2000-\u200b\u2028\u2029\u202f\u205f\u3000]/;

/** Whether `char` is one of the spaces this family reads as whitespace. */
export function isUnicodeSpace(char: string | undefined): boolean {
  return char !== undefined && UNICODE_SPACE.test(char);
}

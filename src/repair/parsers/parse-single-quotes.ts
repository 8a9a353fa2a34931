// {'path': 'C:\Users\x', 'q': 'it\'s', 'r': 'a\nb'} → {"path":"C:\\Users\\x","q":"it's","r":"a\nb"}
import type { ParserFamily } from "../types.ts";

/**
 * Lossless: only the delimiter changes; escapes are read as in JSON, `\'` is a quote, and a line continuation
 * written as JavaScript and Python write a long text is nothing (see read-string's `lineContinued`).
 */
export const parseSingleQuotes: ParserFamily = {
  name: "parse-single-quotes",
  purpose: "Read single-quoted keys and strings, keeping every backslash that is not an escape.",
  class: "lossless",
  stage: "parse",
};

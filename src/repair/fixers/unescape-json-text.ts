// {\"path\": \"a.txt\"} → {"path": "a.txt"}; {\"q\": \"say \\"hi\\"\"} → {"q": "say \"hi\""}
import type { TextFixer } from "../types.ts";
import { decodeStringBody } from "../parsers/parse-raw-backslashes.ts";

/** An object or array whose first key or item opens with an escaped quote: JSON escaped for a string, its outer quotes gone. */
export const ESCAPED_OPENING = /^\s*[{[]\s*\\"/;

/** One layer of string escapes taken off (a quote nobody escaped, `\\"` written for `\\\"`, stays a quote). */
export function unescapeLayer(text: string): string {
  return decodeStringBody(text, '"').value;
}

/**
 * Lossless: arguments serialised into a JSON string and sent without that
 * string's quotes. One layer of escapes comes off, and only when what is left
 * is JSON as it stands; any other text is left to the other fixers.
 */
export const unescapeJsonText: TextFixer = {
  name: "unescape-json-text",
  purpose: "Take one layer of string escapes off arguments sent as escaped JSON without their outer quotes (`{\\\"a\\\": 1}`).",
  class: "lossless",
  stage: "text",
  fix(text) {
    if (!ESCAPED_OPENING.test(text)) return undefined;
    const unescaped = unescapeLayer(text.trim());
    try {
      JSON.parse(unescaped);
      return unescaped;
    } catch {
      return undefined;
    }
  },
};

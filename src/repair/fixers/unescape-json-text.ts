// {\"path\": \"a.txt\"} → {"path": "a.txt"}; {\"q\": \"say \\"hi\\"\"} → {"q": "say \"hi\""}; {\\\"n\\\": 1} → {"n": 1}
import type { TextFixer } from "../types.ts";
import { parseJson } from "../../json.ts";
import { decodeStringBody } from "../parsers/parse-raw-backslashes.ts";

/** An object or array whose first key or item opens with an escaped quote: JSON escaped for a string, its outer quotes gone. */
export const ESCAPED_OPENING = /^\s*[{[]\s*\\"/;

/** The same, escaped twice: `{\\\"` as a second serialisation writes it, or `{\\"` with only the quote's escape doubled. */
const TWICE_ESCAPED_OPENING = /^\s*[{[]\s*\\\\\\?"/;

/** One layer of string escapes taken off (a quote nobody escaped, `\\"` written for `\\\"`, stays a quote). */
export function unescapeLayer(text: string): string {
  return decodeStringBody(text, '"').value;
}

const parses = (text: string): boolean => parseJson(text) !== undefined;

/** The JSON escaped text stands for with one layer (or two, see below) of escapes off, or `undefined`. */
export function unescapedJson(text: string): string | undefined {
  const twiceEscaped = TWICE_ESCAPED_OPENING.test(text);
  if (!twiceEscaped && !ESCAPED_OPENING.test(text)) return undefined;
  const unescaped = unescapeLayer(text.trim());
  if (!twiceEscaped) return parses(unescaped) ? unescaped : undefined;
  if (!ESCAPED_OPENING.test(unescaped)) return undefined;
  const twice = unescapeLayer(unescaped);
  return parses(twice) ? twice : undefined;
}

/**
 * Lossless: arguments serialised into a JSON string and sent without that
 * string's quotes. One layer of escapes comes off, and only when what is left
 * is JSON as it stands; any other text is left to the other fixers. Arguments
 * serialised twice (`{\\\"n\\\": 1}`, or `{\\"n\\": 1}` with only the quotes
 * escaped twice) lose two layers, when one leaves escaped JSON again and two
 * leave JSON.
 */
export const unescapeJsonText: TextFixer = {
  name: "unescape-json-text",
  purpose: "Take one layer of string escapes off arguments sent as escaped JSON without their outer quotes (`{\\\"a\\\": 1}`), or two when they were escaped twice.",
  class: "lossless",
  stage: "text",
  fix(text) {
    return unescapedJson(text);
  },
};

// {"command": "view", "view_range": \n[1, 20]\n\n} → {"command":"view","view_range":[1,20]}
import type { ParserFamily } from "../types.ts";
import { isSpace } from "../json-tokens.ts";

/**
 * Lossless: `\n`, `\r` and `\t` written as two characters between tokens,
 * outside any string, are the line breaks and tabs of the layout, escaped
 * once too often. A run of them is layout only where JSON whitespace may
 * stand and a bracket, brace, comma, colon, quote or the end of the text
 * follows; before a number or `true`/`false`/`null` it may also be the start
 * of unquoted text (`\n5`), so the text is read both ways.
 */
export const parseEscapedLayout: ParserFamily = {
  name: "parse-escaped-layout",
  purpose: "Read `\\n`, `\\r` and `\\t` written as escapes between tokens, outside strings, as the layout they stand for.",
  class: "lossless",
  stage: "parse",
};

const STRUCTURE = /[{}[\],:"']/;
/** A longer run is no line break and indentation; the bound keeps every caller linear (words ask at each character). */
const MAX_RUN = 256;
const SCALAR_START = /-?\d|(?:true|false|null)(?![\p{L}\p{N}_])/uy;

/**
 * The run of escaped layout (and plain whitespace) from `index`, which must
 * open with an escape: where it ends, and whether structure follows it
 * (`false`: a number or literal does); `undefined` when it is no layout.
 */
export function escapedLayoutEnd(text: string, index: number): { readonly end: number; readonly structural: boolean } | undefined {
  if (text[index] !== "\\" || !isLayoutEscape(text[index + 1])) return undefined;
  let at = index;
  while (at < text.length) {
    if (at - index > MAX_RUN) return undefined;
    if (text[at] === "\\" && isLayoutEscape(text[at + 1])) at += 2;
    else if (isSpace(text.charCodeAt(at))) at++;
    else break;
  }
  const next = text[at];
  if (next === undefined || STRUCTURE.test(next)) return { end: at, structural: true };
  SCALAR_START.lastIndex = at;
  return SCALAR_START.test(text) ? { end: at, structural: false } : undefined;
}

function isLayoutEscape(char: string | undefined): boolean {
  return char === "n" || char === "r" || char === "t";
}

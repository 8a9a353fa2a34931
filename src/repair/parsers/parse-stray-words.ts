// {"value_1": true, COMMENT "value_2": "data" AAAA } → {"value_1":true,"value_2":"data"}
import type { ParserFamily } from "../types.ts";
import { commentEnd } from "./parse-comments.ts";

/**
 * Lossy: words or tokens that stand between an object's members, where
 * neither a key nor a value can be, are dropped: a run on one line with no
 * quote, bracket, parenthesis, colon or comma, right before a declared key
 * (`, COMMENT "b":`) or right after a value, before its `,` or `}`. The
 * lossless check names what went; the text is also read without this family,
 * and a reading that keeps the words wins.
 */
export const parseStrayWords: ParserFamily = {
  name: "parse-stray-words",
  purpose: "Drop stray words or tokens between an object's members: before a declared key, or after a value before `,` or `}`.",
  class: "lossy",
  stage: "parse",
};

/** A stray run longer than this is prose the object was cut by, not a token that slipped in. */
const MAX_STRAY = 80;
const STRAY_CHAR = /[^"'`{}[\]():,\r\n]/;
/** A value as JSON, JavaScript or Python spells it: a number, `true`, `None`, `undefined`, … */
const LONE_VALUE = /^(?:[+-]?(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?|true|false|null|none|undefined|nan|[+-]?infinity)$/i;

/** The end of the stray run at `index` (not blank, not starting with a space, holding no comment), or `undefined`. */
export function strayEnd(text: string, index: number): number | undefined {
  if (!STRAY_CHAR.test(text[index] ?? "\n") || /\s/.test(text[index]!)) return undefined;
  let end = index;
  for (; end < text.length && end - index <= MAX_STRAY && STRAY_CHAR.test(text[end]!); end++) {
    // A comment is parse-comments' to read (or not, when it is off).
    if (commentEnd(text, end) !== undefined) return undefined;
  }
  // `...` marks members left out (a quote in a thread), not a token that slipped in: nothing to read past.
  if (end - index > MAX_STRAY || /^[.…\s]+$/.test(text.slice(index, end))) return undefined;
  // `+ name`: a string joined to a variable or a call, an expression whose value is unknown, not a stray token.
  if (text[index] === "+") return undefined;
  // `{\\*"a": 1}`: a backslash outside a string is escaping gone wrong (a level of quoting lost or added), not a word that slipped in.
  if (text.slice(index, end).includes("\\")) return undefined;
  // A lone number or literal (`"b": "x" true`) is a value whose key was lost: dropping it drops an argument.
  if (LONE_VALUE.test(text.slice(index, end).trim())) return undefined;
  return end;
}

// {"temperature": .7, "offset": +3, "ratio": -.25, "mask": 0xFF} → {"temperature":0.7,"offset":3,"ratio":-0.25,"mask":255}
import type { ParserFamily } from "../types.ts";

/**
 * Lossless: a number spelt as JavaScript and Python also take it, a leading
 * `+` or no digit before the point (`.7`, `+3`, `-.25`), or hexadecimal
 * (`0x1F`, as JSON5 writes it), is that number.
 * Only where the schema takes no string: there `.7` may be the text.
 */
export const parseNumberSpellings: ParserFamily = {
  name: "parse-number-spellings",
  purpose: "Read a number with a leading `+`, no digit before its point (`+3`, `.7`, `-.25`) or in hexadecimal (`0x1F`) where the schema takes no string.",
  class: "lossless",
  stage: "parse",
};

const SPELLING = /^[+-]?(?:\d+|\d*\.\d+)(?:[eE][+-]?\d+)?$/;

const HEXADECIMAL = /^[+-]?0[xX][0-9a-fA-F]+$/;

/** The integer a hexadecimal `word` spells (`0x1F`, `-0xff`), or `undefined`; one past 2^53 has lost digits in a double. */
export function hexadecimalNumber(word: string): number | undefined {
  if (!HEXADECIMAL.test(word)) return undefined;
  const digits = word.replace(/^[+-]/, "").slice(2);
  const value = Number.parseInt(digits, 16);
  if (!Number.isSafeInteger(value)) return undefined;
  return word.startsWith("-") ? -value : value;
}

/** The number `word` spells that JSON would not read, or `undefined`. */
export function spelledNumber(word: string): number | undefined {
  const hexadecimal = hexadecimalNumber(word);
  if (hexadecimal !== undefined) return hexadecimal;
  if (!SPELLING.test(word) || !(word.startsWith("+") || /^[+-]?\./.test(word))) return undefined;
  const value = Number(word);
  return Number.isFinite(value) ? value : undefined;
}

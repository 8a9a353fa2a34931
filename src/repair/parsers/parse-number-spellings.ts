// {"temperature": .7, "offset": +3, "ratio": -.25} → {"temperature":0.7,"offset":3,"ratio":-0.25}
import type { ParserFamily } from "../types.ts";

/**
 * Lossless: a number spelt as JavaScript and Python also take it, a leading
 * `+` or no digit before the point (`.7`, `+3`, `-.25`), is that number.
 * Only where the schema takes no string: there `.7` may be the text.
 */
export const parseNumberSpellings: ParserFamily = {
  name: "parse-number-spellings",
  purpose: "Read a number with a leading `+` or no digit before its point (`+3`, `.7`, `-.25`) where the schema takes no string.",
  class: "lossless",
  stage: "parse",
};

const SPELLING = /^[+-]?(?:\d+|\d*\.\d+)(?:[eE][+-]?\d+)?$/;

/** The number `word` spells that JSON would not read, or `undefined`. */
export function spelledNumber(word: string): number | undefined {
  if (!SPELLING.test(word) || !(word.startsWith("+") || /^[+-]?\./.test(word))) return undefined;
  const value = Number(word);
  return Number.isFinite(value) ? value : undefined;
}

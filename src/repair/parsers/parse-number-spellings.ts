// {"temperature": .7, "offset": +3, "limit": 5., "ratio": -.25, "mask": 0xFF, "mode": 0o755, "bits": 0b101, "month": 09, "n": 1_000, "dx": - 4} → {…,"limit":5,"mask":255,"mode":493,"bits":5,"month":9,"n":1000,"dx":-4}
import type { ParserFamily } from "../types.ts";

/**
 * Lossless: a number spelt as JavaScript and Python also take it, a leading
 * `+`, no digit before the point or none after it (`.7`, `+3`, `-.25`, `5.`,
 * as JSON5 allows; `5.` not where the text ends, cut maybe), or with a radix
 * prefix (`0x1F` as JSON5 writes it, `0o755` and `0b101` as Python,
 * JavaScript and Rust do), is that number; so are digits grouped by
 * `_` (`1_000`, as Python, JavaScript and Rust write it) and an integer padded
 * with zeros (`09`, `007`) where reading it as octal gives the same number or
 * none (`0755` is 493 to C and Python 2, 755 to a reader of decimals: no reading),
 * and a sign parted from its number by spaces (`- 4`, a unary minus to JavaScript
 * and Python). Only where the schema takes no string: there `.7`, `007` or
 * `- 4` may be the text.
 */
export const parseNumberSpellings: ParserFamily = {
  name: "parse-number-spellings",
  purpose: "Read a number with a leading `+`, no digit before or after its point (`+3`, `.7`, `-.25`, `5.`), with a radix prefix (`0x1F`, `0o755`, `0b101`), with `_` between digits (`1_000`), zero-padded (`09`) or parted from its sign by spaces (`- 4`) where the schema takes no string.",
  class: "lossless",
  stage: "parse",
};

const SPELLING = /^[+-]?(?:\d+|\d*\.\d+|\d+\.)(?:[eE][+-]?\d+)?$/;

/** `5.`, `-5.e3`: JSON5's point with no digit after it. */
export const TRAILING_POINT = /^[+-]?\d+\.(?:[eE][+-]?\d+)?$/;

/** A radix prefix and the digits it admits: only the prefix names the radix, so each reads one way. */
const PREFIXED = [
  { pattern: /^[+-]?0[xX][0-9a-fA-F]+$/, radix: 16 },
  { pattern: /^[+-]?0[oO][0-7]+$/, radix: 8 },
  { pattern: /^[+-]?0[bB][01]+$/, radix: 2 },
] as const;

/** The integer a radix-prefixed `word` spells (`0x1F`, `-0o17`, `0b101`), or `undefined`; one past 2^53 has lost digits in a double. */
export function prefixedNumber(word: string): number | undefined {
  const form = PREFIXED.find(({ pattern }) => pattern.test(word));
  if (form === undefined) return undefined;
  const digits = word.replace(/^[+-]/, "").slice(2);
  const value = Number.parseInt(digits, form.radix);
  if (!Number.isSafeInteger(value)) return undefined;
  return word.startsWith("-") ? -value : value;
}

const DIGIT_GROUPS = /^[+-]?\d+(?:_\d+)*(?:\.\d+(?:_\d+)*)?(?:[eE][+-]?\d+)?$/;

const ZERO_PADDED = /^([+-]?)0(\d+)$/;

/** The integer a zero-padded `word` spells (`09`, `-007`), or `undefined` when its octal reading (C, Python 2, old JavaScript) differs. */
function zeroPaddedNumber(word: string): number | undefined {
  const match = ZERO_PADDED.exec(word);
  if (match === null) return undefined;
  // Leading zeros change neither reading.
  const digits = match[2]!;
  const decimal = Number.parseInt(digits, 10);
  // An 8 or a 9 is no octal digit: only the decimal reading is left.
  if (!/[89]/.test(digits) && Number.parseInt(digits, 8) !== decimal) return undefined;
  if (!Number.isSafeInteger(decimal)) return undefined;
  return match[1] === "-" ? -decimal : decimal;
}

/** The number `word` spells that JSON would not read, or `undefined`. */
export function spelledNumber(word: string): number | undefined {
  const prefixed = prefixedNumber(word);
  if (prefixed !== undefined) return prefixed;
  if (DIGIT_GROUPS.test(word) && (word.includes("_") || /^[+-]?0\d/.test(word))) {
    const digits = word.replaceAll("_", "");
    if (/^[+-]?0\d/.test(digits)) return /^[+-]?\d+$/.test(digits) ? zeroPaddedNumber(digits.replace(/^\+/, "")) : undefined;
    const value = Number(digits);
    return Number.isFinite(value) && (Number.isSafeInteger(value) || !/^[+-]?\d+$/.test(digits)) ? value : undefined;
  }
  if (!SPELLING.test(word) || !(word.startsWith("+") || /^[+-]?\./.test(word) || TRAILING_POINT.test(word))) return undefined;
  const value = Number(word);
  return Number.isFinite(value) ? value : undefined;
}

// {"city" "Paris", 'days' 3} → {"city":"Paris","days":3} (city and days declared)
import type { ParserFamily } from "../types.ts";

/**
 * Lossless: a quoted key the object declares, then a space and a value with
 * no `:` between them, is that key and its value. Only a quoted key (a bare
 * word before a value is as likely text) and only a value that opens with a
 * quote, a bracket, a digit or a JSON literal.
 */
export const parseMissingColons: ParserFamily = {
  name: "parse-missing-colons",
  purpose: "Read a declared quoted key followed by a space and a value, its `:` left out.",
  class: "lossless",
  stage: "parse",
};

const VALUE_START = /["'{[\d-]|(?:true|false|null)(?![\p{L}\p{N}_])/uy;

/** Whether a value that needs no guess about where it ends opens at `index` (typographic quotes aside). */
export function plainValueStarts(text: string, index: number): boolean {
  VALUE_START.lastIndex = index;
  return VALUE_START.test(text);
}

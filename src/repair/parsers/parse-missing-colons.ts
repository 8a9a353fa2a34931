// {"city" "Paris", 'days' 3, "path" /a b.txt} → {"city":"Paris","days":3,"path":"/a b.txt"} (all declared, path a string)
import type { ParserFamily } from "../types.ts";

/**
 * Lossless: a quoted key the object declares, then a space and a value with
 * no `:` between them, is that key and its value. Only a quoted key (a bare
 * word before a value is as likely text), and a value that opens with a
 * quote, a bracket, a digit or a JSON literal, or unquoted text where the
 * key is declared a string (parse-unquoted then says where it ends).
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

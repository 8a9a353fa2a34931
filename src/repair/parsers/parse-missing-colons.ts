// {"city" "Paris", 'days' 3, "path" /a b.txt} → {"city":"Paris","days":3,"path":"/a b.txt"}; {a 1 b:2 c 3} → {"a":1,"b":2,"c":3} (all declared; path a string, a b c numbers)
import type { ParserFamily } from "../types.ts";

/**
 * Lossless: a quoted key the object declares, then a space and a value with
 * no `:` between them, is that key and its value. Mostly a quoted key (a bare
 * word before a value is as likely text), and a value that opens with a
 * quote, a bracket, a digit or a JSON literal, or unquoted text where the
 * key is declared a string (parse-unquoted then says where it ends). A
 * declared bare key takes a quoted value on its line, or a number or literal
 * where its property takes no text (`{a 1 b 2}`).
 */
export const parseMissingColons: ParserFamily = {
  name: "parse-missing-colons",
  purpose: "Read a declared key followed by a space and a value, its `:` left out (a bare key: before a quoted value, or a number where no text fits).",
  class: "lossless",
  stage: "parse",
};

const VALUE_START = /["'{[\d-]|(?:true|false|null)(?![\p{L}\p{N}_])/uy;

/** Whether a value that needs no guess about where it ends opens at `index` (typographic quotes aside). */
export function plainValueStarts(text: string, index: number): boolean {
  VALUE_START.lastIndex = index;
  return VALUE_START.test(text);
}

const SCALAR_START = /-?\d|(?:true|false|null)(?![\p{L}\p{N}_])/uy;

/** Whether a number or `true`/`false`/`null` opens at `index`. */
export function scalarStarts(text: string, index: number): boolean {
  SCALAR_START.lastIndex = index;
  return SCALAR_START.test(text);
}

// {"a": True, "b": FALSE, "c": None, "d": undefined, "e": NaN} → {"a":true,"b":false,"c":null,"d":null,"e":null}
import type { ParserFamily } from "../types.ts";

/**
 * Lossless: the spellings of other languages for JSON's literals. When the
 * schema admits a string there but not the literal's type, the word is read
 * as a string instead (with parse-unquoted).
 */
export const parseLiteralSpellings: ParserFamily = {
  name: "parse-literal-spellings",
  purpose: "Read true, false and null in any case, and None, undefined and NaN as null.",
  class: "lossless",
  stage: "parse",
};

const SPELLINGS: ReadonlyMap<string, boolean | null> = new Map([
  ["true", true],
  ["false", false],
  ["null", null],
  ["none", null],
  ["undefined", null],
  ["nan", null],
]);

/** The literal `word` spells in any case, or `undefined` (a `{ value }` box, since null is one). */
export function literalSpelling(word: string): { readonly value: boolean | null } | undefined {
  const value = SPELLINGS.get(word.toLowerCase());
  return value === undefined ? undefined : { value };
}

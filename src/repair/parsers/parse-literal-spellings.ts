// {"a": True, "b": FALSE, "c": None} → {"a":true,"b":false,"c":null}; {"d": undefined}, {"e": NaN} → no reading (no value was written)
import type { ParserFamily } from "../types.ts";

/**
 * Lossless: the spellings of other languages for JSON's literals. When the
 * schema admits a string there but not the literal's type, the word is read
 * as a string instead (with parse-unquoted). `undefined`, `NaN` and
 * `Infinity` are no such spelling: where a value goes they say the model
 * had no value to write, and what it meant is open (see elided-values.ts).
 */
export const parseLiteralSpellings: ParserFamily = {
  name: "parse-literal-spellings",
  purpose: "Read true, false and null in any case, and None as null.",
  class: "lossless",
  stage: "parse",
};

const SPELLINGS: ReadonlyMap<string, boolean | null> = new Map([
  ["true", true],
  ["false", false],
  ["null", null],
  ["none", null],
]);

/** The literal `word` spells in any case, or `undefined` (a `{ value }` box, since null is one). */
export function literalSpelling(word: string): { readonly value: boolean | null } | undefined {
  const value = SPELLINGS.get(word.toLowerCase());
  return value === undefined ? undefined : { value };
}


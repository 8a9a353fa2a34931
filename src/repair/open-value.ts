/**
 * What, in arguments that did not parse, leaves the model's value open, so
 * that any repair would be a guess: a mark standing where a value goes (a
 * value left out and marked so, a number with no digit written, a slot in
 * brackets where the schema takes no list, code), or quotes inside a string
 * that a smart-quote filter may have turned. Both the structured calls and
 * the calls read from text refuse such arguments, by this one check.
 */
import { codeValue } from "./code-values.ts";
import { digitlessNumber } from "./digitless-numbers.ts";
import { bracketedSlot, elidedValue } from "./elided-values.ts";
import { smartQuotedPair } from "./smart-quote-pairs.ts";

export type OpenValue =
  /** `mark` stands where a value should be. */
  | { readonly kind: "stand-in"; readonly mark: string }
  /** The quotes inside `text` may be plain or typographic. */
  | { readonly kind: "turned-quotes"; readonly text: string };

/** The first thing in `text` that leaves a value open; `schema`, when known, tells a bracketed slot from a list. */
export function openValueIn(text: string, schema?: unknown): OpenValue | undefined {
  const mark = elidedValue(text) ?? digitlessNumber(text) ?? (schema === undefined ? undefined : bracketedSlot(text, schema)) ?? codeValue(text);
  if (mark !== undefined) return { kind: "stand-in", mark };
  const paired = smartQuotedPair(text);
  return paired === undefined ? undefined : { kind: "turned-quotes", text: paired };
}

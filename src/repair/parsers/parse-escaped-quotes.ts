// {"query": \"weather in Paris\", "lang": \\"en\\"} → {"query":"weather in Paris","lang":"en"}
import type { ParserFamily } from "../types.ts";

/**
 * Lossless: a value outside any string that opens and closes with the same
 * escaped quote (`\"…\"`, `\\"…\\"`) is a string whose quotes were escaped
 * once or twice too often, as when a model escapes the arguments for a JSON
 * string they were never put in. A value that meant the quote characters
 * would be written inside a string (`"\"foo\""`). Only plain text between:
 * no other quote and no backslash, which would leave the level of escaping open.
 */
export const parseEscapedQuotes: ParserFamily = {
  name: "parse-escaped-quotes",
  purpose: "Read a value between escaped quotes outside any string (`\\\"foo\\\"`, `\\\\\"foo\\\\\"`) as the string between them.",
  class: "lossless",
  stage: "parse",
};

/** Escaped quotes deeper than this are no slip of one layer or two. */
const MAX_BACKSLASHES = 3;

/** The string between escaped quotes opening at `index`, and the index past the closing ones; or `undefined`. */
export function escapedQuoted(text: string, index: number): { readonly value: string; readonly end: number } | undefined {
  let quoteAt = index;
  while (text[quoteAt] === "\\") quoteAt++;
  const backslashes = quoteAt - index;
  if (backslashes === 0 || backslashes > MAX_BACKSLASHES || text[quoteAt] !== '"') return undefined;
  const opener = text.slice(index, quoteAt + 1);
  const close = text.indexOf(opener, quoteAt + 1);
  if (close === -1) return undefined;
  const value = text.slice(quoteAt + 1, close);
  // Another quote or a backslash inside: which level each is escaped to is open. A line break: not one value.
  if (/["\\\n\r]/.test(value)) return undefined;
  return { value, end: close + opener.length };
}

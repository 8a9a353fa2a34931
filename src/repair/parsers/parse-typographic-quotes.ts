// {“city”: "Paris", ‘unit’: ‘c’, `mode´: «fast», 「lang」: 「ja」} → {"city":"Paris","unit":"c","mode":"fast","lang":"ja"}
import type { ParserFamily } from "../types.ts";

/**
 * Lossless: a key or a value that opens with a typographic or look-alike
 * quote is a quoted string, its quotes being delimiters only. It ends at a
 * quote of the same kind (double-like or single-like, the plain one too)
 * that a valid continuation follows; earlier ones (`it’s`) are text. CJK
 * corner brackets (「…」, 『…』), the quotation marks of Japanese and
 * Traditional Chinese, are a kind of their own. Inside a string opened by a
 * plain quote they are always text.
 */
export const parseTypographicQuotes: ParserFamily = {
  name: "parse-typographic-quotes",
  purpose: "Read keys and strings delimited by typographic or look-alike quotes (“…”, ‘…’, `…´, «…», „…“, 「…」) as quoted.",
  class: "lossless",
  stage: "parse",
};

/** Quotes that stand for `"` (the plain one first), and those that stand for `'`. */
const DOUBLE_LIKE = '"\u201c\u201d\u201e\u201f\u00ab\u00bb\uff02';
const SINGLE_LIKE = "'\u2018\u2019\u201a\u201b\u2039\u203a\u0060\u00b4\uff07";
/** CJK corner brackets: no plain quote stands for them. */
const CORNER_LIKE = "\u300c\u300d\u300e\u300f";

/** Every typographic or look-alike quote (the plain ones aside). */
export const TYPOGRAPHIC_QUOTES = DOUBLE_LIKE.slice(1) + SINGLE_LIKE.slice(1) + CORNER_LIKE;

/** The quotes that may close a string `opener` opens, when `opener` is a typographic quote; else `undefined`. */
export function typographicClosers(opener: string | undefined): string | undefined {
  if (opener === undefined || opener === '"' || opener === "'") return undefined;
  if (DOUBLE_LIKE.includes(opener)) return DOUBLE_LIKE;
  if (CORNER_LIKE.includes(opener)) return CORNER_LIKE;
  return SINGLE_LIKE.includes(opener) ? SINGLE_LIKE : undefined;
}

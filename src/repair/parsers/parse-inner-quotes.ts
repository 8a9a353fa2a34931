// {"msg": "say "hi" to Bob", "md": "[a](http://x "t")"} → {"msg":"say \"hi\" to Bob","md":"[a](http://x \"t\")"}
import type { ParserFamily } from "../types.ts";

/**
 * Lossless: a quote inside a string is kept as a character. A string ends at
 * the first quote that what follows continues validly (`,` and a key, `}`,
 * `]`, the end; `:` after a key); any earlier quote is content.
 */
export const parseInnerQuotes: ParserFamily = {
  name: "parse-inner-quotes",
  purpose: "Keep unescaped quotes inside strings: a string ends only where a valid continuation follows.",
  class: "lossless",
  stage: "parse",
};

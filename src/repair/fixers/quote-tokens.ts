// {"city": <|"|>Paris<|"|>} → {"city": "Paris"}; {city:<escape>Paris<escape>} → {city:"Paris"}; {"city": "<|\"|>Paris<|\"|>"} → {"city": "Paris"}
import { GEMMA_FAMILIES } from "../content-calls/gemma-calls.ts";
import type { TextFixer } from "../types.ts";

/** The quote tokens, longest family first: `<|"|>`, `<escape>`. */
export const QUOTE_TOKENS: readonly string[] = GEMMA_FAMILIES.map((family) => family.quote);

/**
 * Gemma 4 and FunctionGemma write strings between quote tokens, and a server
 * that half-parses their calls can pass those tokens on in the arguments.
 * Read as bare words they would end up inside the value. Each pair becomes
 * the JSON string it delimits; a token inside a JSON string is data, and an
 * unpaired token leaves the text alone. A JSON string that Gemma 4's tokens
 * wrap whole is the one exception, unwrapped once the text has parsed
 * (token-quoted-strings.ts): a runtime quoted the delimited value again.
 */
export const quoteTokens: TextFixer = {
  name: "quote-tokens",
  purpose: "Turn strings written between Gemma's quote tokens (<|\"|>, <escape>) into JSON strings, and unwrap a JSON string Gemma 4's tokens wrap whole.",
  class: "lossless",
  stage: "text",
  fix(text) {
    const quote = QUOTE_TOKENS.find((token) => text.includes(token));
    if (quote === undefined) return undefined;
    let out = "";
    let at = 0;
    while (at < text.length) {
      if (text.startsWith(quote, at)) {
        const close = text.indexOf(quote, at + quote.length);
        if (close < 0) return undefined;
        out += JSON.stringify(text.slice(at + quote.length, close));
        at = close + quote.length;
      } else if (text[at] === '"') {
        let end = at + 1;
        while (end < text.length && text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
        out += text.slice(at, end + 1);
        at = end + 1;
      } else {
        out += text[at];
        at++;
      }
    }
    return out === text ? undefined : out;
  },
};

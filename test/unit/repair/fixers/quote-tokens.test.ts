import { describe, it } from "vitest";
import { quoteTokens } from "../../../../src/repair/fixers/quote-tokens.ts";
import { assertTextFix } from "./text-fixer-helper.ts";

describe("quote-tokens", () => {
  it.each([
    ['{"city": <|"|>Paris<|"|>}', '{"city": "Paris"}'],
    ['{city:<|"|>Paris<|"|>, unit:<|"|>c<|"|>}', '{city:"Paris", unit:"c"}'],
    ['{"city": <escape>Paris<escape>}', '{"city": "Paris"}'],
    // What the tokens delimit is kept whole, quotes and backslashes escaped.
    ['{"q": <|"|>say "hi" in C:\\dir<|"|>}', '{"q": "say \\"hi\\" in C:\\\\dir"}'],
    ['{"tags": [<|"|>a<|"|>, <|"|>b, c<|"|>]}', '{"tags": ["a", "b, c"]}'],
    // Inside a JSON string the token is data.
    ['{"template": "<escape>x<escape>", "a": 1}', undefined],
    // Unpaired: no reading to make.
    ['{"city": <|"|>Paris}', undefined],
    ['{"city": "Paris"}', undefined],
  ])("%j → %j", (input, expected) => assertTextFix(quoteTokens, input, expected));
});

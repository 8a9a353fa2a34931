// {""city"": "Paris", "unit": ""celsius""} → {"city":"Paris","unit":"celsius"} (unit an enum: a quoted `"celsius"` is not one of its values)
import type { ParserFamily } from "../types.ts";

/**
 * Lossless: a key wrapped in two pairs of quotes is the name inside. A value
 * so wrapped is as much a quoted text (`"x"`, its quotes unescaped) as a
 * doubled `x`: the reading stands only where the schema rules the other out
 * (an enum, a pattern, a format).
 */
export const parseDoubledQuotes: ParserFamily = {
  name: "parse-doubled-quotes",
  purpose: "Read a key, or a value the schema does not let keep its quotes, wrapped in doubled quotes (`\"\"value\"\"`) as the text inside.",
  class: "lossless",
  stage: "parse",
};

/** The body of `""text""` (given the text between the outer quotes), or `undefined`. */
export function undoubled(body: string, quote: string): string | undefined {
  // `""""` is two quotes as much as an empty string twice quoted: the empty reading stands beside the other.
  if (body === quote + quote) return "";
  if (body.length < 3 || body[0] !== quote || body[body.length - 1] !== quote) return undefined;
  const inner = body.slice(1, -1);
  return inner.includes(quote) ? undefined : inner;
}

// {""city"": ""Paris""} → {"city":"Paris"}
import type { ParserFamily } from "../types.ts";

/** Lossless: a string wrapped in two pairs of quotes holds the same text as with one. */
export const parseDoubledQuotes: ParserFamily = {
  name: "parse-doubled-quotes",
  purpose: "Read a key or string wrapped in doubled quotes (`\"\"value\"\"`) as the value inside.",
  class: "lossless",
  stage: "parse",
};

/** The body of `""text""` (given the text between the outer quotes), or `undefined`. */
export function undoubled(body: string, quote: string): string | undefined {
  // `""""` is two quotes as much as an empty string twice quoted: only text inside counts.
  if (body.length < 3 || body[0] !== quote || body[body.length - 1] !== quote) return undefined;
  const inner = body.slice(1, -1);
  return inner.includes(quote) ? undefined : inner;
}

// {""city"": "Paris", "unit": ""celsius""} → {"city":"Paris","unit":"celsius"} (unit an enum: a quoted `"celsius"` is not one of its values)
import type { ParserFamily } from "../types.ts";
import { declaredKeysOf } from "./schema-guide.ts";

/**
 * Lossless: a key wrapped in two pairs of quotes is the name inside. A value
 * so wrapped is as much a quoted text (`"x"`, its quotes unescaped) as a
 * doubled `x`: the reading stands only where the schema rules the other out
 * (an enum, a pattern, a format). A key with only one of its quotes written
 * twice (`""city": …`, `"city"": …`) is the declared key inside: no name
 * holds a stray quote at its end.
 */
export const parseDoubledQuotes: ParserFamily = {
  name: "parse-doubled-quotes",
  purpose: "Read a key, or a value the schema does not let keep its quotes, wrapped in doubled quotes (`\"\"value\"\"`) as the text inside; a key with one quote written twice as the declared key inside.",
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

/**
 * The declared key inside a key's `body` (the text between its outer quotes) that holds one more quote at its
 * start or its end, glued to the name, and no other (`"city` of `""city"`), or `undefined`: the schema must
 * declare the key inside and not the body as written.
 */
export function keyInStrayQuote(body: string, quote: string, schema: unknown): string | undefined {
  const inner = body.startsWith(quote) ? body.slice(1) : body.endsWith(quote) ? body.slice(0, -1) : undefined;
  // Glued to the name: `"" key"` is as much an empty string and a stray word.
  if (inner === undefined || !/^\S(?:.*\S)?$/s.test(inner) || inner.includes(quote) || inner.includes("\\")) return undefined;
  const declared = declaredKeysOf(schema);
  return declared?.has(inner) === true && !declared.has(body) ? inner : undefined;
}

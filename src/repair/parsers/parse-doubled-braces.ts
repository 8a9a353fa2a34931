// {"steps": [{ {"text": "hi"} }]} → {"steps":[{"text":"hi"}]}; {"x": {{"a": 1}}} → {"x":{"a":1}}
import type { ParserFamily } from "../types.ts";
import type { Reader } from "./reader.ts";

/**
 * Lossless: an object written inside a second pair of braces with nothing
 * else in it (`{{"a": 1}}`, also over lines) where a value or a list item
 * belongs. An object holds members, not a bare object, so the outer pair
 * holds no key that was lost: it is a brace typed twice. The root's own
 * doubled braces are `undouble-braces`' (a template's escaping).
 */
export const parseDoubledBraces: ParserFamily = {
  name: "parse-doubled-braces",
  purpose: "Read an object inside a second pair of braces that holds nothing else (`{{\"a\": 1}}` as a value or a list item) as that object.",
  class: "lossless",
  stage: "parse",
};

/** Where the inner object of a doubled pair opening at `index` starts, or `undefined`. */
export function doubledBraceInner(reader: Reader, index: number): number | undefined {
  if (reader.text[index] !== "{" || !reader.has(parseDoubledBraces.name)) return undefined;
  const inner = reader.skip(index + 1);
  return reader.text[inner] === "{" ? inner : undefined;
}

/** Where the doubled pair ends, given where its inner object ended: past the outer `}`, or `undefined`. */
export function doubledBraceEnd(reader: Reader, innerEnd: number): number | undefined {
  const close = reader.skip(innerEnd);
  return reader.text[close] === "}" ? close + 1 : undefined;
}

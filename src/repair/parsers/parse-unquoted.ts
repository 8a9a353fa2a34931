// {path: C:\Users\a b\x.txt, note: Re: lunch, at 1, mode: read} → {"path":"C:\\Users\\a b\\x.txt","note":"Re: lunch, at 1","mode":"read"}
import type { ParserFamily } from "../types.ts";

/**
 * Lossless: the text of the value is kept whole, spaces, colons, commas and
 * backslashes included. The schema says where it ends: before `, key:` with a
 * declared key, or at the object's `}`. When an undeclared `, word:` inside
 * it could be a key the schema does not know, the reading is refused.
 * Quoted phrases joined by words (`"a b" OR "c"`) are such a value too, their
 * quotes kept (see `quotedPhrases`).
 */
export const parseUnquoted: ParserFamily = {
  name: "parse-unquoted",
  purpose: "Read unquoted keys and unquoted string values; a value ends before the next declared key.",
  class: "lossless",
  stage: "parse",
};

const KEY = /[\p{L}\p{N}_$@.-]+/uy;

/** The end of the unquoted key (identifier-like) at `index`, or `undefined`. */
export function unquotedKeyEnd(text: string, index: number): number | undefined {
  KEY.lastIndex = index;
  return KEY.test(text) ? KEY.lastIndex : undefined;
}

/** Past a key's closing quote when it lost only its opening one (`{a": 1}`): `wordEnd` is where the bare word ends. */
export function halfQuotedKeyEnd(text: string, wordEnd: number): number {
  return text[wordEnd] === '"' || text[wordEnd] === "'" ? wordEnd + 1 : wordEnd;
}

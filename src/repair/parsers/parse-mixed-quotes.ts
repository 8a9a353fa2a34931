// {"a": "x",'path": "b"} → {"a":"x","path":"b"}; {"note": "said ‘hi’！','path": "b"} → {"note":"said ‘hi’！","path":"b"}
import type { ParserFamily } from "../types.ts";
import type { Reader } from "./reader.ts";
import { declaredKeysOf } from "./schema-guide.ts";

/**
 * Lossless: a key the object declares, opened with one quote and closed with
 * the other (`'path":`), and a string value closed with `'` right before
 * such a key (`…done','path":`): the quotes a model mixed up where a member
 * ends and the next begins. Only a declared key followed by its `:` says
 * where the member ends; any other `'` inside a value is text.
 */
export const parseMixedQuotes: ParserFamily = {
  name: "parse-mixed-quotes",
  purpose: "Read a declared key opened with one quote and closed with the other (`'path\":`), and a string value closed with `'` right before such a key, as that key and that value.",
  class: "lossless",
  stage: "parse",
};

/** `'key":` or `"key':` at `index`, a key `schema` declares: its text and the index past its closing quote. */
export function mixedQuotedKey(reader: Reader, index: number, schema: unknown): { text: string; end: number } | undefined {
  const open = reader.text[index];
  if ((open !== '"' && open !== "'") || !reader.has(parseMixedQuotes.name)) return undefined;
  const close = reader.text.indexOf(open === '"' ? "'" : '"', index + 1);
  if (close < 0 || close - index > 256) return undefined;
  const text = reader.text.slice(index + 1, close);
  if (/["'\\\n\r]/.test(text) || reader.text[reader.skip(close + 1)] !== ":") return undefined;
  return declaredKeysOf(schema)?.has(text) === true ? { text, end: close + 1 } : undefined;
}

/** At a `'` inside a double-quoted value of an object `schema` describes: a comma and a mixed-quoted declared key follow it. */
export function closesBeforeMixedKey(reader: Reader, at: number, schema: unknown): boolean {
  if (reader.text[at] !== "'" || !reader.has(parseMixedQuotes.name)) return false;
  const comma = reader.skip(at + 1);
  if (reader.text[comma] !== ",") return false;
  const key = reader.skip(comma + 1);
  return reader.text[key] === "'" && mixedQuotedKey(reader, key, schema) !== undefined;
}

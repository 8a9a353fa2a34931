// {"city": "Paris", "unit": "c" → {"city":"Paris","unit":"c"} (not cut: finish reason not `length`, last value complete, every required property there)
import type { ParserFamily } from "../types.ts";
import { ownValue } from "../json-pointer.ts";
import type { JsonObject } from "../../json.ts";
import type { Reader } from "./reader.ts";

/**
 * Lossless: the root object's final `}` was left out, nothing else. Only when
 * the text cannot have been cut: the upstream did not say `finish_reason:
 * "length"`, the text ends right after a complete value of the root (a
 * closed string, `true`/`false`/`null`, a closed object or array, a number
 * when the upstream gave its finish reason, or, with none, as close-truncated's
 * guess (see `numberMayEndText`): digits may have been cut; never unquoted
 * text, a comma or a key), and every required property is
 * there. Any other missing closer is a cut, for close-truncated to judge.
 */
export const parseMissingBrace: ParserFamily = {
  name: "parse-missing-brace",
  purpose: "Close the root object whose final `}` was left out after a complete last value, when every required property is there and the output was not cut.",
  class: "lossless",
  stage: "parse",
};

/** Whether a value of the root object may end where the text ends (its `}` dropped, not cut). */
export function mayEndAtText(reader: Reader): boolean {
  return reader.has(parseMissingBrace.name) && reader.finishReason !== "length";
}

/**
 * Whether a number may end the text (digits may have been cut): when the upstream said why it stopped, and not
 * `length`; with no finish reason, as `close-truncated` takes `{"age": 30`: complete, a guess the reading names.
 */
export function numberMayEndText(reader: Reader): boolean {
  if (typeof reader.finishReason === "string") return reader.finishReason !== "length";
  if (reader.numberEndGuess === undefined) return false;
  reader.use(reader.numberEndGuess);
  return true;
}

/** Whether the root `object`, read to the end of the text, may close there. */
export function closesAtText(reader: Reader, object: JsonObject, schema: unknown): boolean {
  if (!mayEndAtText(reader)) return false;
  const required = ownValue(schema, "required");
  if (Array.isArray(required) && !required.every((key) => typeof key === "string" && Object.hasOwn(object, key))) return false;
  reader.use(parseMissingBrace.name);
  return true;
}

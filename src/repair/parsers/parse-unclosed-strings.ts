// {"city": "New York, "gender": "male"} → {"city":"New York","gender":"male"}
import type { ParserFamily } from "../types.ts";
import { keyAhead } from "./reader.ts";
import type { Place, Reader } from "./reader.ts";
import { declaredKeysOf } from "./schema-guide.ts";

/**
 * Lossless: a string whose first inner quote opens a declared key right
 * after a comma (`"New York, "gender":`) lost its closing quote before that
 * comma; what it holds up to the comma is the value. Another family may read
 * the stretch otherwise (inner quotes kept): then neither reading stands.
 */
export const parseUnclosedStrings: ParserFamily = {
  name: "parse-unclosed-strings",
  purpose: "End a string that lost its closing quote before `, \"key\":` with a key the object declares.",
  class: "lossless",
  stage: "parse",
};

const TRAILING_COMMA = /,\s*$/;

/**
 * For a value opening at `open` whose first inner quote is at `quoteAt`: the
 * index of the comma it ends before, or `undefined` when the rule does not hold.
 */
export function unclosedEnd(reader: Reader, open: number, quoteAt: number, place: Place): number | undefined {
  if (place.container !== "object" || declaredKeysOf(place.schema) === undefined) return undefined;
  const body = reader.text.slice(open + 1, quoteAt);
  const comma = TRAILING_COMMA.exec(body);
  // `"C:\", "b":` may end at its escaped quote (a backslash kept): another reading, so none here.
  if (comma === null || comma.index === 0 || body.includes(`\\${reader.text[open]!}`)) return undefined;
  return keyAhead(reader, quoteAt, place.schema, "declared") === undefined ? undefined : open + 1 + comma.index;
}

// {"items": [1, 2, 3, "count": 3} → {"items":[1,2,3],"count":3}
import type { ParserFamily } from "../types.ts";
import { keyAhead } from "./reader.ts";
import type { Reader } from "./reader.ts";
import { declaredKeysOf, mayAdmit } from "./schema-guide.ts";

/**
 * Lossless: a list whose `]` was left out, its last item followed by the
 * comma and the next member of the object that holds it (`"a": [1, 2,
 * "b": 3}`). A key and its `:` are no list item, so the list ended before
 * them. Only a key that object declares, and only where the list's items
 * cannot be objects: `[{"x": 1}, "y": 2}` may be an item whose `{` was lost.
 */
export const parseLostListEnd: ParserFamily = {
  name: "parse-lost-list-end",
  purpose: "End a list whose `]` was left out before the next member of its object: a declared key and its colon after the last item's comma.",
  class: "lossless",
  stage: "parse",
};

/** Whether a list whose items `itemSchema` describes ends before `index`, where a key its object (`objectSchema`) declares starts. */
export function listEndsBeforeKey(reader: Reader, index: number, objectSchema: unknown, itemSchema: unknown): boolean {
  if (!reader.has(parseLostListEnd.name) || itemSchema === undefined || mayAdmit(itemSchema, "object")) return false;
  const key = keyAhead(reader, index, objectSchema, "declared");
  return key !== undefined && declaredKeysOf(objectSchema)?.has(key) === true;
}

// {"range": {"min": 1], "max": 9} → {"range":{"min":1},"max":9} (max declared by the root, not by range); {"args": {"items": [{"k": 1}, {"k": 2}}}} → {"args":{"items":[{"k":1},{"k":2}]}}
import type { ParserFamily } from "../types.ts";
import { keyAhead } from "./reader.ts";
import type { Reader } from "./reader.ts";
import { declaredKeysOf } from "./schema-guide.ts";

/**
 * Lossless: an object nested in another, closed by a `]` typed for its `}`,
 * when what follows can only be its parent's: a comma, then a key the parent
 * declares and the nested object does not. A `]` typed once too often
 * (parse-stray-closers) would keep the nested object open and give it the
 * parent's member, and need the parent's own `}` to be missing too: not read
 * there, nor where both objects declare the key or the nested one declares
 * none (whose member it is: two readings).
 *
 * The same for a list, the value of an object's property, closed by a `}`
 * typed for its `]` after an item (`[{"k": 1}, {"k": 2}}}`, as a model
 * miscounts the closers of nested lists and objects): when what follows is
 * its parent's own `}`, the text's end, or a comma and a key the parent
 * declares. Read as a `}` typed once too often with the `]` lost, the list
 * would end at the same place with the same items: one value either way.
 */
export const parseMistypedClosers: ParserFamily = {
  name: "parse-mistyped-closers",
  purpose: "Close a nested object at a `]` typed for its `}`, when a comma and a key only its parent declares follow; close a list at a `}` typed for its `]`, when its parent's `}`, the text's end, or a comma and a key its parent declares follow.",
  class: "lossless",
  stage: "parse",
};

/** After a `]` at `at`: a comma, then a key the parent object (`parentSchema`) declares, which is returned; else `undefined`. */
export function parentKeyAfter(reader: Reader, at: number, parentSchema: unknown): string | undefined {
  if (reader.text[at] !== "]") return undefined;
  const comma = reader.skip(at + 1);
  if (reader.text[comma] !== ",") return undefined;
  const key = keyAhead(reader, reader.skip(comma + 1), parentSchema, "declared");
  return key !== undefined && declaredKeysOf(parentSchema)?.has(key) === true ? key : undefined;
}

/**
 * After a list's item, a `}` at `at` typed for the list's `]`: followed by the parent object's `}`, the text's end,
 * or a comma and a key the parent (`parentSchema`) declares. Not right after unquoted text (`x}` may be its own).
 */
export function listClosedByBrace(reader: Reader, at: number, parentSchema: unknown): boolean {
  if (reader.text[at] !== "}" || !reader.has(parseMistypedClosers.name)) return false;
  if (reader.unquotedEnd >= 0 && reader.skip(reader.unquotedEnd) === at) return false;
  const next = reader.skip(at + 1);
  const char = reader.text[next];
  if (char === undefined || char === "}") return true;
  if (char !== ",") return false;
  const key = keyAhead(reader, reader.skip(next + 1), parentSchema, "declared");
  return key !== undefined && declaredKeysOf(parentSchema)?.has(key) === true;
}

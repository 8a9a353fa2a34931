// {"range": {"min": 1], "max": 9} → {"range":{"min":1},"max":9} (max declared by the root, not by range)
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
 */
export const parseMistypedClosers: ParserFamily = {
  name: "parse-mistyped-closers",
  purpose: "Close a nested object at a `]` typed for its `}`, when a comma and a key only its parent declares follow.",
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

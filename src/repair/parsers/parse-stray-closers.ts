// {"a": 1]} → {"a":1}; {"a": [1, 2}]} → {"a":[1,2]}; {"items": [{"x": 1}]], "n": "t"} → {"items":[{"x":1}],"n":"t"}
import type { ParserFamily } from "../types.ts";
import type { Reader } from "./reader.ts";
import { itemsSchemaOf, mayAdmit } from "./schema-guide.ts";

/**
 * Lossless: a closer of the other kind (`]` in an object, `}` in a list)
 * right after a member, before a comma or the container's own closer, closes
 * nothing that is open: a bracket typed once too often. It is read as
 * nothing. Not when the bracket may be the end of a list whose `[` was lost
 * (`{"ids": 1]}` where `ids` takes a list of numbers): that is another value.
 */
export const parseStrayClosers: ParserFamily = {
  name: "parse-stray-closers",
  purpose: "Read a `]` in an object or a `}` in a list, right after a member and closing nothing open, as a bracket typed once too often.",
  class: "lossless",
  stage: "parse",
};

/** The other kind's closer at `at`, after a member: where reading goes on past it, or `undefined`. */
export function strayCloserEnd(reader: Reader, at: number, closer: "}" | "]"): number | undefined {
  const char = reader.text[at];
  if (char !== (closer === "}" ? "]" : "}") || !reader.has(parseStrayClosers.name)) return undefined;
  // Right after unquoted text (`{"a": x]}`) the bracket may be that text's own (`x]`): two readings.
  if (reader.unquotedEnd >= 0 && reader.skip(reader.unquotedEnd) === at) return undefined;
  const next = reader.skip(at + 1);
  // Right before a comma or the container's own closer: a lone bracket between members.
  if (reader.text[next] !== "," && reader.text[next] !== closer) return undefined;
  return at + 1;
}

/**
 * Whether a `]` after `value`, the value of a property `schema` describes,
 * may close a list whose `[` was lost: the property takes a list that could hold the value.
 */
export function mayCloseLostList(value: unknown, schema: unknown): boolean {
  if (!mayAdmit(schema, "array")) return false;
  const items = itemsSchemaOf(schema);
  // `[1, 2]]` for a list of numbers: a list of lists is the other reading only where one is allowed.
  return !Array.isArray(value) || items === undefined || mayAdmit(items, "array");
}

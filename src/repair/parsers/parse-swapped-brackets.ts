// {"tags": {"a", "b"}} → {"tags":["a","b"]} (tags a list); {"at": ["x": 1, "y": 2]} → {"at":{"x":1,"y":2}} (at an object)
import type { ParserFamily } from "../types.ts";
import { mayAdmit } from "./schema-guide.ts";

/**
 * Lossless: a list written between braces, or an object's members between
 * square brackets, where the schema takes only the other kind. Read as the
 * kind the schema takes, and only when the whole inside reads so with the
 * matching closer of the brackets as written (`{"a", "b"}`: items, no key;
 * `["x": 1]`: members, no item). Where both kinds fit, or the schema says
 * nothing, the brackets as written decide. Never at the root: the
 * arguments are an object.
 */
export const parseSwappedBrackets: ParserFamily = {
  name: "parse-swapped-brackets",
  purpose: "Read a list written in braces, or an object's members written in square brackets, as the kind the schema takes there.",
  class: "lossless",
  stage: "parse",
};

/** The kind to read a container opening with `bracket` as, where `schema` takes only the other kind; else `undefined`. */
export function swappedKind(bracket: string, schema: unknown): "object" | "array" | undefined {
  if (schema === undefined) return undefined;
  if (bracket === "{" && mayAdmit(schema, "array") && !mayAdmit(schema, "object")) return "array";
  if (bracket === "[" && mayAdmit(schema, "object") && !mayAdmit(schema, "array")) return "object";
  return undefined;
}

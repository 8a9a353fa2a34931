// {"action":"help","file_path":"/x.pdf"} → {"request":{"action":"help","file_path":"/x.pdf"}} when `request` is the one required object that declares both keys
import type { ValueFixer } from "../types.ts";
import { isJsonObject, type JsonObject } from "../../json.ts";
import { defineOwn, getPointer, ownValue } from "../json-pointer.ts";
import { declaredProperties } from "../schema-shape.ts";
import { foldIdentifier, mayName } from "../similarity.ts";

/** `$ref` hops followed to reach a wrapper's object schema (pydantic's `$defs`, `allOf: [{$ref}]`). */
const MAX_REF_HOPS = 4;

/** The schema `schema` stands for once local `$ref`s (and a one-branch `allOf` around one) are followed. */
function resolveLocal(root: unknown, schema: unknown): unknown {
  let current = schema;
  for (let hop = 0; hop < MAX_REF_HOPS; hop++) {
    const allOf = ownValue(current, "allOf");
    if (Array.isArray(allOf) && allOf.length === 1 && declaredProperties(current) === undefined) {
      current = allOf[0];
      continue;
    }
    const ref = ownValue(current, "$ref");
    if (typeof ref !== "string" || !ref.startsWith("#")) return current;
    let pointer: string;
    try {
      pointer = decodeURIComponent(ref.slice(1));
    } catch {
      return undefined;
    }
    current = getPointer(root, pointer);
  }
  return undefined;
}

/** The required properties of a schema. */
function requiredOf(schema: unknown): Set<string> {
  const required = ownValue(schema, "required");
  return new Set(Array.isArray(required) ? required.filter((key) => typeof key === "string") : []);
}

/**
 * MCP servers built on a model parameter (FastMCP's `request: PdfRequest`,
 * `params: SearchParams`) declare one required object and its fields inside
 * it; the model, reading the tool's description, sends the fields flat.
 * Putting them back in that object changes form only. Every key the root does
 * not declare must be a field of it (in any spelling style) and no other
 * absent object may declare them, nor may one of them resemble another root
 * property the call left out: otherwise where they go is a guess.
 */
export const nestFlatArguments: ValueFixer = {
  name: "nest-flat-arguments",
  purpose: "Move arguments sent flat into the one missing required object property whose schema declares them all.",
  class: "lossless",
  stage: "value",
  fix(value, { schema, errors }) {
    if (!isJsonObject(value) || errors.length === 0) return undefined;
    const declared = declaredProperties(schema);
    if (declared === undefined || ownValue(schema, "patternProperties") !== undefined) return undefined;
    const flat = Object.keys(value).filter((key) => !Object.hasOwn(declared, key));
    if (flat.length === 0) return undefined;
    // A key that spells a root property in another style is that property renamed, not a field sent flat.
    const rootFolded = new Set(Object.keys(declared).map(foldIdentifier));
    if (flat.some((key) => rootFolded.has(foldIdentifier(key)))) return undefined;
    const required = requiredOf(schema);
    const fits = (wrapper: string): boolean => {
      const inner = declaredProperties(resolveLocal(schema, declared[wrapper]));
      if (inner === undefined) return false;
      const folded = new Set(Object.keys(inner).map(foldIdentifier));
      return flat.every((key) => Object.hasOwn(inner, key) || (foldIdentifier(key) !== "" && folded.has(foldIdentifier(key))));
    };
    const wrappers = Object.keys(declared).filter((key) => !Object.hasOwn(value, key) && fits(key));
    if (wrappers.length !== 1 || !required.has(wrappers[0]!)) return undefined;
    const wrapper = wrappers[0]!;
    // A key like another root property the call left out may be that property renamed (`limit` for `min_limit`): where it goes is a guess.
    const absent = Object.keys(declared).filter((name) => name !== wrapper && !Object.hasOwn(value, name));
    if (flat.some((key) => absent.some((name) => mayName(key, name)))) return undefined;
    const nested: JsonObject = {};
    for (const key of flat) defineOwn(nested, key, value[key]);
    // The wrapper takes the place of the first field it holds; the root's own keys keep theirs.
    const result: JsonObject = {};
    for (const key of Object.keys(value)) {
      if (key === flat[0]) defineOwn(result, wrapper, nested);
      else if (!flat.includes(key)) defineOwn(result, key, value[key]);
    }
    return result;
  },
};

// {"id":"read","args.path":"a.md","args.limit":20} → {"id":"read","args":{"path":"a.md","limit":20}} when `args` is a declared object
import type { ValueFixer } from "../types.ts";
import { isJsonObject, type JsonObject } from "../../json.ts";
import { defineOwn, ownValue, refTarget } from "../json-pointer.ts";
import { declaredProperties, declaredTypes } from "../schema-shape.ts";

/** Levels of dotted path followed: deeper paths are left alone. */
const MAX_DEPTH = 4;

/** `schema` once one local `$ref` is followed (pydantic's `$defs`). */
function resolveRef(root: unknown, schema: unknown): unknown {
  const ref = ownValue(schema, "$ref");
  return typeof ref === "string" ? refTarget(root, ref) : schema;
}

/** Whether `schema` describes an object (its type says so, or it declares properties). */
function isObjectSchema(schema: unknown): boolean {
  const types = declaredTypes(schema);
  if (types !== undefined) return types.length === 1 && types[0] === "object";
  return declaredProperties(schema) !== undefined;
}

/**
 * The object with its dotted keys nested under the declared object property
 * they start with; `undefined` when a dotted key names no declared object, or
 * lands on a value already there. `changed` says whether a key moved.
 */
function nest(value: JsonObject, schema: unknown, root: unknown, depth: number): { object: JsonObject; changed: boolean } | undefined {
  const declared = declaredProperties(schema);
  const dotted = Object.keys(value).filter((key) => key.includes(".") && (declared === undefined || !Object.hasOwn(declared, key)));
  if (dotted.length === 0) return { object: value, changed: false };
  // An object that declares nothing may hold keys with dots of its own: which is a path is a guess.
  if (declared === undefined || depth >= MAX_DEPTH) return undefined;
  const groups = new Map<string, JsonObject>();
  for (const key of dotted) {
    const dot = key.indexOf(".");
    const head = key.slice(0, dot);
    const tail = key.slice(dot + 1);
    if (head === "" || tail === "" || !Object.hasOwn(declared, head)) return undefined;
    if (!isObjectSchema(resolveRef(root, declared[head]))) return undefined;
    const existing = ownValue(value, head);
    if (existing !== undefined && !isJsonObject(existing)) return undefined;
    let group = groups.get(head);
    if (group === undefined) {
      group = existing === undefined ? {} : { ...existing };
      groups.set(head, group);
    }
    // The same key written both ways: which value is meant is a guess.
    if (Object.hasOwn(group, tail)) return undefined;
    defineOwn(group, tail, value[key]);
  }
  const result: JsonObject = {};
  const placed = new Set<string>();
  for (const key of Object.keys(value)) {
    const head = dotted.includes(key) ? key.slice(0, key.indexOf(".")) : groups.has(key) ? key : undefined;
    if (head === undefined) {
      defineOwn(result, key, value[key]);
      continue;
    }
    // The nested object takes the place of the first key it gathers.
    if (placed.has(head)) continue;
    placed.add(head);
    const inner = nest(groups.get(head)!, resolveRef(root, declared[head]), root, depth + 1);
    if (inner === undefined) return undefined;
    defineOwn(result, head, inner.object);
  }
  return { object: result, changed: true };
}

/**
 * Some models (Gemini through OpenAI-compatible gateways) flatten a nested
 * object into dotted keys: `args.path` for `path` inside `args`. Nesting them
 * back changes form only: every key and value stays. Each dotted key must
 * start with a property the schema declares as an object; a key already in
 * that object, or a path into an object that declares nothing, is left alone.
 */
export const nestDottedKeys: ValueFixer = {
  name: "nest-dotted-keys",
  purpose: "Nest keys written as a dotted path (`args.path`) into the declared object property they start with.",
  class: "lossless",
  stage: "value",
  fix(value, { schema, errors }) {
    if (!isJsonObject(value) || errors.length === 0) return undefined;
    const nested = nest(value, schema, schema, 0);
    return nested?.changed === true ? nested.object : undefined;
  },
};

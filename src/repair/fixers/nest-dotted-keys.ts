// {"id":"read","args.path":"a.md","args.limit":20} → {"id":"read","args":{"path":"a.md","limit":20}} when `args` is a declared object; {"edits[0].oldText":"a"} → {"edits":[{"oldText":"a"}]} when `edits` is a declared list of objects
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

/** `edits[0].oldText`: a list property's name, an item's index and a key of that item. */
const INDEXED_KEY = /^([^.[\]]+)\[(\d{1,3})\]\.([^.[\]]+)$/;

/** Whether `schema` describes a list whose items are objects. */
function isObjectListSchema(schema: unknown, root: unknown): boolean {
  const types = declaredTypes(schema);
  return types !== undefined && types.length === 1 && types[0] === "array" && isObjectSchema(resolveRef(root, ownValue(schema, "items")));
}

/**
 * The object with its indexed keys (`edits[0].oldText`, `edits[1].oldText`) gathered into the declared list of
 * objects they name, each index an item; `undefined` when one names no such list, the list is there already, or
 * the indexes leave a gap (an item left out: which is a guess). `changed` says whether a key moved.
 */
function nestIndexed(value: JsonObject, schema: unknown, root: unknown): { object: JsonObject; changed: boolean } | undefined {
  const declared = declaredProperties(schema);
  const indexed = Object.keys(value).filter((key) => INDEXED_KEY.test(key) && (declared === undefined || !Object.hasOwn(declared, key)));
  if (indexed.length === 0) return { object: value, changed: false };
  if (declared === undefined) return undefined;
  const lists = new Map<string, JsonObject[]>();
  for (const key of indexed) {
    const [, head, index, tail] = INDEXED_KEY.exec(key)!;
    if (!Object.hasOwn(declared, head!) || !isObjectListSchema(resolveRef(root, declared[head!]), root) || ownValue(value, head!) !== undefined) return undefined;
    const items = lists.get(head!) ?? [];
    lists.set(head!, items);
    const item = (items[Number(index)] ??= {});
    if (Object.hasOwn(item, tail!)) return undefined;
    defineOwn(item, tail!, value[key]);
  }
  // Every index from 0 up: a hole (`edits[0]`, `edits[2]`) leaves an item out. (`Array.from` reads a hole as undefined.)
  for (const items of lists.values()) if (Array.from(items, (item) => item === undefined).includes(true)) return undefined;
  const moved = new Set(indexed);
  const result: JsonObject = {};
  for (const key of Object.keys(value)) {
    if (!moved.has(key)) defineOwn(result, key, value[key]);
    else {
      const head = INDEXED_KEY.exec(key)![1]!;
      if (!Object.hasOwn(result, head)) defineOwn(result, head, lists.get(head)!);
    }
  }
  return { object: result, changed: true };
}

/**
 * Some models (Gemini through OpenAI-compatible gateways) flatten a nested
 * object into dotted keys: `args.path` for `path` inside `args`. Nesting them
 * back changes form only: every key and value stays. So for a list of objects flattened into indexed keys
 * (`edits[0].oldText`), its items numbered from 0 without a gap. Each dotted key must
 * start with a property the schema declares as an object; a key already in
 * that object, or a path into an object that declares nothing, is left alone.
 */
export const nestDottedKeys: ValueFixer = {
  name: "nest-dotted-keys",
  purpose: "Nest keys written as a dotted path (`args.path`, `edits[0].oldText`) into the declared object or list property they start with.",
  class: "lossless",
  stage: "value",
  fix(value, { schema, errors }) {
    if (!isJsonObject(value) || errors.length === 0) return undefined;
    const listed = nestIndexed(value, schema, schema);
    if (listed === undefined) return undefined;
    const nested = nest(listed.object, schema, schema, 0);
    return nested !== undefined && (nested.changed || listed.changed) ? nested.object : undefined;
  },
};

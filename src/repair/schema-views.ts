/**
 * The plain object schemas a composed root stands for, so that every fixer
 * and parse family, which read a schema's `properties` and ajv's errors, can
 * read a composed one too. Generators write parameters as:
 *
 * - a root that is only a `$ref` to the model (`{"$ref": "#/$defs/Args", "$defs": …}`);
 * - a model built from mixins: a root `allOf` of `$ref`s and objects;
 * - a request of several shapes: a root `oneOf`/`anyOf` of branches (each
 *   often a `$ref`, a `const` or one-member `enum` saying which).
 *
 * A root `$ref` or `allOf` has one view: every member's properties and
 * requirements merged (a key two members declare differently takes both, as
 * `allOf`). A root union has one view per branch: the root's own part merged
 * with that branch. A view is a guide, never the judge: what a repair
 * against a view gives must still validate against the declared schema, and
 * the branches' repairs must agree (see repair-tool-call.ts).
 *
 * No view is made (`undefined`) when the root is plain, when a member says
 * something a merge cannot carry (a nested union, `not`, a schema for other
 * keys), when a `$ref` points anywhere but into `$defs`/`definitions` (its
 * target would move), or past the bounds below: the declared schema alone is
 * then read, as before.
 */
import { isJsonObject, type JsonObject } from "../json.ts";
import { copyObject, defineOwn, refTarget } from "./json-pointer.ts";
import { deepEqualJson } from "./schema-shape.ts";
import type { JsonSchema } from "./types.ts";

/** Branches of a root union read one by one; more is not a request's shapes but data. */
export const MAX_VIEW_BRANCHES = 8;
/** `allOf` and `$ref` hops followed from the root: mixins of mixins, not recursion. */
const MAX_MERGE_DEPTH = 6;
/** Schema nodes scanned for `$ref`s; the schema has passed the compile bounds, this bounds the scan again. */
const MAX_SCANNED_NODES = 20_000;

/** Keywords that say nothing about the value, or that a view keeps at its root as they are. */
const ANNOTATIONS: ReadonlySet<string> = new Set([
  "title",
  "description",
  "$comment",
  "examples",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
  "discriminator",
  "strict",
]);
/** Root keywords that stay where they are in every view: the dialect, the definitions `$ref`s point into. */
const CARRIED: ReadonlySet<string> = new Set(["$schema", "$id", "$defs", "definitions"]);
/** What a member may hold to be merged: an object's properties and requirements, and more members. */
const MERGEABLE: ReadonlySet<string> = new Set(["type", "properties", "required", "additionalProperties", "unevaluatedProperties", "allOf", "$ref"]);

interface Merged {
  readonly properties: JsonObject;
  readonly required: Set<string>;
  closed: boolean;
}

const blocked = Symbol("blocked");
type Blocked = typeof blocked;

/** A local `$ref` into `$defs` or `definitions`, as generators write them; `undefined` for any other. */
function definitionTarget(reference: unknown, root: JsonObject): unknown {
  if (typeof reference !== "string" || !(reference.startsWith("#/$defs/") || reference.startsWith("#/definitions/"))) return undefined;
  return refTarget(root, reference);
}

/** Whether `type` allows an object (absent, `object`, or a list holding it). */
function allowsObject(type: unknown): boolean {
  if (type === undefined || type === "object") return true;
  return Array.isArray(type) && type.includes("object");
}

/** Merges one member into `into`; `blocked` when it holds what a merge cannot carry. */
function mergeMember(into: Merged, member: unknown, root: JsonObject, depth: number): Merged | Blocked {
  if (member === true) return into;
  if (!isJsonObject(member) || depth > MAX_MERGE_DEPTH) return blocked;
  for (const key of Object.keys(member)) {
    if (!MERGEABLE.has(key) && !ANNOTATIONS.has(key) && !CARRIED.has(key) && !key.startsWith("x-")) return blocked;
  }
  if (!allowsObject(member["type"])) return blocked;
  if (Object.hasOwn(member, "$ref")) {
    const target = definitionTarget(member["$ref"], root);
    if (target === undefined || mergeMember(into, target, root, depth + 1) === blocked) return blocked;
  }
  const allOf = member["allOf"];
  if (allOf !== undefined) {
    if (!Array.isArray(allOf) || allOf.length > MAX_VIEW_BRANCHES) return blocked;
    for (const part of allOf) if (mergeMember(into, part, root, depth + 1) === blocked) return blocked;
  }
  const properties = member["properties"];
  if (properties !== undefined) {
    if (!isJsonObject(properties)) return blocked;
    for (const [key, schema] of Object.entries(properties)) {
      const known: unknown = Object.hasOwn(into.properties, key) ? into.properties[key] : undefined;
      // Two members declaring one key: the value must satisfy both, which is what `allOf` says.
      defineOwn(into.properties, key, known === undefined || deepEqualJson(known, schema) ? schema : { allOf: [known, schema] });
    }
  }
  const required = member["required"];
  if (required !== undefined) {
    if (!Array.isArray(required) || !required.every((key) => typeof key === "string")) return blocked;
    for (const key of required as string[]) into.required.add(key);
  }
  for (const keyword of ["additionalProperties", "unevaluatedProperties"]) {
    const closes = member[keyword];
    if (closes === false) into.closed = true;
    else if (closes !== undefined && closes !== true && !(isJsonObject(closes) && Object.keys(closes).length === 0)) return blocked;
  }
  return into;
}

/** Whether every `$ref` in the schema points into `$defs`/`definitions` (a view moves everything else). */
function refsStayPut(root: JsonObject): boolean {
  const stack: unknown[] = [root];
  let scanned = 0;
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      stack.push(...(node as unknown[]));
      continue;
    }
    if (!isJsonObject(node)) continue;
    if (++scanned > MAX_SCANNED_NODES) return false;
    for (const [key, child] of Object.entries(node)) {
      if (key === "$recursiveRef" || key === "$dynamicRef") return false;
      if (key === "$ref" && definitionTarget(child, root) === undefined) return false;
      if (typeof child === "object" && child !== null) stack.push(child);
    }
  }
  return true;
}

function emptyMerge(): Merged {
  return { properties: {}, required: new Set(), closed: false };
}

function copyMerge(merged: Merged): Merged {
  return { properties: copyObject(merged.properties), required: new Set(merged.required), closed: merged.closed };
}

/** The view's schema: the root's carried and other own keywords, then the merged object. */
function viewSchema(root: JsonObject, kept: JsonObject, merged: Merged): JsonObject {
  const view = copyObject(kept);
  defineOwn(view, "type", "object");
  defineOwn(view, "properties", merged.properties);
  if (merged.required.size > 0) defineOwn(view, "required", [...merged.required]);
  if (merged.closed) defineOwn(view, "additionalProperties", false);
  for (const key of CARRIED) if (Object.hasOwn(root, key)) defineOwn(view, key, root[key]);
  return view;
}

/** The union keyword of the root (`oneOf` or `anyOf`, not both) and its branches; `undefined` when none. */
function rootUnion(root: JsonObject): { readonly keyword: string; readonly branches: readonly unknown[] } | Blocked | undefined {
  const oneOf = root["oneOf"];
  const anyOf = root["anyOf"];
  if (oneOf !== undefined && anyOf !== undefined) return blocked;
  const keyword = oneOf !== undefined ? "oneOf" : anyOf !== undefined ? "anyOf" : undefined;
  if (keyword === undefined) return undefined;
  const branches = root[keyword];
  if (!Array.isArray(branches) || branches.length === 0 || branches.length > MAX_VIEW_BRANCHES) return blocked;
  return { keyword, branches };
}

export interface SchemaViews {
  /** One view per branch of a root union (`union`), or the one merged view of a root `$ref`/`allOf`. */
  readonly kind: "union" | "merged";
  readonly views: readonly JsonObject[];
}

/** The plain views of `schema` (see the module comment); `undefined` when it is plain or cannot be viewed. */
export function schemaViews(schema: JsonSchema): SchemaViews | undefined {
  if (!isJsonObject(schema)) return undefined;
  const union = rootUnion(schema);
  if (union === blocked) return undefined;
  if (union === undefined && !Object.hasOwn(schema, "allOf") && !Object.hasOwn(schema, "$ref")) return undefined;
  if (!refsStayPut(schema)) return undefined;
  // The root's own keywords a view keeps as they are (`not`, `if`, `dependentRequired`…): they apply to the same value.
  const kept: JsonObject = {};
  const own: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "oneOf" || key === "anyOf" || CARRIED.has(key)) continue;
    defineOwn(MERGEABLE.has(key) ? own : kept, key, value);
  }
  const base = mergeMember(emptyMerge(), own, schema, 0);
  if (base === blocked) return undefined;
  if (union === undefined) return { kind: "merged", views: [viewSchema(schema, kept, base)] };
  const views: JsonObject[] = [];
  for (const branch of union.branches) {
    const merged = mergeMember(copyMerge(base), branch, schema, 0);
    if (merged === blocked) return undefined;
    views.push(viewSchema(schema, kept, merged));
  }
  return { kind: "union", views };
}

/**
 * Parameters whose properties sit in a root `oneOf`/`anyOf` (a request that
 * is one of several shapes, each often a `$ref` to its own model, with a
 * `kind` or `action` saying which) declare no property at their root, so a
 * value written as text (Qwen3-Coder's, GLM's, MiniMax's tags) would have
 * nothing to type it. The call's own values say which shape it is: a branch
 * whose `const` or `enum` the call's text does not spell, whose required keys
 * the call lacks, or that is closed to one of its keys, is not the call's.
 * When exactly one branch is left, its properties type the values; when
 * several are, a property they all declare alike does. A key no branch left
 * declares stays undeclared (see untyped-literal.ts): in the branch the call
 * chose it has nothing to type it.
 */
import { isJsonObject, type JsonObject } from "../../json.ts";
import { copyObject, defineOwn, ownValue, refTarget } from "../json-pointer.ts";
import { declaredProperties, deepEqualJson, referencedSchema } from "../schema-shape.ts";
import { schemaViews } from "../schema-views.ts";
import { admitsOtherKeys } from "./untyped-literal.ts";

type Params = readonly (readonly [string, string])[];

/** What types a call's values: the property schemas (local `$ref`s followed) and whether other keys go through. */
export interface TypingSchema {
  readonly properties: JsonObject | undefined;
  readonly open: boolean;
}

/** More branches than this are not weighed: no tool's request has that many shapes. */
const MAX_BRANCHES = 64;
/** Keywords beside a root `$ref` that leave it the whole schema (a Pydantic model's `$defs`, its title). */
const ROOT_SIBLINGS: ReadonlySet<string> = new Set(["$ref", "$defs", "definitions", "$schema", "$id", "type", "title", "description"]);

/** The root schema, its local `$ref` followed when that is all it says (`{"$ref": "#/$defs/Args", "$defs": …}`). */
function rootSchema(parameters: unknown): unknown {
  if (!isJsonObject(parameters) || typeof parameters["$ref"] !== "string" || Object.keys(parameters).some((key) => !ROOT_SIBLINGS.has(key))) return parameters;
  const target = refTarget(parameters, parameters["$ref"]);
  return isJsonObject(target) ? target : parameters;
}

/** The root's `oneOf` or `anyOf` branches read as the schemas they name; `undefined` when there are none (or both keywords). */
function rootBranches(root: unknown, parameters: unknown): JsonObject[] | undefined {
  const oneOf = ownValue(root, "oneOf");
  const anyOf = ownValue(root, "anyOf");
  const list = Array.isArray(oneOf) ? (Array.isArray(anyOf) ? undefined : oneOf) : Array.isArray(anyOf) ? anyOf : undefined;
  if (list === undefined || list.length === 0 || list.length > MAX_BRANCHES) return undefined;
  const branches = (list as unknown[]).map((branch) => referencedSchema(branch, parameters));
  return branches.every(isJsonObject) ? branches : undefined;
}

/** A property's schema in `schema`, its local `$ref` followed. */
function propertySchema(schema: unknown, key: string, parameters: unknown): unknown {
  const property = ownValue(declaredProperties(schema), key);
  return property === undefined ? undefined : referencedSchema(property, parameters);
}

/** The values a property allows by its `const` or `enum`; `undefined` when it names none. */
function allowedValues(schema: unknown): unknown[] | undefined {
  if (isJsonObject(schema) && Object.hasOwn(schema, "const")) return [schema["const"]];
  const members = ownValue(schema, "enum");
  return Array.isArray(members) ? (members as unknown[]) : undefined;
}

/** Whether `text` spells `value`: a string as its text, anything else as its JSON. */
function spells(text: string, value: unknown): boolean {
  const trimmed = text.trim();
  if (typeof value === "string") return text === value || trimmed === value;
  try {
    return deepEqualJson(JSON.parse(trimmed) as unknown, value);
  } catch {
    return false;
  }
}

/** Whether the call's keys and values can be `branch`'s (the root's own properties checked apart). */
function fitsBranch(branch: JsonObject, params: Params, rootProperties: JsonObject | undefined, parameters: unknown): boolean {
  const keys = new Set(params.map(([key]) => key));
  const required = ownValue(branch, "required");
  if (Array.isArray(required) && required.some((key) => typeof key === "string" && !keys.has(key))) return false;
  const properties = declaredProperties(branch);
  const open = admitsOtherKeys(branch);
  return params.every(([key, text]) => {
    if (properties === undefined || !Object.hasOwn(properties, key)) return open || Object.hasOwn(rootProperties ?? {}, key);
    const allowed = allowedValues(propertySchema(branch, key, parameters));
    return allowed === undefined || allowed.some((value) => spells(text, value));
  });
}

/** A property schema that says nothing about its value (`{}`, or a description only): a branch's says more. */
function saysNothing(schema: unknown): boolean {
  return schema === true || (isJsonObject(schema) && Object.keys(schema).every((key) => key === "description" || key === "title"));
}

/** The root's own properties, their `$ref`s followed. */
function ownProperties(root: unknown, parameters: unknown): JsonObject | undefined {
  const properties = declaredProperties(root);
  if (properties === undefined) return undefined;
  const resolved: JsonObject = {};
  for (const key of Object.keys(properties)) defineOwn(resolved, key, referencedSchema(properties[key], parameters));
  return resolved;
}

/**
 * The root and its branches as the repair pipeline reads them (schema-views.ts): a root `allOf` of
 * mixins merged into one object, a union's branches each merged with the root's own part; the
 * root and its own `oneOf`/`anyOf` as written when the schema has no views.
 */
function rootAndBranches(parameters: unknown): { readonly root: unknown; readonly branches: JsonObject[] | undefined } {
  const views = isJsonObject(parameters) ? schemaViews(parameters) : undefined;
  if (views?.kind === "merged") return { root: views.views[0], branches: undefined };
  const root = rootSchema(parameters);
  if (views?.kind === "union") return { root, branches: [...views.views] };
  return { root, branches: rootBranches(root, parameters) };
}

/** The schemas that type a call's values: see the module comment. */
export function typingSchema(parameters: unknown, params: Params): TypingSchema {
  const { root, branches } = rootAndBranches(parameters);
  const own = ownProperties(root, parameters);
  const rootOpen = admitsOtherKeys(root);
  if (branches === undefined) return { properties: own, open: rootOpen };
  const fitting = branches.filter((branch) => fitsBranch(branch, params, own, parameters));
  if (fitting.length === 0) return { properties: own, open: rootOpen };
  const merged: JsonObject = own === undefined ? {} : copyObject(own);
  const keys = new Set(fitting.flatMap((branch) => Object.keys(declaredProperties(branch) ?? {})));
  for (const key of keys) {
    if (own !== undefined && Object.hasOwn(own, key) && !saysNothing(own[key])) continue;
    const schemas = fitting.map((branch) => propertySchema(branch, key, parameters));
    // Declared by every branch left, alike: the call's value is typed by it whichever branch it is.
    if (schemas.every((schema) => schema !== undefined && deepEqualJson(schema, schemas[0]))) defineOwn(merged, key, schemas[0]);
  }
  // A key left out of them may be any branch's: it goes through where the root lets it.
  return { properties: Object.keys(merged).length === 0 ? undefined : merged, open: rootOpen };
}

/** Whether the tool declares `key` at its root or in a branch of a root `oneOf`/`anyOf`. */
export function declaresKey(parameters: unknown, key: string): boolean {
  const { root, branches } = rootAndBranches(parameters);
  if (Object.hasOwn(declaredProperties(root) ?? {}, key)) return true;
  return (branches ?? []).some((branch) => Object.hasOwn(declaredProperties(branch) ?? {}, key));
}

/**
 * Small, shallow questions the value fixers ask of a schema and of ajv's
 * errors. Nothing here compiles a schema: it reads the subschemas ajv already
 * resolved (`parentSchema`, `schema` with `verbose: true`) and answers
 * "unknown" whenever the answer would need a `$ref` or a deeper look (a branch
 * that is only a local `$ref` is read in the root schema when a caller gives it).
 */
import type { SchemaError } from "./types.ts";
import { isJsonObject } from "../json.ts";
import { getPointer, hasPointer, ownValue, refTarget, setPointer } from "./json-pointer.ts";
import type { JsonObject } from "../json.ts";

export type JsonType = "null" | "boolean" | "integer" | "number" | "string" | "array" | "object";

const JSON_TYPES: ReadonlySet<string> = new Set(["null", "boolean", "integer", "number", "string", "array", "object"]);

/** The JSON Schema type of a parsed JSON value (`integer` for integral numbers). */
export function jsonTypeOf(value: unknown): JsonType | undefined {
  if (value === null) return "null";
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : Number.isFinite(value) ? "number" : undefined;
  if (typeof value === "string") return "string";
  if (Array.isArray(value)) return "array";
  if (isJsonObject(value)) return "object";
  return undefined;
}

/** The `type` keyword as a list; `undefined` when absent or malformed. */
export function declaredTypes(schema: unknown): JsonType[] | undefined {
  const type = ownValue(schema, "type");
  const list = typeof type === "string" ? [type] : Array.isArray(type) ? type : undefined;
  if (list === undefined || list.length === 0) return undefined;
  if (!list.every((entry) => typeof entry === "string" && JSON_TYPES.has(entry))) return undefined;
  return list as JsonType[];
}

/** Whether `type` admits a value of JSON type `actual` (an integer is a number). */
export function typeAdmits(type: JsonType, actual: JsonType): boolean {
  return type === actual || (type === "number" && actual === "integer");
}

/** JSON equality: key order does not matter; bounded in depth (deeper counts as different). */
export function deepEqualJson(left: unknown, right: unknown, depth = 0): boolean {
  if (left === right) return true;
  if (depth > 64 || typeof left !== "object" || typeof right !== "object" || left === null || right === null) return false;
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  const leftKeys = Object.keys(left);
  const rightKeys = Object.keys(right);
  if (leftKeys.length !== rightKeys.length) return false;
  return leftKeys.every(
    (key) => Object.hasOwn(right, key) && deepEqualJson(ownAny(left, key), ownAny(right, key), depth + 1),
  );
}

function ownAny(container: object, key: string): unknown {
  return (container as Record<string, unknown>)[key];
}

/**
 * A shallow verdict on `value` against `schema`: `type`, `enum` and `const`
 * only. `undefined` (unknown) when the schema refers elsewhere (a bare local
 * `$ref` is followed when the tool's `root` schema is given) or combines
 * subschemas, so a caller can refuse to guess.
 */
export function shallowAccepts(schema: unknown, value: unknown, root?: unknown): boolean | undefined {
  // A bare local `$ref` (Pydantic's `list[Model]` items, an enum's model) is read as what it names, in `root` when given.
  if (root !== undefined) schema = referencedSchema(schema, root);
  if (schema === true) return true;
  if (schema === false) return false;
  if (!isJsonObject(schema)) return undefined;
  for (const keyword of ["$ref", "$dynamicRef", "anyOf", "oneOf", "allOf", "not", "if"]) {
    if (Object.hasOwn(schema, keyword)) return undefined;
  }
  const actual = jsonTypeOf(value);
  if (actual === undefined) return false;
  const types = declaredTypes(schema);
  if (Object.hasOwn(schema, "type") && types === undefined) return undefined;
  if (types !== undefined && !types.some((type) => typeAdmits(type, actual))) return false;
  if (Object.hasOwn(schema, "const") && !deepEqualJson(schema["const"], value)) return false;
  const allowed = ownValue(schema, "enum");
  if (Array.isArray(allowed) && !allowed.some((member) => deepEqualJson(member, value))) return false;
  return true;
}

/** Whether `prefix` is `pointer` or one of its ancestors. */
export function pointerWithin(pointer: string, prefix: string): boolean {
  return pointer === prefix || pointer.startsWith(`${prefix}/`);
}

export function isAlternativeError(error: SchemaError): boolean {
  return error.keyword === "anyOf" || error.keyword === "oneOf";
}

/**
 * Whether `error` may belong to one branch of a failed `anyOf`/`oneOf`:
 * fixing it would pick a branch, which is a guess. ajv reports a failed
 * alternative at the instance it applies to, after its branches' errors; a
 * branch reached through `$ref` loses the `anyOf` from its `schemaPath`, so
 * the test is on instance paths and errs on the side of "inside". One case
 * is not a guess: when the value's own JSON type fits one branch only
 * (`anyOf: [{"type": "array", …}, {"type": "null"}]` and a list), every
 * other branch failed on the type at the alternative itself, so an error
 * deeper in the value, or one at the value that the chosen branch's own
 * keywords report (its `required`, its closed properties), is that branch's
 * (read in `root` when a branch is a bare local `$ref`).
 */
export function isInsideAlternative(error: SchemaError, errors: readonly SchemaError[], root?: unknown): boolean {
  return errors.some((other) => {
    if (other === error || !isAlternativeError(other)) return false;
    if (!pointerWithin(error.instancePath, other.instancePath)) return false;
    if (isAlternativeError(error) && other.instancePath === error.instancePath) return false;
    const chosen = branchChosenByType(other, root);
    if (chosen === undefined) return true;
    if (error.instancePath !== other.instancePath) return false;
    return error.parentSchema !== chosen && !deepEqualJson(error.parentSchema, chosen);
  });
}

/** The one branch a failed alternative's value fits by its JSON type, or `undefined`. */
function branchChosenByType(alternative: SchemaError, root: unknown): JsonObject | undefined {
  const branches = alternativeBranches(alternative, root);
  return branches === undefined ? undefined : soleBranchByType(branches, alternative.data);
}

/** Keywords beside a `$ref` that say nothing about the value (Pydantic writes `description` and `default` there). */
const ANNOTATIONS: ReadonlySet<string> = new Set(["$ref", "description", "title", "default", "examples", "$comment", "deprecated"]);
/** `$ref` hops followed to the schema a branch names; a longer chain is not a quirk we have seen. */
const MAX_REF_HOPS = 8;

/**
 * The schema a branch names through a local `$ref` in `root` (`{"$ref": "#/$defs/Filter"}`: Pydantic writes
 * `Optional[Filter]` as `anyOf: [{"$ref": …}, {"type": "null"}]`), so that its type can be read; the branch
 * itself when it is no bare local reference (a constraint beside the `$ref`, a remote one) or leads nowhere.
 */
export function referencedSchema(branch: unknown, root: unknown): unknown {
  let current = branch;
  for (let hop = 0; hop < MAX_REF_HOPS; hop++) {
    if (!isJsonObject(current) || Object.keys(current).some((key) => !ANNOTATIONS.has(key))) return current;
    const ref = current["$ref"];
    const target = refTarget(root, ref);
    if (target === undefined) return current;
    current = target;
  }
  return current;
}

/**
 * The branch schemas of an `anyOf`/`oneOf` error (ajv puts them in `schema` when verbose), a bare local `$ref`
 * read as the schema it names when the tool's `root` schema is given.
 */
export function alternativeBranches(error: SchemaError, root?: unknown): unknown[] | undefined {
  if (!isAlternativeError(error) || !Array.isArray(error.schema)) return undefined;
  const branches = error.schema as unknown[];
  return root === undefined ? branches : branches.map((branch) => referencedSchema(branch, root));
}

/**
 * The one branch whose declared `type` admits `value`'s type, or `undefined`
 * when none, several, or a branch whose type is unknown.
 */
export function soleBranchByType(branches: readonly unknown[], value: unknown): JsonObject | undefined {
  const actual = jsonTypeOf(value);
  if (actual === undefined) return undefined;
  let found: JsonObject | undefined;
  for (const branch of branches) {
    const types = declaredTypes(branch);
    if (!isJsonObject(branch) || types === undefined) return undefined;
    if (!types.some((type) => typeAdmits(type, actual))) continue;
    if (found !== undefined) return undefined;
    found = branch;
  }
  return found;
}

/** The schemas of an object schema's declared properties (own keys only). */
export function declaredProperties(schema: unknown): JsonObject | undefined {
  const properties = ownValue(schema, "properties");
  return isJsonObject(properties) ? properties : undefined;
}

/** A deep copy of a JSON value taken from a schema (`const`, `default`), so the result never aliases it. */
export function cloneJson(value: unknown): unknown {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(JSON.stringify(value)) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Applies `convert` to every value that failed a `type` check, or matched no
 * `anyOf`/`oneOf` branch, with the branches it could take (each pointer once,
 * alternatives nested in another left to the outer one; a branch that is a bare
 * local `$ref` read in `root`). Returns the changed copy, or `undefined` when
 * nothing converted.
 */
export function convertMistyped(
  value: unknown,
  errors: readonly SchemaError[],
  convert: (current: unknown, branches: readonly unknown[], root?: unknown) => { readonly value: unknown } | undefined,
  root?: unknown,
): unknown {
  let current = value;
  let changed = false;
  const visited = new Set<string>();
  for (const error of errors) {
    if (error.keyword !== "type" && !isAlternativeError(error)) continue;
    if (visited.has(error.instancePath) || isInsideAlternative(error, errors, root)) continue;
    const branches = error.keyword === "type" ? [error.parentSchema] : alternativeBranches(error, root);
    if (branches === undefined || !hasPointer(current, error.instancePath)) continue;
    visited.add(error.instancePath);
    const converted = convert(getPointer(current, error.instancePath), branches, root);
    if (converted === undefined) continue;
    const next = setPointer(current, error.instancePath, converted.value);
    if (next === undefined) continue;
    current = next;
    changed = true;
  }
  return changed ? current : undefined;
}

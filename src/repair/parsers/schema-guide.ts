/**
 * What the tolerant parsers ask of a schema while they read: which keys an
 * object declares, what a property or an item may be. Shallow on purpose:
 * a `$ref` or a combinator it cannot see through answers "unknown", and an
 * unknown schema admits everything (the validator has the last word).
 *
 * A container's own kind says which branch of a union it is: inside `{…}`
 * or `[…]` the schema read is the one branch of an `anyOf`/`oneOf` that may
 * be an object, or a list (Pydantic's `Optional[list[Item]]` is
 * `anyOf: [{"type": "array", …}, {"type": "null"}]`), and an `allOf` of one
 * member (how Pydantic v1 wrote a described `$ref`) is that member. With two
 * such branches, the answer stays "unknown". Local `$ref`s are read in the
 * schema given to the parsers (see guide-schema.ts).
 */
import { ownValue } from "../json-pointer.ts";
import { declaredProperties, declaredTypes, jsonTypeOf, typeAdmits } from "../schema-shape.ts";
import type { JsonType } from "../schema-shape.ts";

/** Combinators looked through on the way to a container's schema; real schemas nest one or two. */
const MAX_SIDE_DEPTH = 8;

/** The part of `schema` a value of container `type` is read by: see the module comment. */
function sideOf(schema: unknown, type: "object" | "array"): unknown {
  let current = schema;
  for (let depth = 0; depth < MAX_SIDE_DEPTH; depth++) {
    if (typeof current !== "object" || current === null || declaredTypes(current) !== undefined) return current;
    const allOf = ownValue(current, "allOf");
    if (Array.isArray(allOf) && allOf.length === 1 && declaredProperties(current) === undefined) {
      current = allOf[0];
      continue;
    }
    const branches = ownValue(current, "anyOf") ?? ownValue(current, "oneOf");
    if (!Array.isArray(branches) || declaredProperties(current) !== undefined) return current;
    const fitting = branches.filter((branch) => mayAdmit(branch, type));
    if (fitting.length !== 1) return current;
    current = fitting[0];
  }
  return current;
}

/** The schema of property `key`, or `undefined` when unknown. */
export function propertySchemaOf(schema: unknown, key: string): unknown {
  const object = sideOf(schema, "object");
  const properties = declaredProperties(object);
  if (properties !== undefined && Object.hasOwn(properties, key)) return properties[key];
  const additional = ownValue(object, "additionalProperties");
  return typeof additional === "object" ? additional : undefined;
}

/** The schema every item of an array shares, or `undefined` when unknown. */
export function itemsSchemaOf(schema: unknown): unknown {
  const items = ownValue(sideOf(schema, "array"), "items");
  return typeof items === "object" && !Array.isArray(items) ? items : undefined;
}

/** The declared property names, or `undefined` when the schema declares none. */
export function declaredKeysOf(schema: unknown): ReadonlySet<string> | undefined {
  const properties = declaredProperties(sideOf(schema, "object"));
  return properties === undefined ? undefined : new Set(Object.keys(properties));
}

/** The object admits no key beyond its declared ones. */
export function isClosed(schema: unknown): boolean {
  return ownValue(sideOf(schema, "object"), "additionalProperties") === false;
}

/** Whether `schema` may admit a value of `type`: `true` whenever it cannot tell. */
export function mayAdmit(schema: unknown, type: JsonType, depth = 0): boolean {
  if (schema === false) return false;
  if (typeof schema !== "object" || schema === null || depth > 8) return true;
  const types = declaredTypes(schema);
  if (types !== undefined) return types.some((declared) => typeAdmits(declared, type));
  for (const keyword of ["anyOf", "oneOf"]) {
    const branches = ownValue(schema, keyword);
    if (Array.isArray(branches)) return branches.some((branch) => mayAdmit(branch, type, depth + 1));
  }
  const allOf = ownValue(schema, "allOf");
  if (Array.isArray(allOf) && allOf.length > 0) return allOf.every((member) => mayAdmit(member, type, depth + 1));
  const allowed = ownValue(schema, "enum");
  if (Array.isArray(allowed)) {
    return allowed.some((member) => {
      const actual = jsonTypeOf(member);
      return actual !== undefined && typeAdmits(type, actual);
    });
  }
  return true;
}

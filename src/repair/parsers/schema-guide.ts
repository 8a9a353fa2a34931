/**
 * What the tolerant parsers ask of a schema while they read: which keys an
 * object declares, what a property or an item may be. Shallow on purpose:
 * a `$ref` or a combinator it cannot see through answers "unknown", and an
 * unknown schema admits everything (the validator has the last word).
 */
import { ownValue } from "../json-pointer.ts";
import { declaredProperties, declaredTypes, jsonTypeOf, typeAdmits } from "../schema-shape.ts";
import type { JsonType } from "../schema-shape.ts";

/** The schema of property `key`, or `undefined` when unknown. */
export function propertySchemaOf(schema: unknown, key: string): unknown {
  const properties = declaredProperties(schema);
  if (properties !== undefined && Object.hasOwn(properties, key)) return properties[key];
  const additional = ownValue(schema, "additionalProperties");
  return typeof additional === "object" ? additional : undefined;
}

/** The schema every item of an array shares, or `undefined` when unknown. */
export function itemsSchemaOf(schema: unknown): unknown {
  const items = ownValue(schema, "items");
  return typeof items === "object" && !Array.isArray(items) ? items : undefined;
}

/** The declared property names, or `undefined` when the schema declares none. */
export function declaredKeysOf(schema: unknown): ReadonlySet<string> | undefined {
  const properties = declaredProperties(schema);
  return properties === undefined ? undefined : new Set(Object.keys(properties));
}

/** The object admits no key beyond its declared ones. */
export function isClosed(schema: unknown): boolean {
  return ownValue(schema, "additionalProperties") === false;
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
  const allowed = ownValue(schema, "enum");
  if (Array.isArray(allowed)) {
    return allowed.some((member) => {
      const actual = jsonTypeOf(member);
      return actual !== undefined && typeAdmits(type, actual);
    });
  }
  return true;
}

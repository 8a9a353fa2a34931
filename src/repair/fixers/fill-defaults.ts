// {"query":"x"} → {"query":"x","limit":10} when `limit` is required and its schema says "default": 10
import type { ValueFixer } from "../types.ts";
import { isJsonObject } from "../../json.ts";
import { getPointer, ownValue } from "../json-pointer.ts";
import { cloneJson, declaredProperties } from "../schema-shape.ts";
import { fillMissingRequired } from "./fill-const.ts";

/**
 * An object with a key the schema does not declare may hold the missing
 * value under a name nothing could match: a default there would stand in for
 * what the model did write.
 */
function hasUndeclaredKey(value: unknown, instancePath: string, parentSchema: unknown): boolean {
  const target = getPointer(value, instancePath);
  const declared = declaredProperties(parentSchema);
  if (!isJsonObject(target) || ownValue(parentSchema, "patternProperties") !== undefined) return true;
  return Object.keys(target).some((key) => declared === undefined || !Object.hasOwn(declared, key));
}

export const fillDefaults: ValueFixer = {
  name: "fill-defaults",
  purpose: "Fill a missing required property from its schema default, unless the call was cut or has a key nothing matched.",
  class: "lossy",
  stage: "value",
  fix(value, { errors, truncated, schema }) {
    // After a cut, the missing property may be exactly what the cut took.
    if (truncated === true) return undefined;
    const fillable = errors.filter((error) => error.keyword !== "required" || !hasUndeclaredKey(value, error.instancePath, error.parentSchema));
    return fillMissingRequired(value, fillable, (propertySchema) =>
      Object.hasOwn(propertySchema, "default") ? { value: cloneJson(propertySchema["default"]) } : undefined,
      schema,
    );
  },
};

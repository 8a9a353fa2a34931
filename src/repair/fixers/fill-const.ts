// {"name":"db"} → {"name":"db","purpose":"EVENTS"} when `purpose` is required and its schema is {"const":"EVENTS"} or {"enum":["EVENTS"]}
import type { SchemaError, ValueFixer } from "../types.ts";
import { isJsonObject } from "../../json.ts";
import { formatPointer, getPointer, ownValue, parsePointer, setPointer } from "../json-pointer.ts";
import { editAtErrors } from "../edit-at-errors.ts";
import { cloneJson, declaredProperties } from "../schema-shape.ts";
import { mayName } from "../similarity.ts";

/**
 * Fills each missing required property for which `valueFor` finds a value in
 * the property's own schema. Shared by fill-const and fill-defaults. Not
 * while a key the schema does not declare may be that property under another
 * spelling (`Kind` or `knid` for `kind`): the renames decide what it is, and
 * a filled value beside it would leave the model's own key behind.
 */
export function fillMissingRequired(
  value: unknown,
  errors: readonly SchemaError[],
  valueFor: (propertySchema: Record<string, unknown>) => { value: unknown } | undefined,
  root?: unknown,
): unknown {
  return editAtErrors(value, errors, {
    root,
    handles: (error) => error.keyword === "required",
    edit(current, error) {
      const missing = ownValue(error.params, "missingProperty");
      if (typeof missing !== "string") return undefined;
      const target = getPointer(current, error.instancePath);
      if (!isJsonObject(target) || Object.hasOwn(target, missing)) return undefined;
      const declared = declaredProperties(error.parentSchema);
      const propertySchema = ownValue(declared, missing);
      if (!isJsonObject(propertySchema)) return undefined;
      if (Object.keys(target).some((key) => !Object.hasOwn(declared ?? {}, key) && mayName(key, missing))) return undefined;
      const found = valueFor(propertySchema);
      if (found === undefined || found.value === undefined) return undefined;
      const tokens = parsePointer(error.instancePath);
      return tokens === undefined ? undefined : setPointer(current, formatPointer([...tokens, missing]), found.value);
    },
  });
}

/** The one value a property schema allows: `const`, or an `enum` of one member. */
function determinedValue(propertySchema: Record<string, unknown>): { value: unknown } | undefined {
  if (Object.hasOwn(propertySchema, "const")) return { value: cloneJson(propertySchema["const"]) };
  const allowed = ownValue(propertySchema, "enum");
  if (Array.isArray(allowed) && allowed.length === 1) return { value: cloneJson(allowed[0]) };
  return undefined;
}

export const fillConst: ValueFixer = {
  name: "fill-const",
  purpose: "Fill a missing required property whose only possible value the schema fixes (const, one-member enum).",
  class: "lossless",
  stage: "value",
  fix(value, { errors, schema }) {
    return fillMissingRequired(value, errors, determinedValue, schema);
  },
};

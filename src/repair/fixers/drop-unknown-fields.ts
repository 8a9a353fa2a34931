// {"path":"a.txt","reasoning":"because"} → {"path":"a.txt"} when the schema says additionalProperties: false
import type { ValueFixer } from "../types.ts";
import { isJsonObject } from "../../json.ts";
import { deletePointer, formatPointer, getPointer, ownValue, parsePointer } from "../json-pointer.ts";
import { isInsideAlternative } from "../schema-shape.ts";

/** The key an error rejects because the schema closes the object, or `undefined`. */
function rejectedKey(keyword: string, params: unknown, parentSchema: unknown): string | undefined {
  // Only a closed object (`false`), never a key that fails an `additionalProperties` schema: that value may matter.
  if (keyword === "additionalProperties" && ownValue(parentSchema, "additionalProperties") === false) {
    const key = ownValue(params, "additionalProperty");
    return typeof key === "string" ? key : undefined;
  }
  if (keyword === "unevaluatedProperties" && ownValue(parentSchema, "unevaluatedProperties") === false) {
    const key = ownValue(params, "unevaluatedProperty");
    return typeof key === "string" ? key : undefined;
  }
  return undefined;
}

export const dropUnknownFields: ValueFixer = {
  name: "drop-unknown-fields",
  purpose: "Drop keys the schema forbids with additionalProperties: false (after rename-fields had its chance).",
  class: "lossy",
  stage: "value",
  fix(value, { errors }) {
    let current = value;
    let changed = false;
    for (const error of errors) {
      const key = rejectedKey(error.keyword, error.params, error.parentSchema);
      // Inside anyOf/oneOf, dropping a key would choose a branch for the model.
      if (key === undefined || isInsideAlternative(error, errors)) continue;
      const tokens = parsePointer(error.instancePath);
      const target = getPointer(current, error.instancePath);
      if (tokens === undefined || !isJsonObject(target) || !Object.hasOwn(target, key)) continue;
      const next = deletePointer(current, formatPointer([...tokens, key]));
      if (next === undefined) continue;
      current = next;
      changed = true;
    }
    return changed ? current : undefined;
  },
};

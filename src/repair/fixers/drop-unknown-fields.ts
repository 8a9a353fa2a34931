// {"path":"a.txt","reasoning":"because"} → {"path":"a.txt"} when the schema says additionalProperties: false
import type { ValueFixer } from "../types.ts";
import { isJsonObject } from "../../json.ts";
import { deletePointer, formatPointer, getPointer, ownValue, parsePointer } from "../json-pointer.ts";
import { editAtErrors } from "../edit-at-errors.ts";

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
    return editAtErrors(value, errors, {
      handles: (error) => rejectedKey(error.keyword, error.params, error.parentSchema) !== undefined,
      edit(current, error) {
        const key = rejectedKey(error.keyword, error.params, error.parentSchema)!;
        const tokens = parsePointer(error.instancePath);
        const target = getPointer(current, error.instancePath);
        if (tokens === undefined || !isJsonObject(target) || !Object.hasOwn(target, key)) return undefined;
        return deletePointer(current, formatPointer([...tokens, key]));
      },
    });
  },
};

// {"query":"x"} → {"query":"x","limit":10} when `limit` is required and its schema says "default": 10
import type { ValueFixer } from "../types.ts";
import { cloneJson } from "../schema-shape.ts";
import { fillMissingRequired } from "./fill-const.ts";

export const fillDefaults: ValueFixer = {
  name: "fill-defaults",
  purpose: "Fill a missing required property from its schema default (a guess at what the model left out).",
  class: "lossy",
  stage: "value",
  fix(value, { errors }) {
    return fillMissingRequired(value, errors, (propertySchema) =>
      Object.hasOwn(propertySchema, "default") ? { value: cloneJson(propertySchema["default"]) } : undefined,
    );
  },
};

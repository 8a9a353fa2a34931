// {"city":"Paris","unit":null,"limit":"","page":"None"} → {"city":"Paris"} when those are optional and their schemas reject such values
import type { ValueFixer } from "../types.ts";
import { isJsonObject } from "../../json.ts";
import { deletePointer, formatPointer, getPointer, ownValue, parsePointer } from "../json-pointer.ts";
import { editAtErrors } from "../edit-at-errors.ts";
import { itemsSchemaOf, propertySchemaOf } from "../parsers/schema-guide.ts";

/** The schema of the object at `tokens` under `root`, following `properties` and `items`; `undefined` past what it declares. */
function objectSchemaAt(root: unknown, tokens: readonly string[]): unknown {
  let schema = root;
  for (const token of tokens) {
    schema = /^\d+$/.test(token) && ownValue(schema, "items") !== undefined ? itemsSchemaOf(schema) : propertySchemaOf(schema, token);
    if (schema === undefined) return undefined;
  }
  return schema;
}

/** `"null"`, `"None"`: a model's spelling of no value, written as a string. */
const NULL_SPELLINGS = new Set(["null", "Null", "NULL", "None", "none", "undefined", "nil"]);

/** Whether a model wrote `value` for "no value": `null`, `""`, or a string spelling null. */
export function isEmptyValue(value: unknown): boolean {
  return value === null || (typeof value === "string" && (value === "" || NULL_SPELLINGS.has(value)));
}

/** The errors an empty value raises where the schema rejects it. */
const EMPTY_REJECTED = new Set(["type", "enum", "const", "pattern", "format", "minLength"]);

/**
 * Lossless: `null`, `""` or `"null"` for a property the schema makes optional
 * and rejects that value for says "no value", which is what leaving it out says
 * (models trained on strict schemas fill every optional property so). An
 * empty value the schema accepts stays; a required property is never left
 * out: it is missing, and nothing here invents it. Arguments that hold
 * nothing but empty values are left as they are: the empty value is all the
 * call says, and whether the model left it out or lost the value it meant
 * (`<arg_value></arg_value>` for a level) is a guess; left out, the call
 * would run with none of what the model wrote.
 */
export const dropEmptyOptionals: ValueFixer = {
  name: "drop-empty-optionals",
  purpose: "Leave out an optional property sent as null, \"\" or \"null\" where its schema rejects that value.",
  class: "lossless",
  stage: "value",
  fix(value, { errors, schema }) {
    return editAtErrors(value, errors, {
      root: schema,
      handles: (error) => error.instancePath !== "" && EMPTY_REJECTED.has(error.keyword),
      edit(current, error) {
        if (isJsonObject(current) && Object.values(current).every(isEmptyValue)) return undefined;
        const tokens = parsePointer(error.instancePath);
        if (tokens === undefined || !isEmptyValue(getPointer(current, error.instancePath))) return undefined;
        const key = tokens[tokens.length - 1]!;
        const parent = tokens.slice(0, -1);
        if (!isJsonObject(getPointer(current, formatPointer(parent)))) return undefined;
        const parentSchema = objectSchemaAt(schema, parent);
        const required = ownValue(parentSchema, "required");
        if (parentSchema === undefined || (Array.isArray(required) && required.includes(key))) return undefined;
        return deletePointer(current, error.instancePath);
      },
    });
  },
};

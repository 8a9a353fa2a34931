// {"path":"a.txt","reasoning":"because"} → {"path":"a.txt"} when the schema says additionalProperties: false
import type { SchemaError, ValueFixer } from "../types.ts";
import { isJsonObject } from "../../json.ts";
import type { JsonObject } from "../../json.ts";
import { deletePointer, formatPointer, getPointer, ownValue, parsePointer } from "../json-pointer.ts";
import { editAtErrors } from "../edit-at-errors.ts";
import { declaredProperties, declaredTypes } from "../schema-shape.ts";
import { foldIdentifier, mayName } from "../similarity.ts";

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

/**
 * Whether the unknown `key` may hold what the model meant for a declared
 * property, so that dropping it would drop that value: the object misses a
 * required property (the key may be it, under a name nothing matched, and a
 * default filled in after the drop would replace what the model wrote), the
 * key resembles a declared property the object lacks (`liimt` for `limit`,
 * `contents` for `limit_contents`) or one the object holds with another
 * value (`Content` beside `content`), it names a property of a nested
 * object (`a` for `opts.a`), its value is one of the few values a declared
 * property the object lacks allows (`"mergeMethod": "squash"` where
 * `strategy` is `merge`, `squash` or `rebase`: a synonym for it, whose value
 * dropping would trade for the tool's default), its value is an object
 * holding declared keys (`{"tool": {"path": …}}`), or an object where a
 * property that takes any object is missing (`"parameters": {…}` for `args`). A key whose value is
 * empty (`""`, `null`, `[]`, `{}`) beside the property it resembles holds
 * nothing and is dropped.
 */
function mayHoldDeclaredValue(target: JsonObject, key: string, error: SchemaError, errors: readonly SchemaError[]): boolean {
  if (errors.some((other) => other.keyword === "required" && other.instancePath === error.instancePath)) return true;
  const properties = declaredProperties(error.parentSchema) ?? {};
  const declared = Object.keys(properties);
  // A key like a property the object lacks may be that property, also sent empty (`"start": []` for `file_start`).
  if (declared.some((name) => mayName(key, name) && !Object.hasOwn(target, name))) return true;
  // An empty value beside the property it resembles holds nothing to lose (`"newText_2": ""` beside `newText`).
  if (isEmptyValue(target[key])) return false;
  // Also when the property is there with another value (`"content"` and `"Content"`): which one was meant is a guess.
  if (declared.some((name) => mayName(key, name) && JSON.stringify(target[name]) !== JSON.stringify(target[key]))) return true;
  // A nested object's property written one level up (`{"name": "n", "a": "x"}` for `opts.a`).
  const foldedKey = foldIdentifier(key);
  if (declared.some((name) => Object.keys(declaredProperties(ownValue(properties, name)) ?? {}).some((inner) => foldIdentifier(inner) === foldedKey))) return true;
  const inner = target[key];
  if (declared.some((name) => !Object.hasOwn(target, name) && isChoiceOf(ownValue(properties, name), inner))) return true;
  // An object where the object lacks a free-form object property (`"parameters": {…}` where `args` takes any object): that property under another name.
  if (isJsonObject(inner) && declared.some((name) => !Object.hasOwn(target, name) && isFreeFormObject(ownValue(properties, name)))) return true;
  if (continuesSeries(key, declared)) return true;
  if (!isJsonObject(inner)) return false;
  const folded = new Set(declared.map(foldIdentifier));
  return Object.keys(inner).some((name) => folded.has(foldIdentifier(name)));
}

/** A name's stem and index: `num2` → `num`, 2; `arg_3` → `arg`, 3. */
const INDEXED = /^(.*?)[_-]?(\d{1,3})$/u;

/**
 * Whether `key` is one more member of a series the declared names make: a letter beside declared letters (`c` where
 * `a` and `b` are declared, `z` beside `x` and `y`), or a stem with another index (`num3` beside `num1` and `num2`).
 * The model wrote one more operand, coordinate or item than the tool takes: dropping it computes something else.
 */
function continuesSeries(key: string, declared: readonly string[]): boolean {
  if (/^\p{L}$/u.test(key)) return declared.filter((name) => /^\p{L}$/u.test(name)).length >= 2;
  const stem = INDEXED.exec(key)?.[1];
  if (stem === undefined || stem === "") return false;
  const folded = foldIdentifier(stem);
  return declared.some((name) => {
    const other = INDEXED.exec(name)?.[1];
    return other !== undefined && other !== "" && foldIdentifier(other) === folded;
  });
}

/** Whether `schema` takes any object: typed `object` with no properties of its own declared. */
function isFreeFormObject(schema: unknown): boolean {
  const types = declaredTypes(schema);
  return types !== undefined && types.length === 1 && types[0] === "object" && declaredProperties(schema) === undefined && ownValue(schema, "patternProperties") === undefined;
}

function isEmptyValue(value: unknown): boolean {
  if (value === null || value === "") return true;
  if (Array.isArray(value)) return value.length === 0;
  return isJsonObject(value) && Object.keys(value).length === 0;
}

/** Whether `value` is one of the values `schema` enumerates (`enum`, `const`), strings compared in any case; never an empty one. */
function isChoiceOf(schema: unknown, value: unknown): boolean {
  if (value === null || value === "" || typeof value === "object") return false;
  const same = (choice: unknown) => choice === value || (typeof choice === "string" && typeof value === "string" && choice.toLowerCase() === value.toLowerCase());
  const choices = ownValue(schema, "enum");
  if (Array.isArray(choices) && choices.some(same)) return true;
  return Object.hasOwn(Object(schema), "const") && same(ownValue(schema, "const"));
}

export const dropUnknownFields: ValueFixer = {
  name: "drop-unknown-fields",
  purpose: "Drop keys the schema forbids with additionalProperties: false, unless one may hold a declared property's value.",
  class: "lossy",
  stage: "value",
  fix(value, { errors, schema }) {
    return editAtErrors(value, errors, {
      root: schema,
      handles: (error) => rejectedKey(error.keyword, error.params, error.parentSchema) !== undefined,
      edit(current, error) {
        const key = rejectedKey(error.keyword, error.params, error.parentSchema)!;
        const tokens = parsePointer(error.instancePath);
        const target = getPointer(current, error.instancePath);
        if (tokens === undefined || !isJsonObject(target) || !Object.hasOwn(target, key)) return undefined;
        if (mayHoldDeclaredValue(target, key, error, errors)) return undefined;
        return deletePointer(current, formatPointer([...tokens, key]));
      },
    });
  },
};

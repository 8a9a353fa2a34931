// {"limit":"42","verbose":"true","tag":7,"ids":5,"city":["Oslo"]} → {"limit":42,"verbose":true,"tag":"7","ids":[5],"city":"Oslo"}
import { isJsonNumberText } from "../json-tokens.ts";
import type { ValueFixer } from "../types.ts";
import { ownValue } from "../json-pointer.ts";
import {
  convertMistyped,
  declaredTypes,
  shallowAccepts,
} from "../schema-shape.ts";
import type { JsonType } from "../schema-shape.ts";

/** A decimal integer, as JSON writes it: no sign `+`, no leading zeros, no exponent. */
const INTEGER_TEXT = /^-?(?:0|[1-9]\d*)$/;
/** A JSON number. */
/** More significant digits than a double keeps exactly would make `"0.1000000000000000001"` → 0.1 lossy. */
const MAX_SIGNIFICANT_DIGITS = 15;
/** Beyond this, `String(number)` switches to exponent form (`1e+21`), which is not what was meant. */
const MAX_PLAIN_NUMBER = 1e21;

function significantDigits(text: string): number {
  const mantissa = text.replace(/^-/, "").replace(/[eE].*$/, "").replace(".", "");
  return mantissa.replace(/^0+/, "").replace(/0+$/, "").length;
}

function numberFromText(text: string, integer: boolean): number | undefined {
  // Surrounding whitespace is form, not content: " 42 " is 42. Anything else ("42abc", "+42", "0x2A") is not exact.
  const trimmed = text.trim();
  if (trimmed.length > 40 || !(integer ? INTEGER_TEXT.test(trimmed) : isJsonNumberText(trimmed))) return undefined;
  if (significantDigits(trimmed) > MAX_SIGNIFICANT_DIGITS) return undefined;
  const number = Number(trimmed);
  if (!Number.isFinite(number) || Object.is(number, -0)) return undefined;
  if (integer && !Number.isSafeInteger(number)) return undefined;
  return number;
}

/** Text that is itself a list (`"a, b"`, `"[1,2]"`): wrapping it whole in an array would be a guess. */
function looksLikeList(text: string): boolean {
  const trimmed = text.trim();
  return /[,;\n]/.test(text) || trimmed.startsWith("[");
}

function firstItemSchema(schema: unknown): unknown {
  const prefixItems = ownValue(schema, "prefixItems");
  if (Array.isArray(prefixItems)) return prefixItems.length > 0 ? prefixItems[0] : ownValue(schema, "items");
  const items = ownValue(schema, "items");
  if (Array.isArray(items)) return items.length > 0 ? items[0] : true;
  return items ?? true;
}

/** `...`, `…`, `etc.`: where a list goes, its items left out, not a list of that one mark. */
const ELLIPSIS_TEXT = /^\s*(?:\.{3,}|…+|etc\.?)\s*$/i;

function wrapInArray(value: unknown, schema: unknown, root: unknown): unknown[] | undefined {
  if (value === null || Array.isArray(value)) return undefined;
  if (typeof value === "string" && (looksLikeList(value) || ELLIPSIS_TEXT.test(value))) return undefined;
  const minItems = ownValue(schema, "minItems");
  if (typeof minItems === "number" && minItems > 1) return undefined;
  return shallowAccepts(firstItemSchema(schema), value, root) === true ? [value] : undefined;
}

/** The exact conversion of `value` to `type`, or `undefined` when there is none. */
function convert(value: unknown, type: JsonType, schema: unknown, root: unknown): { value: unknown } | undefined {
  // `["Paris"]` where one string goes: the brackets are form, the one item is the value. Never two items.
  if (Array.isArray(value) && type !== "array" && type !== "object") {
    const item: unknown = value.length === 1 ? value[0] : undefined;
    if (item === undefined || item === null || typeof item === "object") return undefined;
    return shallowAccepts(schema, item) === true ? { value: item } : convert(item, type, schema, root);
  }
  switch (type) {
    case "integer":
    case "number": {
      if (typeof value !== "string") return undefined;
      const number = numberFromText(value, type === "integer");
      return number === undefined ? undefined : { value: number };
    }
    case "boolean": {
      if (typeof value !== "string") return undefined;
      const trimmed = value.trim();
      // Python's spelling is the usual leak (`True`), and is as exact as JSON's.
      if (trimmed === "true" || trimmed === "True") return { value: true };
      if (trimmed === "false" || trimmed === "False") return { value: false };
      return undefined;
    }
    case "string":
      if (typeof value === "boolean") return { value: String(value) };
      if (typeof value === "number" && Number.isFinite(value) && Math.abs(value) < MAX_PLAIN_NUMBER) {
        return { value: String(value) };
      }
      return undefined;
    case "array": {
      const wrapped = wrapInArray(value, schema, root);
      return wrapped === undefined ? undefined : { value: wrapped };
    }
    default:
      // Objects and arrays written as JSON text belong to decode-double-encoded; null is never invented.
      return undefined;
  }
}

/**
 * The single value that the alternatives accept after an exact conversion,
 * or `undefined` when none, several, or when a branch cannot be judged.
 */
export function coerceToSingleBranch(value: unknown, branches: readonly unknown[], root?: unknown): { value: unknown } | undefined {
  let result: { value: unknown; key: string } | undefined;
  for (const branch of branches) {
    const verdict = shallowAccepts(branch, value);
    // A branch that takes the value as it is (failing deeper) or cannot be judged makes any coercion a guess.
    if (verdict !== false) return undefined;
    for (const type of declaredTypes(branch) ?? []) {
      const converted = convert(value, type, branch, root);
      if (converted === undefined || shallowAccepts(branch, converted.value) !== true) continue;
      const key = JSON.stringify(converted.value);
      if (result !== undefined && result.key !== key) return undefined;
      result = { value: converted.value, key };
    }
  }
  return result === undefined ? undefined : { value: result.value };
}

export const coerceTypes: ValueFixer = {
  name: "coerce-types",
  purpose: "Convert a value to the type the schema wants when the conversion is exact and the target unique.",
  class: "lossless",
  stage: "value",
  fix(value, { errors, schema }) {
    return convertMistyped(value, errors, coerceToSingleBranch, schema);
  },
};

/**
 * A value between tags under a key the schema does not declare, where the
 * schema lets other keys through: nothing types it. Written `123`, `true`,
 * `null` or as a JSON list or object (`{"x": 1}`), it is that JSON value or its text (Qwen3-Coder's reference parser
 * keeps an unknown parameter's text, others read it as JSON), both passed as
 * they are: which one the model meant is a guess. A value that is no JSON
 * literal is its text either way.
 */
import { isJsonObject } from "../../json.ts";
import { ownValue } from "../json-pointer.ts";

/** Whether the schema lets a key it does not declare through (no `additionalProperties: false`). */
export function admitsOtherKeys(parameters: unknown): boolean {
  const additional = ownValue(parameters, "additionalProperties");
  return additional !== false && !(isJsonObject(additional) && ownValue(additional, "not") !== undefined);
}

/** Whether `text` spells a JSON number, boolean or null. */
export function spellsScalarLiteral(text: string): boolean {
  const trimmed = text.trim();
  return trimmed === "true" || trimmed === "false" || trimmed === "null" || /^-?(?:0|[1-9]\d{0,30})(?:\.\d{1,30})?(?:[eE][+-]?\d{1,4})?$/.test(trimmed);
}

/** Whether `text` is a JSON list or object: like a literal, that value or its text (`{"x": 1}`). */
export function spellsJsonContainer(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) return false;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}

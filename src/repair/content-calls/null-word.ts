/**
 * The word `null` alone between a value's tags, for an optional property that
 * takes a string and not null. Formats that write a value's text raw and no
 * type for it (Qwen3-Coder, GLM, MiniMax, Claude-style invokes) have the
 * same text for the string "null" and for a JSON null, and a null for an
 * optional property that rejects it says "no value" (see drop-empty-optionals):
 * the word, or the property left out, both valid, and which one the model
 * meant is a guess. For a required property only the word validates; an
 * `enum` or `const` decides by itself; a format that says a value's type
 * (DSML's `string="true"`, Kimi K3's `type="string"`, IFM's `<ifm|arg_type>`) or is not such markup
 * reads it one way.
 */
import { isJsonObject } from "../../json.ts";

export function nullWordOpen(text: string, schema: unknown, admitted: readonly string[], required: boolean, typeSaid: boolean): boolean {
  if (typeSaid || required || text.trim() !== "null") return false;
  if (isJsonObject(schema) && (Object.hasOwn(schema, "enum") || Object.hasOwn(schema, "const"))) return false;
  return !admitted.includes("null") && (admitted.length === 0 || admitted.includes("string"));
}

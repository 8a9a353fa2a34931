/**
 * A reading that let a string run over a member: `{"path": "a, "name": "b"}`
 * read as the path `a, "name":` and whatever follows. The string then holds
 * `"name":`, a declared key of its own object that the reading lacks: the
 * text was broken elsewhere, and the reading is not what the model wrote. So
 * does a line opening with such a key unquoted after a line ending in a quote
 * (`path: "a"⏎name: "b"` read as one path).
 */
import { isJsonObject } from "../json.ts";
import { ownValue } from "./json-pointer.ts";
import { declaredProperties } from "./schema-shape.ts";

/** Objects and arrays are walked this deep at most; deeper values are not checked. */
const MAX_DEPTH = 32;

function holdsKey(text: string, key: string): boolean {
  const quoted = `"${key}"`;
  for (let at = text.indexOf(quoted); at !== -1; at = text.indexOf(quoted, at + 1)) {
    if (/^\s*:/.test(text.slice(at + quoted.length, at + quoted.length + 8))) return true;
  }
  return holdsBareKeyLine(text, key);
}

/**
 * Whether `text` holds a line ending in a quote and then a line opening with `key:` unquoted: members written
 * one a line without braces or quotes around their keys (Hjson, YAML), one string read over the next member.
 */
function holdsBareKeyLine(text: string, key: string): boolean {
  for (let at = text.indexOf(key); at !== -1; at = text.indexOf(key, at + 1)) {
    if (!/^[ \t]*:/.test(text.slice(at + key.length, at + key.length + 8))) continue;
    if (/"[ \t]*\r?\n[ \t]*$/.test(text.slice(Math.max(0, at - 16), at))) return true;
  }
  return false;
}

/** Whether some string of `value` holds `"key":` for a declared key its own object lacks (see above). */
export function swallowsMember(value: unknown, schema: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) {
    const items = ownValue(schema, "items");
    return (value as unknown[]).some((item) => swallowsMember(item, items, depth + 1));
  }
  if (!isJsonObject(value)) return false;
  const declared = declaredProperties(schema) ?? {};
  const absent = Object.keys(declared).filter((key) => !Object.hasOwn(value, key));
  for (const [key, member] of Object.entries(value)) {
    if (typeof member === "string" && absent.some((name) => member.includes(name) && holdsKey(member, name))) return true;
    if (typeof member === "object" && member !== null && swallowsMember(member, ownValue(declared, key), depth + 1)) return true;
  }
  return false;
}

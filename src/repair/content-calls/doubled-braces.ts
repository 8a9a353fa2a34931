/**
 * A call object written with its braces doubled, as a template's escaping
 * prints it (Python's `str.format`, a Jinja string): `{{"name": "f",
 * "arguments": {"a": 1}}}` (the outer pair doubled) or `{{"name": "f",
 * "arguments": {{"a": 1}}}}` (every pair). Read two ways, the outer pair
 * dropped and every `{{`/`}}` outside strings halved; taken only when the
 * readings that parse agree.
 */
import { parseKeepingNumbers } from "../../json.ts";

/** Every `{{` and `}}` outside JSON strings halved. */
function halved(text: string): string {
  let result = "";
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (inString) {
      if (char === "\\") {
        result += text.slice(at, at + 2);
        at++;
        continue;
      }
      if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if ((char === "{" || char === "}") && text[at + 1] === char) {
      at++;
    }
    result += char;
  }
  return result;
}

/** Whether a JSON string in `text` holds `{{` or `}}`. */
function stringHoldsDoubled(text: string): boolean {
  for (const match of text.matchAll(/"((?:[^"\\]|\\.)*)"/g)) if (/\{\{|\}\}/.test(match[1]!)) return true;
  return false;
}

function parsed(text: string): { value: unknown } | undefined {
  try {
    return { value: parseKeepingNumbers(text) };
  } catch {
    return undefined;
  }
}

/**
 * The value `text` (one balanced `{…}`, which `JSON.parse` refused) spells
 * with its doubled braces undone; `undefined` when it does not open with `{{`,
 * neither reading parses, or the two give different values.
 */
export function readDoubledBraces(text: string): { value: unknown } | undefined {
  const trimmed = text.trim();
  if (!/^\{\s*\{/.test(trimmed) || !/\}\s*\}$/.test(trimmed)) return undefined;
  const outer = parsed(trimmed.slice(1, -1));
  // Every pair doubled: the escaping ran over the whole text, so a `{{`/`}}` in a string may be doubled too
  // (`"Hello {{ user }}"` is that text or `Hello { user }`), and which is a guess.
  if (outer === undefined && stringHoldsDoubled(trimmed)) return undefined;
  const readings = [outer, parsed(halved(trimmed))].filter((reading) => reading !== undefined);
  if (readings.length === 0) return undefined;
  const [first, second] = readings;
  if (second !== undefined && JSON.stringify(first!.value) !== JSON.stringify(second.value)) return undefined;
  return first;
}

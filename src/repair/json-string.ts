/**
 * A quoted string as a model wrote it (double or single quotes, JSON or
 * Python escapes) → the JSON string with exactly its characters. jsonrepair
 * drops the backslash of an escape JSON does not know (`"C:\Users"` →
 * `"C:Users"`); a model that wrote one meant the backslash.
 *
 *   'C:\Users\a b'   → "C:\\Users\\a b"
 *   'it\'s "q"'      → "it's \"q\""
 *   "a\nb"           → "a\nb"          (an escape JSON knows keeps its meaning)
 */

const JSON_ESCAPE = /^[\\/bfnrt"]$/;
const UNICODE_ESCAPE = /^u[0-9a-fA-F]{4}/;

function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) < 0x20) return true;
  return false;
}

/** `raw` is a closed string token: its first and last characters are the same quote. */
export function toJsonString(raw: string): string {
  const quote = raw[0];
  const body = raw.slice(1, -1);
  if (quote === '"' && !body.includes("\\") && !hasControlCharacter(body)) return raw;
  let out = '"';
  for (let index = 0; index < body.length; index++) {
    const char = body[index]!;
    if (char === "\\" && index + 1 < body.length) {
      const next = body[index + 1]!;
      index++;
      if (next === "'") out += "'";
      else if (next === '"' || JSON_ESCAPE.test(next)) out += `\\${next}`;
      else if (UNICODE_ESCAPE.test(body.slice(index))) out += "\\u";
      else out += `\\\\${JSON.stringify(next).slice(1, -1)}`;
    } else if (char === '"') out += '\\"';
    else out += JSON.stringify(char).slice(1, -1);
  }
  return `${out}"`;
}

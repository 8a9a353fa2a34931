/**
 * A list or an object written between a format's tags with every quote
 * escaped once more than JSON wants (`[{\"id\": \"1\"}]`), as models write
 * JSON they have seen inside a JSON string: where the schema takes a list or
 * an object and no string, the text as written fits nothing, and with no
 * backslash but those before quotes, taking one escape off each is the one
 * reading. A backslash anywhere else (`\n` as the two characters, `\\`) may be
 * the value's own or the extra escaping's: no reading then.
 */

/** Every `"` escaped by one backslash and no other backslash: the only escaping taken off. */
const QUOTES_ONLY_ESCAPED = /^(?:[^"\\]|\\")*$/;

/** The container the text spells once its quotes' escapes are taken off; `undefined` when it does not. */
export function escapedJsonContainer(text: string): { value: unknown } | undefined {
  const trimmed = text.trim();
  if (!(trimmed.startsWith("[") || trimmed.startsWith("{")) || !trimmed.includes('\\"') || !QUOTES_ONLY_ESCAPED.test(trimmed)) return undefined;
  try {
    const value = JSON.parse(trimmed.replaceAll('\\"', '"')) as unknown;
    return typeof value === "object" && value !== null ? { value } : undefined;
  } catch {
    return undefined;
  }
}

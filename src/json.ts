/**
 * JSON value types and guards, once for the whole codebase: parsed bodies,
 * answers and arguments are `unknown` until one of these says otherwise.
 */

/** A parsed JSON object; values stay `unknown` until checked. */
export type JsonObject = Record<string, unknown>;

/** A plain JSON object: not an array, not null. */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `text` parsed, or `undefined` when it is not JSON (no JSON text parses to `undefined`). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** `text` parsed when it is a JSON object, else `undefined` (invalid JSON included). */
export function parseJsonObject(text: string): JsonObject | undefined {
  const value = parseJson(text);
  return isJsonObject(value) ? value : undefined;
}

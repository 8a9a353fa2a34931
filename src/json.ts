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

/** `JSON.rawJSON` (Node 21+), which ES2023's lib does not declare. */
export const rawJson = (JSON as unknown as { rawJSON?: (text: string) => unknown }).rawJSON;

/** `JSON.isRawJSON` (Node 21+): whether a value is raw JSON text, read back as `value.rawJSON`. */
export function isRawJson(value: unknown): value is { readonly rawJSON: string } {
  const test = (JSON as unknown as { isRawJSON?: (value: unknown) => boolean }).isRawJSON;
  return test !== undefined && test(value);
}

/**
 * `JSON.parse`, keeping a number as the model spelt it where JSON.stringify
 * would write it otherwise (`1.50`, a 19-digit id that a double rounds): such
 * a number is raw JSON, written back as it came. Throws as `JSON.parse` does.
 */
export function parseKeepingNumbers(text: string): unknown {
  if (rawJson === undefined) return JSON.parse(text) as unknown;
  const make = rawJson;
  return JSON.parse(text, (_key, value: unknown, context?: { source?: string }) =>
    typeof value === "number" && Number.isFinite(value) && context?.source !== undefined && context.source !== JSON.stringify(value) ? make(context.source) : value,
  ) as unknown;
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

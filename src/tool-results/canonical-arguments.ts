/**
 * One spelling for a call's arguments, so that the same call written twice
 * compares equal: `{"b":1, "a":2}` and `{"a":2,"b":1}` are one call.
 * Arguments that are not JSON, or nest too deep to walk safely, compare as
 * their trimmed text.
 */
import { textNestsDeeper, valueNestsDeeper } from "../repair/json-depth.ts";

/** Deeper arguments are compared as text: sorting recurses, and a client chooses the depth. */
const MAX_DEPTH = 256;

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== "object" || value === null) return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key]);
  return sorted;
}

export function canonicalArguments(raw: unknown): string {
  if (typeof raw !== "string") return valueNestsDeeper(raw, MAX_DEPTH) ? String(raw) : JSON.stringify(sortKeys(raw ?? {}));
  if (textNestsDeeper(raw, MAX_DEPTH)) return raw.trim();
  try {
    return JSON.stringify(sortKeys(JSON.parse(raw)));
  } catch {
    return raw.trim();
  }
}

/**
 * One spelling for a call's arguments, so that the same call written twice
 * compares equal: `{"b":1, "a":2}` and `{"a":2,"b":1}` are one call.
 * Arguments that are not JSON compare as their trimmed text.
 */

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== "object" || value === null) return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key]);
  return sorted;
}

export function canonicalArguments(raw: unknown): string {
  if (typeof raw !== "string") return JSON.stringify(sortKeys(raw ?? {}));
  try {
    return JSON.stringify(sortKeys(JSON.parse(raw)));
  } catch {
    return raw.trim();
  }
}

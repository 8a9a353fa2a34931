/**
 * jsonrepair behind the two syntax fixers. jsonrepair also closes cut input,
 * strips fences and turns concatenated objects into an array: those are
 * other fixers' decisions (a cut string must not be closed at all), so only
 * text that starts with `{`, is not cut, and repairs into one object is taken.
 */
import { jsonrepair } from "jsonrepair";
import { normalizeJsonish } from "./normalize-jsonish.ts";
import { analyzeCut } from "./truncation.ts";

export function repairSyntax(text: string, finishReason: string | null | undefined, options: { readonly exactOnly: boolean }): string | undefined {
  const normalized = normalizeJsonish(text);
  if (options.exactOnly && !normalized.exact) return undefined;
  // Judged after normalising: a bare word in an array can throw the quote parity off.
  if (analyzeCut(normalized.text, finishReason).kind !== "complete") return undefined;
  let repaired: string;
  try {
    repaired = jsonrepair(normalized.text);
    const value: unknown = JSON.parse(repaired);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  } catch {
    return undefined;
  }
  return repaired === text ? undefined : repaired;
}

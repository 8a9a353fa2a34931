// {'a': 'b', c: True,} → {"a": "b", "c": true}; {"a": 1 // why\n} → {"a": 1}; {"a": (1, 2)} → {"a": [1, 2]}
import { jsonrepair } from "jsonrepair";
import { normalizeJsonish } from "../normalize-jsonish.ts";
import { analyzeCut } from "../truncation.ts";
import type { TextFixer } from "../types.ts";

/**
 * jsonrepair also closes cut input, strips fences and turns concatenated
 * objects into an array. Those are other fixers' decisions (a cut string must
 * not be closed at all), so this one takes only text that starts with `{`,
 * is not cut, and repairs into one object.
 */
export const repairJsonSyntax: TextFixer = {
  name: "repair-json-syntax",
  purpose: "Fix JSON syntax: quotes, trailing or missing commas, unquoted keys, comments, Python literals and tuples.",
  class: "lossless",
  stage: "text",
  fix(text, context) {
    // Judged after normalising: a bare word in an array can throw the quote parity off.
    const normalized = normalizeJsonish(text);
    if (analyzeCut(normalized, context.finishReason).kind !== "complete") return undefined;
    let repaired: string;
    try {
      repaired = jsonrepair(normalized);
      const value: unknown = JSON.parse(repaired);
      if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    } catch {
      return undefined;
    }
    return repaired === text ? undefined : repaired;
  },
};

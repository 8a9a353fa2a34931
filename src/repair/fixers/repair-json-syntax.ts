// {'a': 'b', c: True,} → {"a": "b", "c": true}; {"a": 1 // why\n} → {"a": 1}; {"a": (1, 2)} → {"a": [1, 2]}
import { repairSyntax } from "../repair-syntax.ts";
import type { TextFixer } from "../types.ts";

/**
 * Lossless: it acts only when every token of the text was placed (see
 * normalize-jsonish), so the repair changes form and has one reading.
 * Unescaped quotes, missing values and the like are repair-json-heuristics'.
 */
export const repairJsonSyntax: TextFixer = {
  name: "repair-json-syntax",
  purpose: "Fix JSON syntax: quotes, trailing or missing commas, unquoted keys, comments, Python literals and tuples.",
  class: "lossless",
  stage: "text",
  fix(text, context) {
    return repairSyntax(text, context.finishReason, { exactOnly: true });
  },
};

// {"a": "x", "b": {"c": 1 → {"a": "x", "b": {"c": 1}}; {"a": "x", "b → {"a": "x"}; {"a": "Par, {"a": [1, 2 → unchanged (cut values)
import { analyzeCut } from "../truncation.ts";
import type { TextFixer } from "../types.ts";

/**
 * Lossy: whatever came after the cut is gone, and the closed object says
 * less than the model meant. Only a prefix that ends after a complete value
 * is closed; a cut inside a string value, a number or an array, or after a
 * container's opener, is left alone (it stays a failure).
 */
export const closeTruncated: TextFixer = {
  name: "close-truncated",
  purpose: "Close arguments cut short after a complete value, dropping a dangling comma or partial key.",
  class: "lossy",
  stage: "text",
  fix(text, context) {
    const verdict = analyzeCut(text, context.finishReason);
    if (verdict.kind !== "cut" || verdict.closed === undefined) return undefined;
    return verdict.closed === text ? undefined : verdict.closed;
  },
};

// {"html": "<a href="x">y</a>"} → {"html": "<a href=\"x\">y</a>"}; {"a": tru} → {"a": "tru"}; {"a": } → {"a": null}
import { repairSyntax } from "../repair-syntax.ts";
import type { TextFixer } from "../types.ts";

/**
 * Lossy: jsonrepair's heuristics where the text has more than one reading
 * (unescaped quotes inside strings, a missing value, a misspelt literal).
 * Off by default; still never closes cut text.
 */
export const repairJsonHeuristics: TextFixer = {
  name: "repair-json-heuristics",
  purpose: "Let jsonrepair guess where the syntax has several readings (unescaped inner quotes, missing values).",
  class: "lossy",
  stage: "text",
  fix(text, context) {
    return repairSyntax(text, context.finishReason, { exactOnly: false });
  },
};

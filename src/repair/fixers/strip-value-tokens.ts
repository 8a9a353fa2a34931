// {"unit":"celsius<|im_end|>"} → {"unit":"celsius"} when the schema rejects the value with the token
import type { ValueFixer } from "../types.ts";
import { getPointer, hasPointer, setPointer } from "../json-pointer.ts";
import { editAtErrors } from "../edit-at-errors.ts";
import { SPECIAL_TOKEN } from "./strip-special-tokens.ts";

/** Chat-template tokens at either end of a string, with the space around them. */
const EDGE_TOKENS = new RegExp(`^(?:\\s*(?:${SPECIAL_TOKEN.source}))+\\s*|\\s*(?:(?:${SPECIAL_TOKEN.source})\\s*)+$`, "g");

/**
 * A template token that leaked into the end of a string value. Only where the
 * schema rejects the string as it stands (an enum, a pattern, a format, a
 * length): a string the schema accepts may hold such a token as data.
 */
export const stripValueTokens: ValueFixer = {
  name: "strip-value-tokens",
  purpose: "Remove chat-template tokens from the ends of a string value that the schema rejects with them.",
  class: "lossless",
  stage: "value",
  fix(value, { errors }) {
    return editAtErrors(value, errors, {
      handles: (error) => error.keyword !== "required" && error.keyword !== "additionalProperties",
      edit(current, error) {
        if (!hasPointer(current, error.instancePath)) return undefined;
        const present = getPointer(current, error.instancePath);
        if (typeof present !== "string") return undefined;
        const stripped = present.replace(EDGE_TOKENS, "");
        return stripped === present ? undefined : setPointer(current, error.instancePath, stripped);
      },
    });
  },
};

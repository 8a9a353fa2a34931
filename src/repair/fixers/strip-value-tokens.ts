// {"unit":"celsius<|im_end|>"} → {"unit":"celsius"}; {"<|python_tag|>city":"Paris"} → {"city":"Paris"}: only where the schema rejects the token
import type { SchemaError, ValueFixer } from "../types.ts";
import { getPointer, hasPointer, setPointer } from "../json-pointer.ts";
import { editAtErrors } from "../edit-at-errors.ts";
import { SPECIAL_TOKEN } from "./strip-special-tokens.ts";
import { renameKeys, type RenamePolicy } from "./rename-fields.ts";

/** Chat-template tokens at either end of a string, with the space around them. */
const EDGE_TOKENS = new RegExp(`^(?:\\s*(?:${SPECIAL_TOKEN.source}))+\\s*|\\s*(?:(?:${SPECIAL_TOKEN.source})\\s*)+$`, "g");

const withoutEdgeTokens = (text: string): string => text.replace(EDGE_TOKENS, "");

/** A key is the declared key it spells once its tokens are gone. */
const tokenPolicy: RenamePolicy = {
  level: (unknownKey, declaredKey) => (unknownKey !== declaredKey && withoutEdgeTokens(unknownKey) === declaredKey ? 0 : undefined),
  anyAbsentKey: true,
};

function stripStrings(value: unknown, errors: readonly SchemaError[], root: unknown): unknown {
  return editAtErrors(value, errors, {
    root,
    handles: (error) => error.keyword !== "required" && error.keyword !== "additionalProperties",
    edit(current, error) {
      if (!hasPointer(current, error.instancePath)) return undefined;
      const present = getPointer(current, error.instancePath);
      if (typeof present !== "string") return undefined;
      const stripped = withoutEdgeTokens(present);
      return stripped === present ? undefined : setPointer(current, error.instancePath, stripped);
    },
  });
}

/**
 * A template token that leaked into the end of a string value or of a key.
 * Only where the schema rejects it as it stands (an enum, a pattern, a
 * length; a key it does not declare): a string the schema accepts may hold
 * such a token as data.
 */
export const stripValueTokens: ValueFixer = {
  name: "strip-value-tokens",
  purpose: "Remove chat-template tokens from the ends of a key or string value that the schema rejects with them.",
  class: "lossless",
  stage: "value",
  fix(value, { errors, schema }) {
    const strings = stripStrings(value, errors, schema);
    // Stripping strings moves no key, so the errors still point at the right objects.
    return renameKeys(strings ?? value, errors, tokenPolicy, schema) ?? strings;
  },
};

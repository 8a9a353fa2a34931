// "Paris" or Paris → {"city":"Paris"} when `city` is the one required property and a string
import type { ParserFamily } from "../types.ts";

/**
 * Lossy: the content is kept, but the key is a guess from the schema. Only
 * with exactly one required property whose schema takes the value's type; an
 * unquoted string must be one short word (or a path) that does not read as a sentence.
 */
export const parseBareValue: ParserFamily = {
  name: "parse-bare-value",
  purpose: "Read a bare string or scalar as the value of the one required property that takes it.",
  class: "lossy",
  stage: "parse",
};

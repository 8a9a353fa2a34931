// {"city": "Paris"} {"city": "Rome"} → [{"city":"Paris"},{"city":"Rome"}] (one value each)
import type { ParserFamily } from "../types.ts";

/**
 * Lossy for one call: several objects in a row are read one by one; when a
 * single call takes only the one that validates, the others are dropped.
 */
export const parseSeveralObjects: ParserFamily = {
  name: "parse-several-objects",
  purpose: "Read several objects in a row, each as its own arguments; one call takes the only one that validates.",
  class: "lossy",
  stage: "parse",
};

// {"city": "Paris"} {"city": "Rome"} → [{"city":"Paris"},{"city":"Rome"}] (one value each)
import type { ParserFamily } from "../types.ts";

/**
 * Lossy for one call: several objects in a row are read one by one. One call
 * takes them only when each validates with the same value (a stream sent
 * twice); an object that does not validate is content the call would drop.
 */
export const parseSeveralObjects: ParserFamily = {
  name: "parse-several-objects",
  purpose: "Read several objects in a row, each as its own arguments; one call takes them only when all validate with one value.",
  class: "lossy",
  stage: "parse",
};

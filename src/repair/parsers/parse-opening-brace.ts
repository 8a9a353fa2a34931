// "city": "Paris", "unit": "c"} → {"city":"Paris","unit":"c"}; city: Paris, unit: c} → {"city":"Paris","unit":"c"} (city declared; a last value of unquoted text needs its closing brace, the text may have been cut in it)
import type { ParserFamily } from "../types.ts";

/**
 * Lossless: the root object's opening `{` was left out, the text starting
 * right at its first member. Only when that member's key is one the schema
 * declares and a `:` follows it: `note: call me` is then that property, while
 * text starting any other way is prose or another family's.
 */
export const parseOpeningBrace: ParserFamily = {
  name: "parse-opening-brace",
  purpose: "Read arguments whose opening `{` was left out, when they start with a declared key and its `:`.",
  class: "lossless",
  stage: "parse",
};

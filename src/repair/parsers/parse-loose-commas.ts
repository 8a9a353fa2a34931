// {"a": 1 "b": 2,, "c": [1, 2,],} → {"a":1,"b":2,"c":[1,2]}
import type { ParserFamily } from "../types.ts";

/** Lossless: commas are separators only; a missing one is read only where a key or a quoted value starts. */
export const parseLooseCommas: ParserFamily = {
  name: "parse-loose-commas",
  purpose: "Read missing, doubled, leading and trailing commas between members and items.",
  class: "lossless",
  stage: "parse",
};

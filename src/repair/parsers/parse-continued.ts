// {"a": 1}, "b": 2} → {"a":1,"b":2}; {"tags": ["x"], "y"], "n": 1} → {"tags":["x","y"],"n":1}
import type { ParserFamily } from "../types.ts";

/**
 * Lossless: a container closed too early is continued when what follows can
 * only belong to it: a key after the root's `}`, a key the inner object
 * declares and its parent does not, an item (not a key) after an array's `]` in an object.
 */
export const parseContinued: ParserFamily = {
  name: "parse-continued",
  purpose: "Continue an object or array closed too early when what follows can only belong to it.",
  class: "lossless",
  stage: "parse",
};

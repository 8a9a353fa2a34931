// {}{"a":1} → {"a":1}; {"a":1}{"a":1} → {"a":1} (a stream accumulated twice); {"a":1}{"b":2} → unchanged (two calls)
import { objectsInARow } from "../json-tokens.ts";
import type { TextFixer } from "../types.ts";

/** Objects considered; more than this is not a glitch but a list. */
const MAX_OBJECTS = 8;

export const splitConcatenatedObjects: TextFixer = {
  name: "split-concatenated-objects",
  purpose: "Keep the one object of back-to-back objects when the others are empty or identical copies of it.",
  class: "lossless",
  stage: "text",
  fix(text) {
    const objects = objectsInARow(text, MAX_OBJECTS);
    if (objects === undefined || objects.length < 2) return undefined;
    const distinct = new Set(objects.filter((object) => !/^\{\s*\}$/.test(object)));
    if (distinct.size !== 1) return undefined;
    return [...distinct][0];
  },
};

// {}{"a":1} → {"a":1}; {"a":1}{"a":1} → {"a":1} (a stream accumulated twice); {"a":1}{"b":2} → unchanged (two calls)
import { objectEnd } from "../json-tokens.ts";
import type { TextFixer } from "../types.ts";

/** Objects considered; more than this is not a glitch but a list. */
const MAX_OBJECTS = 8;

export const splitConcatenatedObjects: TextFixer = {
  name: "split-concatenated-objects",
  purpose: "Keep the one object of back-to-back objects when the others are empty or identical copies of it.",
  class: "lossless",
  stage: "text",
  fix(text) {
    const objects: string[] = [];
    let index = 0;
    while (index < text.length) {
      while (index < text.length && /[\s,]/.test(text[index]!)) index++;
      if (index === text.length) break;
      if (text[index] !== "{" || objects.length === MAX_OBJECTS) return undefined;
      const end = objectEnd(text, index);
      if (end === undefined) return undefined;
      objects.push(text.slice(index, end));
      index = end;
    }
    if (objects.length < 2) return undefined;
    const distinct = new Set(objects.filter((object) => !/^\{\s*\}$/.test(object)));
    if (distinct.size !== 1) return undefined;
    return [...distinct][0];
  },
};

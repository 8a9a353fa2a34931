// Calling the function with: {"a":1} → {"a":1}; {"a":1} This should work. → {"a":1}
import { objectEnd } from "../json-tokens.ts";
import type { TextFixer } from "../types.ts";

/** A bracket or a key means the text around the object is more JSON, not prose. */
const JSON_LIKE_HEAD = /[{}[\]]|"\s*:/;
const JSON_LIKE_TAIL = /[{[]|"\s*:/;
/** A comma after the object, then a quote or a colon: more members (`}, "b": 2}`), not a sentence after it. */
const MEMBERS_AFTER = /^\s*,[^]*["':]/;

export const extractJsonObject: TextFixer = {
  name: "extract-json-object",
  purpose: "Take the single top-level JSON object out of prose before or after it.",
  class: "lossless",
  stage: "text",
  fix(text) {
    const start = text.indexOf("{");
    if (start === -1) return undefined;
    const head = text.slice(0, start);
    if (JSON_LIKE_HEAD.test(head)) return undefined;
    const end = objectEnd(text, start);
    // A cut object keeps its end: close-truncated decides what can be kept of it.
    const tail = end === undefined ? "" : text.slice(end);
    if (JSON_LIKE_TAIL.test(tail) || MEMBERS_AFTER.test(tail)) return undefined;
    if (head.trim() === "" && tail.trim() === "") return undefined;
    // A JavaScript statement's `;` after the object, nothing else: syntax.
    if (/^\s*;\s*$/.test(tail)) return text.slice(start, end).trim();
    // Prose after the object has a word in it and no closer: `}76304591e+144}`
    // is a value the object did not end at, stray closers are syntax.
    if (tail.trim() !== "" && (!/\p{L}{2}/u.test(tail) || /[}\]]/.test(tail))) return undefined;
    return text.slice(start, end).trim();
  },
};

// {}{"a":1} → {"a":1}; {"a":1}{"a":1} → {"a":1} (a stream accumulated twice); {"a":1,"b":"x"{"a": 1, "b": "x"} → {"a": 1, "b": "x"} (a copy left open, then written in full); {"a":1}{"b":2} → unchanged (two calls)
import { findJsonEnd } from "../content-calls/scan.ts";
import { braceAfterUnquotedText, objectsInARow } from "../json-tokens.ts";
import type { TextFixer } from "../types.ts";

/** Objects considered; more than this is not a glitch but a list. */
const MAX_OBJECTS = 8;
/** Openings tried as the start of a full copy; a longer search is no glitch of this kind. */
const MAX_OPENINGS = 64;

/** `text` without the whitespace outside its strings (a string left open runs to the end). */
function withoutLayout(text: string): string {
  let out = "";
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (inString) {
      out += char;
      if (char === "\\" && at + 1 < text.length) out += text[++at];
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
      out += char;
    } else if (!/\s/.test(char)) {
      out += char;
    }
  }
  return out;
}

/**
 * `{"a":1,"b":"x"{"a": 1, "b": "x"}`: a server that restarts a call's
 * arguments mid-stream sends the start again in full after what it had sent.
 * The text ends in one whole object, and everything before it is an unclosed
 * start of that same object (its members and values, layout aside): the
 * object alone is what was meant. A start that differs in any character is
 * another object, and the text is left alone.
 */
function restartedCopy(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{")) return undefined;
  let tried = 0;
  for (let at = trimmed.indexOf("{", 1); at !== -1 && tried < MAX_OPENINGS; at = trimmed.indexOf("{", at + 1)) {
    tried++;
    if (findJsonEnd(trimmed, at) !== trimmed.length) continue;
    const copy = trimmed.slice(at);
    let value: unknown;
    try {
      value = JSON.parse(copy);
    } catch {
      continue;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    const start = withoutLayout(trimmed.slice(0, at));
    const whole = withoutLayout(copy);
    // More than the bare brace, and short of the whole: an unclosed start of the same object.
    return start.length > 1 && start.length < whole.length && whole.startsWith(start) ? copy : undefined;
  }
  return undefined;
}

export const splitConcatenatedObjects: TextFixer = {
  name: "split-concatenated-objects",
  purpose: "Keep the one object of back-to-back objects when the others are empty or copies of it (whole, or an unclosed start of it).",
  class: "lossless",
  stage: "text",
  fix(text) {
    const objects = objectsInARow(text, MAX_OBJECTS);
    if (objects === undefined || objects.length < 2) return restartedCopy(text);
    // `{"a": #}{}`: the brace after unquoted text may be the text's own (`#}{`), so where the objects end is open.
    if (braceAfterUnquotedText(text)) return undefined;
    const distinct = new Set(objects.filter((object) => !/^\{\s*\}$/.test(object)));
    if (distinct.size !== 1) return undefined;
    return [...distinct][0];
  },
};

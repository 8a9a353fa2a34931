// calculate_sum<|channel|>commentary → calculate_sum; get_area</arg_value> → get_area; ChaFodChaFod → ChaFod; get_weatherjson → get_weather; "get_weather" → get_weather; functions.get_weather:0 → get_weather
import { declaredNameFor, stripNamespaces } from "../name-resolution.ts";
import type { NameFixer } from "../types.ts";

/**
 * Where chat-template markup or the arguments start inside a name: a special
 * token (`<|…|>`, DeepSeek's `<｜…｜>`), a tag (`</arg_value>`, `<tool_call>`),
 * a bracket, a quote or whitespace. Nothing a declared name contains.
 */
const JUNK_START = /<[|｜/]|<[a-z_]+>|[[{("'\s]/i;
/** Harmony's `<|constrain|>json` leaves a bare `json` glued to the name once its tokens are dropped. */
const GLUED_FORMAT = /json$/i;
/** Characters no name is made of that a copied name carries: zero-width spaces and joiners, the word joiner, a byte-order mark. */
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]/g;
/** Quotes, backticks, brackets and Markdown emphasis around a name, and punctuation after it (`"read_file"`, `**read_file**`, `read_file:`). */
const WRAPPED = /^[\s"'`*([{<]+|[\s"'`*)\]}>:;,!?|]+$/g;
/** Kimi K2's call index after the name (`functions.read_file:0`). */
const CALL_INDEX = /:\d+$/;
/** Harmony's header before the recipient, its tokens stripped: `assistant to=`, `commentary to=`. */
const RECIPIENT = /^(?:(?:assistant|commentary|analysis)\s+)?to=/i;

function declared(candidate: string, toolNames: readonly string[]): string | undefined {
  return declaredNameFor(candidate, toolNames) ?? declaredNameFor(stripNamespaces(candidate), toolNames);
}

/** The name without the form a copy or a template gave it; the same text when there is none. */
function unwrapped(name: string): string {
  let current = name.normalize("NFKC").replace(INVISIBLE, "").trim();
  // Two rounds: `"functions.read_file:0"` loses its quotes, then its index.
  for (let round = 0; round < 2; round++) current = current.replace(WRAPPED, "").replace(RECIPIENT, "").replace(CALL_INDEX, "");
  return current;
}

export const stripNameJunk: NameFixer = {
  name: "strip-name-junk",
  purpose: "Remove chat-template tokens, tags, a glued `json`, arguments, a repetition, quotes, brackets, punctuation or a call index stuck to a tool name.",
  class: "lossless",
  stage: "name",
  fix(name, context) {
    const trimmed = name.trim();
    const junk = JUNK_START.exec(trimmed);
    if (junk !== null && junk.index > 0) {
      const found = declared(trimmed.slice(0, junk.index), context.toolNames);
      if (found !== undefined) return found;
    }
    if (GLUED_FORMAT.test(trimmed) && trimmed.length > 4) {
      const found = declared(trimmed.slice(0, -4), context.toolNames);
      if (found !== undefined) return found;
    }
    // A streaming bug repeats the name: `ChaFodChaFod`, `read_file read_file`.
    const half = trimmed.length / 2;
    if (Number.isInteger(half) && trimmed.slice(0, half) === trimmed.slice(half)) {
      return declared(trimmed.slice(0, half), context.toolNames);
    }
    const bare = unwrapped(trimmed);
    return bare === name || bare === "" ? undefined : declared(bare, context.toolNames);
  },
};

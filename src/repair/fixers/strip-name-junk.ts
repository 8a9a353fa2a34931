// calculate_sum<|channel|>commentary → calculate_sum; get_area</arg_value> → get_area; ChaFodChaFod → ChaFod; get_weatherjson → get_weather
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

function declared(candidate: string, toolNames: readonly string[]): string | undefined {
  return declaredNameFor(candidate, toolNames) ?? declaredNameFor(stripNamespaces(candidate), toolNames);
}

export const stripNameJunk: NameFixer = {
  name: "strip-name-junk",
  purpose: "Remove chat-template tokens, tags, a glued `json`, arguments or a repetition stuck to a tool name.",
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
    return undefined;
  },
};

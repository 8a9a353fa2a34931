// {{"city": "Paris"}} → {"city":"Paris"}; {{"a": {{"b": 1}}}} → {"a":{"b":1}}; {{"a": {"b": 1}}} → {"a":{"b":1}}; {{"a": 1}, {"a": 2}} → unchanged
import { readDoubledBraces } from "../content-calls/doubled-braces.ts";
import type { TextFixer } from "../types.ts";

/**
 * Lossless: arguments whose braces a template's escaping doubled (Python's
 * `str.format`, a Jinja string shown to the model as an example), as
 * `{{"a": 1}}` or with every pair doubled. Read with the outer pair dropped
 * and with every `{{`/`}}` outside strings halved; taken only when the
 * readings that parse agree on one object.
 */
export const undoubleBraces: TextFixer = {
  name: "undouble-braces",
  purpose: "Undo braces doubled by a template's escaping (`{{\"a\": 1}}`), when dropping the outer pair and halving every `{{`/`}}` outside strings agree on one object.",
  class: "lossless",
  stage: "text",
  fix(text) {
    const read = readDoubledBraces(text);
    if (read === undefined || typeof read.value !== "object" || read.value === null || Array.isArray(read.value)) return undefined;
    return JSON.stringify(read.value);
  },
};

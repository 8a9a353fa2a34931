// '{"path": "a.txt"}' → {"path": "a.txt"}
import type { TextFixer } from "../types.ts";

/** The whole text in single quotes, an object or array inside. */
const SINGLE_QUOTED = /^\s*'\s*([{[][^]*[}\]])\s*'\s*$/;

/**
 * Lossless: arguments serialised into a string and sent in single quotes (a
 * Python `repr` of the JSON text, a shell's quoting). Only a body with no
 * quote of that kind and no backslash is taken: there Python's reading and
 * the text as it stands agree (`'{"a": "x\\ny"}'` is `x\ny` to one and a
 * line break to the other). The body must be JSON as it stands.
 */
export const unquoteSingleQuotedJson: TextFixer = {
  name: "unquote-single-quoted-json",
  purpose: "Take arguments sent as JSON text in single quotes (`'{\"a\": 1}'`) out of the quotes, when the text inside holds no backslash or single quote.",
  class: "lossless",
  stage: "text",
  fix(text) {
    const body = SINGLE_QUOTED.exec(text)?.[1];
    if (body === undefined || body.includes("'") || body.includes("\\")) return undefined;
    try {
      JSON.parse(body);
      return body;
    } catch {
      return undefined;
    }
  },
};

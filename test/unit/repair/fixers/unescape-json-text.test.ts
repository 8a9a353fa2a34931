import { describe, it } from "vitest";
import { unescapeJsonText } from "../../../../src/repair/fixers/unescape-json-text.ts";
import { assertTextFix } from "./text-fixer-helper.ts";

describe("unescape-json-text", () => {
  it.each([
    ['{\\"path\\": \\"a.txt\\"}', '{"path": "a.txt"}'],
    [' {\\"a\\":1,\\"b\\":[\\"x\\"]}\n', '{"a":1,"b":["x"]}'],
    ['[\\"a\\", \\"b\\"]', '["a", "b"]'],
    // An inner quote escaped once too few times (`\\"` for `\\\"`) is still a quote inside the string.
    ['{\\"stringified\\": \\"hello \\\\"world\\\\"\\"}', '{"stringified": "hello \\"world\\""}'],
    ['{\\"text\\": \\"line\\\\nnext\\", \\"n\\": \\"\\\\u00e9\\"}', '{"text": "line\\nnext", "n": "\\u00e9"}'],
    // JSON as it stands, other escapes, or still broken once unescaped: not this fixer's.
    ['{"path": "a\\\\b"}', undefined],
    ['{path: \\"a\\"}', undefined],
    ['{\\"a\\": 1', undefined],
    ['"{\\"a\\": 1}"', undefined],
  ])("%j → %j", (input, expected) => assertTextFix(unescapeJsonText, input, expected));
});

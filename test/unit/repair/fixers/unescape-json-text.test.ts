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
    // Escaped twice: serialised twice, or only the quotes' escape doubled; two layers off.
    [String.raw`{\\\"a\\\": \\\"line\\\\nb\\\", \\\"n\\\": 1}`, '{"a": "line\\nb", "n": 1}'],
    [String.raw`{\\"a\\": \\"x y\\"}`, '{"a": "x y"}'],
    // Twice escaped, but one layer off is no escaped JSON, or two are no JSON: not read.
    [String.raw`{\\"a\\": x}`, undefined],
    [String.raw`{\\"a\\": 1`, undefined],
    // JSON as it stands, other escapes, or still broken once unescaped: not this fixer's.
    ['{"path": "a\\\\b"}', undefined],
    ['{path: \\"a\\"}', undefined],
    ['{\\"a\\": 1', undefined],
    ['"{\\"a\\": 1}"', undefined],
  ])("%j → %j", (input, expected) => assertTextFix(unescapeJsonText, input, expected));
});

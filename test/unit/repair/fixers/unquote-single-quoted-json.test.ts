import { describe, it } from "vitest";
import { unquoteSingleQuotedJson } from "../../../../src/repair/fixers/unquote-single-quoted-json.ts";
import { assertTextFix } from "./text-fixer-helper.ts";

describe("unquote-single-quoted-json", () => {
  it.each([
    [`'{"refresh_token":"xxxx"}'`, '{"refresh_token":"xxxx"}'],
    [` '{"a": 1, "b": [true, null]}'\n`, '{"a": 1, "b": [true, null]}'],
    [`'[{"a": 1}, {"a": 2}]'`, '[{"a": 1}, {"a": 2}]'],
    [`'\n{\n  "path": "src/a b.txt"\n}\n'`, '{\n  "path": "src/a b.txt"\n}'],
    // A backslash reads one way to Python (`\\n` is `\n`) and another as it stands: two values.
    [`'{"q": "x\\\\ny"}'`, undefined],
    [`'{"path": "C:\\\\Users"}'`, undefined],
    // A single quote inside: the outer quotes may not pair (`'{"q": "it'` + `s"}'`), or Python would have escaped it.
    [`'{"q": "it's"}'`, undefined],
    // Not JSON inside, only one quote, or a Python dict (repair-json-syntax's).
    [`'{a: 1}'`, undefined],
    [`'{"a": 1}`, undefined],
    [`{'a': 1}`, undefined],
    [`'{"a": 1}' and more`, undefined],
    [`"'{\\"a\\": 1}'"`, undefined],
  ])("%j → %j", (input, expected) => assertTextFix(unquoteSingleQuotedJson, input, expected));
});

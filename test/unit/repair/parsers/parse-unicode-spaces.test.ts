import { describe, it } from "vitest";
import { parseUnicodeSpaces } from "../../../../src/repair/parsers/parse-unicode-spaces.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const pair = objectSchema(["a", "b"], { types: { b: { type: "integer" } } });
const tags = objectSchema(["tags"], { types: { tags: { type: "array", items: { type: "string" } } } });

describe("parse-unicode-spaces", () => {
  it.each([
    [pair, '{"a":\u3000"foo"}', { a: "foo" }],
    [pair, '{"a":\u200b"foo"}', { a: "foo" }],
    [pair, '{"a": "x",\u3000"b":\u20091}', { a: "x", b: 1 }],
    [pair, '{\u2028"a": "x"\u2029}', { a: "x" }],
    [tags, '{"tags": [\u3000"x",\u202f"y"\u205f]}', { tags: ["x", "y"] }],
    // The vertical tab and form feed, whitespace to JavaScript and Python.
    [pair, '{\t\v\f "a":\v"x",\f"b": 1\v}', { a: "x", b: 1 }],
    [pair, '{"a":\f"foo\vbar"}', { a: "foo\vbar" }],
    // inside a string it is text
    [pair, '{"a":\u3000"foo\u3000bar"}', { a: "foo\u3000bar" }],
  ])("%s → %j", (schema, input, expected) => assertReads(parseUnicodeSpaces, schema, input, expected));

  it.each([
    // a joiner is part of a word, not a space
    [pair, '{"a":\u200d"foo"}'],
    // inside an unquoted key it is part of the key, which the closed schema does not declare
    [objectSchema(["a", "b"], { closed: true }), '{a\u3000b: "x"}'],
  ])("%s → nothing", (schema, input) => assertReads(parseUnicodeSpaces, schema, input, undefined));
});

import { describe, it } from "vitest";
import { parseStringConcatenation } from "../../../../src/repair/parsers/parse-string-concatenation.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const note = objectSchema(["title", "body"], { closed: true });
const modes = objectSchema(["mode", "body"], { types: { mode: { type: "string", enum: ["read_write", "read_only"] } }, closed: true });
const list = objectSchema(["items"], { types: { items: { type: "array", items: { type: "string" } } }, closed: true });
const short = objectSchema(["title"], { types: { title: { type: "string", pattern: "^[^\"]*$" } }, closed: true });

describe("parse-string-concatenation", () => {
  it.each([
    [modes, '{"mode": "read_" + "write"}', { mode: "read_write" }],
    [modes, "{'mode': 'read_' + \"only\", 'body': 'x'}", { mode: "read_only", body: "x" }],
    [short, '{"title": "Hello, " +\n  "world" + "!"}', { title: "Hello, world!" }],
    // Free text too: nobody means `Hello, " + "world`, a text opening and closing unquoted around a quoted ` + `.
    [note, '{"title": "Hello, " + "world"}', { title: "Hello, world" }],
    [note, '{"title": "a" + "b", "body": "c"}', { title: "ab", body: "c" }],
    [note, "{\n  \"title\": 'hello' +\n 'world'\n}", { title: "helloworld" }],
    [note, '{"title": "line one\\n" +\n    "line two", "body": "x"}', { title: "line one\nline two", body: "x" }],
    [list, '{"items": ["a" + "b", "c"]}', { items: ["ab", "c"] }],
    // operands in JavaScript's backticks or escaped quotes
    [note, "{ \"title\": 'test' + `test2` + \"test3\" + \\\"test4\\\" }", { title: "testtest2test3test4" }],
    [note, '{"title": `a b` + `c`, "body": "x"}', { title: "a bc", body: "x" }],
    [note, '{"title": \\"a\\" + "b"}', { title: "ab" }],
    // a template literal with a placeholder or an escape: a value nobody computed, or escapes of which kind?
    [note, '{"title": "a" + `b ${name}`}', undefined],
    [note, '{"title": "a" + `b\\n`}', undefined],
    [note, '{"title": "a" + ``}', undefined],
    // A `+` not between two whole strings is an expression whose value is unknown, or text.
    [modes, '{"mode": "read_" + write}', undefined],
    [modes, '{"mode": "read_" +}', undefined],
    [note, '{"title": "hello" + name}', undefined],
    [note, '{"title": "a" + "b" + c}', undefined],
    [note, '{"title": name + "b"}', undefined],
    [note, '{"title": "a" + 1}', undefined],
    [note, '{"title": "a" - "b"}', undefined],
    // an empty operand: `""+""` is as much a `+` in doubled quotes
    [note, '{"title": ""+""}', undefined],
  ])("%j: %s → %j", (schema, input, expected) => assertReads(parseStringConcatenation, schema, input, expected));
});

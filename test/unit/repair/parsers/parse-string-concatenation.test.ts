import { describe, it } from "vitest";
import { parseStringConcatenation } from "../../../../src/repair/parsers/parse-string-concatenation.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const note = objectSchema(["title", "body"], { closed: true });
const modes = objectSchema(["mode", "body"], { types: { mode: { type: "string", enum: ["read_write", "read_only"] } }, closed: true });
const short = objectSchema(["title"], { types: { title: { type: "string", pattern: "^[^\"]*$" } }, closed: true });

describe("parse-string-concatenation", () => {
  it.each([
    // Where the schema rules out the string that keeps ` + ` and its quotes.
    [modes, '{"mode": "read_" + "write"}', { mode: "read_write" }],
    [modes, "{'mode': 'read_' + \"only\", 'body': 'x'}", { mode: "read_only", body: "x" }],
    [short, '{"title": "Hello, " +\n  "world" + "!"}', { title: "Hello, world!" }],
    // Free text: `Hello, world`, or `Hello, " + "world` with its quotes unescaped? Both keep what was written.
    [note, '{"title": "Hello, " + "world"}', undefined],
    [note, '{"title": "a" + "b", "body": "c"}', undefined],
    // A `+` not between two whole strings is text.
    [modes, '{"mode": "read_" + write}', undefined],
    [modes, '{"mode": "read_" +}', undefined],
  ])("%j: %s → %j", (schema, input, expected) => assertReads(parseStringConcatenation, schema, input, expected));
});

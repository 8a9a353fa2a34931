import { describe, it } from "vitest";
import { parseEscapedQuotes } from "../../../../src/repair/parsers/parse-escaped-quotes.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const search = objectSchema(["query", "lang", "n"], { types: { n: { type: "integer" } }, required: ["query"] });
const tags = objectSchema(["tags"], { types: { tags: { type: "array", items: { type: "string" } } } });

describe("parse-escaped-quotes", () => {
  it.each([
    [search, '{"query": \\"foo\\"}', { query: "foo" }],
    [search, '{"query": \\\\"weather in Paris\\\\", "n": 3}', { query: "weather in Paris", n: 3 }],
    [search, '{"n": 3, "query": \\"a, b: c\\"}', { n: 3, query: "a, b: c" }],
    [search, '{"query": \\"\\"}', { query: "" }],
    [tags, '{"tags": [\\"a\\", "b"]}', { tags: ["a", "b"] }],
  ])("%s → %j", (schema, input, expected) => assertReads(parseEscapedQuotes, schema, input, expected));

  it.each([
    // another quote or a backslash inside: which level each one is escaped to is open
    [search, '{"query": \\"say \\\\\\"hi\\\\\\"\\"}'],
    [search, '{"query": \\"C:\\\\temp\\"}'],
    [search, '{"query": \\"a\\" \\"b\\"}'],
    // the escapes do not match: `\\"x\"`
    [search, '{"query": \\\\"x\\"}'],
    // never closed, or closed by a plain quote
    [search, '{"query": \\"foo}'],
    [search, '{"query": \\"foo"}'],
    // over a line break
    [search, '{"query": \\"foo\nbar\\"}'],
  ])("%s → nothing", (schema, input) => assertReads(parseEscapedQuotes, schema, input, undefined));
});

import { describe, it } from "vitest";
import { parseMistypedClosers } from "../../../../src/repair/parsers/parse-mistyped-closers.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const range = objectSchema(["min", "max"], { types: { min: { type: "number" }, max: { type: "number" } } });
const search = objectSchema(["range", "limit", "query"], { types: { range, limit: { type: "integer" } } });
const shared = objectSchema(["range", "max"], { types: { range, max: { type: "number" } } });
const open = objectSchema(["filter", "limit"], { types: { filter: { type: "object" }, limit: { type: "integer" } } });

describe("parse-mistyped-closers", () => {
  it.each([
    // A nested object closed by `]`, then a member only the parent declares.
    [search, '{"range": {"min": 1, "max": 9], "limit": 5}', { range: { min: 1, max: 9 }, limit: 5 }],
    [search, '{"query": "q", "range": {"min": 1],\n "limit": 5, "query": "q"}', { query: "q", range: { min: 1 }, limit: 5 }],
  ])("%j: %s → %j", (schema, input, expected) => assertReads(parseMistypedClosers, schema, input, expected));

  it.each([
    // Both objects declare the key: the nested object's member after a `]` typed too often, or the parent's.
    [shared, '{"range": {"min": 1], "max": 9}'],
    // The nested object declares nothing: it may take any key.
    [open, '{"filter": {"a": 1], "limit": 5}'],
  ])("%j: %s → nothing", (schema, input) => assertReads(parseMistypedClosers, schema, input, undefined));
});

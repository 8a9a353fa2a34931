import { describe, expect, it } from "vitest";
import { parseMistypedClosers } from "../../../../src/repair/parsers/parse-mistyped-closers.ts";
import { assertReads, objectSchema, validReadings } from "./parser-helper.ts";

const range = objectSchema(["min", "max"], { types: { min: { type: "number" }, max: { type: "number" } } });
const search = objectSchema(["range", "limit", "query"], { types: { range, limit: { type: "integer" } } });
const shared = objectSchema(["range", "max"], { types: { range, max: { type: "number" } } });
const open = objectSchema(["filter", "limit"], { types: { filter: { type: "object" }, limit: { type: "integer" } } });
const item = { type: "object", properties: { k: { type: "integer" } }, required: ["k"], additionalProperties: false };
const args = objectSchema(["items", "note"], { types: { items: { type: "array", items: item } }, closed: true });
const steps = objectSchema(["tool", "args"], { types: { args }, closed: true });
const numbers = { type: "array", items: { type: "integer" } };
const tagged = objectSchema(["tags", "inner"], { types: { tags: numbers, inner: objectSchema(["tags"], { types: { tags: { type: "array", items: { type: "string" } } } }) }, closed: true });

describe("parse-mistyped-closers", () => {
  it.each([
    // A nested object closed by `]`, then a member only the parent declares.
    [search, '{"range": {"min": 1, "max": 9], "limit": 5}', { range: { min: 1, max: 9 }, limit: 5 }],
    [search, '{"query": "q", "range": {"min": 1],\n "limit": 5, "query": "q"}', { query: "q", range: { min: 1 }, limit: 5 }],
    // A list closed by a `}` typed for its `]`: its parent's `}`, the text's end, or a comma and a parent's key after it.
    [steps, '{"tool": "edit", "args": {"items": [{"k": 1}, {"k": 2}}}}', { tool: "edit", args: { items: [{ k: 1 }, { k: 2 }] } }],
    [steps, '{"args": {"items": [{"k": 1}}, "note": "x"}, "tool": "t"}', { args: { items: [{ k: 1 }], note: "x" }, tool: "t" }],
    [tagged, '{"tags": [1], "inner": {"tags": ["x", "y"}}}', { tags: [1], inner: { tags: ["x", "y"] } }],
  ])("%j: %s → %j", (schema, input, expected) => assertReads(parseMistypedClosers, schema, input, expected));

  it.each([
    // After the `}`, a key the parent does not declare, an item, or a `]`: more than a closer is wrong.
    [tagged, '{"tags": [1, 2}, "other": 3}'],
    [tagged, '{"tags": [1, 2}, 3]}'],
    // Right after unquoted text the brace may be the text's own (`b}`).
    [objectSchema(["tags"], { types: { tags: { type: "array", items: { type: "string" } } } }), '{"tags": [a, b}}'],
  ])("%j: %s → nothing from this family", (schema, input) => {
    const readings = validReadings(input, schema);
    expect(readings.filter((reading) => reading.parsers.includes(parseMistypedClosers.name))).toEqual([]);
  });

  it.each([
    // Both objects declare the key: the nested object's member after a `]` typed too often, or the parent's.
    [shared, '{"range": {"min": 1], "max": 9}'],
    // The nested object declares nothing: it may take any key.
    [open, '{"filter": {"a": 1], "limit": 5}'],
  ])("%j: %s → nothing", (schema, input) => assertReads(parseMistypedClosers, schema, input, undefined));
});

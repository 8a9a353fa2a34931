import { describe, it } from "vitest";
import { parseLostListEnd } from "../../../../src/repair/parsers/parse-lost-list-end.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const scored = objectSchema(["items", "score", "tags"], {
  types: { items: { type: "array", items: { type: "integer" } }, score: { type: "integer" }, tags: { type: "array", items: { type: "string" } } },
});
const nested = objectSchema(["query", "filter"], {
  types: { filter: { type: "object", properties: { ids: { type: "array", items: { type: "integer" } }, limit: { type: "integer" } } } },
});
const rows = objectSchema(["rows", "n"], { types: { rows: { type: "array", items: { type: "object", properties: { x: { type: "integer" } } } }, n: { type: "integer" } } });

describe("parse-lost-list-end", () => {
  it.each([
    // The last item's comma, then the object's next member: the list's `]` was left out.
    [scored, '{"items": [1, 2, 3, "score": 2}', { items: [1, 2, 3], score: 2 }],
    [scored, '{"tags": ["a", "b",\n  "score": 2,\n  "items": [4]}', { tags: ["a", "b"], score: 2, items: [4] }],
    [scored, "{'tags': ['x', 'score': 1}", { tags: ["x"], score: 1 }],
    [nested, '{"filter": {"ids": [7, 8, "limit": 5}, "query": "q"}', { filter: { ids: [7, 8], limit: 5 }, query: "q" }],
  ])("%j: %s → %j", (schema, input, expected) => assertReads(parseLostListEnd, schema, input, expected));

  it.each([
    // A key the object does not declare: a list item gone wrong as well.
    [scored, '{"items": [1, 2, "count": 2}'],
    // Items that may be objects: an item whose `{` was lost reads as well.
    [rows, '{"rows": [{"x": 1}, "x": 2}, "n": 1}'],
    // No comma before the key: two slips, not one.
    [scored, '{"items": [1, 2 "score": 2}'],
  ])("%j: %s → nothing", (schema, input) => assertReads(parseLostListEnd, schema, input, undefined));
});

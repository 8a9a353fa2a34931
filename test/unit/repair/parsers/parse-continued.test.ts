import { describe, it } from "vitest";
import { parseContinued } from "../../../../src/repair/parsers/parse-continued.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const order = objectSchema(["item", "qty", "tags"], { types: { qty: { type: "integer" }, tags: { type: "array", items: { type: "string" } } } });
const anyList = objectSchema(["key"], { types: { key: { type: "array" } }, required: ["key"], closed: true });
const nested = objectSchema(["user", "notify"], {
  types: { user: objectSchema(["name", "email"], { closed: true }), notify: { type: "boolean" } },
  closed: true,
});

describe("parse-continued", () => {
  it.each([
    [order, '{"item": "pen"}, "qty": 2}', { item: "pen", qty: 2 }],
    [order, '{"item": "pen"},\n"qty": 2,\n"tags": ["red"]}', { item: "pen", qty: 2, tags: ["red"] }],
    [order, '{"tags": ["red"], "blue"], "qty": 1}', { tags: ["red", "blue"], qty: 1 }],
    [order, '{"tags": ["a", "b"], "c", "d"]}', { tags: ["a", "b", "c", "d"] }],
    // new brackets after the `]`: their items join the array (a `[` cannot start a key)
    [order, '{"tags": ["a"], ["b"], ["c"], "qty": 1}', { tags: ["a", "b", "c"], qty: 1 }],
    [order, '{"item": "pen", "tags": ["a", "b"],\n  ["c"]\n}', { item: "pen", tags: ["a", "b", "c"] }],
    [order, '{"tags": ["a"], [], "qty": 1}', { tags: ["a"], qty: 1 }],
    [anyList, '{ "key": [[1, 2, 3], "a", "b"], [[4, 5, 6], [7, 8, 9]] }', { key: [[1, 2, 3], "a", "b", [4, 5, 6], [7, 8, 9]] }],
    // `email` belongs to `user` only: the inner object goes on
    [nested, '{"user": {"name": "Al"}, "email": "al@x.io"}, "notify": true}', { user: { name: "Al", email: "al@x.io" }, notify: true }],
    // `notify` belongs to the root: the inner object closes as written, the root goes on
    [nested, '{"user": {"name": "Al", "email": "a@b"}}, "notify": false}', { user: { name: "Al", email: "a@b" }, notify: false }],
    // after the root's `}`, a `}` typed once too often, then the root's next member
    [nested, '{"user": {"name": "Al", "email": "a@b"}}}, "notify": false}', { user: { name: "Al", email: "a@b" }, notify: false }],
    [order, '{"item": "pen"}}, "qty": 2}', { item: "pen", qty: 2 }],
    [order, '{"item": "pen"}\n}\n, "qty": 2}', { item: "pen", qty: 2 }],
    // the root's `}` ending a line where its comma goes, the next member on the next line
    [order, '{"item": "pen"}\n"tags": ["red"]}', { item: "pen", tags: ["red"] }],
    [order, '{"item": "pen"}\n  "tags": ["red", "blue"]', { item: "pen", tags: ["red", "blue"] }],
    [order, '{"item": "pen"}\n"qty": 2,\n"tags": []}', { item: "pen", qty: 2, tags: [] }],
  ])("%s → %j", (schema, input, expected) => assertReads(parseContinued, schema, input, expected));

  it.each([
    // a closed root followed by a key and no closer: cut, not continued
    [order, '{"item": "pen"}, "qty": 2'],
    [order, '{"item": "pen"}}, "qty": 2'],
    // on the same line, a key the root does not declare or holds already, or a number the text ends on (cut?)
    [order, '{"item": "pen"} "qty": 2}'],
    [order, '{"item": "pen"}\n"color": "red"}'],
    [order, '{"item": "pen"}\n"item": "ink"}'],
    [order, '{"item": "pen"}\n"qty": 2'],
    // after stray closers, a key a nested object may take too: two homes
    [
      objectSchema(["range", "max"], {
        types: { range: objectSchema(["min", "max"], { types: { min: { type: "number" }, max: { type: "number" } } }), max: { type: "number" } },
      }),
      '{"range": {"min": 1}}}, "max": 2}',
    ],
    // `max` may belong to the root or to `range`, closed one brace early: two readings
    [
      objectSchema(["range", "max", "other"], {
        types: { range: objectSchema(["min", "max"], { types: { min: { type: "number" }, max: { type: "number" } } }), max: { type: "number" } },
      }),
      '{"range": {"min": 1}, "max": 2}, "other": 0}',
    ],
    // new brackets that may be the value of a declared array property whose key was lost: two readings
    [objectSchema(["tags", "labels"], { types: { tags: { type: "array" }, labels: { type: "array" } } }), '{"tags": ["a"], ["b"]}'],
    // new brackets that begin the list again (their first item is its first): restarted, not continued
    [order, '{"tags": ["a", "b"], ["a", "b"], "qty": 1}'],
    [order, '{"tags": ["a", "b"], ["a", "c"]}'],
    [anyList, '{"key": [{"id": 1}, {"id": 2}], [{"id": 1}]}'],
    // a reopened array closed twice, or cut
    [order, '{"tags": ["a"], ["b"]], "qty": 1}'],
    [order, '{"tags": ["a"], ["b"'],
    // merged items the schema refuses: the brackets were meant as an item
    [objectSchema(["rows"], { types: { rows: { type: "array", items: { type: "array" } } } }), '{"rows": [[1]], [2]}'],
  ])("%s → nothing", (schema, input) => assertReads(parseContinued, schema, input, undefined));
});

import { describe, it } from "vitest";
import { parseContinued } from "../../../../src/repair/parsers/parse-continued.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const order = objectSchema(["item", "qty", "tags"], { types: { qty: { type: "integer" }, tags: { type: "array", items: { type: "string" } } } });
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
    // `email` belongs to `user` only: the inner object goes on
    [nested, '{"user": {"name": "Al"}, "email": "al@x.io"}, "notify": true}', { user: { name: "Al", email: "al@x.io" }, notify: true }],
    // `notify` belongs to the root: the inner object closes as written, the root goes on
    [nested, '{"user": {"name": "Al", "email": "a@b"}}, "notify": false}', { user: { name: "Al", email: "a@b" }, notify: false }],
  ])("%s → %j", (schema, input, expected) => assertReads(parseContinued, schema, input, expected));

  it.each([
    // a closed root followed by a key and no closer: cut, not continued
    [order, '{"item": "pen"}, "qty": 2'],
    // `max` may belong to the root or to `range`, closed one brace early: two readings
    [
      objectSchema(["range", "max", "other"], {
        types: { range: objectSchema(["min", "max"], { types: { min: { type: "number" }, max: { type: "number" } } }), max: { type: "number" } },
      }),
      '{"range": {"min": 1}, "max": 2}, "other": 0}',
    ],
  ])("%s → nothing", (schema, input) => assertReads(parseContinued, schema, input, undefined));
});

import { describe, it } from "vitest";
import { parseStrayClosers } from "../../../../src/repair/parsers/parse-stray-closers.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const tagged = objectSchema(["tags", "q"], { types: { tags: { type: "array", items: { type: "integer" } } } });
const counted = objectSchema(["a", "ids"], { types: { a: { type: "integer" }, ids: { type: "array", items: { type: "integer" } } } });
const matrix = objectSchema(["m", "q"], { types: { m: { type: "array", items: { type: "array", items: { type: "integer" } } } } });
const items = objectSchema(["items", "n"], {
  types: { items: { type: "array", items: { type: "object", properties: { x: { type: "integer" }, y: { type: "integer" } } } } },
});

describe("parse-stray-closers", () => {
  it.each([
    // A `]` in an object, after a value no list of which the property takes.
    [counted, '{"a": 1]}', { a: 1 }],
    [tagged, '{"tags": [5], "q": "x"]}', { tags: [5], q: "x" }],
    [items, '{"items":[{"x":1},{"y":2}],"n":"t"]}', { items: [{ x: 1 }, { y: 2 }], n: "t" }],
    // After a list whose items take no list: `[[5]]` is no other reading.
    [tagged, '{"q": "x", "tags": [5]]}', { q: "x", tags: [5] }],
    [items, '{"items":[{"x":1}]], "n":"t"}', { items: [{ x: 1 }], n: "t" }],
    // A `}` in a list, after its items: no object can end there.
    [tagged, '{"tags": [3, 4}]}', { tags: [3, 4] }],
    // A string closed where JSON closes it, brackets inside or not.
    [tagged, '{"tags": [1], "q": "see [x]"]}', { tags: [1], q: "see [x]" }],
    [tagged, '{"tags": [3, 4}], "q": "x"}', { tags: [3, 4], q: "x" }],
    // A number, or unquoted text ended by a comma before the bracket's member.
    [counted, '{"a": 7 ]}', { a: 7 }],
    [tagged, '{"q": x, "tags": [5]]}', { q: "x", tags: [5] }],
    [items, '{"items":[{"x":1}}, {"y":2}], "n":"t"}', { items: [{ x: 1 }, { y: 2 }], n: "t" }],
  ])("%j: %s → %j", (schema, input, expected) => assertReads(parseStrayClosers, schema, input, expected));

  it.each([
    // The property takes a list that could hold the value: its `[` may be what was lost (`[2]`).
    [counted, '{"a": 1, "ids": 2]}'],
    // A list of lists: `[[1, 2]]]` may be `[[[1, 2]]]` missing nothing but a `[`, or one `]` too many.
    [matrix, '{"m": [[1, 2]]], "q": "x"}'],
    // Not right before a comma or the container's closer: more than a bracket is wrong.
    [tagged, '{"tags": [1], "q": "x"] "n"}'],
    // A string stretched past inner quotes that opened the bracket after it: the bracket may be the string's.
    [tagged, '{"tags": [1], "q": "see ["x"]}'],
    // Right after unquoted text the bracket may be the text's own (`0]`, `x }`): two readings.
    [tagged, '{"tags": [1], "q": 0]}'],
    [tagged, '{"tags": [1], "q": see x ]}'],
    [tagged, '{"tags": [1], "q": x], "n": 1}'],
    [objectSchema(["tags"], { types: { tags: { type: "array", items: { type: "string" } } } }), '{"tags": [a, b}]}'],
  ])("%j: %s → nothing", (schema, input) => assertReads(parseStrayClosers, schema, input, undefined));
});

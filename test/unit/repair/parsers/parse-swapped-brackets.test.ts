import { describe, it } from "vitest";
import { parseSwappedBrackets } from "../../../../src/repair/parsers/parse-swapped-brackets.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const point = { type: "object", properties: { x: { type: "integer" }, y: { type: "integer" } } };
const tagged = objectSchema(["tags", "at", "name"], { types: { tags: { type: "array", items: { type: "string" } }, at: point } });
const numbers = objectSchema(["ids"], { types: { ids: { type: "array", items: { type: "integer" } } } });
const rows = objectSchema(["rows"], { types: { rows: { type: "array", items: point } } });
const either = objectSchema(["v"], { types: { v: { type: ["array", "object"] } } });
const anything = objectSchema(["v"], { types: { v: {} } });

describe("parse-swapped-brackets", () => {
  it.each([
    // A list in braces where only a list fits.
    [tagged, '{"name": "n", "tags": { "one", "two" }}', { name: "n", tags: ["one", "two"] }],
    [numbers, '{"ids": {1, 2, 3}}', { ids: [1, 2, 3] }],
    [tagged, '{"tags": {\n  "a",\n  "b",\n}, "name": "n"}', { tags: ["a", "b"], name: "n" }],
    // An object's members in square brackets where only an object fits.
    [tagged, '{"name": "n", "at": [\n  "x": 1,\n  "y": 12\n]}', { name: "n", at: { x: 1, y: 12 } }],
    [rows, '{"rows": [["x": 1, "y": 2], {"x": 3}]}', { rows: [{ x: 1, y: 2 }, { x: 3 }] }],
  ])("%j: %s → %j", (schema, input, expected) => assertReads(parseSwappedBrackets, schema, input, expected));

  it.each([
    // Both kinds fit, or the schema says nothing: the brackets as written decide, and they do not read.
    [either, '{"v": {"a", "b"}}'],
    [anything, '{"v": ["x": 1]}'],
    // The inside reads as neither kind.
    [tagged, '{"tags": {"a", "b": "c"}}'],
    [tagged, '{"at": ["x": 1, 2]}'],
    // Brackets of both kinds around one container: not one slip.
    [tagged, '{"tags": {"a", "b"]}'],
    [tagged, '{"at": ["x": 1}}'],
  ])("%j: %s → nothing", (schema, input) => assertReads(parseSwappedBrackets, schema, input, undefined));
});

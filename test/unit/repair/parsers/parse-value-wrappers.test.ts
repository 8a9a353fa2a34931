import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../../src/repair/engine.ts";
import type { JsonSchema } from "../../../../src/repair/types.ts";
import { parseValueWrappers } from "../../../../src/repair/parsers/parse-value-wrappers.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const record = objectSchema(["_id", "n", "at", "price", "tags"], {
  types: { n: { type: "integer" }, price: { type: "number" }, tags: { type: "array", items: { type: "string" } } },
});

describe("parse-value-wrappers", () => {
  it.each([
    [record, '{"_id":ObjectId("123")}', { _id: "123" }],
    [record, "{\"_id\": ObjectId('5f1a'), \"n\": NumberLong(5)}", { _id: "5f1a", n: 5 }],
    [record, '{"n": NumberInt(42), "price": NumberDecimal(1.5)}', { n: 42, price: 1.5 }],
    [record, '{"at": ISODate("2024-01-02T03:04:05Z"), "n": Int32(-3)}', { at: "2024-01-02T03:04:05Z", n: -3 }],
    [record, '{"at": new Date("2024-01-02")}', { at: "2024-01-02" }],
    [record, '{"tags": [ObjectId("a"), UUID("b-c")]}', { tags: ["a", "b-c"] }],
    [record, '{"_id": NumberLong("9007")}', { _id: "9007" }],
    // the MongoDB names no word shares, in any case
    [record, '{"at": isodate("2020-01-01")}', { at: "2020-01-01" }],
    [record, '{"_id": new objectid("5f1a"), "n": NUMBERLONG(7)}', { _id: "5f1a", n: 7 }],
    [record, '{"n": Numberint(3), "price": numberDecimal(2.5)}', { n: 3, price: 2.5 }],
  ])("%s → %j", (schema, input, expected) => assertReads(parseValueWrappers, schema, input, expected));

  it.each([
    // a name the family does not know: a function call, not a type
    [record, '{"_id": Ref("123")}'],
    [record, '{"_id": callback("123")}'],
    [record, '{"n": Ref(5)}'],
    // names a word or another function shares are read only as the shell prints them
    [record, '{"at": date("2024-01-02")}'],
    [record, '{"n": long(5)}'],
    [record, '{"_id": uuid("b-c")}'],
    // not one scalar inside
    [record, '{"n": Date()}'],
    [record, '{"n": Timestamp(1, 2)}'],
    [record, '{"_id": ObjectId("1"'],
  ])("%s → nothing", (schema, input) => assertReads(parseValueWrappers, schema, input, undefined));

  it("stands only where the schema takes the value inside, as the engine repairs it", () => {
    const engine = createRepairEngine();
    const repair = (schema: JsonSchema, text: string) => engine.repair({ name: "t", arguments: text }, engine.prepareTools([{ name: "t", parameters: schema }]));
    const integer = repair(objectSchema(["n"], { types: { n: { type: "integer" } } }), '{"n": NumberLong("9007")}');
    expect(integer.kind === "repaired" ? JSON.parse(integer.arguments) : integer.kind).toStrictEqual({ n: 9007 });
    // Where a string fits, `NumberLong(5)` is text as well as 5: two readings, no repair.
    expect(repair(objectSchema(["n"]), '{"n": NumberLong(5)}').kind).toBe("failed");
  });
});

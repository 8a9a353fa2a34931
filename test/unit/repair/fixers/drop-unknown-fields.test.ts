import { describe, expect, it } from "vitest";
import { Ajv2020 } from "ajv/dist/2020.js";
import { dropUnknownFields } from "../../../../src/repair/fixers/drop-unknown-fields.ts";
import type { FixerCase } from "./value-fixer-helper.ts";
import { checkFixerCase } from "./value-fixer-helper.ts";

const schema = {
  type: "object",
  properties: { path: { type: "string" }, body: { type: "object", properties: { a: { type: "integer" } }, additionalProperties: false } },
  additionalProperties: false,
};

const rows: FixerCase[] = [
  { title: "hallucinated key", schema, before: { path: "a", reasoning: "because" }, after: { path: "a" } },
  { title: "several keys", schema, before: { x: 1, path: "a", y: 2 }, after: { path: "a" } },
  { title: "nested closed object", schema, before: { body: { a: 1, b: 2 } }, after: { body: { a: 1 } } },
  { title: "__proto__ key", schema, before: JSON.parse('{"path":"a","__proto__":{"polluted":true}}'), after: { path: "a" } },

  { title: "open object", schema: { type: "object", properties: { path: { type: "string" } }, required: ["z"] }, before: { extra: 1 }, after: undefined },
  { title: "additionalProperties schema: the value may matter", schema: { type: "object", properties: {}, additionalProperties: { type: "integer" } }, before: { n: "x" }, after: undefined },
  { title: "inside oneOf: dropping would choose a branch", schema: { type: "object", oneOf: [{ properties: { a: {} }, additionalProperties: false }, { properties: { b: {} }, additionalProperties: false }] }, before: { a: 1, b: 2 }, after: undefined },
  { title: "valid", schema, before: { path: "a" }, after: undefined },
];

describe("drop-unknown-fields", () => {
  it.each(rows)("$title", (row) => checkFixerCase(dropUnknownFields, row));
});

describe("drop-unknown-fields with 2020-12 schemas", () => {
  it("drops keys rejected by unevaluatedProperties: false", () => {
    const schema2020 = { type: "object", properties: { a: {} }, unevaluatedProperties: false };
    const validate = new Ajv2020({ allErrors: true, verbose: true, strict: false }).compile(schema2020);
    expect(validate({ a: 1, b: 2 })).toBe(false);
    const errors = validate.errors ?? [];
    const result = dropUnknownFields.fix({ a: 1, b: 2 }, { schema: schema2020, errors });
    expect(result).toEqual({ a: 1 });
    expect(dropUnknownFields.fix(result, { schema: schema2020, errors })).toBeUndefined();
  });
});

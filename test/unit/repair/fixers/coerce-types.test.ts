import { describe, expect, it } from "vitest";
import { coerceTypes } from "../../../../src/repair/fixers/coerce-types.ts";
import type { FixerCase } from "./value-fixer-helper.ts";
import { checkFixerCase, isValid } from "./value-fixer-helper.ts";

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: "object",
  properties,
  ...extra,
});

const rows: FixerCase[] = [
  { title: "integer string", schema: object({ n: { type: "integer" } }), before: { n: "42" }, after: { n: 42 } },
  { title: "negative integer string", schema: object({ n: { type: "integer" } }), before: { n: "-7" }, after: { n: -7 } },
  { title: "surrounding whitespace is form", schema: object({ n: { type: "integer" } }), before: { n: " 42 " }, after: { n: 42 } },
  { title: "number string", schema: object({ t: { type: "number" } }), before: { t: "59.76" }, after: { t: 59.76 } },
  { title: "number with exponent", schema: object({ t: { type: "number" } }), before: { t: "1e3" }, after: { t: 1000 } },
  { title: "boolean strings", schema: object({ a: { type: "boolean" }, b: { type: "boolean" } }), before: { a: "true", b: "False" }, after: { a: true, b: false } },
  { title: "number to string", schema: object({ zip: { type: "string" } }), before: { zip: 94110 }, after: { zip: "94110" } },
  { title: "boolean to string", schema: object({ s: { type: "string" } }), before: { s: false }, after: { s: "false" } },
  { title: "single value to array", schema: object({ tags: { type: "array", items: { type: "string" } } }), before: { tags: "red" }, after: { tags: ["red"] } },
  { title: "object to one-element array", schema: object({ deck: { type: "array", items: { type: "object" } } }), before: { deck: { rank: "Q" } }, after: { deck: [{ rank: "Q" }] } },
  { title: "one-item array to its item", schema: object({ city: { type: "string" }, n: { type: "integer" } }), before: { city: ["Oslo"], n: ["3"] }, after: { city: "Oslo", n: 3 } },
  { title: "a two-item array is not one value", schema: object({ city: { type: "string" } }), before: { city: ["Oslo", "Rome"] }, after: undefined },
  { title: "a one-item array holding an object or null is not a scalar", schema: object({ city: { type: "string" } }), before: { city: [{ name: "Oslo" }] }, after: undefined },
  { title: "nested by pointer", schema: object({ budget: object({ min: { type: "number" } }) }), before: { budget: { min: "300000" } }, after: { budget: { min: 300000 } } },
  { title: "inside an array", schema: object({ ids: { type: "array", items: { type: "integer" } } }), before: { ids: [1, "2", 3] }, after: { ids: [1, 2, 3] } },
  { title: "type list picks the one that converts", schema: object({ n: { type: ["integer", "null"] } }), before: { n: "5" }, after: { n: 5 } },
  // Pydantic's Optional[X] with X under $defs: the $ref branch is read as the schema it names.
  { title: "anyOf with a local $ref branch and null", schema: object({ n: { anyOf: [{ $ref: "#/$defs/Count", description: "how many" }, { type: "null" }] } }, { $defs: { Count: { type: "integer" } } }), before: { n: "5" }, after: { n: 5 } },
  { title: "a $ref branch with a constraint beside it stays unread", schema: object({ n: { anyOf: [{ $ref: "#/$defs/Count", minimum: 1 }, { type: "null" }] } }, { $defs: { Count: { type: "integer" } } }), before: { n: "5" }, after: undefined },
  { title: "a $ref branch that takes the string as it is leaves a choice", schema: object({ n: { anyOf: [{ $ref: "#/$defs/Count" }, { $ref: "#/$defs/Label" }] } }, { $defs: { Count: { type: "integer" }, Label: { type: "string", minLength: 3 } } }), before: { n: "5" }, after: undefined },
  { title: "anyOf with one convertible branch", schema: object({ n: { anyOf: [{ type: "integer" }, { type: "null" }] } }), before: { n: "5" }, after: { n: 5 } },
  { title: "enum member after conversion", schema: object({ id: { type: "integer", enum: [1, 2] } }), before: { id: "2" }, after: { id: 2 } },
  { title: "several fields at once", schema: object({ a: { type: "integer" }, b: { type: "string" } }), before: { a: "1", b: 2 }, after: { a: 1, b: "2" } },
  { title: "__proto__ key stays data", schema: object({ n: { type: "integer" } }), before: JSON.parse('{"__proto__":{"x":1},"n":"3"}'), after: JSON.parse('{"__proto__":{"x":1},"n":3}') },

  { title: "trailing garbage", schema: object({ n: { type: "integer" } }), before: { n: "42abc" }, after: undefined },
  { title: "leading plus", schema: object({ n: { type: "integer" } }), before: { n: "+42" }, after: undefined },
  { title: "leading zeros", schema: object({ n: { type: "integer" } }), before: { n: "007" }, after: undefined },
  { title: "hex", schema: object({ n: { type: "integer" } }), before: { n: "0x2A" }, after: undefined },
  { title: "fraction for an integer", schema: object({ n: { type: "integer" } }), before: { n: "4.0" }, after: undefined },
  { title: "fractional number for an integer", schema: object({ n: { type: "integer" } }), before: { n: 3.5 }, after: undefined },
  { title: "unsafe integer", schema: object({ n: { type: "integer" } }), before: { n: "90071992547409930" }, after: undefined },
  { title: "too many digits to be exact", schema: object({ t: { type: "number" } }), before: { t: "0.10000000000000000001" }, after: undefined },
  { title: "empty string", schema: object({ n: { type: "number" } }), before: { n: "" }, after: undefined },
  { title: "words for a number", schema: object({ n: { type: "integer" } }), before: { n: "ten" }, after: undefined },
  { title: "yes is not a boolean", schema: object({ b: { type: "boolean" } }), before: { b: "yes" }, after: undefined },
  { title: "null never invented", schema: object({ n: { type: "null" } }), before: { n: "null" }, after: undefined },
  { title: "converted value outside the enum", schema: object({ id: { type: "integer", enum: [1, 2] } }), before: { id: "3" }, after: undefined },
  { title: "ambiguous branches", schema: object({ v: { anyOf: [{ type: "string" }, { type: "array", items: { type: "integer" } }] } }), before: { v: 5 }, after: undefined },
  { title: "a branch takes the string as it is", schema: object({ v: { anyOf: [{ type: "integer" }, { type: "string", minLength: 5 }] } }), before: { v: "42" }, after: undefined },
  { title: "a branch behind a local $ref is read as the schema it names", schema: { ...object({ v: { anyOf: [{ $ref: "#/$defs/n" }, { type: "null" }] } }), $defs: { n: { type: "integer" } } }, before: { v: "4" }, after: { v: 4 } },
  { title: "a branch naming a $ref with a constraint beside it cannot be judged", schema: { ...object({ v: { anyOf: [{ $ref: "#/$defs/n" }, { type: "null" }] } }), $defs: { n: { $ref: "#/$defs/m", minimum: 0 }, m: { type: "integer" } } }, before: { v: "4" }, after: undefined },
  { title: "comma list is not one item", schema: object({ tags: { type: "array", items: { type: "string" } } }), before: { tags: "a, b" }, after: undefined },
  { title: "an ellipsis is a list left out, not a list of it", schema: object({ tags: { type: "array", items: { type: "string" } } }), before: { tags: "..." }, after: undefined },
  { title: "so is a Unicode ellipsis or etc.", schema: object({ tags: { type: "array", items: { type: "string" } }, more: { type: "array", items: { type: "string" } } }), before: { tags: " … ", more: "etc." }, after: undefined },
  { title: "a word with an ellipsis in it is one item", schema: object({ tags: { type: "array", items: { type: "string" } } }), before: { tags: "wait..." }, after: { tags: ["wait..."] } },
  { title: "JSON array text is decode's job", schema: object({ tags: { type: "array", items: { type: "integer" } } }), before: { tags: "[1,2]" }, after: undefined },
  { title: "item that does not fit", schema: object({ ids: { type: "array", items: { type: "integer" } } }), before: { ids: "x" }, after: undefined },
  { title: "minItems above one", schema: object({ p: { type: "array", minItems: 2 } }), before: { p: 3 }, after: undefined },
  { title: "object wanted: not this fixer", schema: object({ o: { type: "object" } }), before: { o: "{}" }, after: undefined },
  { title: "valid value", schema: object({ n: { type: "integer" } }), before: { n: 3 }, after: undefined },
];

describe("coerce-types", () => {
  it.each(rows)("$title", (row) => checkFixerCase(coerceTypes, row));

  it("3.0 parses to an integer and needs nothing", () => {
    expect(isValid(object({ n: { type: "integer" } }), JSON.parse('{"n":3.0}'))).toBe(true);
  });

  it("is lossless", () => {
    expect(coerceTypes.class).toBe("lossless");
    expect(coerceTypes.name).toBe("coerce-types");
  });
});

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

function closedWith(properties: Record<string, unknown>, required: string[] = []): Record<string, unknown> {
  return { type: "object", properties, required, additionalProperties: false };
}

const rows: FixerCase[] = [
  { title: "hallucinated key", schema, before: { path: "a", reasoning: "because" }, after: { path: "a" } },
  { title: "several keys", schema, before: { x: 1, path: "a", y: 2 }, after: { path: "a" } },
  { title: "nested closed object", schema, before: { body: { a: 1, b: 2 } }, after: { body: { a: 1 } } },
  { title: "__proto__ key", schema, before: JSON.parse('{"path":"a","__proto__":{"polluted":true}}'), after: { path: "a" } },

  { title: "open object", schema: { type: "object", properties: { path: { type: "string" } }, required: ["z"] }, before: { extra: 1 }, after: undefined },
  { title: "additionalProperties schema: the value may matter", schema: { type: "object", properties: {}, additionalProperties: { type: "integer" } }, before: { n: "x" }, after: undefined },
  { title: "inside oneOf: dropping would choose a branch", schema: { type: "object", oneOf: [{ properties: { a: {} }, additionalProperties: false }, { properties: { b: {} }, additionalProperties: false }] }, before: { a: 1, b: 2 }, after: undefined },
  { title: "valid", schema, before: { path: "a" }, after: undefined },

  // An unknown key that may be the model's name for an absent declared property holds that property's value.
  { title: "a misspelling rename-fields does not take (`pahts` for `path`)", schema, before: { pahts: "a" }, after: undefined },
  { title: "a word of the declared name (`contents` for `limit_contents`)", schema: closedWith({ limit_contents: { type: "integer" } }), before: { contents: 5 }, after: undefined },
  { title: "a word in common (`user_id` for `customer_id`)", schema: closedWith({ customer_id: { type: "string" } }), before: { user_id: "u1" }, after: undefined },
  // One name run into the other, with no separator to split words on.
  { title: "a declared name run into another word (`subpath` for `path`)", schema: closedWith({ project: { type: "string" }, path: { type: "string" } }), before: { project: "hive", subpath: "docs" }, after: undefined },
  { title: "`filepath` for `path`", schema: closedWith({ path: { type: "string" } }), before: { filepath: "a.txt" }, after: undefined },
  { title: "`reasoning` for a declared `reason`", schema: closedWith({ reason: { type: "string" }, path: { type: "string" } }), before: { path: "a", reasoning: "because" }, after: undefined },
  // A declared name cut short: `dir` may be the `directory` the call left out, `max` its `max_results`.
  { title: "`dir` for a declared `directory`", schema: closedWith({ directory: { type: "string" }, path: { type: "string" } }), before: { path: "a", dir: "docs" }, after: undefined },
  { title: "`max` for a declared `max_results`", schema: closedWith({ max_results: { type: "integer" }, path: { type: "string" } }), before: { path: "a", max: 5 }, after: undefined },
  // Only at either end: a name inside a word is not that name, and short names are parts of many words.
  { title: "`explanation` is dropped beside a declared `plan`", schema: closedWith({ plan: { type: "string" }, path: { type: "string" } }), before: { path: "a", explanation: "x" }, after: { path: "a" } },
  { title: "`hashtag` is dropped beside a declared `tag`", schema: closedWith({ tag: { type: "string" }, path: { type: "string" } }), before: { path: "a", hashtag: "x" }, after: { path: "a" } },
  // A value from an absent property's closed set: the key is that property under a synonym, dropping it would
  // let the tool's default stand for what the model chose.
  {
    title: "a value of an absent enum property (`mergeMethod` for `strategy`)",
    schema: closedWith({ number: { type: "integer" }, strategy: { enum: ["merge", "squash", "rebase"] } }, ["number"]),
    before: { number: 42, mergeMethod: "squash" },
    after: undefined,
  },
  { title: "the enum value in another case", schema: closedWith({ q: { type: "string" }, order: { enum: ["asc", "desc"] } }), before: { q: "x", sort: "DESC" }, after: undefined },
  { title: "a number of an absent enum property", schema: closedWith({ q: { type: "string" }, level: { enum: [1, 2, 3] } }), before: { q: "x", priority: 2 }, after: undefined },
  { title: "the value of an absent const property", schema: closedWith({ q: { type: "string" }, kind: { const: "issue" } }), before: { q: "x", type: "issue" }, after: undefined },
  { title: "a value no absent enum allows is dropped", schema: closedWith({ q: { type: "string" }, order: { enum: ["asc", "desc"] } }), before: { q: "x", note: "fast" }, after: { q: "x" } },
  { title: "the enum property present: the extra key is dropped", schema: closedWith({ q: { type: "string" }, order: { enum: ["asc", "desc"] } }), before: { q: "x", order: "asc", sort: "asc" }, after: { q: "x", order: "asc" } },
  { title: "an empty value is no choice", schema: closedWith({ q: { type: "string" }, order: { enum: ["", "asc"] } }), before: { q: "x", note: "" }, after: { q: "x" } },
  // An empty value holds nothing: dropping it loses nothing, whatever the key resembles.
  {
    title: "an empty near-duplicate of a present key (`newText_2: \"\"`)",
    schema: closedWith({ oldText: { type: "string" }, newText: { type: "string" } }, ["oldText", "newText"]),
    before: { oldText: "a", newText: "b", newText_2: "" },
    after: { oldText: "a", newText: "b" },
  },
  { title: "an empty misspelling of a present key", schema, before: { path: "a", pahts: null }, after: { path: "a" } },
  { title: "an empty list or object beside nothing it resembles", schema: closedWith({ path: { type: "string" } }), before: { path: "a", tags: [], opts: {} }, after: { path: "a" } },
  // Sent empty, a key like a property the object lacks is that property: `[]` is not its absence.
  { title: "an empty value for a key like an absent property is kept", schema: closedWith({ path: { type: "string" }, file_start: { type: "array" } }), before: { path: "a", start: [] }, after: undefined },
  {
    title: "an empty key while a required property is missing is kept (it may be that property, sent empty)",
    schema: closedWith({ query: { type: "string" }, limit: { type: "integer", default: 10 } }, ["query", "limit"]),
    before: { query: "x", max: "" },
    after: undefined,
  },
  { title: "a near-duplicate that is not empty is kept", schema: closedWith({ newText: { type: "string" } }), before: { newText: "b", newText_2: "c" }, after: undefined },
  { title: "an object that holds declared keys (a wrapper)", schema, before: { tool: { path: "a" } }, after: undefined },
  {
    title: "an object that misses a required property: the unknown key may be it",
    schema: closedWith({ query: { type: "string" }, limit: { type: "integer", default: 10 } }, ["query", "limit"]),
    before: { query: "x", max: 5 },
    after: undefined,
  },
  // Two values for one property: which one the model meant is a guess.
  { title: "a key like a declared one that is present with another value is kept", schema, before: { path: "a", paths: "b" }, after: undefined },
  // An object where a property that takes any object is missing: that property under another name (`parameters` for `args`).
  { title: "an object where a free-form object property is missing is kept", schema: closedWith({ name: { type: "string" }, args: { type: "object" } }, ["name"]), before: { name: "n", parameters: { action: "go" } }, after: undefined },
  { title: "an object beside a free-form object property that is present is dropped", schema: closedWith({ name: { type: "string" }, args: { type: "object" } }, ["name"]), before: { name: "n", args: {}, meta: { trace: 1 } }, after: { name: "n", args: {} } },
  { title: "a string where a free-form object property is missing is dropped", schema: closedWith({ name: { type: "string" }, args: { type: "object" } }, ["name"]), before: { name: "n", explanation: "why" }, after: { name: "n" } },
  { title: "an object where only an object with properties of its own is missing is dropped", schema: closedWith({ name: { type: "string" }, opts: { type: "object", properties: { a: { type: "integer" } } } }, ["name"]), before: { name: "n", meta: { trace: 1 } }, after: { name: "n" } },
  { title: "a nested object's property written one level up is kept", schema, before: { path: "p", a: 1 }, after: undefined },
  { title: "a key like a declared one that is present with the same value is dropped", schema, before: { path: "a", Path: "a" }, after: { path: "a" } },
  // One more member of a series the declared names make: an operand, a coordinate, an item the tool has no room for.
  { title: "a letter after declared letters (`c` beside `a` and `b`)", schema: closedWith({ a: { type: "integer" }, b: { type: "integer" }, op: { type: "string" } }), before: { a: 1, b: 2, op: "+", c: 3 }, after: undefined },
  { title: "a coordinate (`z` beside `x` and `y`)", schema: closedWith({ x: { type: "number" }, y: { type: "number" } }), before: { x: 1, y: 2, z: 3 }, after: undefined },
  { title: "another index of a declared stem (`num3` beside `num1`, `num2`)", schema: closedWith({ num1: { type: "number" }, num2: { type: "number" } }), before: { num1: 1, num2: 2, num3: 3 }, after: undefined },
  { title: "an index in another style (`file_2` beside `file1`)", schema: closedWith({ file1: { type: "string" } }), before: { file1: "a", file_2: "b" }, after: undefined },
  { title: "a letter beside one declared letter is dropped", schema: closedWith({ q: { type: "string" }, path: { type: "string" } }), before: { q: "x", k: 5 }, after: { q: "x" } },
  { title: "an index of a stem nothing declares is dropped", schema: closedWith({ query: { type: "string" } }), before: { query: "x", v2: true }, after: { query: "x" } },
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

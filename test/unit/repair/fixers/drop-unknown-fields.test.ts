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
  { title: "an object that holds declared keys (a wrapper)", schema, before: { tool: { path: "a" } }, after: undefined },
  {
    title: "an object that misses a required property: the unknown key may be it",
    schema: closedWith({ query: { type: "string" }, limit: { type: "integer", default: 10 } }, ["query", "limit"]),
    before: { query: "x", max: 5 },
    after: undefined,
  },
  // Two values for one property: which one the model meant is a guess.
  { title: "a key like a declared one that is present with another value is kept", schema, before: { path: "a", paths: "b" }, after: undefined },
  { title: "a nested object's property written one level up is kept", schema, before: { path: "p", a: 1 }, after: undefined },
  { title: "a key like a declared one that is present with the same value is dropped", schema, before: { path: "a", Path: "a" }, after: { path: "a" } },
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

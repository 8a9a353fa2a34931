import { describe, it } from "vitest";
import { extractJsonObject } from "../../../../src/repair/fixers/extract-json-object.ts";
import { assertTextFix } from "./text-fixer-helper.ts";

describe("extract-json-object", () => {
  it.each([
    ['Calling the function with: {"a": 1}', '{"a": 1}'],
    ['{"a": 1}\nThis should work.', '{"a": 1}'],
    ['{"a": 1} <junk>', '{"a": 1}'],
    ['{"city":"San Francisco"}Estimating the weather...', '{"city":"San Francisco"}'],
    [' - { "k": ["v"] }', '{ "k": ["v"] }'],
    ['Sure: {"a": "}{"}. Done', '{"a": "}{"}'],
    ['Sure: {"a": "b', '{"a": "b'],
    // A comma after it, then a sentence: the object was one item of an answer.
    ['The answer is\n{"a": 1},\n\nAnything else I can help with?', '{"a": 1}'],
    ['{"a": 1}, I hope this helps', '{"a": 1}'],
    ['{"a": 1},', undefined],
    ['{"a": 1};', '{"a": 1}'],
    ['const args = {"a": 1};', '{"a": 1}'],
    ['{"a": 1}; {"b": 2}', undefined],
    ['{"a": 1}, b: 2}', undefined],
    ["{\"a\": 1}, 'b' too", undefined],
    // Nothing but stray closers around it: a syntax problem, not prose.
    ['{"a": 1}}', undefined],
    // More JSON around it: not a single object in prose.
    ['{"a": 1}, "b": 2}', undefined],
    ['{"a": 1} and {"b": 2}', undefined],
    ['["x", {"a": 1}]', undefined],
    ['He said "x": {"a": 1}', undefined],
    ["no object here", undefined],
    ['{"a": 1}', undefined],
  ])("%j → %j", (input, expected) => assertTextFix(extractJsonObject, input, expected));
});

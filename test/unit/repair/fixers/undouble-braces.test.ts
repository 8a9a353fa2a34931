import { describe, it } from "vitest";
import { undoubleBraces } from "../../../../src/repair/fixers/undouble-braces.ts";
import { assertTextFix } from "./text-fixer-helper.ts";

describe("undouble-braces", () => {
  it.each([
    ['{{"city": "Paris"}}', '{"city":"Paris"}'],
    ['{{"city": "Paris", "days": 3}}\n', '{"city":"Paris","days":3}'],
    // every pair doubled, or only the outer one: both readings give one object
    ['{{"a": {{"b": 1}}}}', '{"a":{"b":1}}'],
    ['{{"a": {"b": 1}}}', '{"a":{"b":1}}'],
    ['{{\n  "query": "weather",\n  "filters": {{"lang": "en"}}\n}}', '{"query":"weather","filters":{"lang":"en"}}'],
    // braces inside strings are text, doubled or not
    ['{{"template": "Hello {{name}}"}}', '{"template":"Hello {{name}}"}'],
    // braces inside a string stay as written
    ['{{"a": "}}"}}', '{"a":"}}"}'],
  ])("%j → %j", (input, expected) => assertTextFix(undoubleBraces, input, expected));

  it.each([
    // JSON already, or not doubled
    ['{"city": "Paris"}'],
    ['{"a": {"b": 1}}'],
    // two objects in a set, a list, or broken inside: no single object
    ['{{"a": 1}, {"a": 2}}'],
    ['{{"a": 1}}, {{"a": 2}}'],
    ["{{city: 'Paris'}}"],
    // a template's placeholder, not an object
    ["{{city}}"],
    ["{{}}x"],
  ])("%j → unchanged", (input) => assertTextFix(undoubleBraces, input, undefined));
});

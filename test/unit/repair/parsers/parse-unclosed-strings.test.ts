import { describe, it } from "vitest";
import { parseUnclosedStrings } from "../../../../src/repair/parsers/parse-unclosed-strings.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const person = objectSchema(["name", "age", "city", "gender"], { types: { age: { type: "integer" } }, closed: true });
const open = { type: "object" };

describe("parse-unclosed-strings", () => {
  it.each([
    [person, '{"name": "John", "age": 30, "city": "New York, "gender": "male"}', { name: "John", age: 30, city: "New York", gender: "male" }],
    [person, "{'name': 'John, 'city': 'Oslo'}", { name: "John", city: "Oslo" }],
    [person, '{"city": "Rome,\n  "name": "Ann"}', { city: "Rome", name: "Ann" }],
    [person, '{"city": "a, b, "name": "Ann"}', { city: "a, b", name: "Ann" }],
    // The key must be one the object declares, and the quote must be the string's first inside it.
    [person, '{"city": "New York, "zip": "10001"}', undefined],
    [open, '{"city": "New York, "gender": "male"}', undefined],
    [person, '{"city": "say "hi", "name": "Ann"}', undefined],
    // Nothing before the comma: not a value cut short but a stray comma.
    [person, '{"city": ", "name": "Ann"}', undefined],
    [person, '{"city": "C:\\", "name": "Ann"}', undefined],
  ])("%j: %s → %j", (schema, input, expected) => assertReads(parseUnclosedStrings, schema, input, expected));
});

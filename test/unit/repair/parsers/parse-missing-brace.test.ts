import { describe, expect, it } from "vitest";
import { parserFamilies } from "../../../../src/repair/parsers/index.ts";
import { parseMissingBrace } from "../../../../src/repair/parsers/parse-missing-brace.ts";
import { readArguments } from "../../../../src/repair/parsers/read-arguments.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const weather = objectSchema(["city", "days", "exact", "tags", "user"], {
  types: {
    days: { type: "integer" },
    exact: { type: "boolean" },
    tags: { type: "array", items: { type: "string" } },
    user: objectSchema(["name"]),
  },
  required: ["city"],
  closed: true,
});
const pair = objectSchema(["key", "key2"], { required: ["key", "key2"], closed: true });

describe("parse-missing-brace", () => {
  it.each([
    // the last value is complete and every required property is there: only the `}` is missing
    [pair, '{"key": value "key2" : "value2" ', { key: "value", key2: "value2" }],
    [weather, '{"city": "Paris", "exact": true\n', { city: "Paris", exact: true }],
    [weather, '{"city": "Paris", "tags": ["a", "b"]', { city: "Paris", tags: ["a", "b"] }],
    [weather, '{"city": "Paris", "user": {"name": "Al"}', { city: "Paris", user: { name: "Al" } }],
    [weather, "{'city': 'Paris' // the user's city\n", { city: "Paris" }],
  ])("%j: %s → %j", (schema, input, expected) => assertReads(parseMissingBrace, schema, input, expected));

  it.each([
    // a dangling comma, a partial key, a key without value: cut between members
    [weather, '{"city": "Paris",'],
    [weather, '{"city": "Paris", "da'],
    [weather, '{"city": "Paris", "days":'],
    // cut inside a string, an array or a nested object
    [weather, '{"city": "Par'],
    [weather, '{"city": "Paris", "tags": ["a", "b"'],
    [weather, '{"city": "Paris", "user": {"name": "Al"'],
    // unquoted text at the end may go on
    [weather, '{"city": Paris'],
    [weather, '{"city": "Paris", "exact": tru'],
    // a number at the end may have lost digits, unless the upstream said why it stopped
    [weather, '{"city": "Paris", "days": 3'],
    // a required property missing: what the cut took, maybe
    [weather, '{"days": 3'],
    [pair, '{"key": "value"'],
    // several objects: the last one is no root
    [weather, '{"city": "Paris"} {"city": "Rome"'],
  ])("%j: %s → nothing", (schema, input) => assertReads(parseMissingBrace, schema, input, undefined));

  it("closes after a number only when the upstream said it stopped, and not for length", () => {
    const text = '{"city": "Paris", "days": 3';
    expect(readArguments(text, weather, parserFamilies, "length")).toStrictEqual([]);
    expect(readArguments(text, weather, parserFamilies)).toStrictEqual([]);
    expect(readArguments(text, weather, parserFamilies, "tool_calls").map((reading) => reading.value)).toStrictEqual([{ city: "Paris", days: 3 }]);
  });
});

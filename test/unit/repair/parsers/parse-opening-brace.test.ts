import { describe, it } from "vitest";
import { parseOpeningBrace } from "../../../../src/repair/parsers/parse-opening-brace.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const weather = objectSchema(["city", "unit", "days", "note"], { types: { days: { type: "integer" } }, required: ["city"] });

describe("parse-opening-brace", () => {
  it.each([
    [weather, '"city": "Paris", "unit": "c"}', { city: "Paris", unit: "c" }],
    [weather, '  "city": "Paris",\n  "days": 3\n}', { city: "Paris", days: 3 }],
    [weather, "'city': 'Oslo'}", { city: "Oslo" }],
    [weather, 'city: "Lima", days: 2}', { city: "Lima", days: 2 }],
    // with parse-missing-brace: both braces left out
    [weather, '"city": "Paris", "unit": "c"', { city: "Paris", unit: "c" }],
    [weather, '"city": "New York, NY"}', { city: "New York, NY" }],
  ])("%s → %j", (schema, input, expected) => assertReads(parseOpeningBrace, schema, input, expected));

  it.each([
    // a key the schema does not declare, or none declared: prose as likely as arguments
    [weather, '"town": "Paris"}'],
    [objectSchema([]), '"a": "b"}'],
    // no key first
    [weather, 'Paris"}'],
    [weather, 'The city: "Paris"}'],
    // two objects, the first missing its brace: which is the call?
    [weather, '"city": "Paris"}, {"city": "Rome"}'],
    // a required property missing stays missing
    [weather, '"unit": "c"}'],
  ])("%s → nothing", (schema, input) => assertReads(parseOpeningBrace, schema, input, undefined));
});

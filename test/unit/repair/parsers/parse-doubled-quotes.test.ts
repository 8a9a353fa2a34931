import { describe, it } from "vitest";
import { parseDoubledQuotes } from "../../../../src/repair/parsers/parse-doubled-quotes.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const weather = objectSchema(["city", "unit"]);

describe("parse-doubled-quotes", () => {
  it.each([
    [weather, '{"city": ""Paris""}', { city: "Paris" }],
    [weather, '{""city"": ""Paris"", ""unit"": ""celsius""}', { city: "Paris", unit: "celsius" }],
    [weather, '{"city": ""New York, NY"", "unit": "f"}', { city: "New York, NY", unit: "f" }],
    [weather, "{'city': ''Lyon''}", { city: "Lyon" }],
  ])("%s → %j", (schema, input, expected) => assertReads(parseDoubledQuotes, schema, input, expected));
});

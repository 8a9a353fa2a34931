import { describe, it } from "vitest";
import { parseDoubledQuotes } from "../../../../src/repair/parsers/parse-doubled-quotes.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const weather = objectSchema(["city", "unit"]);
const closedWeather = objectSchema(["city", "unit"], { closed: true });
const units = objectSchema(["city", "unit"], { types: { unit: { type: "string", enum: ["celsius", "fahrenheit"] } } });

describe("parse-doubled-quotes", () => {
  it.each([
    [closedWeather, '{""city"": "Paris", ""unit"": "celsius"}', { city: "Paris", unit: "celsius" }],
    [units, '{"city": "Lyon", "unit": ""celsius""}', { city: "Lyon", unit: "celsius" }],
    [units, "{'city': 'Lyon', 'unit': ''celsius''}", { city: "Lyon", unit: "celsius" }],
    // A free text value: `Paris`, or `"Paris"` with its quotes unescaped? The text does not say.
    [weather, '{"city": ""Paris""}', undefined],
    [weather, '{"city": ""New York, NY"", "unit": "f"}', undefined],
    [weather, '{"city": "" "", "unit": "f"}', undefined],
    [weather, "{'city': ''Lyon''}", undefined],
    // Doubled on one side only: a typo, a quoted phrase that lost its closing quote (`"exact phrase"`), or a
    // text opening with a quote? The text does not say.
    [weather, '{"city": ""Paris"}', undefined],
    [weather, '{"city": "Paris""}', undefined],
    // `""""`: an empty string in doubled quotes, or two quote characters.
    [weather, '{"city": """", "unit": "f"}', undefined],
    [weather, '{"city": """"}', undefined],
  ])("%j: %s → %j", (schema, input, expected) => assertReads(parseDoubledQuotes, schema, input, expected));
});

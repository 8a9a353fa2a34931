import { describe, it } from "vitest";
import { parseDoubledQuotes } from "../../../../src/repair/parsers/parse-doubled-quotes.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const weather = objectSchema(["city", "unit"]);
const closedWeather = objectSchema(["city", "unit"], { closed: true });
const story = {
  type: "object",
  properties: { story: { type: "object", properties: { "5": { type: "string" } }, additionalProperties: false } },
  additionalProperties: false,
};
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
    // A key with one of its quotes written twice: the declared key inside (no name ends on a stray quote).
    [story, '{"story": {""5": "10-10"}}', { story: { "5": "10-10" } }],
    [closedWeather, '{""city": "Paris", "unit": "c"}', { city: "Paris", unit: "c" }],
    [closedWeather, '{"city": "Paris", ""unit": "c"}', { city: "Paris", unit: "c" }],
    [closedWeather, '{"city"": "Paris",\n"unit"": "c"}', { city: "Paris", unit: "c" }],
    [weather, "{''city': 'Paris'}", { city: "Paris" }],
    // Only a key the object declares: an undeclared one may be a name holding a quote.
    [closedWeather, '{""town": "Paris"}', undefined],
    [weather, '{""town": "Paris"}', undefined],
    // Quotes inside the name, or a backslash: not a stray quote at one end.
    [closedWeather, '{""ci"ty": "Paris"}', undefined],
    // Not glued to the name: an empty string and a stray word as much as a key with a quote doubled.
    [objectSchema([" key"], { closed: true }), '{"" key":"val"}', undefined],
    [objectSchema(["key "], { closed: true }), '{"key "": "val"}', undefined],
  ])("%j: %s → %j", (schema, input, expected) => assertReads(parseDoubledQuotes, schema, input, expected));
});

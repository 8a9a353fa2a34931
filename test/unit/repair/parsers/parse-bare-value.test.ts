import { describe, it } from "vitest";
import { parseBareValue } from "../../../../src/repair/parsers/parse-bare-value.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const weather = objectSchema(["city", "unit"], { required: ["city"] });
const file = objectSchema(["path"], { required: ["path"] });
const counter = objectSchema(["count", "label"], { types: { count: { type: "integer" } }, required: ["count"] });
const toggle = objectSchema(["enabled"], { types: { enabled: { type: "boolean" } }, required: ["enabled"] });

describe("parse-bare-value", () => {
  it.each([
    [weather, '"Paris"', { city: "Paris" }],
    [weather, "Paris", { city: "Paris" }],
    [weather, '  "San Francisco, CA" \n', { city: "San Francisco, CA" }],
    [weather, "Zürich\n", { city: "Zürich" }],
    [weather, "'Zürich'", { city: "Zürich" }],
    [file, String.raw`C:\Users\a b\x.txt`, { path: String.raw`C:\Users\a b\x.txt` }],
    [file, '"say \\"hi\\""', { path: 'say "hi"' }],
    [counter, "42", { count: 42 }],
    [toggle, "true", { enabled: true }],
    [toggle, "False", { enabled: false }],
  ])("%s → %j", (schema, input, expected) => assertReads(parseBareValue, schema, input, expected));

  it.each([
    // prose is not a value
    [weather, "Happy to help! What exactly would you like me to do?"],
    [weather, "I will check the weather in Paris.\nOne moment."],
    [weather, "city: Paris"],
    // several words unquoted: a sentence as likely as a value
    [weather, "San Francisco"],
    [weather, "I don't know"],
    // JSON or markup gone wrong is not a value
    [weather, '````{ "key": "value" }```'],
    [weather, "<city>Paris</city>"],
    // quotes around the arguments themselves, or around a fence: the quotes wrap an object, not a value
    [weather, '`{"city": "Paris"}`'],
    [weather, "'{city: Paris}'"],
    [weather, "'''json\n{\"city\": \"Paris\"}\n'''"],
    [weather, "[Paris]"],
    // a literal is never text
    [weather, "None"],
    [weather, "undefined"],
    // no single required property, or not of the value's type
    [objectSchema(["city"]), "Paris"],
    [objectSchema(["a", "b"], { required: ["a", "b"] }), "Paris"],
    [counter, "Paris"],
    [counter, "4.5"],
    [toggle, "yes"],
    // a cut string
    [weather, '"Par'],
  ])("%s → nothing", (schema, input) => assertReads(parseBareValue, schema, input, undefined));
});

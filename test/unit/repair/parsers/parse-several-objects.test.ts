import { describe, expect, it } from "vitest";
import { parseSeveralObjects } from "../../../../src/repair/parsers/parse-several-objects.ts";
import { parserFamilies } from "../../../../src/repair/parsers/index.ts";
import { readArguments } from "../../../../src/repair/parsers/read-arguments.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const weather = objectSchema(["city", "unit"], { required: ["city"], closed: true });

describe("parse-several-objects", () => {
  it("reads each object of a row, in order", () => {
    const readings = readArguments('{"city": "Paris"}\n{"city": "Rome", unit: "c"},{"city": \'Oslo\'}', weather, parserFamilies);
    expect(readings.map((reading) => reading.value)).toStrictEqual([{ city: "Paris" }, { city: "Rome", unit: "c" }, { city: "Oslo" }]);
    expect(readings.every((reading) => reading.lossy && reading.parsers[0] === "parse-several-objects")).toBe(true);
  });

  it.each([
    // one object validates, the other does not: read (the guided stage then refuses it for one call: see several-objects-stage.test.ts)
    [weather, '{"city": "Paris"} {"town": "Rome"}', { city: "Paris" }],
    [weather, '{"units": "c"}{"city": "Lyon"}', { city: "Lyon" }],
    // unquoted keys, quoted or numeric values: each brace closes an object
    [weather, '{city: "Paris", unit: \'c\'} {"town": 3}', { city: "Paris", unit: "c" }],
  ])("%s → %j", (schema, input, expected) => assertReads(parseSeveralObjects, schema, input, expected));

  it.each([
    // two that validate and differ: two calls, not one (and never a guess between them)
    [weather, '{"city": "Paris"}{"city": "Rome"}'],
    // a single object is not several
    [weather, '{"city": "Paris"}'],
    // anything else between them
    [weather, '{"city": "Paris"} and {"city": "Rome"}'],
    // a brace right after unquoted text may be the text's own (`Paris}{`): where the first object ends is open
    [weather, '{"city": #}{}'],
    [weather, '{city: Paris} {"town": "Rome"}'],
    [weather, '{"town": {"name": Rome}} {"city": "Paris"}'],
    [weather, '{"city": "Paris", unit: c}{}'],
  ])("%s → nothing", (schema, input) => assertReads(parseSeveralObjects, schema, input, undefined));
});

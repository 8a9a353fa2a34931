import { describe, expect, it } from "vitest";
import { dropEmptyOptionals } from "../../../../src/repair/fixers/drop-empty-optionals.ts";
import { createRepairEngine } from "../../../../src/repair/engine.ts";
import type { FixerCase } from "./value-fixer-helper.ts";
import { checkFixerCase } from "./value-fixer-helper.ts";

const schema = {
  type: "object",
  properties: {
    city: { type: "string" },
    unit: { type: "string", enum: ["c", "f"] },
    days: { type: "integer" },
    where: { type: "object", properties: { lat: { type: "number" }, note: { type: "string" } }, required: ["lat"] },
    stops: { type: "array", items: { type: "object", properties: { name: { type: "string" }, at: { type: "string" } }, required: ["name"] } },
    tags: { type: "array", items: { type: "string" } },
    selector: { type: "string", pattern: "^[a-z]+=[a-z]+$" },
    note: { type: "string" },
  },
  required: ["city"],
};

const rows: FixerCase[] = [
  { title: "optional properties sent as null", schema, before: { city: "Oslo", unit: null, days: null }, after: { city: "Oslo" } },
  { title: "in a nested object", schema, before: { city: "Oslo", where: { lat: 1, note: null } }, after: { city: "Oslo", where: { lat: 1 } } },
  { title: "in the objects of an array", schema, before: { city: "Oslo", stops: [{ name: "a", at: null }] }, after: { city: "Oslo", stops: [{ name: "a" }] } },
  { title: "empty strings the schema rejects (a pattern, a number)", schema, before: { city: "Oslo", selector: "", days: "" }, after: { city: "Oslo" } },
  { title: "null spelled as a string, where the schema rejects it", schema, before: { city: "Oslo", days: "None", unit: "null", note: "null" }, after: { city: "Oslo", note: "null" } },
  { title: "an empty string the schema accepts stays", schema, before: { city: "Oslo", note: "", days: "" }, after: { city: "Oslo", note: "" } },
  { title: "a required empty string stays", schema: { ...schema, required: ["city", "selector"] }, before: { city: "Oslo", selector: "" }, after: undefined },
  { title: "a required property stays: it is missing, not absent", schema, before: { city: null }, after: undefined },
  { title: "a required nested property stays", schema, before: { city: "Oslo", where: { lat: null } }, after: undefined },
  { title: "a null item of an array stays: leaving it out shifts the others", schema, before: { city: "Oslo", tags: ["a", null] }, after: undefined },
  { title: "every argument empty: the value is all the call says, left out or lost is a guess", schema, before: { days: null }, after: undefined },
  { title: "every argument empty, several of them", schema, before: { days: "", unit: null, selector: "None" }, after: undefined },
  { title: "an empty argument beside one with a value is left out", schema: { ...schema, required: [] }, before: { days: "", note: "x" }, after: { note: "x" } },
  { title: "an empty argument beside a nested value is left out", schema: { ...schema, required: [] }, before: { days: null, where: { lat: 1 } }, after: { where: { lat: 1 } } },
  { title: "inside anyOf: which branch is meant is a guess", schema: { type: "object", anyOf: [{ properties: { a: { type: "string" } } }, { properties: { a: { type: "integer" } } }] }, before: { a: null }, after: undefined },
];

describe("drop-empty-optionals", () => {
  it.each(rows)("$title", (row) => checkFixerCase(dropEmptyOptionals, row));

  it("repairs without loss, and leaves a nullable property alone", () => {
    const engine = createRepairEngine();
    const tools = engine.prepareTools([{ name: "weather", parameters: schema }]);
    const outcome = engine.repair({ name: "weather", arguments: '{"city": "Oslo", "unit": null}' }, tools, { allowLossy: false });
    expect(outcome).toMatchObject({ kind: "repaired", arguments: '{"city":"Oslo"}', fixers: ["drop-empty-optionals"], lossy: false });
    const nullable = engine.prepareTools([{ name: "weather", parameters: { ...schema, properties: { ...schema.properties, unit: { type: ["string", "null"] } } } }]);
    expect(engine.repair({ name: "weather", arguments: '{"city": "Oslo", "unit": null}' }, nullable).kind).toBe("valid");
  });
});

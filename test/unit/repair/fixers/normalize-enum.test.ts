import { describe, it } from "vitest";
import { normalizeEnum } from "../../../../src/repair/fixers/normalize-enum.ts";
import type { FixerCase } from "./value-fixer-helper.ts";
import { checkFixerCase } from "./value-fixer-helper.ts";

const units = { type: "string", enum: ["celsius", "fahrenheit"] };
const schema = {
  type: "object",
  properties: {
    unit: units,
    zone: { type: "string", enum: ["Europe/London", "UTC"] },
    status: { enum: ["in_progress", "done"] },
    mode: { const: "FAST" },
    strictOptional: { anyOf: [{ type: "string", enum: ["low", "high"] }, { type: "null" }] },
    clash: { enum: ["on", "ON", "off"] },
    list: { type: "array", items: units },
  },
};

// Pydantic's Optional[Enum]: the enum under $defs, the property `anyOf: [{"$ref": …}, {"type": "null"}]`.
const pydantic = {
  type: "object",
  properties: { kind: { anyOf: [{ $ref: "#/$defs/Kind" }, { type: "null" }], default: null }, far: { anyOf: [{ $ref: "#/$defs/Missing" }, { type: "null" }] } },
  $defs: { Kind: { enum: ["week", "last_week"], title: "Kind", type: "string" }, Missing: { $ref: "#/$defs/Kind", maxLength: 4 } },
};

const rows: FixerCase[] = [
  { title: "an optional enum under $defs", schema: pydantic, before: { kind: "Last Week" }, after: { kind: "last_week" } },
  { title: "a $ref to a schema with a constraint beside its own $ref stays unread", schema: pydantic, before: { far: "WEEK" }, after: undefined },
  { title: "wrong case", schema, before: { unit: "Fahrenheit" }, after: { unit: "fahrenheit" } },
  { title: "upper case with a slash", schema, before: { zone: "EUROPE/LONDON" }, after: { zone: "Europe/London" } },
  { title: "surrounding whitespace", schema, before: { unit: " celsius " }, after: { unit: "celsius" } },
  { title: "separators", schema, before: { status: "In Progress" }, after: { status: "in_progress" } },
  { title: "const", schema, before: { mode: "fast" }, after: { mode: "FAST" } },
  { title: "OpenAI strict optional enum (anyOf with null)", schema, before: { strictOptional: "HIGH" }, after: { strictOptional: "high" } },
  { title: "inside an array", schema, before: { list: ["celsius", "Celsius"] }, after: { list: ["celsius", "celsius"] } },
  { title: "exact case wins over a case-blind clash", schema, before: { clash: " off" }, after: { clash: "off" } },

  { title: "two members spell it", schema, before: { clash: "On" }, after: undefined },
  { title: "no member spells it", schema, before: { unit: "kelvin" }, after: undefined },
  { title: "a prefix is not a match", schema, before: { unit: "c" }, after: undefined },
  { title: "not a string", schema, before: { unit: 1 }, after: undefined },
  { title: "empty string", schema, before: { unit: "" }, after: undefined },
  { title: "valid", schema, before: { unit: "celsius" }, after: undefined },
];

describe("normalize-enum", () => {
  it.each(rows)("$title", (row) => checkFixerCase(normalizeEnum, row));
});

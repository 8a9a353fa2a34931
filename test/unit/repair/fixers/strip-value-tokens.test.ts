import { describe, it } from "vitest";
import { stripValueTokens } from "../../../../src/repair/fixers/strip-value-tokens.ts";
import type { FixerCase } from "./value-fixer-helper.ts";
import { checkFixerCase } from "./value-fixer-helper.ts";

const schema = {
  type: "object",
  properties: {
    unit: { type: "string", enum: ["celsius", "fahrenheit"] },
    date: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$" },
    city: { type: "string" },
    tags: { type: "array", items: { type: "string", maxLength: 5 } },
  },
};
const closed = { type: "object", properties: { city: { type: "string" }, unit: { type: "string" } }, required: ["city"], additionalProperties: false };

const rows: FixerCase[] = [
  { title: "a token after an enum value", schema, before: { unit: "celsius<|im_end|>" }, after: { unit: "celsius" } },
  { title: "tokens at both ends, with their spaces", schema, before: { unit: "<|im_start|> celsius <|eot_id|>" }, after: { unit: "celsius" } },
  { title: "a closing tag after a pattern value", schema, before: { date: "2026-11-23</s>" }, after: { date: "2026-11-23" } },
  { title: "inside an array", schema, before: { tags: ["a", "bb<|end|>"] }, after: { tags: ["a", "bb"] } },
  { title: "a token glued to a key", schema: closed, before: { "<|python_tag|>city": "Paris" }, after: { city: "Paris" } },
  { title: "a key and a value at once", schema: { ...closed, properties: { ...closed.properties, unit: { enum: ["c", "f"] } } }, before: { "city<|eot_id|>": "Paris", unit: "c<|im_end|>" }, after: { city: "Paris", unit: "c" } },

  { title: "a key whose stripped name is already there", schema: closed, before: { city: "Paris", "<|python_tag|>city": "Rome" }, after: undefined },
  { title: "a string the schema accepts keeps its token", schema, before: { city: "Paris<|im_end|>" }, after: undefined },
  { title: "a token in the middle is not at an end", schema, before: { unit: "cel<|im_end|>sius" }, after: undefined },
  { title: "no token: another fixer's error", schema, before: { unit: "kelvin" }, after: undefined },
];

describe("strip-value-tokens", () => {
  it.each(rows)("$title", (row) => checkFixerCase(stripValueTokens, row));
});

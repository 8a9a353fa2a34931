import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { readBothWays } from "./read-both-ways.ts";

/** One tool whose `value` property has `schema`. */
const inspect = (schema: Record<string, unknown>): ToolDefinition[] => [{ name: "inspect", parameters: { type: "object", properties: { value: schema } } }];
const glm = (raw: string): string => `<tool_call>inspect<arg_key>value</arg_key><arg_value>${raw}</arg_value></tool_call>`;
const qwen = (raw: string): string => `<tool_call>\n<function=inspect>\n<parameter=value>\n${raw}\n</parameter>\n</function>\n</tool_call>`;

// Tag formats write every value as text and leave typing to the schema. A value that reads one way
// only (its text, or the JSON it spells) is that value; one that reads both ways is not a call.
describe("a tag format's value typed from its property's schema", () => {
  it.each<[string, string, Record<string, unknown>, unknown]>([
    ["a word where an integer or a string goes", glm("auto"), { type: ["integer", "string"] }, "auto"],
    ["`null` for an enum that holds null and other strings", glm("null"), { enum: ["ok", null] }, null],
    ["`null` for a nullable string whose enum holds no word null", glm("null"), { type: ["string", "null"], enum: ["ok", null] }, null],
    ["a word of a string enum that also holds null", glm("ok"), { enum: ["ok", null] }, "ok"],
    ["a number an enum of a word and a number takes", qwen("7"), { type: ["string", "integer"], enum: ["a", 7] }, 7],
    ["a number for a const", glm("7"), { const: 7 }, 7],
    ["the word null for a const that is that word", glm("null"), { const: "null" }, "null"],
    ["an integer a double holds exactly", qwen("9007199254740992"), { type: "number" }, 9007199254740992],
    ["a long fraction (its digits are a double's)", qwen("0.30000000000000004"), { type: "number" }, 0.30000000000000004],
    ["a long run of digits where a string goes", qwen("9007199254740993"), { type: "string" }, "9007199254740993"],
    ["`none` where an integer or null goes", glm("none"), { type: ["integer", "null"] }, null],
    ["`nil` where a number or null goes", qwen("nil"), { anyOf: [{ type: "number" }, { type: "null" }] }, null],
    ["`none` where a string or null goes (the word)", glm("none"), { type: ["string", "null"] }, "none"],
    ["`none` where null does not go (the word, for the schema to refuse)", glm("none"), { type: "integer" }, "none"],
  ])("reads %s", (_title, content, schema, value) => {
    expect(readBothWays(content, inspect(schema)).calls).toEqual([["inspect", { value }]]);
  });

  it.each<[string, string, Record<string, unknown>]>([
    ["a number where a number or a string goes", glm("7"), { type: ["string", "integer"] }],
    ["a boolean where a boolean or a string goes", glm("false"), { type: ["string", "boolean"] }],
    ["a number where a number or a string branch goes", qwen("2.5"), { anyOf: [{ type: "string" }, { type: "number" }] }],
    ["`null` where a string or null goes", glm("null"), { type: ["string", "null"] }],
  ])("leaves it as text with %s", (_title, content, schema) => {
    expect(readBothWays(content, inspect(schema)).calls).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { extractToolCallsFromContent } from "../../../../src/repair/extract-content-calls.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { readBothWays } from "./read-both-ways.ts";

const tool = (value: unknown): ToolDefinition[] => [{ name: "lookup", parameters: { type: "object", properties: { value } } }];
const nullable = (type: string): unknown => ({ anyOf: [{ type }, { type: "null" }] });
const qwen = (value: string): string => `<tool_call>\n<function=lookup>\n<parameter=value>\n${value}\n</parameter>\n</function>\n</tool_call>`;
const glm = (value: string): string => `<tool_call>lookup\n<arg_key>value</arg_key>\n<arg_value>${value}</arg_value>\n</tool_call>`;
const dsml = (value: string): string => `<｜DSML｜invoke name="lookup">\n<｜DSML｜parameter name="value">${value}</｜DSML｜parameter>\n</｜DSML｜invoke>`;

describe("a value typed by its property's anyOf or oneOf branches", () => {
  it.each<[string, string, unknown, unknown]>([
    ["a Qwen3-Coder number, or null", qwen("12.5"), nullable("number"), 12.5],
    ["a Qwen3-Coder null for a nullable number", qwen("null"), nullable("number"), null],
    ["a GLM integer, oneOf integer or null", glm("7"), { oneOf: [{ type: "integer" }, { type: "null" }] }, 7],
    ["a GLM list for a nullable array", glm('["a", "b"]'), nullable("array"), ["a", "b"]],
    ["a DSML boolean for a nullable boolean", dsml("true"), nullable("boolean"), true],
  ])("%s", (_title, content, schema, value) => {
    expect(readBothWays(content, tool(schema)).calls).toEqual([["lookup", { value }]]);
  });

  it.each([
    ["Qwen3-Coder", qwen("9007199254740993")],
    ["GLM", glm("-9007199254740993")],
  ])("a %s integer a double cannot hold keeps every digit", (_title, content) => {
    const digits = /-?\d{16}/.exec(content)![0];
    const found = extractToolCallsFromContent(content, tool(nullable("integer")));
    expect(found?.calls[0]?.arguments).toBe(`{"value":${digits}}`);
  });

  it("a number where a string goes too is two readings, and not read", () => {
    expect(readBothWays(qwen("12"), tool({ anyOf: [{ type: "number" }, { type: "string" }] })).calls).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

const open: ToolDefinition[] = [{ name: "get_weather", parameters: { type: "object", properties: { location: { type: "string" } } } }];
const qwen = (value: string) => `<tool_call><function=get_weather><parameter=location>Berlin</parameter><parameter=extra>${value}</parameter></function></tool_call>`;
const glm = (value: string) => `<tool_call>get_weather<arg_key>location</arg_key><arg_value>Berlin</arg_value><arg_key>extra</arg_key><arg_value>${value}</arg_value></tool_call>`;

describe("an undeclared key's value between tags, where the schema lets other keys through", () => {
  it.each([
    ["Qwen3-Coder, a number", qwen("123")],
    ["Qwen3-Coder, a boolean", qwen("true")],
    ["GLM, null", glm("null")],
    ["GLM, a decimal", glm("-1.5")],
    ["Qwen3-Coder, a JSON object", qwen('{"x": 1}')],
    ["GLM, a JSON list", glm('["a", "b"]')],
  ])("%s: the value or its text, the call stays text", (_title, content) => {
    expect(readBothWays(content, open).calls).toEqual([]);
  });

  it.each([
    ["Qwen3-Coder, words", qwen("north side"), "north side"],
    ["GLM, a number with a unit", glm("12 km"), "12 km"],
    ["Qwen3-Coder, braces that are no JSON", qwen("{north, side}"), "{north, side}"],
  ])("%s: text either way, read", (_title, content, value) => {
    expect(readBothWays(content, open).calls).toEqual([["get_weather", { location: "Berlin", extra: value }]]);
  });
});
